import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

// Frozen copies of the contract's structured-text rules (`@zikao/contract/structured-text`) as of
// this migration: a shipped migration must not change when the contract does.
const STRUCTURED_TEXT_MIME = 'application/vnd.zikao.structured-text';
const EMPTY_FIELD_TEXT = '（未填写）';
const FIELDS = ['title', 'rationale', 'outline', 'references'] as const;

/**
 * Structured text becomes annotatable: a document may have no upload (its pages are a topic's
 * fields), and every structured version without a document gets one, as new versions now do.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect === 'postgres') {
    // Kysely already runs a PostgreSQL migration in a transaction.
    await sql`alter table documents alter column upload_id drop not null`.execute(db);
    await backfill(db, dialect);
    return;
  }
  // SQLite cannot drop a NOT NULL in place: the table is rebuilt (its "12 steps"), with foreign
  // keys off so that dropping the old table does not cascade to pages and annotations. Kysely runs
  // SQLite migrations outside a transaction, so the pragma takes effect here.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await relaxUploadIdOnSqlite(trx);
      await backfill(trx, dialect);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function relaxUploadIdOnSqlite(trx: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = 'documents'`.execute(trx);
  const table = rows.find((row) => row.type === 'table')?.sql ?? '';
  const indexes = rows.filter((row) => row.type === 'index' && row.sql).map((row) => row.sql as string);
  const relaxed = table
    .replace(/^create table\s+"?documents"?/i, 'create table "documents_new"')
    .replace(/("upload_id" varchar\(64\)) not null/i, '$1');
  if (!relaxed.startsWith('create table "documents_new"')) throw new Error('documents 表结构无法识别');
  const { rows: sequence } = await sql<{ seq: number }>`
    select seq from sqlite_sequence where name = 'documents'`.execute(trx);
  await sql.raw(relaxed).execute(trx);
  await sql`insert into documents_new select * from documents`.execute(trx);
  await sql`drop table documents`.execute(trx);
  await sql`alter table documents_new rename to documents`.execute(trx);
  for (const index of indexes) await sql.raw(index).execute(trx);
  if (sequence[0]) {
    await sql`update sqlite_sequence set seq = max(seq, ${sequence[0].seq}) where name = 'documents'`.execute(trx);
  }
  const { rows: broken } = await sql`pragma foreign_key_check`.execute(trx);
  if (broken.length > 0) throw new Error(`重建 documents 表后外键不一致：${JSON.stringify(broken.slice(0, 3))}`);
}

/**
 * One document per structured version without one, in a few set-wise statements (a large batch
 * has many topics): each new document carries its version's id in `source_sha256` until the
 * version points at it, then that column is cleared, as it is for every structured-text document.
 * A later version has nothing to carry over (its predecessor had no annotations): its carry is done.
 */
async function backfill(trx: Kysely<unknown>, dialect: MigrationContext['dialect']): Promise<void> {
  // Constants go in as literals: PostgreSQL cannot type a parameter in an insert's select list.
  const mime = sql.lit(STRUCTURED_TEXT_MIME);
  const marker = sql`'v' || v.id`;
  await sql`
    insert into documents (owner_id, upload_id, name, source_sha256, source_mime, pdf_sha256, status,
      progress, error, page_count, created_at, updated_at)
    select t.student_id, null,
      case when s.stage = 'plan' then '论文计划内容' else '选题内容' end,
      ${marker}, ${mime}, null, 'ready', 100, '', ${sql.lit(FIELDS.length)},
      v.submitted_at, v.submitted_at
    from submission_versions v
    join submissions s on s.id = v.submission_id
    join theses t on t.id = s.thesis_id
    where v.structured_json is not null and v.document_id is null`.execute(trx);
  await sql`create index documents_backfill_tmp on documents (source_sha256)`.execute(trx);
  await sql`
    update submission_versions set document_id = d.id,
      carry_state = case when submission_versions.version_no > 1 then 'done' else submission_versions.carry_state end
    from documents d
    where d.source_mime = ${mime}
      and d.source_sha256 = 'v' || submission_versions.id
      and submission_versions.document_id is null`.execute(trx);
  for (const [index, field] of FIELDS.entries()) {
    const value =
      dialect === 'postgres'
        ? sql`(v.structured_json::json ->> ${sql.lit(field)})`
        : sql`json_extract(v.structured_json, ${sql.lit(`$.${field}`)})`;
    const text = sql`case when coalesce(${value}, '') = '' then ${sql.lit(EMPTY_FIELD_TEXT)} else ${value} end`;
    await sql`
      insert into document_pages (document_id, page_no, width, height, has_text, text)
      select d.id, ${sql.lit(index + 1)}, 0, 0, case when trim(${text}) = '' then 0 else 1 end, ${text}
      from documents d
      join submission_versions v on v.document_id = d.id
      where d.source_mime = ${mime} and d.source_sha256 = ${marker}`.execute(trx);
  }
  await sql`update documents set source_sha256 = '' where source_mime = ${mime}`.execute(trx);
  await sql`drop index documents_backfill_tmp`.execute(trx);
}
