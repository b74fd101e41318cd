import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type AnnotationDto, ErrorCode, type ListResult, Role } from '@zikao/contract';
import type {
  ConsolePracticeThesisDto,
  PracticeAttemptDto,
  PracticeAttemptRow,
  PracticeCardDto,
  PracticeResultDto,
  PracticeStatsDto,
  PracticeThesisDto,
} from '@zikao/contract/practice';
import { buildDocument, buildUser } from '../../test/factories.ts';
import { minimalPdf } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  box,
  buildPracticeThesis,
  documentText,
  highlight,
  ok,
  REFERENCE_COMMENTS,
  saveAnnotation,
  startAttempt,
} from './practice.test-kit.ts';

describe('annotation practice', () => {
  let app: TestApp;
  let admin: string;
  let teacher: string;
  let otherTeacher: string;
  let reviewer: string;
  let student: string;
  let thesis: ConsolePracticeThesisDto;
  let references: AnnotationDto[];
  let attempt: PracticeAttemptDto;
  let result: PracticeResultDto;

  before(async () => {
    app = await createTestApp();
    admin = await app.login('13800000004');
    teacher = await app.login('13800000002');
    reviewer = await app.login('13800000003');
    student = await app.login('13800000001', undefined, 'student');
    const other = await buildUser(app, { role: Role.teacher, name: '另一位老师' });
    otherTeacher = await app.login(other.account);
    ({ thesis, references } = await buildPracticeThesis(app, admin));
  });
  after(() => app.close());

  const post = <T>(path: string, body: Record<string, unknown>, token: string) =>
    app.post<T>(`/api/v1${path}`, body, { token });
  const code = async (path: string, body: Record<string, unknown>, token: string) =>
    (await post(path, body, token)).body.errorCode;

  it('lists the published thesis to the teacher side, never to candidates, with nothing of the reference', async () => {
    const list = ok(await post<ListResult<PracticeThesisDto>>('/practice/list', {}, teacher));
    const row = list.list.find((one) => one.id === thesis.id);
    assert.ok(row);
    assert.deepEqual(
      [row.title, row.difficulty, row.tags, row.myBest, row.myAttempts],
      ['论新词语的规范问题', 'intermediate', ['语言', '规范'], null, 0],
    );
    assert.ok(!('documentId' in row), 'the reference document is not named');
    const text = JSON.stringify(list);
    for (const comment of REFERENCE_COMMENTS) assert.ok(!text.includes(comment));
    // Search by keyword, tag and difficulty.
    assert.equal(
      ok(await post<ListResult<PracticeThesisDto>>('/practice/list', { keyword: '新词语' }, teacher)).total,
      1,
    );
    assert.equal(ok(await post<ListResult<PracticeThesisDto>>('/practice/list', { tag: '规范' }, teacher)).total, 1);
    assert.equal(
      ok(await post<ListResult<PracticeThesisDto>>('/practice/list', { difficulty: 'hard' }, teacher)).total,
      0,
    );
    assert.equal(await code('/practice/list', {}, student), ErrorCode.forbidden);
    assert.equal(await code('/console/practice/list', {}, teacher), ErrorCode.forbidden);
  });

  it('starts an attempt on a copy of the document with no annotations, and resumes it', async () => {
    attempt = await startAttempt(app, teacher, thesis.id);
    assert.equal(attempt.status, 'open');
    assert.notEqual(attempt.documentId, thesis.documentId);
    const again = await startAttempt(app, teacher, thesis.id);
    assert.equal(again.id, attempt.id, 'the open attempt is resumed');
    assert.deepEqual(
      ok(await post<AnnotationDto[]>('/annotation/list', { documentId: attempt.documentId }, teacher)),
      [],
    );
    const [copy, original] = await Promise.all([
      documentText(app, teacher, attempt.documentId),
      documentText(app, admin, thesis.documentId),
    ]);
    assert.equal(copy.text, original.text);
  });

  /** The W3C export of a document's annotations, as the teacher downloads it. */
  const jsonLd = async (documentId: number) => {
    const response = await app.get(`/api/v1/annotation/export/jsonld/${documentId}`, {}, { token: teacher });
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-type']), /application\/ld\+json/);
    return JSON.stringify(response.body);
  };

  it('resumes one attempt when two tabs start at once', async () => {
    const racer = await app.login((await buildUser(app, { role: Role.teacher })).account);
    const [one, two] = await Promise.all([startAttempt(app, racer, thesis.id), startAttempt(app, racer, thesis.id)]);
    assert.equal(one.id, two.id);
    const open = await app.database.db
      .selectFrom('practice_attempts')
      .select('id')
      .where('user_id', '=', one.userId)
      .where('status', '=', 'open')
      .execute();
    assert.equal(open.length, 1);
  });

  it('never lets the reference annotations reach a marker before they submit', async () => {
    const reference = { documentId: thesis.documentId };
    for (const path of ['/annotation/list', '/annotation/placement', '/document/text', '/document/status']) {
      assert.equal(await code(path, reference, teacher), ErrorCode.forbidden, path);
    }
    for (const path of [
      `/api/v1/document/file/${thesis.documentId}`,
      `/api/v1/annotation/export/jsonld/${thesis.documentId}`,
      `/api/v1/annotation/export/pdf/${thesis.documentId}`,
    ]) {
      const response = await app.get(path, {}, { token: teacher });
      assert.equal(response.body.errorCode, ErrorCode.forbidden, path);
    }
    // Replying to, editing or deleting a reference annotation by its id.
    const referenceId = references[0]?.id as string;
    assert.equal(
      await code('/annotation/reply', { annotationId: referenceId, comment: '？' }, teacher),
      ErrorCode.forbidden,
    );
    assert.equal(await code('/annotation/delete', { id: referenceId, baseRevision: 1 }, teacher), ErrorCode.forbidden);
    const stolen = {
      ...highlight(await documentText(app, teacher, attempt.documentId), 'method', 'content', 'x'),
      id: referenceId,
    };
    assert.notEqual(
      (await saveAnnotation(app, teacher, attempt.documentId, stolen)).body.errorCode,
      ErrorCode.ok,
      'a reference annotation id cannot be taken over',
    );
    // The attempt's own document, its exports and the practice calls carry none of them.
    const seen = [
      JSON.stringify(ok(await post('/annotation/list', { documentId: attempt.documentId }, teacher))),
      JSON.stringify(ok(await post('/practice/attempt', { attemptId: attempt.id }, teacher))),
      JSON.stringify(ok(await post('/practice/start', { thesisId: thesis.id }, teacher))),
      await jsonLd(attempt.documentId),
    ].join('\n');
    for (const comment of REFERENCE_COMMENTS) assert.ok(!seen.includes(comment), comment);
    for (const one of references) assert.ok(!seen.includes(one.id), 'no reference annotation id');
    assert.equal(await code('/practice/result', { attemptId: attempt.id }, teacher), ErrorCode.conflict);
  });

  it('keeps an attempt to its author and the admins: another teacher gets 1030003', async () => {
    for (const [path, body] of [
      ['/practice/attempt', { attemptId: attempt.id }],
      ['/practice/result', { attemptId: attempt.id }],
      ['/practice/submit', { attemptId: attempt.id }],
      ['/annotation/list', { documentId: attempt.documentId }],
      ['/document/text', { documentId: attempt.documentId }],
    ] as const) {
      assert.equal(await code(path, body, otherTeacher), ErrorCode.forbidden, path);
    }
    const doc = await documentText(app, teacher, attempt.documentId);
    assert.equal(
      (await saveAnnotation(app, otherTeacher, attempt.documentId, highlight(doc, 'method', 'content', '乱入'))).body
        .errorCode,
      ErrorCode.forbidden,
    );
    assert.equal(
      (await saveAnnotation(app, admin, attempt.documentId, highlight(doc, 'method', 'content', '管理员'))).body
        .errorCode,
      ErrorCode.forbidden,
      'an admin reads an attempt but does not annotate it',
    );
    assert.equal(await code('/practice/attempt', { attemptId: 999_999 }, teacher), ErrorCode.notFound);
    assert.equal(
      ok(await post<PracticeAttemptDto>('/practice/attempt', { attemptId: attempt.id }, admin)).id,
      attempt.id,
    );
  });

  it('scores the submit on the server: 2 of 3 points, one in the wrong category, and one extra give 50', async () => {
    const doc = await documentText(app, teacher, attempt.documentId);
    const mine = [
      highlight(doc, 'method', 'content', '方法部分需要说明'),
      highlight(doc, 'results', 'structure', '结果放错了位置'),
      highlight(doc, 'there', 'other', '多余的批注'),
    ];
    for (const annotation of mine) ok(await saveAnnotation(app, teacher, attempt.documentId, annotation));
    // Only the author submits, even an admin may not.
    assert.equal(await code('/practice/submit', { attemptId: attempt.id }, admin), ErrorCode.forbidden);
    result = ok(
      await post<PracticeResultDto>('/practice/submit', { attemptId: attempt.id, timeSpentMs: 90_000 }, teacher),
    );
    // credit 1 (method, content) + 0.5 (results, structure for language) = 1.5;
    // precision 1.5/3 = 0.5, recall 1.5/3 = 0.5, F1 0.5, score 50.
    assert.equal(result.credit, 1.5);
    assert.equal(result.attempt.precision, 0.5);
    assert.equal(result.attempt.recall, 0.5);
    assert.equal(result.attempt.score, 50);
    assert.ok(result.attempt.timeSpentMs <= 90_000);
    const outcome = (comment: string) => result.references.find((one) => one.annotation.comment === comment)?.outcome;
    assert.deepEqual(REFERENCE_COMMENTS.map(outcome), ['found', 'partial', 'missed']);
    assert.deepEqual(
      result.annotations.map((one) => [one.annotation.comment, one.outcome]),
      [
        ['方法部分需要说明', 'matched'],
        ['结果放错了位置', 'partial'],
        ['多余的批注', 'unmatched'],
      ],
    );
    const found = result.references.find((one) => one.outcome === 'found');
    assert.equal(found?.matchedAnnotationId, mine[0]?.id);
    assert.deepEqual(
      result.categories.map((row) => [
        row.category,
        row.referenceCount,
        row.annotationCount,
        row.recall,
        row.precision,
      ]),
      [
        ['content', 1, 1, 1, 1],
        ['structure', 0, 1, null, 0.5],
        ['language', 1, 0, 0.5, null],
        ['format', 1, 0, 0, null],
        ['other', 0, 1, null, 0],
      ],
    );
    assert.equal(result.rules.partialCredit, 0.5);
    // The same result again, from the stored scores.
    const read = ok(await post<PracticeResultDto>('/practice/result', { attemptId: attempt.id }, teacher));
    assert.deepEqual(read, result);
    assert.deepEqual(ok(await post<PracticeResultDto>('/practice/result', { attemptId: attempt.id }, admin)), result);
  });

  it('makes the submit final: the annotations freeze and another start is a fresh attempt', async () => {
    assert.equal(await code('/practice/submit', { attemptId: attempt.id }, teacher), ErrorCode.conflict);
    const doc = await documentText(app, teacher, attempt.documentId);
    assert.equal(
      (await saveAnnotation(app, teacher, attempt.documentId, highlight(doc, 'Beta', 'content', '补一条'))).body
        .errorCode,
      ErrorCode.forbidden,
    );
    const mine = result.annotations[0]?.annotation as AnnotationDto;
    assert.equal(
      await code('/annotation/delete', { id: mine.id, baseRevision: mine.revision }, teacher),
      ErrorCode.forbidden,
    );
    const fresh = await startAttempt(app, teacher, thesis.id);
    assert.notEqual(fresh.id, attempt.id);
    assert.notEqual(fresh.documentId, attempt.documentId);
    assert.deepEqual(
      ok(await post<AnnotationDto[]>('/annotation/list', { documentId: fresh.documentId }, teacher)),
      [],
    );
  });

  it('freezes the reference points once attempted; a revision copies them and replaces the published one', async () => {
    const detail = ok(await post<ConsolePracticeThesisDto>('/console/practice/detail', { id: thesis.id }, admin));
    assert.equal(detail.locked, true);
    assert.equal(detail.referenceCount, 3);
    const first = references[0] as AnnotationDto;
    assert.equal(
      await code('/annotation/delete', { id: first.id, baseRevision: first.revision }, admin),
      ErrorCode.forbidden,
    );
    const doc = await documentText(app, admin, thesis.documentId);
    assert.equal(
      (await saveAnnotation(app, admin, thesis.documentId, highlight(doc, 'Beta', 'content', '新增要点'))).body
        .errorCode,
      ErrorCode.forbidden,
    );
    const revision = ok(await post<ConsolePracticeThesisDto>('/console/practice/revise', { id: thesis.id }, admin));
    assert.deepEqual(
      [revision.revision, revision.status, revision.seriesId, revision.previousId, revision.referenceCount],
      [2, 'draft', thesis.seriesId, thesis.id, 3],
    );
    assert.notEqual(revision.documentId, thesis.documentId);
    // Revising again answers the same draft.
    assert.equal(
      ok(await post<ConsolePracticeThesisDto>('/console/practice/revise', { id: thesis.id }, admin)).id,
      revision.id,
    );
    const copied = ok(await post<AnnotationDto[]>('/console/practice/reference/list', { id: revision.id }, admin));
    assert.deepEqual(copied.map((one) => one.comment).sort(), [...REFERENCE_COMMENTS].sort());
    const gone = copied.find((one) => one.comment === REFERENCE_COMMENTS[2]) as AnnotationDto;
    ok(await post('/annotation/delete', { id: gone.id, baseRevision: gone.revision }, admin));
    const published = ok(await post<ConsolePracticeThesisDto>('/console/practice/publish', { id: revision.id }, admin));
    assert.equal(published.status, 'published');
    const old = ok(await post<ConsolePracticeThesisDto>('/console/practice/detail', { id: thesis.id }, admin));
    assert.equal(old.status, 'withdrawn');
    // The old revision's attempts keep their results; the marker's best carries over to the new one.
    assert.equal(
      ok(await post<PracticeResultDto>('/practice/result', { attemptId: attempt.id }, teacher)).references.length,
      3,
    );
    const list = ok(await post<ListResult<PracticeThesisDto>>('/practice/list', {}, teacher));
    const row = list.list.find((one) => one.title === thesis.title);
    assert.deepEqual(
      [row?.id, row?.revision, row?.myBest, row?.myAttempts, row?.openAttemptId],
      [revision.id, 2, 50, 1, null],
    );
    // The open attempt on the withdrawn revision may still be resumed and submitted, but no new one
    // starts there: starting it (再练一次 from an old result) practises the published revision.
    const resumedOld = await startAttempt(app, teacher, thesis.id);
    assert.deepEqual([resumedOld.status, resumedOld.thesisId], ['open', thesis.id]);
    const fresh = await startAttempt(app, otherTeacher, thesis.id);
    assert.deepEqual([fresh.status, fresh.thesisId], ['open', revision.id]);
  });

  it('lets reviewers and admins practise too', async () => {
    const theirs = ok(await post<ListResult<PracticeThesisDto>>('/practice/list', {}, reviewer))
      .list[0] as PracticeThesisDto;
    const started = await startAttempt(app, reviewer, theirs.id);
    const doc = await documentText(app, reviewer, started.documentId);
    ok(await saveAnnotation(app, reviewer, started.documentId, highlight(doc, 'method', 'content', '方法')));
    ok(
      await saveAnnotation(
        app,
        reviewer,
        started.documentId,
        box(1, { x: 60, y: 80, width: 300, height: 80 }, 'format', '版式'),
      ),
    );
    const scored = ok(await post<PracticeResultDto>('/practice/submit', { attemptId: started.id }, reviewer));
    // The revision has two points (method, results); method found, the box matches nothing:
    // credit 1, precision 1/2, recall 1/2, score 50.
    assert.deepEqual([scored.credit, scored.attempt.score], [1, 50]);
    assert.equal(await code('/practice/result', { attemptId: started.id }, teacher), ErrorCode.forbidden);
    const adminAttempt = await startAttempt(app, admin, theirs.id);
    assert.equal(adminAttempt.status, 'open');
  });

  it('answers the caller history, sorted and paged, and the card', async () => {
    const history = ok(
      await post<ListResult<PracticeAttemptRow>>('/practice/history', { sort: 'score', order: 'desc' }, teacher),
    );
    assert.equal(history.total, 1);
    assert.deepEqual(
      [history.list[0]?.id, history.list[0]?.score, history.list[0]?.precision, history.list[0]?.thesisTitle],
      [attempt.id, 50, 0.5, '论新词语的规范问题'],
    );
    assert.equal(
      ok(await post<ListResult<PracticeAttemptRow>>('/practice/history', { keyword: '不存在' }, teacher)).total,
      0,
    );
    assert.equal((await post('/practice/history', { sort: 'name' }, teacher)).body.errorCode, ErrorCode.invalidInput);
    const card = ok(await post<PracticeCardDto>('/practice/card', {}, teacher));
    assert.deepEqual(
      [card.name, card.schoolName, card.attempts, card.averageScore, card.bestScore],
      ['王老师', '华南师范大学', 1, 50, 50],
    );
    assert.deepEqual(
      card.trend.map((point) => point.score),
      [50],
    );
    const empty = ok(await post<PracticeCardDto>('/practice/card', {}, otherTeacher));
    assert.deepEqual([empty.attempts, empty.averageScore, empty.bestScore, empty.trend], [0, null, null, []]);
  });

  it('gives admins everyone’s attempts per revision with the points markers miss most', async () => {
    const stats = ok(await post<PracticeStatsDto>('/console/practice/stats', { id: thesis.id }, admin));
    assert.deepEqual([stats.submittedCount, stats.markerCount, stats.averageScore, stats.scoreStdDev], [1, 1, 50, 0]);
    assert.deepEqual(
      stats.points.map((point) => [point.annotation.comment, point.foundShare]),
      [
        [REFERENCE_COMMENTS[2], 0],
        [REFERENCE_COMMENTS[0], 1],
        [REFERENCE_COMMENTS[1], 1],
      ],
    );
    assert.equal(stats.bands.find((band) => band.from === 0)?.count, 1);
    const attempts = ok(
      await post<ListResult<PracticeAttemptRow>>(
        '/console/practice/attempts',
        { id: thesis.id, sort: 'submittedAt' },
        admin,
      ),
    );
    assert.deepEqual(
      attempts.list.map((row) => row.userName),
      ['王老师'],
    );
    assert.equal(await code('/console/practice/stats', { id: thesis.id }, teacher), ErrorCode.forbidden);
    const trail = await app.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'practice_thesis')
      .execute();
    for (const action of ['practiceCreate', 'practicePublish', 'practiceRevise', 'practiceWithdraw']) {
      assert.ok(
        trail.some((row) => row.action === action),
        action,
      );
    }
  });

  it('checks the console input and what may be published', async () => {
    const mineOnly = await buildDocument(app, teacher, minimalPdf('Teacher upload'));
    const body = { title: '标题', majorName: '汉语言文学', difficulty: 'basic' };
    assert.equal(await code('/console/practice/create', { ...body, documentId: mineOnly }, admin), ErrorCode.forbidden);
    const bad = await post(
      '/console/practice/create',
      { ...body, documentId: thesis.documentId, difficulty: 'easy' },
      admin,
    );
    assert.equal(bad.body.errorCode, ErrorCode.invalidInput);
    assert.match(bad.body.errorMsg, /入门、进阶或困难/);
    assert.equal(
      await code('/console/practice/create', { ...body, documentId: thesis.documentId }, admin),
      ErrorCode.conflict,
      'a document already in practice',
    );
    const tags = await post(
      '/console/practice/create',
      { ...body, documentId: thesis.documentId, tags: ['a', 'a'] },
      admin,
    );
    assert.match(tags.body.errorMsg, /标签不能重复/);
    const empty = ok(
      await post<ConsolePracticeThesisDto>(
        '/console/practice/create',
        { ...body, documentId: await buildDocument(app, admin, minimalPdf('Empty')) },
        admin,
      ),
    );
    assert.equal(await code('/console/practice/publish', { id: empty.id }, admin), ErrorCode.conflict);
    assert.equal(
      await code('/practice/start', { thesisId: empty.id }, teacher),
      ErrorCode.notFound,
      'a draft is hidden',
    );
    const updated = ok(
      await post<ConsolePracticeThesisDto>(
        '/console/practice/update',
        { id: empty.id, title: '改过的标题', majorName: '汉语言文学', difficulty: 'hard', tags: ['新'] },
        admin,
      ),
    );
    assert.deepEqual([updated.title, updated.difficulty, updated.tags], ['改过的标题', 'hard', ['新']]);
    const drafts = ok(
      await post<ListResult<ConsolePracticeThesisDto>>('/console/practice/list', { status: 'draft' }, admin),
    );
    assert.ok(drafts.list.some((one) => one.id === empty.id));
  });
});
