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
        demo: 1,
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

/** Where the demo PDF sets a section page's first body line (review-pdf.ts), in points from the top-left. */
const FIRST_LINE = { baseline: 116, left: 88, em: 12 };
const PAGE = { width: 595, height: 842 };

/**
 * The marks of issue 24 on 李同学's returned draft, as a reviewer with a red pen makes them, over
 * the words where the demo PDF sets them (the first line of a chapter's first paragraph, whose
 * characters are all full-width: character k starts at 88 + 12k points): an underline, a
 * strike-out, a replacement (修改建议), an insertion (插入建议), an ellipse round a word, an arrow
 * from the margin to a phrase, a bar down the margin and a pen tick. Carried onto the revision,
 * they show each carry-over rule: found, orphaned with the deleted text, and 需核对 for the marks
 * with no text under them.
 */
function markupDemo(thesis: DemoThesis, documentId: number, reviewerId: number, now: number) {
  const [intro, sources, , norms, conclusion] = thesis.sections as Array<DemoThesis['sections'][number]>;
  const page = (section: DemoThesis['sections'][number] | undefined) => thesis.sections.indexOf(section as never) + 1;
  /** A quote in the first line of a section's first paragraph: its selectors and its place on the line. */
  const words = (section: DemoThesis['sections'][number] | undefined, exact: string) => {
    const paragraph = section?.paragraphs[0] ?? '';
    const at = paragraph.indexOf(exact);
    if (at < 0 || at + exact.length > 36) throw new Error(`review demo: ${exact} is not on the first line`);
    const index = page(section);
    const before = `${section?.heading ?? ''}\n${paragraph.slice(0, at)}`;
    return {
      page: index,
      left: FIRST_LINE.left + FIRST_LINE.em * at,
      right: FIRST_LINE.left + FIRST_LINE.em * (at + exact.length),
      selectors: [
        {
          type: 'TextQuoteSelector',
          exact,
          prefix: [...before].slice(-32).join(''),
          suffix: paragraph.slice(at + exact.length, at + exact.length + 20),
        },
        { type: 'PageSelector', index },
      ],
    };
  };
  /** A drawn mark from points on the page (points from the top-left): strokes as fractions, its box as viewrect. */
  const drawn = (pageIndex: number, points: number[][][], width: number, color = '#cf1322') => {
    const all = points.flat();
    const xs = all.map((p) => p[0] as number);
    const ys = all.map((p) => p[1] as number);
    const [x0, y0] = [Math.min(...xs) - width, Math.min(...ys) - width];
    const [x1, y1] = [Math.max(...xs) + width, Math.max(...ys) + width];
    const fraction = (value: number, size: number) => Math.round((value / size) * 10_000) / 10_000;
    return {
      shape_json: JSON.stringify({
        color,
        width,
        strokes: points.map((stroke) =>
          stroke.map(([x = 0, y = 0, ...pressure]) => [fraction(x, PAGE.width), fraction(y, PAGE.height), ...pressure]),
        ),
      }),
      fragment: {
        type: 'FragmentSelector',
        conformsTo: 'http://tools.ietf.org/rfc/rfc3778',
        value: `page=${pageIndex + 1}&viewrect=${[x0, y0, x1 - x0, y1 - y0].map((n) => Math.round(n * 100) / 100).join(',')}`,
      },
    };
  };
  const top = FIRST_LINE.baseline - 11;
  const bottom = FIRST_LINE.baseline + 3;
  const underline = words(intro, '获取信息和交流思想的重要场所');
  const strike = words(conclusion, '综上所述，');
  const replace = words(norms, '一概排斥');
  const insert = words(norms, '坚持引导');
  const circled = words(sources, '全部');
  const pointed = words(norms, '放任自流');
  const ellipse = drawn(
    circled.page,
    [
      [
        [circled.left - 6, top - 5],
        [circled.right + 6, bottom + 5],
      ],
    ],
    1.5,
  );
  const arrow = drawn(
    pointed.page,
    [
      [
        [545, 182],
        [(pointed.left + pointed.right) / 2, bottom + 4],
      ],
    ],
    1.5,
  );
  const bar = drawn(
    page(norms),
    [
      [
        [54, top - 2],
        [54, FIRST_LINE.baseline + 2 * 21.6 + 3],
      ],
    ],
    2,
    '#1677ff',
  );
  const tick = drawn(
    underline.page,
    [
      [
        [538, 108, 0.35],
        [543, 114, 0.55],
        [547, 119, 0.7],
        [553, 108, 0.65],
        [560, 97, 0.5],
        [566, 90, 0.3],
      ],
    ],
    2,
  );
  const row = (
    kind: string,
    category: AnnotationCategory,
    comment: string,
    pageIndex: number,
    selectors: unknown[],
    extra: { suggestion?: string; shape_json?: string } = {},
  ) => ({
    id: randomUUID(),
    document_id: documentId,
    author_id: reviewerId,
    kind: kind as 'highlight',
    category,
    severity: 'minor' as const,
    comment,
    stamp: null,
    page_index: pageIndex,
    selectors_json: JSON.stringify(selectors),
    suggestion: extra.suggestion ?? null,
    shape_json: extra.shape_json ?? null,
    revision: 1,
    deleted: 0,
    created_at: now,
    updated_at: now,
  });
  return [
    row('underline', 'content', '这句概括得好，可作为全文的立论起点。', underline.page, underline.selectors),
    row('strikeout', 'language', '结论章开头的套话可删去。', strike.page, strike.selectors),
    row('replace', 'language', '语气偏口语，学术表达宜更客观。', replace.page, replace.selectors, {
      suggestion: '全盘否定',
    }),
    row('insert', 'structure', '补上“规范”，与本章标题呼应。', insert.page, insert.selectors, { suggestion: '、规范' }),
    row('ellipse', 'content', '“全部”过于绝对。', circled.page, [circled.selectors[0], ellipse.fragment], {
      shape_json: ellipse.shape_json,
    }),
    row(
      'arrow',
      'content',
      '“放任自流”与“包容”的界限需要界定。',
      pointed.page,
      [pointed.selectors[0], arrow.fragment],
      {
        shape_json: arrow.shape_json,
      },
    ),
    row('line', 'structure', '本段论述较空泛，建议结合调查数据。', page(norms), [bar.fragment], {
      shape_json: bar.shape_json,
    }),
    row('pen', 'other', '', underline.page, [tick.fragment], { shape_json: tick.shape_json }),
  ];
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
  await db
    .insertInto('annotations')
    .values(markupDemo(first, v1, deps.reviewerId, now))
    .execute();
  const v2 = await deps.storePdf(deps.studentId, '论文初稿（修改稿）.pdf', second);
  const student = { id: deps.studentId, role: Role.student } as SessionUser;
  await submissions.resubmit(student, id, { documentId: v2 });
}
