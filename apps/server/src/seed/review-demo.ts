import { randomUUID } from 'node:crypto';
import {
  type AnnotationCategory,
  Role,
  STAGE_LABELS,
  STAGES,
  type Stage,
  type SubmissionStatus,
} from '@zikao/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { SessionUser } from '../shared/request-context.ts';
import type { FileStorage } from '../shared/storage/storage.ts';
import type { SubmissionService } from '../workflow/submission/submission.service.ts';
import { storeDemoPdf } from './demo-files.ts';
import { createPdfMaker, type DemoThesis } from './review-pdf.ts';
import {
  DEMO_TITLES,
  demoTextCharacters,
  RESUBMITTED_DRAFT,
  REVIEW_COMMENTS,
  STUDENT_NAMES,
  sectionsOf,
  thesisBodyFor,
  topicFieldsFor,
} from './review-text.ts';

interface Deps {
  db: Kysely<Database>;
  storage: FileStorage;
  submissions: SubmissionService;
}

/** Statuses seeded per stage: several candidates in each, as the reviewer's lists show them. */
const PLAN: Record<Stage, SubmissionStatus[]> = {
  topic: ['unassigned', 'assigned', 'assigned', 'reviewing', 'returned', 'passed', 'failed'],
  plan: ['unassigned', 'assigned', 'assigned', 'reviewing', 'returned', 'passed', 'failed'],
  // Two unassigned: the demo's 评阅 link gives the second to an external expert (review-link-demo.ts).
  draft: ['unassigned', 'unassigned', 'assigned', 'assigned', 'reviewing', 'returned', 'passed', 'failed'],
  final: ['unassigned', 'assigned', 'assigned', 'reviewing', 'passed', 'passed', 'failed'],
  retest: ['unassigned', 'assigned', 'reviewing', 'passed', 'failed'],
};

const RUBRIC = [
  { key: 'topic', label: '选题意义', weight: 20, max: 20 },
  { key: 'content', label: '内容与论证', weight: 50, max: 50 },
  { key: 'format', label: '写作规范', weight: 30, max: 30 },
];

/**
 * The review workflow's demo data on a fresh database: candidates in every stage and status for
 * the demo reviewer, real multi-page Chinese PDFs, a blind-review batch and one draft that was
 * returned and resubmitted, whose annotations are carried over when the reviewer opens it. The
 * PDFs are stored as queued documents: the document service prepares them in the background.
 */
export async function seedReviewDemo({ db, storage, submissions }: Deps): Promise<void> {
  const account = (phone: string) =>
    db.selectFrom('users').selectAll().where('account', '=', phone).executeTakeFirstOrThrow();
  const demoStudent = await account('13800000001');
  const reviewer = await account('13800000003');
  const admin = await account('13800000004');
  const now = Date.now();
  const batch = await db.selectFrom('batches').selectAll().orderBy('id').executeTakeFirstOrThrow();
  await db
    .updateTable('batches')
    .set({ rules_json: JSON.stringify({ ...JSON.parse(batch.rules_json), rubric: RUBRIC }) })
    .where('id', '=', batch.id)
    .execute();
  const blindBatch = await db
    .insertInto('batches')
    .values({
      name: '2026年上半年（盲审）',
      status: 'open',
      rules_json: JSON.stringify({ blindReview: true, rubric: RUBRIC }),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // One font subset for every PDF: each thesis's own text, and the cover subtitles.
  const makePdf = await createPdfMaker(
    `${demoTextCharacters()}${Object.values(STAGE_LABELS).join('')}自学考试毕业论文 · （修改稿）`,
  );
  const storePdf = async (ownerId: number, name: string, thesis: DemoThesis): Promise<number> =>
    storeDemoPdf({ db, storage }, ownerId, name, await makePdf(thesis));

  // Each thesis reads like its title: its own chapters and references, whatever the stage.
  const thesisText = (title: string, stage: Stage): DemoThesis => ({
    title,
    subtitle: `自学考试毕业论文 · ${STAGE_LABELS[stage]}`,
    sections: thesisBodyFor(title),
  });

  let sequence = 0;
  const newStudent = async () => {
    sequence++;
    const row = await db
      .insertInto('users')
      .values({
        account: `1390000${String(sequence).padStart(4, '0')}`,
        name: STUDENT_NAMES[sequence % STUDENT_NAMES.length] as string,
        role: Role.student,
        password_hash: demoStudent.password_hash,
        must_change_password: 0,
        disabled: 0,
        failed_logins: 0,
        locked_until: 0,
        school_name: demoStudent.school_name,
        school_logo: '',
        head_url: '',
        major_name: demoStudent.major_name,
        majors_json: demoStudent.majors_json,
        apply_exam_level: demoStudent.apply_exam_level,
        exam_committee_name: demoStudent.exam_committee_name,
        exam_number: `03012420${String(sequence).padStart(4, '0')}`,
        platform: 'student',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  const insertThesis = async (batchId: number, studentId: number, title: string) =>
    (
      await db
        .insertInto('theses')
        .values({
          batch_id: batchId,
          student_id: studentId,
          major_name: '汉语言文学',
          title,
          advisor: '刘建华',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  /** Moves a fresh submission to its status, with the review and the audit rows a real flow leaves. */
  const settle = async (id: number, stage: Stage, status: SubmissionStatus, index: number) => {
    if (status === 'unassigned') return;
    const scored = stage === 'final' || stage === 'retest';
    await db.updateTable('submissions').set({ status, reviewer_id: reviewer.id }).where('id', '=', id).execute();
    const audit = (action: string, actorId: number, from: SubmissionStatus, to: SubmissionStatus) => ({
      actor_id: actorId,
      action,
      entity: 'submission',
      entity_id: id,
      from_status: from,
      to_status: to,
      reason: '',
      detail_json: '{}',
      created_at: now,
    });
    const rows = [audit('assign', admin.id, 'unassigned', 'assigned')];
    if (status !== 'assigned') rows.push(audit('open', reviewer.id, 'assigned', 'reviewing'));
    if (status === 'reviewing' || status === 'assigned') {
      await db.insertInto('audit_log').values(rows).execute();
      if (status === 'reviewing') {
        await db
          .insertInto('reviews')
          .values({
            submission_id: id,
            version_no: 1,
            reviewer_id: reviewer.id,
            verdict: null,
            score: null,
            rubric_json: '{}',
            comment: '（草稿）论文结构基本完整，',
            plagiarism_rate: null,
            time_spent_ms: 12 * 60_000,
            state: 'draft',
            submitted_at: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      return;
    }
    rows.push(audit('submit', reviewer.id, 'reviewing', status));
    await db.insertInto('audit_log').values(rows).execute();
    const verdict =
      status === 'passed' || status === 'awaiting_check' ? 'pass' : status === 'failed' ? 'fail' : 'revise';
    const score = scored ? (verdict === 'pass' ? [88, 76, 93][index % 3] : 52) : null;
    await db
      .insertInto('reviews')
      .values({
        submission_id: id,
        version_no: 1,
        reviewer_id: reviewer.id,
        verdict,
        score: score ?? null,
        rubric_json: '{}',
        comment: REVIEW_COMMENTS[verdict],
        plagiarism_rate: stage === 'final' ? 12.5 + index : null,
        time_spent_ms: 35 * 60_000,
        state: 'submitted',
        submitted_at: now - index * 3_600_000,
        created_at: now,
        updated_at: now,
      })
      .execute();
  };

  // First, so that its documents are the first the document service prepares.
  await seedResubmittedDraft({
    db,
    submissions,
    storePdf,
    reviewerId: reviewer.id,
    studentId: demoStudent.id,
    batchId: batch.id,
    insertThesis,
    settle,
  });
  let titleIndex = 0;
  for (const stage of STAGES) {
    const statuses = PLAN[stage];
    for (const [index, status] of statuses.entries()) {
      const title = DEMO_TITLES[titleIndex++ % DEMO_TITLES.length] as string;
      const studentId = await newStudent();
      const batchId = index === 2 ? blindBatch.id : batch.id;
      const thesisId = await insertThesis(batchId, studentId, title);
      if (stage !== 'topic') {
        // The topic was passed earlier: it shows in the reviewer's history.
        const topicId = await submissions.createSubmission(studentId, thesisId, 'topic', {
          structured: topicFieldsFor(title),
        });
        await settle(topicId, 'topic', 'passed', index);
      }
      const documentId =
        stage === 'topic' ? null : await storePdf(studentId, `${STAGE_LABELS[stage]}.pdf`, thesisText(title, stage));
      const id = await submissions.createSubmission(studentId, thesisId, stage, {
        documentId,
        structured: stage === 'topic' ? topicFieldsFor(title) : null,
        plagiarismRate: stage === 'final' ? 8 + index * 4 : null,
      });
      await settle(id, stage, status, index);
    }
  }

  // A final in a batch that requires the admin check, waiting for it (待复核): the 复核 link's demo.
  const checkBatch = await db
    .insertInto('batches')
    .values({
      name: '2026年下半年（需复核）',
      status: 'open',
      rules_json: JSON.stringify({ adminCheck: true, rubric: RUBRIC }),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const title = DEMO_TITLES[titleIndex++ % DEMO_TITLES.length] as string;
  const studentId = await newStudent();
  const thesisId = await insertThesis(checkBatch.id, studentId, title);
  const topicId = await submissions.createSubmission(studentId, thesisId, 'topic', {
    structured: topicFieldsFor(title),
  });
  await settle(topicId, 'topic', 'passed', 0);
  const finalId = await submissions.createSubmission(studentId, thesisId, 'final', {
    documentId: await storePdf(studentId, `${STAGE_LABELS.final}.pdf`, thesisText(title, 'final')),
    plagiarismRate: 9,
  });
  await settle(finalId, 'final', 'awaiting_check', 0);
}

/**
 * 李同学's draft: returned with three annotations, then resubmitted as a revision that keeps the
 * first annotated passage, rewords the second and drops the third (see resubmitted-draft.ts).
 */
async function seedResubmittedDraft(deps: {
  db: Kysely<Database>;
  submissions: SubmissionService;
  storePdf: (ownerId: number, name: string, thesis: DemoThesis) => Promise<number>;
  reviewerId: number;
  studentId: number;
  batchId: number;
  insertThesis: (batchId: number, studentId: number, title: string) => Promise<number>;
  settle: (id: number, stage: Stage, status: SubmissionStatus, index: number) => Promise<void>;
}): Promise<void> {
  const { db, submissions } = deps;
  const { first: firstBody, second: secondBody } = RESUBMITTED_DRAFT;
  const title = firstBody.title;
  const first: DemoThesis = { title, subtitle: '自学考试毕业论文 · 论文初稿', sections: sectionsOf(firstBody) };
  const second: DemoThesis = {
    title,
    subtitle: '自学考试毕业论文 · 论文初稿（修改稿）',
    sections: sectionsOf(secondBody),
  };
  const [s1, s2, s3] = first.sections as [
    DemoThesis['sections'][number],
    DemoThesis['sections'][number],
    DemoThesis['sections'][number],
  ];
  const thesisId = await deps.insertThesis(deps.batchId, deps.studentId, title);
  // The draft comes after a passed topic, as the candidate's stage order requires.
  const topicId = await submissions.createSubmission(deps.studentId, thesisId, 'topic', {
    structured: topicFieldsFor(title),
  });
  await deps.settle(topicId, 'topic', 'passed', 0);
  const v1 = await deps.storePdf(deps.studentId, '论文初稿.pdf', first);
  const id = await submissions.createSubmission(deps.studentId, thesisId, 'draft', { documentId: v1 });
  await deps.settle(id, 'draft', 'returned', 0);
  // As the workspace makes them: the quote with the text before it (here the chapter heading that
  // opens the page) and after it, so that re-anchoring has the context a real selection carries.
  const quote = (heading: string, paragraph: string) => ({
    prefix: `${heading}\n`,
    exact: [...paragraph].slice(0, 12).join(''),
    suffix: [...paragraph].slice(12, 32).join(''),
  });
  const points: Array<{ page: number; heading: string; text: string; comment: string; category: AnnotationCategory }> =
    [
      {
        page: 1,
        heading: s1.heading,
        text: s1.paragraphs[0] ?? '',
        comment: '开篇论点明确，但需要补充研究现状的文献依据。',
        category: 'content',
      },
      {
        page: 2,
        heading: s2.heading,
        text: s2.paragraphs[0] ?? '',
        comment: '此处表述过于绝对，请补充数据支撑。',
        category: 'language',
      },
      {
        page: 3,
        heading: s3.heading,
        text: s3.paragraphs[0] ?? '',
        comment: '本段与主题关系不大，建议删除或改写。',
        category: 'structure',
      },
    ];
  const now = Date.now();
  await db
    .insertInto('annotations')
    .values(
      points.map((point) => {
        const { prefix, exact, suffix } = quote(point.heading, point.text);
        return {
          id: randomUUID(),
          document_id: v1,
          author_id: deps.reviewerId,
          kind: 'highlight',
          category: point.category,
          severity: 'major',
          comment: point.comment,
          stamp: null,
          page_index: point.page,
          selectors_json: JSON.stringify([
            { type: 'TextQuoteSelector', exact, prefix, suffix },
            { type: 'PageSelector', index: point.page },
          ]),
          revision: 1,
          deleted: 0,
          created_at: now,
          updated_at: now,
        };
      }),
    )
    .execute();
  const v2 = await deps.storePdf(deps.studentId, '论文初稿（修改稿）.pdf', second);
  const student = { id: deps.studentId, role: Role.student } as SessionUser;
  await submissions.resubmit(student, id, { documentId: v2 });
}
