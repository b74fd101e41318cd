import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Role } from '@zikao/contract/roles';
import {
  accountActions,
  accountStateLabel,
  createProblems,
  phoneProblem,
  toCreateInput,
} from './account-form-model.ts';

describe('account form model', () => {
  it('accepts mobile numbers 1[3-9] plus 9 digits, with or without +86', () => {
    assert.equal(phoneProblem('13912345678'), null);
    assert.equal(phoneProblem(' 19912345678 '), null);
    assert.equal(phoneProblem('+8615012345678'), null);
    assert.equal(phoneProblem(''), '请输入手机号');
    assert.equal(phoneProblem(undefined), '请输入手机号');
    assert.equal(phoneProblem('12912345678'), '手机号格式不正确');
    assert.equal(phoneProblem('1391234567'), '手机号格式不正确');
    assert.equal(phoneProblem('139123456789'), '手机号格式不正确');
    assert.equal(phoneProblem('1391234567a'), '手机号格式不正确');
  });

  it('asks for a name, a role, a valid phone, and majors for reviewers', () => {
    assert.deepEqual(createProblems({ name: '', phone: '123', role: null, majors: [] }), [
      { name: 'role', message: '请选择角色' },
      { name: 'name', message: '姓名不能为空' },
      { name: 'phone', message: '手机号格式不正确' },
    ]);
    assert.deepEqual(createProblems({ name: '孙评阅', phone: '13912345678', role: Role.reviewer, majors: [] }), [
      { name: 'majors', message: '评阅教师至少选择一个专业' },
    ]);
    assert.deepEqual(
      createProblems({ name: '孙评阅', phone: '13912345678', role: Role.reviewer, majors: ['法学'] }),
      [],
    );
    assert.deepEqual(createProblems({ name: '周老师', phone: '13912345678', role: Role.teacher, majors: [] }), []);
    assert.deepEqual(createProblems({ name: '考生', phone: '13912345678', role: Role.student, majors: [] }), [
      { name: 'role', message: '只能创建教师、评阅教师或管理员' },
    ]);
  });

  it('sends the phone trimmed', () => {
    assert.equal(
      toCreateInput({ name: '周老师', phone: ' 13912345678 ', role: Role.admin, majors: [] }).phone,
      '13912345678',
    );
  });

  it('shows disabled before locked before must-change', () => {
    const base = { status: 'active', lockedUntil: 0, mustChangePassword: false } as const;
    assert.deepEqual(accountStateLabel(base), { label: '正常', tone: 'normal' });
    assert.equal(accountStateLabel({ ...base, mustChangePassword: true }).label, '待改密');
    assert.equal(accountStateLabel({ ...base, mustChangePassword: true, lockedUntil: 1 }).label, '已锁定');
    assert.equal(accountStateLabel({ ...base, status: 'disabled', lockedUntil: 1 }).label, '已停用');
  });

  it('never offers disabling or resetting one’s own account, nor editing a candidate', () => {
    assert.deepEqual(accountActions({ id: 4, role: Role.admin }, 4), { edit: true, toggle: false, reset: false });
    assert.deepEqual(accountActions({ id: 5, role: Role.student }, 4), { edit: false, toggle: true, reset: true });
  });
});
