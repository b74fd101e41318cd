import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  type AnnotationDto,
  type CarriedAnnotationDto,
  type DocumentText,
  ErrorCode,
  Role,
  type SubmissionDetail,
  type VersionDiff,
} from '@zikao/contract';
import { buildBatch, buildDocument, buildSubmission, buildUser } from '../../test/factories.ts';
import { multiPagePdf } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const COMMENT = '论文结构清晰，论证较为充分，'.repeat(4);
// Short lines: 24-point Helvetica runs off the page after about 40 characters.
const V1 = ['One: the research method used', 'Two: the survey results here', 'Three concludes the study, the end'];
const V2 = ['One: the research method used', 'Two: the surveys results here', 'Appendix: the questionnaire'];

/**
 * A text highlight described in the document's page texts, as the workspace would send it; the
 * first occurrence of `exact` after `after`. `context` overrides the prefix and suffix: a highlight
 * whose surroundings have since been rewritten.
 */
function highlight(pages: readonly string[], exact: string, after = '', context?: string) {
  const text = pages.join('');
  const start = text.indexOf(exact, after === '' ? 0 : text.indexOf(after));
  assert.ok(start >= 0, exact);
  let page = 0;
  for (let offset = 0; offset + (pages[page] as string).length <= start; page++)
    offset += (pages[page] as string).length;
  const prefix = context ?? text.slice(Math.max(0, start - 12), start);
  const suffix = context ?? text.slice(start + exact.length, start + exact.length + 12);
  return {
    id: randomUUID(),
    kind: 'highlight',
    category: 'content',
    severity: 'major',
    comment: `请修改：${exact}`,
    stamp: null,
    pageIndex: page,
    selectors: [
      { type: 'TextQuoteSelector', exact, prefix, suffix },
      { type: 'TextPositionSelector', start, end: start + exact.length },
      { type: 'PageSelector', index: page },
    ],
  };
}

describe('carried-over annotations and the version diff', () => {
  let app: TestApp;
  let reviewer: string;
  let other: string;
  let student: string;
  let submissionId: number;
  let v1Document: number;
  let v2Document: number;
  let detail: SubmissionDetail;

  before(async () => {
    app = await createTestApp();
    reviewer = await app.login('13800000003');
    const reviewerId = (
      await app.database.db
        .selectFrom('users')
        .select('id')
        .where('account', '=', '13800000003')
        .executeTakeFirstOrThrow()
    ).id;
    const otherUser = await buildUser(app, { role: Role.reviewer });
    other = await app.login(otherUser.account);
    const candidate = await buildUser(app, { role: Role.student, examNumber: '030188880001' });
    student = await app.login(candidate.account, undefined, 'student');
    v1Document = await buildDocument(app, student, multiPagePdf(V1));
    const batchId = await buildBatch(app);
    submissionId = (
      await buildSubmission(app, {
        batchId,
        stage: 'draft',
        status: 'assigned',
        reviewerId,
        studentId: candidate.id,
        documentId: v1Document,
      })
    ).id;
  });
  after(() => app.close());

  it('lets the assigned reviewer, and nobody else, read and annotate the candidate’s document', async () => {
    const text = await app.post<DocumentText>('/api/v1/document/text', { documentId: v1Document }, { token: reviewer });
    assert.equal(text.body.errorCode, 0, text.body.errorMsg);
    const pages = text.body.data.pages.map((page) => page.text);
    const refused = await app.post('/api/v1/document/text', { documentId: v1Document }, { token: other });
    assert.equal(refused.body.errorCode, ErrorCode.forbidden);
    const annotations = [
      ...['research method', 'survey results', 'concludes the study'].map((exact) => highlight(pages, exact)),
      // Two short quotes in a sentence the next version deletes: their word occurs three times
      // there, never with their surroundings, and four times here (so no copy of it maps to one
      // there by rank, adr/017).
      highlight(pages, 'the', 'concludes'),
      highlight(pages, 'the', 'study,'),
    ];
    for (const annotation of annotations) {
      const saved = await app.post(
        '/api/v1/annotation/save',
        { documentId: v1Document, annotation, baseRevision: 0 },
        { token: reviewer },
      );
      assert.equal(saved.body.errorCode, 0, saved.body.errorMsg);
    }
    const intruder = await app.post(
      '/api/v1/annotation/save',
      { documentId: v1Document, annotation: highlight(pages, 'research method'), baseRevision: 0 },
      { token: other },
    );
    assert.equal(intruder.body.errorCode, ErrorCode.forbidden);
  });

  it('carries the annotations onto the resubmitted version, each found, moved or orphaned', async () => {
    const returned = await app.post(
      '/api/v1/review/submit',
      { submissionId, versionNo: 1, verdict: 'revise', comment: COMMENT },
      { token: reviewer },
    );
    assert.equal(returned.body.errorCode, 0, returned.body.errorMsg);
    // The candidate answers a point of the returned review: the thread must travel to version 2.
    const v1Annotations = (
      await app.post<AnnotationDto[]>('/api/v1/annotation/list', { documentId: v1Document }, { token: reviewer })
    ).body.data;
    const researched = v1Annotations.find((a) => JSON.stringify(a.selectors).includes('research method'));
    assert.ok(researched);
    const replied = await app.post(
      '/api/v1/annotation/reply',
      { annotationId: researched.id, comment: '已按意见补充研究方法' },
      { token: student },
    );
    assert.equal(replied.body.errorCode, 0, replied.body.errorMsg);
    v2Document = await buildDocument(app, student, multiPagePdf(V2));
    const frozen = await app.post(
      '/api/v1/annotation/save',
      { documentId: v1Document, annotation: highlight(V1, 'research method'), baseRevision: 0 },
      { token: reviewer },
    );
    assert.equal(frozen.body.errorCode, ErrorCode.forbidden, 'a submitted review’s annotations are final');
    const resubmitted = await app.post(
      '/api/v1/submission/resubmit',
      { submissionId, documentId: v2Document },
      { token: student },
    );
    assert.equal(resubmitted.body.errorCode, 0, resubmitted.body.errorMsg);

    const response = await app.post<SubmissionDetail>(
      '/api/v1/submission/detail',
      { submissionId },
      { token: reviewer },
    );
    detail = response.body.data;
    assert.equal(detail.currentVersion, 2);
    assert.deepEqual(
      detail.versions.map((v) => v.documentId),
      [v1Document, v2Document],
    );
    const carried = detail.carried;
    assert.ok(carried);
    assert.equal(carried.fromVersionNo, 1);
    assert.deepEqual(carried.counts, { found: 1, moved: 1, orphaned: 3, unverified: 0 });
    const byQuote = new Map(carried.items.map((item) => [item.quote, item]));
    assert.equal(byQuote.get('research method')?.status, 'found');
    assert.equal(byQuote.get('research method')?.confidence, 1);
    const moved = carried.items.find((item) => item.status === 'moved');
    assert.match(moved?.quote ?? '', /surveys? results/);
    assert.ok((moved?.confidence ?? 0) > 0 && (moved?.confidence ?? 1) < 1);
    const orphan = byQuote.get('concludes the study');
    assert.equal(orphan?.status, 'orphaned', 'the orphan keeps its old quote');
    assert.equal(orphan?.comment, '请修改：concludes the study');
    assert.ok(carried.items.every((item) => item.addressed === null));
    // The short quotes are never guessed: orphans, offered the places their text is (可能的位置).
    const shortOnes = carried.items.filter((item) => item.quote === 'the');
    assert.equal(shortOnes.length, 2);
    for (const item of shortOnes) {
      assert.equal(item.status, 'orphaned');
      assert.ok(item.candidates.length >= 2, JSON.stringify(item.candidates));
      assert.ok(item.candidates.every((candidate) => candidate.text === 'the' && candidate.exact));
    }
    assert.ok(carried.items.filter((item) => item.quote !== 'the').every((item) => item.candidates.length === 0));

    // The copies are the reviewer's annotations on the new document; the old ones stay on the old.
    const onNew = await app.post<AnnotationDto[]>(
      '/api/v1/annotation/list',
      { documentId: v2Document },
      { token: reviewer },
    );
    assert.equal(onNew.body.data.length, 5);
    const onOld = await app.post<AnnotationDto[]>(
      '/api/v1/annotation/list',
      { documentId: v1Document },
      { token: reviewer },
    );
    assert.equal(onOld.body.data.length, 5);
    assert.ok(onOld.body.data.every((a) => !onNew.body.data.some((b) => b.id === a.id)));
    // Each copy shows when it was written, and the thread travelled with it.
    for (const item of carried.items) {
      const source = onOld.body.data.find((a) => a.id === item.carriedFromId);
      const copy = onNew.body.data.find((a) => a.id === item.id);
      assert.ok(source && copy);
      assert.equal(item.writtenAt, source.createdAt);
      assert.equal(copy.createdAt, source.createdAt);
      // The list of annotations shows updatedAt: carrying a point is not editing it.
      assert.equal(copy.updatedAt, source.updatedAt);
      assert.deepEqual(
        copy.replies.map((r) => [r.comment, r.authorId, r.createdAt]),
        source.replies.map((r) => [r.comment, r.authorId, r.createdAt]),
      );
    }
    const answered = onNew.body.data.find((a) => a.id === byQuote.get('research method')?.id);
    assert.deepEqual(
      answered?.replies.map((r) => r.comment),
      ['已按意见补充研究方法'],
    );

    // Reading the detail again carries nothing twice.
    const again = await app.post<SubmissionDetail>('/api/v1/submission/detail', { submissionId }, { token: reviewer });
    assert.equal(again.body.data.carried?.items.length, 5);
  });

  it('places an orphan at a candidate the reviewer confirms, or dismisses them; its author only; audited', async () => {
    const place = (annotationId: string, candidate: number | null, token = reviewer) =>
      app.post<CarriedAnnotationDto>('/api/v1/annotation/carried/place', { annotationId, candidate }, { token });
    const [toPlace, toDismiss] = (detail.carried?.items ?? []).filter((item) => item.quote === 'the');
    const orphan = detail.carried?.items.find((item) => item.quote === 'concludes the study');
    assert.ok(toPlace && toDismiss && orphan);
    assert.equal((await place(toPlace.id, 0, other)).body.errorCode, ErrorCode.forbidden);
    assert.equal((await place(toPlace.id, 7)).body.errorCode, ErrorCode.invalidInput);
    assert.equal((await place(orphan.id, 0)).body.errorCode, ErrorCode.conflict, 'nothing to confirm');

    const chosen = toPlace.candidates[1];
    assert.ok(chosen);
    const placed = await place(toPlace.id, 1);
    assert.equal(placed.body.errorCode, 0, placed.body.errorMsg);
    assert.equal(placed.body.data.status, 'moved');
    assert.equal(placed.body.data.pageIndex, chosen.pageIndex);
    assert.equal(placed.body.data.confidence, chosen.confidence);
    assert.deepEqual(placed.body.data.candidates, []);
    assert.equal((await place(toPlace.id, 0)).body.errorCode, ErrorCode.conflict, 'placed once');
    // The annotation itself now selects that text, so the workspace draws it there.
    const copy = (
      await app.post<AnnotationDto[]>('/api/v1/annotation/list', { documentId: v2Document }, { token: reviewer })
    ).body.data.find((a) => a.id === toPlace.id);
    assert.equal(copy?.pageIndex, chosen.pageIndex);
    assert.ok(JSON.stringify(copy?.selectors).includes('"exact":"the"'));

    const dismissed = await place(toDismiss.id, null);
    assert.equal(dismissed.body.errorCode, 0, dismissed.body.errorMsg);
    assert.equal(dismissed.body.data.status, 'orphaned');
    assert.deepEqual(dismissed.body.data.candidates, []);

    const shown = await app.post<SubmissionDetail>('/api/v1/submission/detail', { submissionId }, { token: reviewer });
    assert.deepEqual(shown.body.data.carried?.counts, { found: 1, moved: 2, orphaned: 2, unverified: 0 });
    const trail = await app.database.db
      .selectFrom('audit_log')
      .select(['action', 'entity', 'entity_id', 'detail_json'])
      .where('action', 'in', ['carriedPlace', 'carriedDismiss'])
      .orderBy('id')
      .execute();
    assert.deepEqual(
      trail.map((row) => [row.action, row.entity, Number(row.entity_id)]),
      [
        ['carriedPlace', 'submission', submissionId],
        ['carriedDismiss', 'submission', submissionId],
      ],
    );
    assert.equal(JSON.parse(trail[0]?.detail_json ?? '{}').annotationId, toPlace.id);
    detail = shown.body.data;
  });

  it('ticks carried points addressed or not, for their author only', async () => {
    const [first, second] = detail.carried?.items ?? [];
    assert.ok(first && second);
    const mark = (annotationId: string, addressed: unknown, token = reviewer) =>
      app.post<CarriedAnnotationDto>('/api/v1/annotation/carried/mark', { annotationId, addressed }, { token });
    const ticked = await mark(first.id, 1);
    assert.equal(ticked.body.errorCode, 0, ticked.body.errorMsg);
    assert.equal(ticked.body.data.addressed, true);
    assert.equal((await mark(second.id, false)).body.data.addressed, false);
    assert.equal((await mark(first.id, 1, other)).body.errorCode, ErrorCode.forbidden);
    const original = (
      await app.post<AnnotationDto[]>('/api/v1/annotation/list', { documentId: v1Document }, { token: reviewer })
    ).body.data[0];
    assert.equal((await mark(original?.id ?? '', 1)).body.errorCode, ErrorCode.notFound, 'only carried points');
    const shown = await app.post<SubmissionDetail>('/api/v1/submission/detail', { submissionId }, { token: reviewer });
    assert.equal(shown.body.data.carried?.addressed, 1);
    assert.equal(shown.body.data.carried?.items.find((i) => i.id === second.id)?.addressed, false);
    const passed = await app.post(
      '/api/v1/review/submit',
      { submissionId, versionNo: 2, verdict: 'pass', comment: COMMENT },
      { token: reviewer },
    );
    assert.equal(passed.body.errorCode, 0, passed.body.errorMsg);
    assert.equal((await mark(first.id, 0)).body.errorCode, ErrorCode.forbidden, 'final once submitted');
  });

  it('diffs the text of two versions', async () => {
    const response = await app.post<VersionDiff>(
      '/api/v1/submission/diff',
      { submissionId, fromVersion: 1, toVersion: 2 },
      { token: reviewer },
    );
    assert.equal(response.body.errorCode, 0, response.body.errorMsg);
    const diff = response.body.data;
    assert.equal(diff.from.pages.length, 3);
    assert.equal(diff.to.pages[2]?.trim(), V2[2]);
    const deleted = diff.ops.filter((op) => op.op === 'delete').flatMap((op) => op.lines.map((l) => l.trim()));
    const inserted = diff.ops.filter((op) => op.op === 'insert').flatMap((op) => op.lines.map((l) => l.trim()));
    assert.ok(deleted.includes(V1[2] as string), JSON.stringify(diff.ops));
    assert.ok(inserted.includes(V2[2] as string));
    assert.ok(diff.stats.equal >= 1);
    const missing = await app.post(
      '/api/v1/submission/diff',
      { submissionId, fromVersion: 1, toVersion: 9 },
      { token: reviewer },
    );
    assert.equal(missing.body.errorCode, ErrorCode.notFound);
  });
});
