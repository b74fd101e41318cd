import { Role } from '@zikao/contract';
import type { BatchStatus } from '@zikao/contract/console';
import { type Kysely, PostgresAdapter } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Rows per statement: 500 users × 20 columns stays under both dialects' parameter limits. */
export const IMPORT_CHUNK = 500;

export interface BatchRef {
  id: number;
  name: string;
  status: BatchStatus;
}

export interface ExistingUser {
  id: number;
  account: string;
  examNumber: string | null;
  role: Role;
}

export interface NewStudent {
  name: string;
  examNumber: string;
  phone: string;
  majorName: string;
  schoolName: string;
}

export interface NewThesis {
  batchId: number;
  studentId: number;
  majorName: string;
  title: string;
}

function chunks<T>(items: readonly T[], size = IMPORT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** SQL for the candidate import: look-ups by many keys at once, and chunked multi-row inserts. */
export class ImportRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (repository: ImportRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new ImportRepository(trx), trx));
  }

  /**
   * Locks the named batches until the transaction ends, so that two commits into one batch run one
   * after the other and each checks its rows against what the other wrote (issue 19 §3). PostgreSQL
   * takes FOR NO KEY UPDATE, in id order (theses' foreign-key checks still pass); SQLite already
   * has one writer at a time.
   */
  async lockBatches(names: readonly string[]): Promise<void> {
    if (names.length === 0 || !(this.db.getExecutor().adapter instanceof PostgresAdapter)) return;
    for (const part of chunks(names)) {
      await this.db
        .selectFrom('batches')
        .select('id')
        .where('name', 'in', part)
        .orderBy('id')
        .forNoKeyUpdate()
        .execute();
    }
  }

  async batchesByName(names: readonly string[]): Promise<BatchRef[]> {
    if (names.length === 0) return [];
    const found: BatchRef[] = [];
    for (const part of chunks(names)) {
      found.push(
        ...(await this.db.selectFrom('batches').select(['id', 'name', 'status']).where('name', 'in', part).execute()),
      );
    }
    return found;
  }

  async usersByExamNumber(examNumbers: readonly string[]): Promise<ExistingUser[]> {
    const found: ExistingUser[] = [];
    for (const part of chunks(examNumbers)) {
      const rows = await this.db
        .selectFrom('users')
        .select(['id', 'account', 'exam_number', 'role'])
        .where('exam_number', 'in', part)
        .execute();
      found.push(
        ...rows.map((row) => ({ id: row.id, account: row.account, examNumber: row.exam_number, role: row.role })),
      );
    }
    return found;
  }

  async usersByAccount(accounts: readonly string[]): Promise<ExistingUser[]> {
    const found: ExistingUser[] = [];
    for (const part of chunks(accounts)) {
      const rows = await this.db
        .selectFrom('users')
        .select(['id', 'account', 'exam_number', 'role'])
        .where('account', 'in', part)
        .execute();
      found.push(
        ...rows.map((row) => ({ id: row.id, account: row.account, examNumber: row.exam_number, role: row.role })),
      );
    }
    return found;
  }

  /** The batches each of these students already has a thesis in. */
  async thesisBatches(studentIds: readonly number[]): Promise<Array<{ studentId: number; batchId: number }>> {
    const found: Array<{ studentId: number; batchId: number }> = [];
    for (const part of chunks(studentIds)) {
      const rows = await this.db
        .selectFrom('theses')
        .select(['student_id', 'batch_id'])
        .where('student_id', 'in', part)
        .execute();
      found.push(...rows.map((row) => ({ studentId: row.student_id, batchId: row.batch_id })));
    }
    return found;
  }

  /**
   * Inserts student accounts (account = phone, so SMS sign-in finds them) and returns their
   * ids by exam number. Every account gets the same unusable password hash.
   */
  async insertStudents(
    students: readonly NewStudent[],
    passwordHash: string,
    now: number,
  ): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    for (const part of chunks(students)) {
      const rows = await this.db
        .insertInto('users')
        .values(
          part.map((c) => ({
            account: c.phone,
            name: c.name,
            role: Role.student,
            password_hash: passwordHash,
            must_change_password: 0,
            disabled: 0,
            failed_logins: 0,
            locked_until: 0,
            school_name: c.schoolName,
            school_logo: '',
            head_url: '',
            major_name: c.majorName,
            majors_json: JSON.stringify([{ majorCode: '', majorName: c.majorName }]),
            apply_exam_level: '本科',
            exam_committee_name: '',
            exam_number: c.examNumber,
            platform: 'student',
            created_at: now,
            updated_at: now,
          })),
        )
        .returning(['id', 'exam_number'])
        .execute();
      for (const row of rows) if (row.exam_number) ids.set(row.exam_number, row.id);
    }
    return ids;
  }

  async insertTheses(theses: readonly NewThesis[], now: number): Promise<void> {
    for (const part of chunks(theses)) {
      await this.db
        .insertInto('theses')
        .values(
          part.map((t) => ({
            batch_id: t.batchId,
            student_id: t.studentId,
            major_name: t.majorName,
            title: t.title,
            advisor: '',
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
  }
}

/** A unique-constraint failure in either dialect: another writer got there first. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === '23505' || /UNIQUE constraint failed/.test(e?.message ?? '');
}
