import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  type DocumentText,
  STAGES,
  type SubmissionDetail,
  type SubmissionListResult,
  type SubmissionStatus,
} from '@zikao/contract';
import type { ListResult } from '@zikao/contract/envelope';
import type { ReviewLinkDto } from '@zikao/contract/review-link';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('review demo data', () => {
  let app: TestApp;
  let reviewer: string;
  let admin: string;
  before(async () => {
    app = await createTestApp({ SEED_REVIEW_DEMO: '1' });
    reviewer = await app.login('13800000003');
    admin = await app.login('13800000004');
  });
  after(() => app.close());

  const counts = async (stage: string, token: string) =>
    (await app.post<SubmissionListResult>('/api/v1/submission/list', { stage, scope: 'all' }, { token })).body.data;

  it('gives the demo reviewer candidates in every stage and status', async () => {
    for (const stage of STAGES) {
      const mine = await counts(stage, reviewer);
      const expected: SubmissionStatus[] = ['assigned', 'reviewing', 'passed', 'failed'];
      if (stage !== 'final' && stage !== 'retest') expected.push('returned');
      for (const status of expected) assert.ok(mine.counts[status] > 0, `${stage} ${status}`);
      assert.equal(mine.counts.unassigned, 0, 'a reviewer never sees unassigned work');
      assert.ok((await counts(stage, admin)).counts.unassigned > 0, `${stage} unassigned for the admin`);
      assert.ok(
        mine.list.some((row) => row.studentName === '' && row.examNo === ''),
        `${stage} has a blind row`,
      );
      assert.ok(
        mine.list.some((row) => row.studentName !== ''),
        `${stage} has named rows`,
      );
    }
  });

  it('seeds a resubmitted draft whose annotations are carried onto real Chinese PDF text', async () => {
    const drafts = await counts('draft', reviewer);
    const resubmitted = drafts.list.find((row) => row.version === 2);
    assert.ok(resubmitted, 'one draft is on its second version');
    const first = await app.post<SubmissionDetail>(
      '/api/v1/submission/detail',
      { submissionId: resubmitted.id },
      { token: reviewer },
    );
    const documentIds = first.body.data.versions.map((v) => v.documentId as number);
    assert.equal(documentIds.length, 2);
    await Promise.all(documentIds.map((id) => app.documents.settled(id)));
    const text = await app.post<DocumentText>(
      '/api/v1/document/text',
      { documentId: documentIds[0] },
      { token: reviewer },
    );
    assert.equal(text.body.errorCode, 0, text.body.errorMsg);
    assert.ok(text.body.data.pages.length >= 4);
    assert.match(text.body.data.pages[1]?.text ?? '', /第一章 绪论/);
    const detail = await app.post<SubmissionDetail>(
      '/api/v1/submission/detail',
      { submissionId: resubmitted.id },
      { token: reviewer },
    );
    assert.equal(detail.body.data.versions[0]?.review?.verdict, 'revise');
    assert.deepEqual(detail.body.data.carried?.counts, { found: 1, moved: 1, orphaned: 1 });
  });

  it('makes a 评阅 link and a 复核 link for a submission 待复核, logs them, and both open', async () => {
    const links = await app.post<ListResult<ReviewLinkDto>>('/api/v1/console/reviewLink/list', {}, { token: admin });
    assert.equal(links.body.errorCode, 0, links.body.errorMsg);
    const active = links.body.data.list.filter((row) => row.status === 'active');
    assert.deepEqual(active.map((row) => row.purpose).sort(), ['check', 'review']);
    const logged = app.logs.filter((line) => String(line.msg).startsWith('demo review link'));
    assert.equal(logged.length, 2);
    for (const row of active) {
      assert.ok(
        logged.some((line) => String(line.url).endsWith(row.url as string)),
        `${row.purpose} is logged`,
      );
      const query = new URL(row.url as string, 'http://demo.local').searchParams;
      const credential = { lid: query.get('lid'), exp: query.get('exp'), linkSig: query.get('sig') };
      const opened = await app.post<SubmissionDetail>('/api/qianwei/v1/comment-prx/submission/detail', {
        submissionId: row.submissionId,
        ...credential,
      });
      assert.equal(opened.body.errorCode, 0, opened.body.errorMsg);
      if (row.purpose === 'check') assert.equal(opened.body.data.status, 'awaiting_check');
      else assert.equal(opened.body.data.reviewer?.name, row.label);
    }
  });
});
