import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { type AnnotationDto, type DocumentText, ErrorCode, Role } from '@zikao/contract';
import type { AssignmentOptions, AutoAssignPreview } from '@zikao/contract/assignment';
import { buildBatch, buildDocument, buildSubmission, buildUser } from '../../test/factories.ts';
import { multiPagePdf } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const COMMENT = '论文结构清晰，论证较为充分，'.repeat(4);

describe('assignment by the admin', () => {
  let app: TestApp;
  let admin: string;
  before(async () => {
    app = await createTestApp();
    admin = await app.login('13800000004');
  });
  after(() => app.close());

  /** A reviewer (role 3) who reviews exactly these majors. */
  async function reviewerOf(majors: string[], name?: string) {
    const user = await buildUser(app, { role: Role.reviewer, ...(name ? { name } : {}) });
    await app.database.db
      .updateTable('users')
      .set({ major_name: '', majors_json: JSON.stringify(majors.map((majorName) => ({ majorCode: '', majorName }))) })
      .where('id', '=', user.id)
      .execute();
    return { ...user, token: await app.login(user.account) };
  }
  const statusOf = async (id: number) => {
    const row = await app.database.db
      .selectFrom('submissions')
      .select(['status', 'reviewer_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { status: row.status, reviewer_id: row.reviewer_id };
  };
  const auditCount = async () =>
    Number(
      (
        await app.database.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const preview = (body: Record<string, unknown>) =>
    app.post<AutoAssignPreview>('/api/v1/assignment/auto/preview', body, { token: admin });

  it('previews a balanced plan by major without writing, then applies it and audits every assignment', async () => {
    const batchId = await buildBatch(app);
    const law = '法学（自动分配）';
    const accounting = '会计学（自动分配）';
    const a = await reviewerOf([law]);
    const b = await reviewerOf([law, accounting]);
    const c = await reviewerOf([accounting]);
    const built = [
      ...(await Promise.all(Array.from({ length: 6 }, () => buildSubmission(app, { batchId, majorName: law })))),
      ...(await Promise.all(Array.from({ length: 4 }, () => buildSubmission(app, { batchId, majorName: accounting })))),
    ];
    const majorOf = new Map(built.map((s, i) => [s.id, i < 6 ? law : accounting]));
    const before = await auditCount();

    const planned = await preview({ batchId });
    assert.equal(planned.body.errorCode, 0, planned.body.errorMsg);
    const plan = planned.body.data;
    assert.equal(plan.items.length, 10);
    assert.equal(plan.assignable, 10);
    const majorsOf = new Map([
      [a.id, [law]],
      [b.id, [law, accounting]],
      [c.id, [accounting]],
    ]);
    for (const item of plan.items) {
      assert.ok(item.reviewerId !== null, item.reason);
      assert.ok(majorsOf.get(item.reviewerId)?.includes(majorOf.get(item.submissionId) ?? ''), 'major respected');
    }
    const loads = plan.reviewers.filter((r) => majorsOf.has(r.id)).map((r) => r.loadAfter);
    assert.equal(loads.length, 3);
    assert.ok(Math.max(...loads) - Math.min(...loads) <= 1, JSON.stringify(plan.reviewers));
    assert.equal(
      loads.reduce((x, y) => x + y, 0),
      10,
    );

    // The preview wrote nothing.
    assert.equal(await auditCount(), before);
    for (const s of built) assert.equal((await statusOf(s.id)).status, 'unassigned');

    const assignments = plan.items.map((item) => ({ submissionId: item.submissionId, reviewerId: item.reviewerId }));
    const applied = await app.post('/api/v1/assignment/auto/apply', { assignments }, { token: admin });
    assert.equal(applied.body.errorCode, 0, applied.body.errorMsg);
    for (const item of plan.items) {
      assert.deepEqual(await statusOf(item.submissionId), { status: 'assigned', reviewer_id: item.reviewerId });
    }
    const rows = await app.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'assign')
      .where(
        'entity_id',
        'in',
        built.map((s) => s.id),
      )
      .execute();
    assert.equal(rows.length, 10);
    assert.ok(rows.every((row) => JSON.parse(row.detail_json).auto === true));

    // The loads now show in the options, and the same plan cannot be applied twice.
    const options = await app.post<AssignmentOptions>('/api/v1/assignment/options', {}, { token: admin });
    const shown = options.body.data.reviewers.filter((r) => majorsOf.has(r.id));
    assert.deepEqual(shown.map((r) => r.load).sort(), [...loads].sort());
    assert.deepEqual(shown.find((r) => r.id === b.id)?.majors, [law, accounting]);
    assert.ok(options.body.data.majors.includes(law));
    assert.ok(options.body.data.batches.some((batch) => batch.id === batchId));
    const again = await app.post('/api/v1/assignment/auto/apply', { assignments }, { token: admin });
    assert.equal(again.body.errorCode, ErrorCode.conflict);
  });

  it('leaves a submission nobody reviews unassigned, with the reason, and refuses a pair of the wrong major', async () => {
    const batchId = await buildBatch(app);
    const orphan = await buildSubmission(app, { batchId, majorName: '无人评阅的专业' });
    const matched = await buildSubmission(app, { batchId, majorName: '历史学（自动分配）' });
    const historian = await reviewerOf(['历史学（自动分配）']);
    const planned = await preview({ batchId });
    const items = new Map(planned.body.data.items.map((item) => [item.submissionId, item]));
    assert.equal(items.get(orphan.id)?.reviewerId, null);
    assert.match(items.get(orphan.id)?.reason ?? '', /无人评阅的专业/);
    assert.equal(items.get(matched.id)?.reviewerId, historian.id);
    assert.equal(planned.body.data.unassignable, 1);

    const wrong = await app.post(
      '/api/v1/assignment/auto/apply',
      { assignments: [{ submissionId: orphan.id, reviewerId: historian.id }] },
      { token: admin },
    );
    assert.equal(wrong.body.errorCode, ErrorCode.invalidInput);
    assert.equal((await statusOf(orphan.id)).status, 'unassigned');

    // Only the chosen submissions and reviewers take part when named.
    const narrowed = await preview({ submissionIds: [matched.id], reviewerIds: [historian.id] });
    assert.deepEqual(
      narrowed.body.data.items.map((item) => item.submissionId),
      [matched.id],
    );
    assert.deepEqual(
      narrowed.body.data.reviewers.map((r) => r.id),
      [historian.id],
    );
  });

  it('assigns a bulk selection to one reviewer by hand, all or none', async () => {
    const batchId = await buildBatch(app);
    const reviewer = await reviewerOf(['法学']);
    const three = await Promise.all([1, 2, 3].map(() => buildSubmission(app, { batchId })));
    const passed = await buildSubmission(app, { batchId, status: 'passed', reviewerId: reviewer.id });
    const mixed = await app.post(
      '/api/v1/assignment/assign',
      { submissionIds: [...three.map((s) => s.id), passed.id], reviewerId: reviewer.id },
      { token: admin },
    );
    assert.equal(mixed.body.errorCode, ErrorCode.conflict, 'a submitted review cannot be reassigned');
    for (const s of three) assert.equal((await statusOf(s.id)).status, 'unassigned');

    const bulk = await app.post(
      '/api/v1/assignment/assign',
      { submissionIds: three.map((s) => s.id), reviewerId: reviewer.id },
      { token: admin },
    );
    assert.equal(bulk.body.errorCode, 0, bulk.body.errorMsg);
    assert.deepEqual(bulk.body.data, { assigned: 3 });
    for (const s of three) assert.deepEqual(await statusOf(s.id), { status: 'assigned', reviewer_id: reviewer.id });
    const options = await app.post<AssignmentOptions>('/api/v1/assignment/options', {}, { token: admin });
    assert.equal(options.body.data.reviewers.find((r) => r.id === reviewer.id)?.load, 3);
  });

  it('reassigns a submission in review: its annotations stay and move to the new reviewer; the old one loses access', async () => {
    const first = await reviewerOf(['汉语言文学'], '原评阅教师');
    const second = await reviewerOf(['汉语言文学'], '新评阅教师');
    const candidate = await buildUser(app, { role: Role.student, examNumber: '030177770001' });
    const student = await app.login(candidate.account, undefined, 'student');
    const documentId = await buildDocument(app, student, multiPagePdf(['The research method is sound']));
    const built = await buildSubmission(app, {
      batchId: await buildBatch(app),
      status: 'assigned',
      reviewerId: first.id,
      studentId: candidate.id,
      documentId,
    });
    const opened = await app.post(
      '/api/v1/submission/detail',
      { submissionId: built.id, open: 1 },
      { token: first.token },
    );
    assert.equal(opened.body.errorCode, 0, opened.body.errorMsg);
    assert.equal((await statusOf(built.id)).status, 'reviewing');
    const text = await app.post<DocumentText>('/api/v1/document/text', { documentId }, { token: first.token });
    const pageText = text.body.data.pages[0]?.text ?? '';
    const exact = 'research method';
    const start = pageText.indexOf(exact);
    assert.ok(start >= 0, pageText);
    const annotation = {
      id: randomUUID(),
      kind: 'highlight',
      category: 'content',
      severity: 'major',
      comment: '研究方法需要说明样本来源',
      stamp: null,
      pageIndex: 0,
      selectors: [
        { type: 'TextQuoteSelector', exact, prefix: pageText.slice(0, start), suffix: pageText.slice(start + 15) },
        { type: 'TextPositionSelector', start, end: start + exact.length },
        { type: 'PageSelector', index: 0 },
      ],
    };
    const saved = await app.post(
      '/api/v1/annotation/save',
      { documentId, annotation, baseRevision: 0 },
      { token: first.token },
    );
    assert.equal(saved.body.errorCode, 0, saved.body.errorMsg);

    const reassigned = await app.post(
      '/api/v1/assignment/assign',
      { submissionIds: [built.id], reviewerId: second.id },
      { token: admin },
    );
    assert.equal(reassigned.body.errorCode, 0, reassigned.body.errorMsg);
    assert.deepEqual(await statusOf(built.id), { status: 'assigned', reviewer_id: second.id });

    const seen = await app.post<AnnotationDto[]>('/api/v1/annotation/list', { documentId }, { token: second.token });
    assert.equal(seen.body.errorCode, 0, seen.body.errorMsg);
    assert.deepEqual(
      seen.body.data.map((a) => [a.id, a.comment]),
      [[annotation.id, '研究方法需要说明样本来源']],
    );
    for (const [url, body] of [
      ['/api/v1/annotation/list', { documentId }],
      ['/api/v1/document/text', { documentId }],
      ['/api/v1/submission/detail', { submissionId: built.id }],
    ] as const) {
      const refused = await app.post(url, body, { token: first.token });
      assert.equal(refused.body.errorCode, ErrorCode.forbidden, `${url} ${refused.body.errorMsg}`);
    }
    const trail = await app.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'submission')
      .where('entity_id', '=', built.id)
      .where('action', '=', 'assign')
      .executeTakeFirstOrThrow();
    assert.equal(trail.from_status, 'reviewing');
    assert.deepEqual(
      (({ reviewerId, previousReviewerId, previousReviewerName, annotationsKept }) => ({
        reviewerId,
        previousReviewerId,
        previousReviewerName,
        annotationsKept,
      }))(JSON.parse(trail.detail_json)),
      { reviewerId: second.id, previousReviewerId: first.id, previousReviewerName: '原评阅教师', annotationsKept: 1 },
    );
  });

  it('reopens a submitted review only with a reason of at least 5 characters, and audits the reason', async () => {
    const reviewer = await reviewerOf(['汉语言文学']);
    const built = await buildSubmission(app, {
      batchId: await buildBatch(app),
      status: 'passed',
      reviewerId: reviewer.id,
    });
    for (const reason of ['', '   ', '改一下']) {
      const refused = await app.post('/api/v1/review/reopen', { submissionId: built.id, reason }, { token: admin });
      assert.equal(refused.body.errorCode, ErrorCode.invalidInput, reason);
      assert.match(refused.body.errorMsg, /原因/);
    }
    assert.equal((await statusOf(built.id)).status, 'passed');
    const reopened = await app.post(
      '/api/v1/review/reopen',
      { submissionId: built.id, reason: '  评语与成绩不符，请复查  ' },
      { token: admin },
    );
    assert.equal(reopened.body.errorCode, 0, reopened.body.errorMsg);
    const row = await app.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', built.id)
      .where('action', '=', 'reopen')
      .executeTakeFirstOrThrow();
    assert.equal(row.reason, '评语与成绩不符，请复查');
    assert.equal(row.from_status, 'passed');
    assert.equal(row.to_status, 'reviewing');
    // The reviewer can then change and submit the review again.
    const again = await app.post(
      '/api/v1/review/submit',
      { submissionId: built.id, versionNo: 1, verdict: 'fail', comment: COMMENT },
      { token: reviewer.token },
    );
    assert.equal(again.body.errorCode, 0, again.body.errorMsg);
  });

  it('refuses every assignment call to roles 1–3 (1030003)', async () => {
    const batchId = await buildBatch(app);
    const reviewer = await reviewerOf(['汉语言文学']);
    const built = await buildSubmission(app, { batchId, status: 'passed', reviewerId: reviewer.id });
    const free = await buildSubmission(app, { batchId });
    const calls: Array<[string, Record<string, unknown>]> = [
      ['/api/v1/assignment/options', {}],
      ['/api/v1/assignment/auto/preview', { batchId }],
      ['/api/v1/assignment/auto/apply', { assignments: [{ submissionId: free.id, reviewerId: reviewer.id }] }],
      ['/api/v1/assignment/assign', { submissionIds: [free.id], reviewerId: reviewer.id }],
      ['/api/v1/review/reopen', { submissionId: built.id, reason: '越权重新开放评阅' }],
    ];
    const student = await buildUser(app, { role: Role.student, examNumber: '030177770002' });
    const teacher = await buildUser(app, { role: Role.teacher });
    const tokens = [
      await app.login(student.account, undefined, 'student'),
      await app.login(teacher.account),
      reviewer.token,
    ];
    for (const token of tokens) {
      for (const [url, body] of calls) {
        const response = await app.post(url, body, { token });
        assert.equal(response.body.errorCode, ErrorCode.forbidden, `${url} ${response.body.errorMsg}`);
      }
    }
    assert.equal((await statusOf(free.id)).status, 'unassigned');
    assert.equal((await statusOf(built.id)).status, 'passed');
  });
});
