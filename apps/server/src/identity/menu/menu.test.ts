import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, type MenuItem } from '@zikao/contract';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const names = (items: MenuItem[]): string[] => items.flatMap((item) => [item.name, ...names(item.children ?? [])]);

describe('menu list', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp();
  });
  after(() => app.close());

  it('gives each role its own menu', async () => {
    const menu = async (account: string, side: 'teacher' | 'student' = 'teacher') => {
      const token = await app.login(account, 'Zikao@2026', side);
      const response = await app.post<MenuItem[]>('/api/auth/v1/menu/list', {}, { token });
      assert.equal(response.body.errorCode, 0);
      return names(response.body.data);
    };
    const student = await menu('13800000001', 'student');
    assert.ok(student.includes('StudentThesis') && !student.includes('AnnotateTopicList'));
    const teacher = await menu('13800000002');
    assert.ok(teacher.includes('ClassroomList') && teacher.includes('AnnotatePracticeList'));
    assert.ok(!teacher.includes('AnnotateThesisList') && !teacher.includes('DataIndex'));
    assert.ok(!teacher.includes('ThesisReviewsManual') && !student.includes('ThesisReviewsManual'));
    for (const account of ['13800000003', '13800000004']) {
      const reviewer = await menu(account);
      for (const name of [
        'AnnotateTopicList',
        'AnnotateThesisFinallyList',
        'HistoryPlan',
        'DataIndex',
        'ThesisReviewsManual',
        'ClassroomList',
      ]) {
        assert.ok(reviewer.includes(name), `${account} lacks ${name}`);
      }
    }
  });

  it('needs a session', async () => {
    assert.equal((await app.post('/api/auth/v1/menu/list', {})).body.errorCode, ErrorCode.notLoggedIn);
  });
});
