import type { MajorInfo } from '@zikao/contract';
import type { AccountListQuery } from '@zikao/contract/console';
import { compareText } from '@zikao/contract/ordering';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { inIdOrder, pageByText } from '../../shared/text-order.ts';
import { type UserRow, UsersRepository } from '../auth/users.repository.ts';

const likePattern = (keyword: string) => `%${keyword.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
const like = (column: Expression<string | null>, pattern: string) =>
  sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;

/** A user's majors from `majors_json` (the session's majorInfoList); unreadable JSON is none. */
export function majorsOf(row: Pick<UserRow, 'majors_json'>): MajorInfo[] {
  try {
    const parsed = JSON.parse(row.majors_json) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is MajorInfo => typeof item === 'object' && item !== null && typeof item.majorName === 'string',
    );
  } catch {
    return [];
  }
}

/**
 * Accounts for the console. Reviewers' majors live in `users.majors_json` as the session's
 * majorInfoList: `activeReviewerMajors` is how other modules (automatic assignment) read them.
 * Finding, inserting and updating a user are the users repository's own.
 */
export class AccountRepository extends UsersRepository {
  /** Runs `fn` in one transaction, with a repository bound to it. */
  transaction<T>(fn: (repository: AccountRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new AccountRepository(trx), trx));
  }

  private filtered(query: Pick<AccountListQuery, 'keyword' | 'role' | 'status'>) {
    let base = this.db.selectFrom('users');
    const keyword = query.keyword?.trim();
    if (keyword) {
      const pattern = likePattern(keyword);
      base = base.where((eb) =>
        eb.or([like(eb.ref('name'), pattern), like(eb.ref('account'), pattern), like(eb.ref('exam_number'), pattern)]),
      );
    }
    if (query.role !== undefined) base = base.where('role', '=', query.role);
    if (query.status) base = base.where('disabled', '=', query.status === 'disabled' ? 1 : 0);
    return base;
  }

  async list(query: AccountListQuery): Promise<{ rows: UserRow[]; total: number }> {
    const limit = query.pageSize;
    const offset = (query.page - 1) * query.pageSize;
    const total = this.filtered(query)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    if (query.sort === 'name') {
      // Names in pinyin order, which the databases do not collate (see pageByText).
      const [named, counted] = await Promise.all([
        this.filtered(query).select(['id', 'name as text']).execute(),
        total,
      ]);
      const ids = pageByText(named, query.order, limit, offset);
      const rows = ids.length ? await this.db.selectFrom('users').selectAll().where('id', 'in', ids).execute() : [];
      return { rows: inIdOrder(rows, ids), total: Number(counted?.n ?? 0) };
    }
    const column = query.sort === 'account' ? 'account' : 'created_at';
    const [rows, count] = await Promise.all([
      this.filtered(query)
        .selectAll()
        .orderBy(column, query.order)
        .orderBy('id', query.order)
        .limit(limit)
        .offset(offset)
        .execute(),
      total,
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  /** Signs the account out everywhere. */
  async endSessions(userId: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  /** Every major the system knows, from users' majors and theses, with a code where one is known. */
  async knownMajors(): Promise<MajorInfo[]> {
    const [users, theses] = await Promise.all([
      this.db.selectFrom('users').select(['majors_json', 'major_name']).execute(),
      this.db.selectFrom('theses').select('major_name').distinct().execute(),
    ]);
    const byName = new Map<string, string>();
    const add = (name: string, code = '') => {
      const trimmed = name.trim();
      if (!trimmed) return;
      if (!byName.get(trimmed)) byName.set(trimmed, code);
    };
    for (const row of users) for (const major of majorsOf(row)) add(major.majorName, major.majorCode);
    for (const row of theses) add(row.major_name);
    for (const row of users) if (!row.major_name.includes('、')) add(row.major_name);
    return [...byName.entries()]
      .map(([majorName, majorCode]) => ({ majorCode, majorName }))
      .sort((a, b) => compareText(a.majorName, b.majorName));
  }

  /** Enabled reviewers with their majors' names, for matching submissions by major. */
  async activeReviewerMajors(): Promise<Array<{ id: number; name: string; majors: string[] }>> {
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'name', 'majors_json'])
      .where('role', '=', 3)
      .where('disabled', '=', 0)
      .where('external', '=', 0)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ id: row.id, name: row.name, majors: majorsOf(row).map((m) => m.majorName) }));
  }
}
