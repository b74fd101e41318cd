import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanTags, EMPTY_PRACTICE_FORM, formProblems, toMetadata } from './practice-form-model.ts';

const valid = {
  title: '某高校学生创业意愿调查报告',
  majorName: '工商管理',
  difficulty: 'intermediate' as const,
  tags: ['调查报告', '#数据分析'],
  description: '',
};

describe('the practice thesis form', () => {
  it('takes a title, a major, a difficulty and tags', () => {
    assert.deepEqual(formProblems(valid), {});
    assert.deepEqual(toMetadata(valid), { ...valid, tags: ['调查报告', '数据分析'] });
  });

  it('says in Chinese what is missing', () => {
    const problems = formProblems(EMPTY_PRACTICE_FORM);
    assert.equal(problems.title, '请填写标题');
    assert.equal(problems.majorName, '请填写专业');
    assert.equal(problems.difficulty, '请选择难度（入门、进阶或困难）');
    assert.equal(problems.tags, undefined);
  });

  it('refuses a title that is too long and too many tags, with the contract’s limits', () => {
    const problems = formProblems({
      ...valid,
      title: '题'.repeat(101),
      tags: Array.from({ length: 9 }, (_, i) => `标签${i}`),
    });
    assert.equal(problems.title, '不能超过 100 个字符');
    assert.equal(problems.tags, '最多 8 个标签');
    assert.match(formProblems({ ...valid, tags: ['一二三四五六七八九十一二三'] }).tags ?? '', /不能超过 12 个字符/);
  });

  it('cleans tags: trims, drops a leading #, leaves out empty and repeated ones', () => {
    assert.deepEqual(cleanTags([' 调查 ', '#调查', '##', '', '结构']), ['调查', '结构']);
  });
});
