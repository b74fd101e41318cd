import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * One comment-bank entry per owner and text (issue 32 §4.5): saves of one text made at once had
 * each checked that it was not there and each inserted it. A unique index on (owner, text) now
 * decides, with the shared entries (owner null) as one owner, 0, since a unique index takes two
 * nulls as different. Entries already doubled are merged first into the oldest of each group,
 * which keeps its category and gets the group's uses.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await mergeDuplicateEntries(db);
  await sql`create unique index comment_bank_owner_text_idx on comment_bank ((coalesce(owner_id, 0)), text)`.execute(
    db,
  );
}

/** Merges each owner's entries of one text into the oldest: the uses added up, the others deleted. */
export async function mergeDuplicateEntries(db: Kysely<unknown>): Promise<void> {
  await sql`
    update comment_bank
    set use_count = (
        select sum(d.use_count) from comment_bank d
        where coalesce(d.owner_id, 0) = coalesce(comment_bank.owner_id, 0) and d.text = comment_bank.text
      ),
      updated_at = (
        select max(d.updated_at) from comment_bank d
        where coalesce(d.owner_id, 0) = coalesce(comment_bank.owner_id, 0) and d.text = comment_bank.text
      )
    where id in (
      select min(id) from comment_bank group by coalesce(owner_id, 0), text having count(*) > 1
    )`.execute(db);
  await sql`
    delete from comment_bank
    where id not in (select min(id) from comment_bank group by coalesce(owner_id, 0), text)`.execute(db);
}
