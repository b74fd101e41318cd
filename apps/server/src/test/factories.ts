import { type BatchRules, Role, type Stage, type SubmissionStatus, type TopicFields } from '@zikao/contract';
import { hashPassword } from '../shared/passwords.ts';
import type { TestApp } from './test-app.ts';

let sequence = 0;
let cachedHash: { password: string; hash: Promise<string> } | undefined;

export interface BuiltUser {
  id: number;
  account: string;
  password: string;
}

/** Inserts a user; phones are unique per call. Password defaults to the demo one. */
export async function buildUser(
  app: TestApp,
  overrides: {
    role?: Role;
    account?: string;
    password?: string;
    mustChange?: boolean;
    disabled?: boolean;
    name?: string;
    examNumber?: string;
  } = {},
): Promise<BuiltUser> {
  sequence += 1;
  const password = overrides.password ?? 'Zikao@2026';
  if (cachedHash?.password !== password) cachedHash = { password, hash: hashPassword(password) };
  const account =
    overrides.account ?? `139${String(process.pid % 10000).padStart(4, '0')}${String(sequence).padStart(4, '0')}`;
  const now = Date.now();
  const row = await app.database.db
    .insertInto('users')
    .values({
      account,
      name: overrides.name ?? `测试用户${sequence}`,
      role: overrides.role ?? Role.teacher,
      password_hash: await cachedHash.hash,
      must_change_password: overrides.mustChange ? 1 : 0,
      disabled: overrides.disabled ? 1 : 0,
      failed_logins: 0,
      locked_until: 0,
      school_name: '测试学院',
      school_logo: '',
      head_url: '',
      major_name: '汉语言文学',
      majors_json: '[]',
      apply_exam_level: '',
      exam_committee_name: '',
      exam_number: overrides.examNumber ?? null,
      platform: overrides.role === Role.student ? 'student' : 'teacher',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, account, password };
}

/** Uploads a PDF as a review document for the token's user and waits until it is ready. */
export async function buildDocument(app: TestApp, token: string, pdf: Buffer, name = 'thesis.pdf'): Promise<number> {
  const form = new FormData();
  form.append('kind', 'document');
  form.append('file', new Blob([new Uint8Array(pdf)]), name);
  const response = await app.upload<{ documentId: number }>('/api/v1/upload', form, { token });
  if (response.body.errorCode !== 0) throw new Error(`upload failed: ${response.body.errorMsg}`);
  await app.documents.settled(response.body.data.documentId);
  return response.body.data.documentId;
}

/** Inserts a batch with these rules (defaults for the rest). */
export async function buildBatch(app: TestApp, rules: Partial<BatchRules> = {}, name?: string): Promise<number> {
  sequence += 1;
  const now = Date.now();
  const row = await app.database.db
    .insertInto('batches')
    .values({
      name: name ?? `测试批次${process.pid}-${sequence}`,
      status: 'open',
      rules_json: JSON.stringify(rules),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts a candidate's thesis in a batch; returns its id. */
export async function buildThesis(
  app: TestApp,
  thesis: { batchId: number; studentId: number; majorName: string; title: string; advisor: string },
): Promise<number> {
  const now = Date.now();
  const row = await app.database.db
    .insertInto('theses')
    .values({
      batch_id: thesis.batchId,
      student_id: thesis.studentId,
      major_name: thesis.majorName,
      title: thesis.title,
      advisor: thesis.advisor,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface BuiltSubmission {
  id: number;
  thesisId: number;
  studentId: number;
  studentName: string;
  examNumber: string;
  title: string;
}

const FINISHED_VERDICT: Partial<Record<SubmissionStatus, 'pass' | 'fail' | 'revise'>> = {
  returned: 'revise',
  passed: 'pass',
  failed: 'fail',
  awaiting_check: 'pass',
  checked: 'pass',
};

/**
 * A candidate's thesis with one submission of a stage, in the given status: version 1 through
 * the service, then the status, reviewer and (for finished statuses) a submitted review.
 */
export async function buildSubmission(
  app: TestApp,
  options: {
    batchId: number;
    stage?: Stage;
    status?: SubmissionStatus;
    reviewerId?: number;
    studentId?: number;
    title?: string;
    majorName?: string;
    documentId?: number;
    structured?: TopicFields;
  },
): Promise<BuiltSubmission> {
  sequence += 1;
  const stage = options.stage ?? 'draft';
  const status = options.status ?? 'unassigned';
  const examNumber = `0301${String(process.pid % 10000).padStart(4, '0')}${String(sequence).padStart(4, '0')}`;
  const studentName = `考生${sequence}号`;
  const studentId =
    options.studentId ?? (await buildUser(app, { role: Role.student, name: studentName, examNumber })).id;
  const title = options.title ?? `自学考试论文题目${sequence}`;
  const now = Date.now();
  const thesis = await app.database.db
    .insertInto('theses')
    .values({
      batch_id: options.batchId,
      student_id: studentId,
      major_name: options.majorName ?? '汉语言文学',
      title,
      advisor: '张导师',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const structured =
    options.structured ?? (stage === 'topic' ? { title, rationale: '', outline: '', references: '' } : null);
  const id = await app.submissions.createSubmission(studentId, thesis.id, stage, {
    documentId: options.documentId ?? null,
    structured,
  });
  if (status !== 'unassigned') {
    if (options.reviewerId === undefined) throw new Error(`a ${status} submission needs a reviewer`);
    await app.database.db
      .updateTable('submissions')
      .set({ status, reviewer_id: options.reviewerId })
      .where('id', '=', id)
      .execute();
    const verdict = FINISHED_VERDICT[status];
    if (verdict) {
      await app.database.db
        .insertInto('reviews')
        .values({
          submission_id: id,
          version_no: 1,
          reviewer_id: options.reviewerId,
          verdict,
          score: stage === 'final' || stage === 'retest' ? (verdict === 'pass' ? 85 : 40) : null,
          rubric_json: '{}',
          comment: '评语'.repeat(30),
          plagiarism_rate: 10,
          time_spent_ms: 60_000,
          state: 'submitted',
          submitted_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  }
  return { id, thesisId: thesis.id, studentId, studentName, examNumber, title };
}
