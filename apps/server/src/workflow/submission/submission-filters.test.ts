import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, Role } from '@zikao/contract';
import { type SubmissionFilterOptions, SubmissionFilterPath } from '@zikao/contract/submission-filters';
import { buildBatch, buildSubmission, buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('submission filter options: batches and majors of what the caller may list', () => {
  let app: TestApp;
  let reviewer: string;
  let other: string;
  let admin: string;
  let shared: number;
  let mineOnly: number;
  let theirsOnly: number;

  before(async () => {
    app = await createTestApp();
    reviewer = await app.login('13800000003');
    admin = await app.login('13800000004');
    const reviewerId = (
      await app.database.db
        .selectFrom('users')
        .select('id')
        .where('account', '=', '13800000003')
        .executeTakeFirstOrThrow()
    ).id;
    const otherUser = await buildUser(app, { role: Role.reviewer, name: '李评阅' });
    other = await app.login(otherUser.account);
    shared = await buildBatch(app, {}, '2031年上半年');
    mineOnly = await buildBatch(app, {}, '2031年下半年');
    theirsOnly = await buildBatch(app, {}, '2032年上半年（他人）');
    await buildSubmission(app, {
      batchId: shared,
      stage: 'draft',
      status: 'assigned',
      reviewerId,
      majorName: '汉语言文学',
    });
    await buildSubmission(app, { batchId: mineOnly, stage: 'draft', status: 'passed', reviewerId, majorName: '法学' });
    await buildSubmission(app, {
      batchId: mineOnly,
      stage: 'topic',
      status: 'assigned',
      reviewerId,
      majorName: '新闻学',
    });
    await buildSubmission(app, {
      batchId: theirsOnly,
      stage: 'draft',
      status: 'assigned',
      reviewerId: otherUser.id,
      majorName: '会计学',
    });
    await buildSubmission(app, {
      batchId: shared,
      stage: 'draft',
      status: 'assigned',
      reviewerId: otherUser.id,
      majorName: '行政管理',
    });
    await buildSubmission(app, { batchId: theirsOnly, stage: 'draft', majorName: '工商管理' });
  });
  after(() => app.close());

  const options = (body: Record<string, unknown>, token: string) =>
    app.post<SubmissionFilterOptions>(`/api${SubmissionFilterPath.filters}`, body, { token });

  it('gives a reviewer only the batches and majors of their own submissions of the stage', async () => {
    const result = await options({ stage: 'draft' }, reviewer);
    assert.equal(result.body.errorCode, 0);
    assert.deepEqual(result.body.data.batches.map((b) => b.id).sort(), [shared, mineOnly].sort());
    assert.deepEqual(
      result.body.data.batches.find((b) => b.id === mineOnly),
      { id: mineOnly, name: '2031年下半年' },
    );
    assert.deepEqual([...result.body.data.majors].sort(), ['汉语言文学', '法学'].sort());
  });

  it('leaks nothing of another reviewer’s submissions, and they see only theirs', async () => {
    const mine = await options({ stage: 'draft' }, reviewer);
    assert.ok(!mine.body.data.batches.some((b) => b.id === theirsOnly));
    assert.ok(!mine.body.data.majors.includes('会计学'));
    assert.ok(!mine.body.data.majors.includes('行政管理'));
    const theirs = await options({ stage: 'draft' }, other);
    assert.deepEqual(theirs.body.data.batches.map((b) => b.id).sort(), [shared, theirsOnly].sort());
    assert.deepEqual([...theirs.body.data.majors].sort(), ['会计学', '行政管理'].sort());
  });

  it('follows the stage and the history scope', async () => {
    const topic = await options({ stage: 'topic' }, reviewer);
    assert.deepEqual(topic.body.data, { batches: [{ id: mineOnly, name: '2031年下半年' }], majors: ['新闻学'] });
    const history = await options({ stage: 'draft', scope: 'history' }, reviewer);
    assert.deepEqual(history.body.data, { batches: [{ id: mineOnly, name: '2031年下半年' }], majors: ['法学'] });
  });

  it('gives an admin every batch and major of the stage, unassigned ones too', async () => {
    const result = await options({ stage: 'draft' }, admin);
    const ids = result.body.data.batches.map((b) => b.id);
    for (const id of [shared, mineOnly, theirsOnly]) assert.ok(ids.includes(id));
    for (const major of ['汉语言文学', '法学', '会计学', '行政管理', '工商管理']) {
      assert.ok(result.body.data.majors.includes(major), major);
    }
  });

  it('refuses students and anonymous callers, and checks the stage', async () => {
    const student = await app.login('13800000001', undefined, 'student');
    assert.equal((await options({ stage: 'draft' }, student)).body.errorCode, ErrorCode.forbidden);
    const anonymous = await app.post(`/api${SubmissionFilterPath.filters}`, { stage: 'draft' });
    assert.equal(anonymous.body.errorCode, ErrorCode.notLoggedIn);
    const invalid = await options({ stage: 'thesis' }, reviewer);
    assert.equal(invalid.body.errorCode, ErrorCode.invalidInput);
    assert.match(invalid.body.errorMsg, /阶段/);
  });
});
