import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SubmissionListResult, SubmissionStatus } from '@zikao/contract';
import { buildBatch, buildSubmission } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 32 §3: titles by pinyin, statuses by the workflow, and what waits first on the 全部 tab.
describe('review lists: the order of rows', () => {
  let app: TestApp;
  let admin: string;
  const titles: Record<string, SubmissionStatus> = {
    张家界旅游开发研究: 'passed',
    阿坝州乡村教育研究: 'assigned',
    北京市交通治理研究: 'returned',
    论文题目10: 'unassigned',
    论文题目9: 'reviewing',
  };

  before(async () => {
    app = await createTestApp();
    admin = await app.login('13800000004');
    const reviewerId = (
      await app.database.db
        .selectFrom('users')
        .select('id')
        .where('account', '=', '13800000003')
        .executeTakeFirstOrThrow()
    ).id;
    const batchId = await buildBatch(app, {}, '排序批次');
    // The finished ones arrived last: a list by time alone would show them on top.
    const arrival: SubmissionStatus[] = ['unassigned', 'assigned', 'reviewing', 'returned', 'passed'];
    for (const [title, status] of Object.entries(titles)) {
      const built = await buildSubmission(app, {
        batchId,
        stage: 'final',
        title,
        status,
        reviewerId: status === 'unassigned' ? undefined : reviewerId,
      });
      await app.database.db
        .updateTable('submissions')
        .set({ submitted_at: 1_700_000_000_000 + arrival.indexOf(status) * 60_000 })
        .where('id', '=', built.id)
        .execute();
    }
  });
  after(() => app.close());

  const list = async (body: Record<string, unknown>) => {
    const answer = await app.post<SubmissionListResult>(
      '/api/v1/submission/list',
      { stage: 'final', scope: 'all', pageSize: 100, ...body },
      { token: admin },
    );
    assert.equal(answer.body.errorCode, 0, answer.body.errorMsg);
    return answer.body.data.list;
  };

  it('sorts titles by pinyin, numbers by value, and pages that order', async () => {
    const rows = await list({ sort: 'title', order: 'asc' });
    const expected = ['阿坝州乡村教育研究', '北京市交通治理研究', '论文题目9', '论文题目10', '张家界旅游开发研究'];
    assert.deepEqual(
      rows.map((row) => row.title),
      expected,
    );
    const descending = await list({ sort: 'title', order: 'desc' });
    assert.deepEqual(
      descending.map((row) => row.title),
      [...expected].reverse(),
    );
    const second = await list({ sort: 'title', order: 'asc', page: 2, pageSize: 2 });
    assert.deepEqual(
      second.map((row) => row.title),
      expected.slice(2, 4),
    );
  });

  it('sorts statuses by the workflow, not by their codes', async () => {
    const rows = await list({ sort: 'status', order: 'asc' });
    assert.deepEqual(
      rows.map((row) => row.status),
      ['unassigned', 'assigned', 'reviewing', 'returned', 'passed'],
    );
  });

  it('puts what still waits above what is finished by default, newest first in each', async () => {
    const rows = await list({});
    assert.deepEqual(
      rows.map((row) => row.status),
      ['reviewing', 'assigned', 'unassigned', 'passed', 'returned'],
    );
  });
});
