import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * Live courses (issue 14, adr/012): courses and who they are for, courseware files and their
 * rendered page images, attendance and hand-ins (学员上传). The board's live state (page, zoom,
 * 同步) is not here: it lives in memory, or in Redis when several instances share it.
 */
export async function up(db: Kysely<unknown>, { idColumn }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('courses')
    .addColumn('id', 'integer', idColumn)
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lecturer_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('stream_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('playback_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    // The lecturer's 开始 / 结束, which override the schedule; null until pressed.
    .addColumn('started_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    .addColumn('cancelled_at', 'bigint')
    .addColumn('cancel_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // A lecturer's list by time, and everyone's (admins) by time.
  await db.schema.createIndex('courses_lecturer_idx').on('courses').columns(['lecturer_id', 'start_at']).execute();
  await db.schema.createIndex('courses_start_idx').on('courses').column('start_at').execute();

  // Who a course is for: a batch, or a major (one of the two per row).
  await db.schema
    .createTable('course_targets')
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('batch_id', 'integer', (c) => c.references('batches.id').onDelete('cascade'))
    .addColumn('major_name', 'varchar(50)')
    .execute();
  await db.schema.createIndex('course_targets_course_idx').on('course_targets').column('course_id').execute();
  await db.schema.createIndex('course_targets_batch_idx').on('course_targets').column('batch_id').execute();
  await db.schema.createIndex('course_targets_major_idx').on('course_targets').column('major_name').execute();

  await db.schema
    .createTable('courseware_files')
    .addColumn('id', 'integer', idColumn)
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    // 'pdf', 'slides' (PPT/PPTX, converted by LibreOffice) or 'image'.
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('source_mime', 'varchar(120)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    // 'converting', 'ready' or 'failed'.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('error', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('courseware_files_course_idx')
    .on('courseware_files')
    .columns(['course_id', 'sort'])
    .execute();

  // Each page rendered once to a PNG in the file store.
  await db.schema
    .createTable('courseware_pages')
    .addColumn('file_id', 'integer', (c) => c.notNull().references('courseware_files.id').onDelete('cascade'))
    .addColumn('page_no', 'integer', (c) => c.notNull())
    .addColumn('image_sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('image_size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('courseware_pages_pk', ['file_id', 'page_no'])
    .execute();

  // 出勤: one row per attendee and course. The key is `u:<user id>` for a candidate's own link and
  // `g:<client id>` for a guest; `connections` counts open board sockets over every instance.
  await db.schema
    .createTable('course_attendance')
    .addColumn('id', 'integer', idColumn)
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('attendee_key', 'varchar(80)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('joins', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('connections', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('course_attendance_key_idx')
    .on('course_attendance')
    .columns(['course_id', 'attendee_key'])
    .unique()
    .execute();

  // 学员上传: files viewers hand in during a class.
  await db.schema
    .createTable('course_hand_ins')
    .addColumn('id', 'integer', idColumn)
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('attendee_key', 'varchar(80)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('uploader_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mime', 'varchar(120)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('course_hand_ins_course_idx')
    .on('course_hand_ins')
    .columns(['course_id', 'attendee_key'])
    .execute();
}
