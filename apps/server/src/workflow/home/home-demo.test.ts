import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AdminHome, ReviewerHome } from '@zikao/contract/home';
import { DEMO_REOPEN_REASON } from '../../seed/home-demo.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** What `npm start` shows on the homes right away: the demo's queue has waited, one review is late, one came back. */
describe('the homes on the demo data', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp({ SEED_REVIEW_DEMO: '1' });
  });
  after(() => app.close());

  const home = async <T>(which: 'reviewer' | 'admin', account: string): Promise<T> => {
    const response = await app.post<T>(`/api/v1/home/${which}`, {}, { token: await app.login(account) });
    assert.equal(response.body.errorCode, 0, response.body.errorMsg);
    return response.body.data;
  };

  it("gives the demo reviewer a queue in every stage, an overdue draft first and the admin's reopened final", async () => {
    const data = await home<ReviewerHome>('reviewer', '13800000003');
    for (const stage of data.stages) assert.ok(stage.assigned + stage.reviewing > 0, `${stage.stage} waits`);
    assert.equal(data.overdue, 1);
    assert.equal(data.queue[0]?.title, '网络直播带货话语的语用策略研究');
    assert.equal(data.queue[0]?.overdue, true);
    assert.deepEqual(
      data.reopened.map((item) => [item.title, item.reopened?.reason]),
      [['贾平凹小说中的商州乡土世界', DEMO_REOPEN_REASON]],
    );
    assert.ok(
      data.queue.some((item) => item.blind && item.studentName === ''),
      'the blind batch is masked',
    );
  });

  it('gives the demo admin unassigned work, the overdue draft and the final waiting for 复核', async () => {
    const data = await home<AdminHome>('admin', '13800000004');
    assert.ok(data.totals.unassigned > 0);
    assert.equal(data.totals.awaitingCheck, 1);
    assert.deepEqual(
      data.overdue.map((item) => [item.title, item.reviewerName]),
      [['网络直播带货话语的语用策略研究', '陈评阅']],
    );
    assert.ok(data.batches.length >= 3, 'the demo batches are open');
    assert.ok(data.batches.every((batch) => batch.total > 0));
  });
});
