import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode } from '@zikao/contract';
import type { ReviewLinkCreated } from '@zikao/contract/review-link';
import { buildBatch, buildSubmission } from '../../test/factories.ts';
import { type ApiResponse, createTestApp, type TestApp } from '../../test/test-app.ts';
import { createLink, credentialOf, TEST_LINK_SECRET, viaLink } from './review-link.test-kit.ts';

/**
 * Issue 19 §3 for review links: a link's use count is exact under a burst of uses (which opens one
 * session in the audit trail, issue 32 §3), a revoked link
 * is used no more once the revoke has answered, and many 评阅 links made at once for one submission
 * leave it with exactly one live expert, the one it is assigned to, and no expert account that no
 * link acts as (issue 32 §4.5). Two instances share the database.
 */
describe('review links under concurrency, on two instances', () => {
  let apps: TestApp[] = [];
  let admin: string;
  let batchId: number;
  before(async () => {
    const first = await createTestApp({ LINK_SECRET: TEST_LINK_SECRET });
    apps = [first, await createTestApp({ LINK_SECRET: TEST_LINK_SECRET }, { sameDatabaseAs: first })];
    admin = await first.login('13800000004');
    batchId = await buildBatch(first);
  });
  after(async () => {
    for (const app of apps.toReversed()) await app.close();
  });
  const app = () => apps[0] as TestApp;
  const on = (i: number) => apps[i % apps.length] as TestApp;

  /** External experts' accounts made since `afterId`, as the account list shows them. */
  const expertsSince = (afterId: number) =>
    app()
      .database.db.selectFrom('users')
      .select(['id', 'name'])
      .where('external', '=', 1)
      .where('id', '>', afterId)
      .orderBy('id')
      .execute();
  const lastUserId = async () =>
    Number(
      (
        await app()
          .database.db.selectFrom('users')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id,
    );
  const linksOf = (submissionId: number) =>
    app()
      .database.db.selectFrom('review_links')
      .select(['id', 'reviewer_user_id', 'revoked_at'])
      .where('submission_id', '=', submissionId)
      .execute();

  const linkRow = (id: number) =>
    app().database.db.selectFrom('review_links').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** Sessions the audit trail has opened for a link (issue 32 §3: an opening, not a row per read). */
  const sessionsOpened = async (id: number) =>
    Number(
      (
        await app()
          .database.db.selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('entity', '=', 'review_link')
          .where('entity_id', '=', id)
          .where('action', '=', 'reviewLinkOpen')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('counts each of 40 concurrent uses once, and opens one session for them', async () => {
    const built = await buildSubmission(app(), { batchId, stage: 'draft' });
    const link = await createLink(app(), admin, { submissionId: built.id, purpose: 'review' });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => viaLink(on(i), '/v1/link/context', link.credential)),
    );
    assert.deepEqual(new Set(answers.map((a) => a.body.errorCode)), new Set([0]));
    assert.equal((await linkRow(link.id)).use_count, 40);
    assert.equal(await sessionsOpened(link.id), 1);
  });

  it('uses a link revoked in the middle of a burst no more, and counts only the uses it answered', async () => {
    const built = await buildSubmission(app(), { batchId, stage: 'draft' });
    const link = await createLink(app(), admin, { submissionId: built.id, purpose: 'review' });
    const uses = Array.from({ length: 30 }, (_, i) => viaLink(on(i), '/v1/link/context', link.credential));
    const revoked = await app().post('/api/v1/console/reviewLink/revoke', { id: link.id }, { token: admin });
    assert.equal(revoked.body.errorCode, 0, revoked.body.errorMsg);
    // What the count was once the revoke had committed: no use may be counted after that.
    const countedAtRevoke = (await linkRow(link.id)).use_count;
    const later = await Promise.all(
      Array.from({ length: 10 }, (_, i) => viaLink(on(i), '/v1/link/context', link.credential)),
    );
    for (const answer of later) assert.equal(answer.body.errorMsg, '评阅链接已撤销');
    const answers = await Promise.all(uses);
    const served = answers.filter((a) => a.body.errorCode === 0).length;
    for (const answer of answers.filter((a) => a.body.errorCode !== 0)) {
      assert.equal(answer.body.errorMsg, '评阅链接已撤销');
    }
    const row = await linkRow(link.id);
    assert.equal(row.use_count, served, 'only the uses that were answered are counted');
    assert.equal(await sessionsOpened(link.id), served > 0 ? 1 : 0);
    assert.equal(row.use_count, countedAtRevoke, 'no use counted after the revoke');
  });

  it('makes one expert account for 30 评阅 links made at once for one submission and one expert', async () => {
    const built = await buildSubmission(app(), { batchId, stage: 'draft' });
    const before = await lastUserId();
    const label = '陈教授（武汉大学）';
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        on(i).post<ReviewLinkCreated>(
          '/api/v1/console/reviewLink/create',
          { submissionId: built.id, purpose: 'review', label },
          { token: admin },
        ),
      ),
    );
    for (const answer of answers) assert.equal(answer.body.errorCode, 0, JSON.stringify(answer.body));
    const experts = await expertsSince(before);
    assert.deepEqual(
      experts.map((expert) => expert.name),
      [label],
      'the links made at once for one expert share one account',
    );
    const expert = experts[0] as { id: number };
    const links = await linksOf(built.id);
    assert.equal(links.length, 30);
    assert.deepEqual(new Set(links.map((link) => link.reviewer_user_id)), new Set([expert.id]));
    assert.ok(links.every((link) => link.revoked_at === null));
    const listed = await app().post<{ total: number }>(
      '/api/v1/console/account/list',
      { page: 1, pageSize: 50, keyword: '陈教授' },
      { token: admin },
    );
    assert.equal(listed.body.data.total, 1, 'the account list shows the expert once');
    for (const answer of answers) {
      const used = await viaLink(on(answer.body.data.id), '/v1/link/context', credentialOf(answer.body.data.url));
      assert.equal(used.body.errorCode, 0, used.body.errorMsg);
    }
  });

  it('leaves one live expert, in each of 4 rounds of 24 评阅 links made at once for one submission', async () => {
    const before = await lastUserId();
    const submissions: Array<{ id: number }> = [];
    const made: Array<{ submissionId: number; answer: ApiResponse<ReviewLinkCreated> }> = [];
    // Rounds one after another: each round is one submission's burst, where the race lives.
    for (let round = 0; round < 4; round++) {
      const built = await buildSubmission(app(), { batchId, stage: 'draft' });
      submissions.push(built);
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          on(i).post<ReviewLinkCreated>(
            '/api/v1/console/reviewLink/create',
            { submissionId: built.id, purpose: 'review', label: `专家${round}-${i}（大学${i}）` },
            { token: admin },
          ),
        ),
      );
      made.push(...answers.map((answer) => ({ submissionId: built.id, answer })));
    }
    for (const { answer } of made) {
      assert.ok([0, ErrorCode.conflict].includes(answer.body.errorCode), JSON.stringify(answer.body));
    }
    for (const built of submissions) {
      const answers = made.filter((m) => m.submissionId === built.id).map((m) => m.answer);
      assert.ok(answers.some((a) => a.body.errorCode === 0));
      const submission = await app()
        .database.db.selectFrom('submissions')
        .select(['reviewer_id', 'status'])
        .where('id', '=', built.id)
        .executeTakeFirstOrThrow();
      assert.equal(submission.status, 'assigned');
      const live = await app()
        .database.db.selectFrom('review_links')
        .select(['id', 'reviewer_user_id'])
        .where('submission_id', '=', built.id)
        .where('revoked_at', 'is', null)
        .execute();
      assert.ok(live.length >= 1);
      assert.deepEqual(
        new Set(live.map((row) => row.reviewer_user_id)),
        new Set([submission.reviewer_id]),
        'every live 评阅 link acts as the assigned expert',
      );
      // Every link that was handed out either works (it is live) or says it was revoked.
      for (const answer of answers.filter((a) => a.body.errorCode === 0)) {
        const created = answer.body.data;
        const used = await viaLink(app(), '/v1/link/context', credentialOf(created.url));
        const isLive = live.some((row) => row.id === created.id);
        assert.equal(used.body.errorCode === 0, isLive, `${created.id}: ${used.body.errorMsg}`);
      }
    }
    // A create that was refused left no account behind; each that answered made at most one.
    const experts = await expertsSince(before);
    const linked = new Set<number | null>();
    for (const built of submissions) for (const link of await linksOf(built.id)) linked.add(link.reviewer_user_id);
    for (const expert of experts) assert.ok(linked.has(expert.id), `${expert.name} is no link's expert`);
    assert.ok(experts.length <= made.filter((m) => m.answer.body.errorCode === 0).length);
  });
});
