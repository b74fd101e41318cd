import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, type ListResult, Role, type SubmissionDetail } from '@zikao/contract';
import type { ReviewLinkContext, ReviewLinkDto } from '@zikao/contract/review-link';
import { buildBatch, buildSubmission, buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { linkSignature } from './link-signature.ts';
import { createLink, TEST_LINK_SECRET, viaLink } from './review-link.test-kit.ts';

const DAY = 86_400_000;

describe('review links in the console', () => {
  let app: TestApp;
  let admin: string;
  let adminId: number;
  let reviewerId: number;
  let batchId: number;
  let checkBatchId: number;
  before(async () => {
    app = await createTestApp({ LINK_SECRET: TEST_LINK_SECRET });
    admin = await app.login('13800000004');
    const ids = await app.database.db.selectFrom('users').select(['id', 'account']).execute();
    adminId = ids.find((row) => row.account === '13800000004')?.id as number;
    reviewerId = ids.find((row) => row.account === '13800000003')?.id as number;
    batchId = await buildBatch(app);
    checkBatchId = await buildBatch(app, { adminCheck: true });
  });
  after(() => app.close());

  const list = async (query: Record<string, unknown> = {}, token = admin) =>
    (await app.post<ListResult<ReviewLinkDto>>('/api/v1/console/reviewLink/list', query, { token })).body;
  const userRow = (id: number) =>
    app.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const submissionRow = (id: number) =>
    app.database.db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('评阅: assigns the submission to a new external reviewer named by the label, and answers the stage page with its credential', async () => {
    const built = await buildSubmission(app, { batchId, stage: 'draft' });
    const before = Date.now();
    const link = await createLink(app, admin, { submissionId: built.id, purpose: 'review', expiresInDays: 3 });
    assert.match(
      link.url,
      new RegExp(`^/admin/thesis/review/${built.id}\\?lid=${link.id}&exp=\\d+&sig=[A-Za-z0-9_-]{43}$`),
    );
    assert.ok(link.expiresAt >= before + 3 * DAY && link.expiresAt <= Date.now() + 3 * DAY);
    assert.equal(link.credential.exp, String(link.expiresAt));

    const submission = await submissionRow(built.id);
    assert.equal(submission.status, 'assigned');
    const expert = await userRow(submission.reviewer_id as number);
    assert.equal(expert.name, '王教授（华南理工大学）');
    assert.equal(expert.role, Role.reviewer);
    assert.equal(expert.external, 1);
    assert.doesNotMatch(expert.account, /^1\d{10}$/, 'no phone');
    assert.doesNotMatch(expert.password_hash, /^scrypt\$/, 'no usable password');
    const stored = await app.database.db
      .selectFrom('review_links')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    assert.equal(stored.reviewer_user_id, expert.id);
    assert.equal(stored.created_by, adminId);
    assert.equal(JSON.stringify(stored).includes(link.credential.linkSig), false, 'the signature is not stored');
    const trail = await app.database.db
      .selectFrom('audit_log')
      .select(['action', 'entity'])
      .where('actor_id', '=', adminId)
      .where((eb) =>
        eb.or([eb('entity_id', '=', link.id), eb('entity_id', '=', built.id), eb('entity_id', '=', expert.id)]),
      )
      .execute();
    for (const action of ['reviewLinkCreate', 'assign', 'accountCreate']) {
      assert.ok(
        trail.some((row) => row.action === action),
        action,
      );
    }
  });

  it('answers the page path of each stage: topic, thesis (plan, draft, final) and retest', async () => {
    const pages = { topic: 'topic', plan: 'thesis', final: 'thesis', retest: 'thesisRetest' } as const;
    for (const [stage, page] of Object.entries(pages)) {
      const built = await buildSubmission(app, { batchId, stage: stage as keyof typeof pages });
      const link = await createLink(app, admin, { submissionId: built.id, purpose: 'review' });
      assert.ok(link.url.startsWith(`/admin/${page}/review/${built.id}?`), `${stage}: ${link.url}`);
      assert.equal(
        link.expiresAt - Date.now() > 6 * DAY && link.expiresAt - Date.now() <= 7 * DAY,
        true,
        '7 days by default',
      );
    }
  });

  it('a second 评阅 link for the same expert keeps the assignment; one for another expert reassigns and revokes the first', async () => {
    const built = await buildSubmission(app, { batchId, stage: 'draft' });
    const first = await createLink(app, admin, {
      submissionId: built.id,
      purpose: 'review',
      label: '刘教授（中山大学）',
    });
    const expertId = (await submissionRow(built.id)).reviewer_id;
    const again = await createLink(app, admin, {
      submissionId: built.id,
      purpose: 'review',
      label: '刘教授（中山大学）',
    });
    assert.equal((await submissionRow(built.id)).reviewer_id, expertId, 'same expert, same account');
    const statuses = async () =>
      new Map((await list({ submissionId: built.id })).data.list.map((row) => [row.id, row.status]));
    assert.equal((await statuses()).get(first.id), 'active');
    assert.equal((await statuses()).get(again.id), 'active');

    const other = await createLink(app, admin, {
      submissionId: built.id,
      purpose: 'review',
      label: '孙研究员（社科院）',
    });
    assert.notEqual((await submissionRow(built.id)).reviewer_id, expertId);
    const now = await statuses();
    assert.equal(now.get(first.id), 'revoked');
    assert.equal(now.get(again.id), 'revoked');
    assert.equal(now.get(other.id), 'active');
    const refused = await viaLink(app, '/v1/link/context', first.credential);
    assert.equal(refused.body.errorCode, ErrorCode.badReviewLink);
    assert.equal(refused.body.errorMsg, '评阅链接已撤销');
  });

  it('refuses what it cannot make, with the reason: no submission, no label, a wrong expiry, a status past review, 复核 of a review not awaiting the check', async () => {
    const reviewed = await buildSubmission(app, { batchId, stage: 'draft', status: 'passed', reviewerId });
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ submissionId: 999_999, purpose: 'review', label: '某专家' }, ErrorCode.notFound, /论文不存在/],
      [{ submissionId: reviewed.id, purpose: 'review' }, ErrorCode.invalidInput, /请填写评阅专家的姓名和单位/],
      [
        { submissionId: reviewed.id, purpose: 'review', label: '某专家', expiresInDays: 0 },
        ErrorCode.invalidInput,
        /至少 1 天/,
      ],
      [
        { submissionId: reviewed.id, purpose: 'review', label: '某专家', expiresInDays: 31 },
        ErrorCode.invalidInput,
        /最多 30 天/,
      ],
      [{ submissionId: reviewed.id, purpose: 'other' }, ErrorCode.invalidInput, /链接用途/],
      [
        { submissionId: reviewed.id, purpose: 'review', label: '某专家' },
        ErrorCode.conflict,
        /不能交给外审专家评阅：已提交评阅不能修改/,
      ],
      [
        { submissionId: reviewed.id, purpose: 'check' },
        ErrorCode.conflict,
        /只有待复核的论文可以生成复核链接，该论文当前为“已通过”/,
      ],
    ];
    for (const [body, code, message] of cases) {
      const answer = await app.post('/api/v1/console/reviewLink/create', body, { token: admin });
      assert.equal(answer.body.errorCode, code, JSON.stringify(body));
      assert.match(answer.body.errorMsg, message);
    }
    assert.equal((await submissionRow(reviewed.id)).reviewer_id, reviewerId, 'nothing was reassigned');
  });

  it('复核: only for a submission 待复核; acts as its creator, assigns nobody', async () => {
    const built = await buildSubmission(app, {
      batchId: checkBatchId,
      stage: 'final',
      status: 'awaiting_check',
      reviewerId,
    });
    const link = await createLink(app, admin, { submissionId: built.id, purpose: 'check', expiresInDays: 1 });
    assert.ok(link.url.startsWith(`/admin/thesis/review/${built.id}?lid=`));
    assert.equal((await submissionRow(built.id)).reviewer_id, reviewerId);
    const context = await viaLink<ReviewLinkContext>(app, '/v1/link/context', link.credential);
    assert.equal(context.body.errorCode, 0, context.body.errorMsg);
    assert.deepEqual(context.body.data, {
      linkId: link.id,
      submissionId: built.id,
      purpose: 'check',
      label: '',
      expiresAt: link.expiresAt,
      completed: false,
    });
    const detail = await viaLink<SubmissionDetail>(app, '/v1/submission/detail', link.credential, {
      submissionId: built.id,
    });
    assert.equal(detail.body.data.student?.name, built.studentName, 'the admin sees the candidate');
  });

  it('lists newest first with thesis, stage, creator, uses and the link again while active; filters by submission and each status', async () => {
    const make = async () => {
      const built = await buildSubmission(app, { batchId, stage: 'plan', title: `链接列表论文${Math.random()}` });
      return { built, link: await createLink(app, admin, { submissionId: built.id, purpose: 'review' }) };
    };
    const active = await make();
    const expired = await make();
    const revoked = await make();
    const completed = await make();
    await app.database.db
      .updateTable('review_links')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', expired.link.id)
      .execute();
    await app.database.db
      .updateTable('review_links')
      .set({ completed_at: Date.now() })
      .where('id', '=', completed.link.id)
      .execute();
    const revokedAnswer = await app.post<ReviewLinkDto>(
      '/api/v1/console/reviewLink/revoke',
      { id: revoked.link.id },
      { token: admin },
    );
    assert.equal(revokedAnswer.body.errorCode, 0, revokedAnswer.body.errorMsg);
    assert.equal(revokedAnswer.body.data.status, 'revoked');
    assert.equal(revokedAnswer.body.data.url, null);
    await viaLink(app, '/v1/link/context', active.link.credential);
    await viaLink(app, '/v1/link/context', active.link.credential);

    const all = await list({ pageSize: 100 });
    assert.equal(all.errorCode, 0, all.errorMsg);
    const ids = all.data.list.map((row) => row.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
      'newest first',
    );
    const row = all.data.list.find((r) => r.id === active.link.id) as ReviewLinkDto;
    assert.equal(row.status, 'active');
    assert.equal(row.thesisTitle, active.built.title);
    assert.equal(row.stage, 'plan');
    assert.equal(row.purpose, 'review');
    assert.equal(row.label, '王教授（华南理工大学）');
    assert.equal(row.creatorName, '赵管理');
    assert.equal(row.useCount, 2);
    assert.ok(row.lastUsedAt !== null && row.lastUsedAt <= Date.now());
    assert.equal(row.url, active.link.url);
    assert.equal(row.expiresAt, active.link.expiresAt);

    const expectations = [
      ['active', active],
      ['expired', expired],
      ['revoked', revoked],
      ['completed', completed],
    ] as const;
    for (const [status, made] of expectations) {
      const filtered = await list({ status, pageSize: 100 });
      assert.ok(
        filtered.data.list.every((r) => r.status === status),
        status,
      );
      assert.ok(
        filtered.data.list.some((r) => r.id === made.link.id),
        `${status} has its link`,
      );
      const one = await list({ submissionId: made.built.id, status });
      assert.deepEqual(
        one.data.list.map((r) => r.id),
        [made.link.id],
      );
      assert.equal(one.data.total, 1);
      assert.equal(one.data.list[0]?.url === null, status !== 'active', `${status}: url only while active`);
      const other = status === 'active' ? 'expired' : 'active';
      assert.equal((await list({ submissionId: made.built.id, status: other })).data.total, 0);
    }
    const paged = await list({ page: 2, pageSize: 2 });
    assert.equal(paged.data.list.length, 2);
    assert.equal(paged.data.total, all.data.total);
    assert.deepEqual(
      paged.data.list.map((r) => r.id),
      ids.slice(2, 4),
    );
  });

  it('revokes: the link answers 评阅链接已撤销; revoking twice is one audit entry; an unknown link is 1040001', async () => {
    const built = await buildSubmission(app, { batchId, stage: 'draft' });
    const link = await createLink(app, admin, { submissionId: built.id, purpose: 'review' });
    assert.equal((await viaLink(app, '/v1/link/context', link.credential)).body.errorCode, 0);
    for (let i = 0; i < 2; i++) {
      const answer = await app.post<ReviewLinkDto>(
        '/api/v1/console/reviewLink/revoke',
        { id: link.id },
        { token: admin },
      );
      assert.equal(answer.body.data.status, 'revoked');
    }
    const refused = await viaLink(app, '/v1/link/context', link.credential);
    assert.deepEqual([refused.body.errorCode, refused.body.errorMsg], [ErrorCode.badReviewLink, '评阅链接已撤销']);
    const entries = await app.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'review_link')
      .where('entity_id', '=', link.id)
      .where('action', '=', 'reviewLinkRevoke')
      .execute();
    assert.equal(entries.length, 1);
    assert.deepEqual(
      [entries[0]?.from_status, entries[0]?.to_status, entries[0]?.actor_id],
      ['active', 'revoked', adminId],
    );
    const missing = await app.post('/api/v1/console/reviewLink/revoke', { id: 999_999 }, { token: admin });
    assert.deepEqual([missing.body.errorCode, missing.body.errorMsg], [ErrorCode.notFound, '评阅链接不存在']);
  });

  it('is for admins only: students, teachers and reviewers get 1030003 on create, list and revoke', async () => {
    const built = await buildSubmission(app, { batchId, stage: 'draft' });
    const link = await createLink(app, admin, { submissionId: built.id, purpose: 'review' });
    const tokens = [
      await app.login('13800000001', undefined, 'student'),
      await app.login('13800000002'),
      await app.login('13800000003'),
    ];
    for (const token of tokens) {
      const calls = [
        app.post(
          '/api/v1/console/reviewLink/create',
          { submissionId: built.id, purpose: 'review', label: '某专家' },
          { token },
        ),
        app.post('/api/v1/console/reviewLink/list', {}, { token }),
        app.post('/api/v1/console/reviewLink/revoke', { id: link.id }, { token }),
      ];
      for (const answer of await Promise.all(calls)) assert.equal(answer.body.errorCode, ErrorCode.forbidden);
    }
    assert.equal((await app.post('/api/v1/console/reviewLink/list', {})).body.errorCode, ErrorCode.notLoggedIn);
    assert.equal((await viaLink(app, '/v1/link/context', link.credential)).body.errorCode, 0, 'still active');
  });

  it('an external reviewer cannot sign in, whatever the password, by password or on either side', async () => {
    const built = await buildSubmission(app, { batchId, stage: 'draft' });
    await createLink(app, admin, { submissionId: built.id, purpose: 'review', label: '周教授（暨南大学）' });
    const expert = await userRow((await submissionRow(built.id)).reviewer_id as number);
    for (const url of ['/api/v1/teacher/loginByPasswd', '/api/auth/v1/loginByPasswd']) {
      for (const password of ['Zikao@2026', expert.password_hash, '']) {
        const answer = await app.post(url, { account: expert.account, password: await app.encrypt(password) });
        assert.notEqual(answer.body.errorCode, 0, `${url} with ${password}`);
      }
    }
    // Its account is no phone number, so the sign-in calls refuse it as input; and were it given a
    // phone and a password, it would still be refused.
    const known = await buildUser(app, { role: Role.reviewer });
    await app.database.db.updateTable('users').set({ external: 1 }).where('id', '=', known.id).execute();
    const teacher = await app.post('/api/v1/teacher/loginByPasswd', {
      account: known.account,
      password: await app.encrypt(known.password),
    });
    assert.deepEqual(
      [teacher.body.errorCode, teacher.body.errorMsg],
      [ErrorCode.forbidden, '外审专家账号不能登录，请通过评阅链接评阅'],
    );
    const sessions = await app.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', expert.id)
      .execute();
    assert.equal(sessions.length, 0);
    // Nor is the expert offered in the assignment screen's reviewers.
    const options = await app.post<{ reviewers: Array<{ id: number }> }>(
      '/api/v1/assignment/options',
      {},
      { token: admin },
    );
    assert.equal(
      options.body.data.reviewers.some((r) => r.id === expert.id),
      false,
    );
  });

  it('a changed secret voids every link; the generated secret is kept across restarts', async () => {
    const built = await buildSubmission(app, { batchId, stage: 'draft' });
    const link = await createLink(app, admin, { submissionId: built.id, purpose: 'review' });
    const other = await createTestApp({ LINK_SECRET: `${TEST_LINK_SECRET}-changed` }, { sameDatabaseAs: app });
    try {
      const refused = await viaLink(other, '/v1/link/context', link.credential);
      assert.deepEqual([refused.body.errorCode, refused.body.errorMsg], [ErrorCode.badReviewLink, '评阅链接无效']);
      // Signed with the new secret, the same row is a valid link again.
      const resigned = linkSignature(Buffer.from(`${TEST_LINK_SECRET}-changed`), {
        lid: link.id,
        submissionId: built.id,
        purpose: 'review',
        exp: link.expiresAt,
      });
      const accepted = await viaLink(other, '/v1/link/context', { ...link.credential, linkSig: resigned });
      assert.equal(accepted.body.errorCode, 0, accepted.body.errorMsg);
    } finally {
      await other.close();
    }
    assert.equal(
      (await viaLink(app, '/v1/link/context', link.credential)).body.errorCode,
      0,
      'the old secret still signs it',
    );
  });

  it('without LINK_SECRET, a link made before a restart on the same DATA_DIR still opens', async () => {
    const first = await createTestApp({ LINK_SECRET: '' });
    try {
      const token = await first.login('13800000004');
      const built = await buildSubmission(first, { batchId: await buildBatch(first), stage: 'draft' });
      const link = await createLink(first, token, { submissionId: built.id, purpose: 'review' });
      const second = await createTestApp({ LINK_SECRET: '' }, { sameDatabaseAs: first });
      try {
        const answer = await viaLink(second, '/v1/link/context', link.credential);
        // On PostgreSQL each test app has its own DATA_DIR, hence its own generated secret.
        const sameDataDir = first.config.dataDir === second.config.dataDir;
        assert.equal(answer.body.errorCode, sameDataDir ? 0 : ErrorCode.badReviewLink, answer.body.errorMsg);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });

  it('an expired link answers 评阅链接已过期, even when its expiry is signed', async () => {
    const built = await buildSubmission(app, { batchId, stage: 'draft' });
    const link = await createLink(app, admin, { submissionId: built.id, purpose: 'review' });
    const past = Date.now() - 1000;
    await app.database.db.updateTable('review_links').set({ expires_at: past }).where('id', '=', link.id).execute();
    const unsigned = await viaLink(app, '/v1/link/context', link.credential);
    assert.deepEqual(
      [unsigned.body.errorCode, unsigned.body.errorMsg],
      [ErrorCode.badReviewLink, '评阅链接无效'],
      'the old exp no longer matches',
    );
    const sig = linkSignature(Buffer.from(TEST_LINK_SECRET), {
      lid: link.id,
      submissionId: built.id,
      purpose: 'review',
      exp: past,
    });
    const expired = await viaLink(app, '/v1/link/context', { lid: link.id, exp: past, linkSig: sig });
    assert.deepEqual([expired.body.errorCode, expired.body.errorMsg], [ErrorCode.badReviewLink, '评阅链接已过期']);
    assert.equal((await list({ submissionId: built.id })).data.list[0]?.status, 'expired');
  });
});
