import { Role, STAGE_LABELS, type Stage, type SubmissionStatus } from '@zikao/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { FileStorage } from '../shared/storage/storage.ts';
import type { SubmissionService } from '../workflow/submission/submission.service.ts';
import { storeDemoPdf } from './demo-files.ts';
import { createPdfMaker, type DemoThesis } from './review-pdf.ts';
import { demoTextCharacters, REVIEW_COMMENTS, thesisBodyFor, topicFieldsFor } from './review-text.ts';

const DAY = 86_400_000;

interface Deps {
  db: Kysely<Database>;
  storage: FileStorage;
  submissions: SubmissionService;
}

/** What the reopen in the demo says: the reason an admin hands a review back with. */
export const DEMO_REOPEN_REASON =
  '评语指出论证不足、文献陈旧，但成绩给了 92 分（优秀），分数与评语不一致，请复核后重新评定。';

/**
 * One waiting review of the demo, in the demo batch, for the demo reviewer: what it is and how
 * long ago things happened to it (days).
 */
interface WaitingReview {
  account: string;
  name: string;
  examNumber: string;
  title: string;
  stage: Stage;
  status: SubmissionStatus;
  submitted: number;
  assigned: number;
  opened?: number;
  /** A submitted review an admin handed back: when each happened. */
  reopen?: { reviewed: number; reopened: number };
}

/**
 * The homes' demo (issue 21 §3). The review demo makes every submission "now", so the reviewer's
 * home would show a queue that has waited no time, nothing overdue and nothing reopened. Three
 * more candidates of the demo batch, each waiting for 陈评阅, fill that in: a draft assigned 18
 * days ago (overdue for the admin too), a plan in review for 9 days, and a final whose submitted
 * review the admin handed back yesterday with a reason. The demo batch gets stage windows, all
 * open now, so the candidate's next step has a deadline. The other demo data is left as it is.
 */
export async function seedHomeDemo({ db, storage, submissions }: Deps): Promise<void> {
  const account = (phone: string) =>
    db.selectFrom('users').selectAll().where('account', '=', phone).executeTakeFirstOrThrow();
  const demoStudent = await account('13800000001');
  const reviewer = await account('13800000003');
  const admin = await account('13800000004');
  const batch = await db.selectFrom('batches').select(['id', 'rules_json']).orderBy('id').executeTakeFirstOrThrow();
  const now = Date.now();
  const at = (days: number) => now - days * DAY;
  // The demo batch's stage windows: every stage open now, each closing later than the one before,
  // so a candidate's home has a deadline to show and nothing the demo does is refused.
  const window = (opened: number, closes: number) => ({ start: at(opened), end: at(-closes) });
  await db
    .updateTable('batches')
    .set({
      rules_json: JSON.stringify({
        ...JSON.parse(batch.rules_json),
        windows: {
          topic: window(60, 30),
          plan: window(60, 40),
          draft: window(45, 50),
          final: window(30, 75),
          retest: window(20, 90),
        },
      }),
    })
    .where('id', '=', batch.id)
    .execute();

  const waiting: WaitingReview[] = [
    {
      account: '13900009001',
      name: '周文博',
      examNumber: '030124290001',
      title: '网络直播带货话语的语用策略研究',
      stage: 'draft',
      status: 'assigned',
      submitted: 19,
      assigned: 18,
    },
    {
      account: '13900009002',
      name: '吴佳怡',
      examNumber: '030124290002',
      title: '乡镇政府公文写作常见问题与对策',
      stage: 'plan',
      status: 'reviewing',
      submitted: 10,
      assigned: 9,
      opened: 8,
    },
    {
      account: '13900009003',
      name: '郑浩然',
      examNumber: '030124290003',
      title: '贾平凹小说中的商州乡土世界',
      stage: 'final',
      status: 'reviewing',
      submitted: 12,
      assigned: 11,
      opened: 10,
      reopen: { reviewed: 6, reopened: 1 },
    },
  ];

  const makePdf = await createPdfMaker(
    [...waiting.map((item) => item.title), demoTextCharacters()].join('') +
      Object.values(STAGE_LABELS).join('') +
      '自学考试毕业论文',
  );
  const storePdf = async (ownerId: number, name: string, thesis: DemoThesis): Promise<number> =>
    storeDemoPdf({ db, storage }, ownerId, name, await makePdf(thesis));

  const audit = (
    submissionId: number,
    action: string,
    actorId: number,
    from: SubmissionStatus,
    to: SubmissionStatus,
    createdAt: number,
    reason = '',
  ) => ({
    actor_id: actorId,
    action,
    entity: 'submission',
    entity_id: submissionId,
    from_status: from,
    to_status: to,
    reason,
    detail_json: JSON.stringify({ versionNo: 1 }),
    created_at: createdAt,
  });

  for (const item of waiting) {
    const student = await db
      .insertInto('users')
      .values({
        account: item.account,
        name: item.name,
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
        exam_number: item.examNumber,
        platform: 'student',
        demo: 1,
        created_at: at(40),
        updated_at: at(40),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const thesis = await db
      .insertInto('theses')
      .values({
        batch_id: batch.id,
        student_id: student.id,
        major_name: demoStudent.major_name || '汉语言文学',
        title: item.title,
        advisor: '刘建华',
        created_at: at(40),
        updated_at: at(40),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    // The topic was passed a month ago, as the stage order asks.
    const topicId = await submissions.createSubmission(student.id, thesis.id, 'topic', {
      structured: topicFieldsFor(item.title),
    });
    await db
      .updateTable('submissions')
      .set({ status: 'passed', reviewer_id: reviewer.id, submitted_at: at(35), updated_at: at(30) })
      .where('id', '=', topicId)
      .execute();
    await db
      .insertInto('audit_log')
      .values([
        audit(topicId, 'assign', admin.id, 'unassigned', 'assigned', at(34)),
        audit(topicId, 'open', reviewer.id, 'assigned', 'reviewing', at(32)),
        audit(topicId, 'submit', reviewer.id, 'reviewing', 'passed', at(30)),
      ])
      .execute();
    await db
      .insertInto('reviews')
      .values({
        submission_id: topicId,
        version_no: 1,
        reviewer_id: reviewer.id,
        verdict: 'pass',
        score: null,
        rubric_json: '{}',
        comment: REVIEW_COMMENTS.pass,
        plagiarism_rate: null,
        time_spent_ms: 20 * 60_000,
        state: 'submitted',
        submitted_at: at(30),
        created_at: at(32),
        updated_at: at(30),
      })
      .execute();

    const documentId = await storePdf(student.id, `${STAGE_LABELS[item.stage]}.pdf`, {
      title: item.title,
      subtitle: `自学考试毕业论文 · ${STAGE_LABELS[item.stage]}`,
      sections: thesisBodyFor(item.title),
    });
    const id = await submissions.createSubmission(student.id, thesis.id, item.stage, {
      documentId,
      plagiarismRate: item.stage === 'final' ? 11 : null,
    });
    await db
      .updateTable('submissions')
      .set({
        status: item.status,
        reviewer_id: reviewer.id,
        submitted_at: at(item.submitted),
        created_at: at(item.submitted),
        updated_at: at(item.reopen?.reopened ?? item.opened ?? item.assigned),
      })
      .where('id', '=', id)
      .execute();
    await db
      .updateTable('audit_log')
      .set({ created_at: at(item.submitted) })
      .where('entity', '=', 'submission')
      .where('entity_id', '=', id)
      .execute();
    const trail = [audit(id, 'assign', admin.id, 'unassigned', 'assigned', at(item.assigned))];
    if (item.opened !== undefined) trail.push(audit(id, 'open', reviewer.id, 'assigned', 'reviewing', at(item.opened)));
    if (item.reopen) {
      trail.push(audit(id, 'submit', reviewer.id, 'reviewing', 'passed', at(item.reopen.reviewed)));
      trail.push(audit(id, 'reopen', admin.id, 'passed', 'reviewing', at(item.reopen.reopened), DEMO_REOPEN_REASON));
    }
    await db.insertInto('audit_log').values(trail).execute();
    if (item.status !== 'reviewing') continue;
    // In review: a draft (the plan's), or the reopened final's review, a draft again.
    await db
      .insertInto('reviews')
      .values({
        submission_id: id,
        version_no: 1,
        reviewer_id: reviewer.id,
        verdict: item.reopen ? 'pass' : null,
        score: item.reopen ? 92 : null,
        rubric_json: item.reopen ? JSON.stringify({ topic: 18, content: 46, format: 28 }) : '{}',
        comment: item.reopen
          ? '论文论证不够充分，所引文献多为十年以前的成果，对商州系列小说的分析停留在题材层面，需要进一步深入。'
          : '（草稿）计划思路清楚，研究方法需要进一步说明，',
        plagiarism_rate: item.reopen ? 11 : null,
        time_spent_ms: (item.reopen ? 48 : 15) * 60_000,
        state: 'draft',
        submitted_at: item.reopen ? at(item.reopen.reviewed) : null,
        created_at: at(item.opened ?? item.assigned),
        updated_at: at(item.reopen?.reopened ?? item.opened ?? item.assigned),
      })
      .execute();
  }
}
