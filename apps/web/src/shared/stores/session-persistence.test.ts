import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { UserSession } from '@zikao/contract/auth';
import {
  clearedSession,
  clearSessionStorage,
  loadSession,
  STORAGE_KEYS,
  saveSession,
  sessionFromLogin,
} from './session-persistence.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

const login: UserSession = {
  applyExamLevel: '本科',
  examCommitteeName: '省自考办',
  expire: 1_900_000_000_000,
  majorName: '汉语言文学',
  schoolName: '某某大学',
  status: 1,
  token: 'tok-1',
  userRole: 1,
  name: '张三',
  id: 42,
  majorInfoList: [{ majorCode: 'A050101', majorName: '汉语言文学' }],
  headUrl: '/head.png',
  schoolLogo: '/logo.png',
  platform: 'web',
  account: '13800000001',
};

describe('session persistence (seed 3 and 4.5)', () => {
  it('keeps a student session in localStorage under the student key, without platform', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    saveSession(sessionFromLogin('student', login), local, session);
    const stored = JSON.parse(local.getItem(STORAGE_KEYS.student) ?? '{}');
    assert.equal(stored.name, '张三');
    assert.equal(stored.majorName, '汉语言文学');
    assert.equal('platform' in stored, false);
    assert.equal(session.data.size, 0, 'nothing of a student goes to sessionStorage');
    assert.equal(local.getItem(STORAGE_KEYS.token), 'tok-1');
    const loaded = loadSession(local, session);
    assert.equal(loaded.side, 'student');
    assert.equal(loaded.userRole, 1);
  });

  it('keeps teacher-side state in sessionStorage', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    saveSession(sessionFromLogin('teacher', { ...login, userRole: 3, token: 'tok-t' }), local, session);
    assert.equal(local.getItem(STORAGE_KEYS.student), null);
    const stored = JSON.parse(session.getItem(STORAGE_KEYS.teacher) ?? '{}');
    assert.equal(stored.userRole, 3);
    assert.equal(stored.platform, 'web');
    const loaded = loadSession(local, session);
    assert.equal(loaded.side, 'teacher');
    assert.equal(loaded.token, 'tok-t');
  });

  it('a token alone (new tab, handover) loads with no role, so the role is fetched again', () => {
    const local = memoryStorage();
    local.setItem(STORAGE_KEYS.token, 'handed-over');
    const loaded = loadSession(local, memoryStorage());
    assert.equal(loaded.token, 'handed-over');
    assert.equal(loaded.userRole, 0);
  });

  it('logout clears exactly token, account, username, role, id and head image', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    saveSession(sessionFromLogin('student', login), local, session);
    saveSession(sessionFromLogin('teacher', login), local, session);
    clearSessionStorage(local, session);
    assert.equal(local.getItem(STORAGE_KEYS.token), null);
    for (const stored of [
      JSON.parse(local.getItem(STORAGE_KEYS.student) ?? '{}'),
      JSON.parse(session.getItem(STORAGE_KEYS.teacher) ?? '{}'),
    ]) {
      for (const field of ['token', 'account', 'name', 'userRole', 'id', 'headUrl'])
        assert.equal(field in stored, false, field);
      assert.equal(stored.schoolName, '某某大学', 'other fields stay');
    }
    const memory = clearedSession(sessionFromLogin('teacher', login));
    assert.deepEqual(
      [memory.token, memory.account, memory.name, memory.userRole, memory.id, memory.headUrl],
      ['', '', '', 0, 0, ''],
    );
    assert.equal(memory.schoolLogo, '/logo.png');
  });
});
