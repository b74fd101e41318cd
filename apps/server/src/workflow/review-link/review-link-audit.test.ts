import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Role } from '@zikao/contract';
import { type AuditEntryDto, auditActionLabel, auditSummary } from '@zikao/contract/audit';
import { proxyPath } from '@zikao/contract/endpoints';
import { REVIEW_LINK_SESSION_GAP_MS } from '@zikao/contract/review-link';
import { buildBatch, buildDocument, buildSubmission, buildUser } from '../../test/factories.ts';
import { minimalPdf } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type CreatedLink, createLink, REVIEW_COMMENT, TEST_LINK_SECRET, viaLink } from './review-link.test-kit.ts';

/**
 * Issue 32 §3: a review link's session leaves its opening and its actions in the audit trail,
 * described in Chinese, not one row per call (a PDF read by byte ranges made dozens).
 */
describe('the audit trail of a review link', () => {
  let app: TestApp;
  let admin: string;

  before(async () => {
    app = await createTestApp({ LINK_SECRET: TEST_LINK_SECRET });
    admin = await app.login('13800000004');
  });
  after(() => app.close());

  async function expertDraft(label: string) {
    const candidate = await buildUser(app, { role: Role.student });
    const token = await app.login(candidate.account, undefined, 'student');
    const documentId = await buildDocument(app, token, minimalPdf('Chapter One'));
    const built = await buildSubmission(app, {
      batchId: await buildBatch(app),
      stage: 'draft',
      studentId: candidate.id,
      documentId,
    });
    const link = await createLink(app, admin, { submissionId: built.id, purpose: 'review', label });
    return { built, documentId, link };
  }

  const rangeRead = (link: CreatedLink, documentId: number, range: string) =>
    app.server.inject({
      method: 'GET',
      url: `/api${proxyPath(`/v1/document/file/${documentId}`)}?${new URLSearchParams({ ...link.credential })}`,
      headers: { range },
    });

  /** The trail after `afterId`, as the audit screen shows it. */
  async function screenRows(afterId: number) {
    const answer = await app.post<{ list: AuditEntryDto[] }>('/api/v1/audit/list', { pageSize: 100 }, { token: admin });
    assert.equal(answer.body.errorCode, 0, answer.body.errorMsg);
    return answer.body.data.list
      .filter((entry) => entry.id > afterId)
      .toReversed()
      .map((entry) => ({
        action: auditActionLabel(entry.action),
        entity: entry.entity,
        summary: auditSummary(entry),
        subject: entry.subject,
        actorName: entry.actorName,
      }));
  }
  const lastAuditId = async () =>
    Number(
      (
        await app.database.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id ?? 0,
    );

  it('records a session of reads, one save and one submit as its opening and the two actions, in Chinese', async () => {
    const { built, documentId, link } = await expertDraft('周研究员（省社科院）');
    const from = await lastAuditId();
    const reads = 12;
    assert.equal((await viaLink(app, '/v1/link/context', link.credential)).body.errorCode, 0);
    assert.equal(
      (await viaLink(app, '/v1/submission/detail', link.credential, { submissionId: built.id })).body.errorCode,
      0,
    );
    assert.equal((await viaLink(app, '/v1/annotation/list', link.credential, { documentId })).body.errorCode, 0);
    for (let i = 0; i < reads - 3; i += 1) {
      const answer = await rangeRead(link, documentId, `bytes=${i * 10}-${i * 10 + 9}`);
      assert.equal(answer.statusCode, 206);
    }
    const saved = await viaLink(app, '/v1/review/save', link.credential, {
      submissionId: built.id,
      versionNo: 1,
      comment: '初步意见',
    });
    assert.equal(saved.body.errorCode, 0, saved.body.errorMsg);
    const submitted = await viaLink(app, '/v1/review/submit', link.credential, {
      submissionId: built.id,
      versionNo: 1,
      verdict: 'revise',
      comment: REVIEW_COMMENT,
    });
    assert.equal(submitted.body.errorCode, 0, submitted.body.errorMsg);

    const row = await app.database.db
      .selectFrom('review_links')
      .select('use_count')
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.use_count, reads + 2, 'every call still counts as a use of the link');

    const subject = `《${built.title}》评阅链接（周研究员（省社科院））`;
    const rows = await screenRows(from);
    assert.deepEqual(
      rows.map(({ action, entity, summary }) => ({ action, entity, summary })),
      [
        {
          action: '打开评阅链接',
          entity: 'review_link',
          summary: '用途：评阅；对象：周研究员（省社科院）；地址：127.0.0.1',
        },
        {
          action: '通过评阅链接操作',
          entity: 'review_link',
          summary: '用途：评阅；对象：周研究员（省社科院）；操作：保存评阅草稿；地址：127.0.0.1',
        },
        { action: '保存草稿', entity: 'submission', summary: '第 1 版' },
        {
          action: '通过评阅链接操作',
          entity: 'review_link',
          summary: '用途：评阅；对象：周研究员（省社科院）；操作：提交评阅；地址：127.0.0.1',
        },
        { action: '提交', entity: 'submission', summary: '第 1 版；结论：退回修改' },
      ],
    );
    for (const entry of rows) {
      assert.equal(entry.actorName, '周研究员（省社科院）');
      if (entry.entity === 'review_link') assert.equal(entry.subject, subject);
      assert.doesNotMatch(JSON.stringify(entry), /qianwei|comment-prx|\/api\//, 'no raw path in the trail');
    }
  });

  it('opens a new session once the link has rested, and not before', async () => {
    const { built, link } = await expertDraft('吴教授（南京大学）');
    const opened = async () =>
      Number(
        (
          await app.database.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('entity', '=', 'review_link')
            .where('entity_id', '=', link.id)
            .where('action', '=', 'reviewLinkOpen')
            .executeTakeFirstOrThrow()
        ).n,
      );
    await viaLink(app, '/v1/link/context', link.credential);
    await viaLink(app, '/v1/submission/detail', link.credential, { submissionId: built.id });
    await viaLink(app, '/v1/link/context', link.credential);
    assert.equal(await opened(), 1);
    // The last use moved back past the rest: the next call starts a session.
    await app.database.db
      .updateTable('review_links')
      .set({ last_used_at: Date.now() - REVIEW_LINK_SESSION_GAP_MS - 1_000 })
      .where('id', '=', link.id)
      .execute();
    await viaLink(app, '/v1/submission/detail', link.credential, { submissionId: built.id });
    assert.equal(await opened(), 2);
  });

  it('reads entries written before as the call in words, never its path', async () => {
    const { link } = await expertDraft('郑教授（厦门大学）');
    const from = await lastAuditId();
    const expert = await app.database.db
      .selectFrom('review_links')
      .select('reviewer_user_id')
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    for (const path of ['/v1/review/submit', '/v1/document/file/7']) {
      await app.database.db
        .insertInto('audit_log')
        .values({
          actor_id: expert.reviewer_user_id,
          action: 'reviewLinkUse',
          entity: 'review_link',
          entity_id: link.id,
          from_status: null,
          to_status: null,
          reason: '',
          detail_json: JSON.stringify({
            submissionId: 1,
            purpose: 'review',
            path: `/api${proxyPath(path)}`,
            ip: '10.0.0.8',
          }),
          created_at: Date.now(),
        })
        .execute();
    }
    const rows = await screenRows(from);
    assert.deepEqual(
      rows.map((row) => row.summary),
      ['用途：评阅；操作：提交评阅；地址：10.0.0.8', '用途：评阅；操作：查看评阅页面；地址：10.0.0.8'],
    );
  });
});
