import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { loadExcelJS, workbookBytes } from '../shared/exceljs.ts';
import type { FileStorage } from '../shared/storage/storage.ts';
import { zipArchive } from '../shared/zip-writer.ts';
import { storeDemoUpload } from './demo-files.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const GRADES = ['大一', '大二', '大三', '大四'];
const FREQUENCY = ['几乎不用', '偶尔使用', '经常使用', '每天使用'];
/** The answer of respondent i: most use them often, few never, as such surveys find. */
const frequencyOf = (i: number) => FREQUENCY[[0, 1, 1, 2, 2, 2, 3, 3, 2, 1, 3][i % 11] ?? 0] ?? '';

/** A questionnaire's answers as a workbook: a sheet of responses and a summary with a formula. */
async function questionnaire(): Promise<Buffer> {
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '自考在线演示数据';
  const answers = workbook.addWorksheet('问卷答卷');
  answers.addRow(['序号', '年级', '性别', '网络流行语使用频率', '是否认为影响书面表达', '填写日期']);
  for (let i = 1; i <= 236; i++) {
    answers.addRow([
      i,
      GRADES[i % 4],
      i % 3 === 0 ? '男' : '女',
      frequencyOf(i),
      (i * 5) % 9 < 4 ? '是' : '否',
      new Date(Date.UTC(2026, 2, 1 + (i % 28))),
    ]);
  }
  answers.getColumn(6).numFmt = 'yyyy-mm-dd';
  const summary = workbook.addWorksheet('统计汇总');
  summary.addRow(['使用频率', '人数', '占比']);
  // The formulas' cached results are the real counts, so a preview (which reads them) is right.
  const counts = FREQUENCY.map(
    (label) => Array.from({ length: 236 }, (_, k) => frequencyOf(k + 1)).filter((f) => f === label).length,
  );
  FREQUENCY.forEach((label, i) => {
    const row = i + 2;
    const count = counts[i] ?? 0;
    summary.addRow([
      label,
      { formula: `COUNTIF(问卷答卷!D:D,A${row})`, result: count },
      { formula: `B${row}/236`, result: count / 236 },
    ]);
  });
  return workbookBytes(workbook);
}

/** Interview notes as CSV, UTF-8 with a BOM, as Excel saves "CSV UTF-8". */
function interviews(): Buffer {
  const rows = [
    ['编号', '受访者', '职业', '访谈时长（分钟）', '主要观点'],
    ['1', '受访者A', '中学语文教师', '35', '学生作文中流行语增多，但多数能区分场合'],
    ['2', '受访者B', '报社编辑', '42', '新闻标题适度使用流行语可以拉近与读者的距离'],
    ['3', '受访者C', '大学生', '28', '网络用语主要用于聊天，写正式文章时会刻意避免'],
    ['4', '受访者D', '退休教师', '30', '担心"yyds"一类缩写影响青少年的规范用字'],
  ];
  const text = rows
    .map((row) => row.map((cell) => (/[",]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(','))
    .join('\r\n');
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${text}\r\n`, 'utf8')]);
}

/** Raw material as an archive: transcripts and the corpus sample. */
function rawMaterial(): Buffer {
  return zipArchive([
    { name: '原始资料/访谈录音转写/受访者A.txt', data: Buffer.from('问：您在批改作文时常见哪些网络流行语？\n答：……') },
    { name: '原始资料/访谈录音转写/受访者B.txt', data: Buffer.from('问：新闻标题使用流行语有什么考虑？\n答：……') },
    { name: '原始资料/语料样本.csv', data: Buffer.from('词语,首次出现年份,频次\n点赞,2012,1532\n内卷,2020,987\n') },
    { name: '原始资料/说明.txt', data: Buffer.from('语料来源：2025 年 1 月至 2026 年 1 月公开网页，已去除个人信息。') },
  ]);
}

/**
 * Attachments on a few of the demo reviewer's open theses, so 论文附件 shows each kind at work:
 * an Excel questionnaire, interview notes as CSV and raw material as a ZIP, each previewable.
 */
export async function seedAttachmentDemo({
  db,
  storage,
}: {
  db: Kysely<Database>;
  storage: FileStorage;
}): Promise<void> {
  const reviewer = await db.selectFrom('users').select('id').where('account', '=', '13800000003').executeTakeFirst();
  if (!reviewer) return;
  const targets = await db
    .selectFrom('submissions as s')
    .innerJoin('submission_versions as v', (join) =>
      join.onRef('v.submission_id', '=', 's.id').onRef('v.version_no', '=', 's.current_version'),
    )
    .innerJoin('theses as t', 't.id', 's.thesis_id')
    .select(['v.id as version_id', 'v.attachments_json', 't.student_id'])
    .where('s.reviewer_id', '=', reviewer.id)
    .where('s.stage', 'in', ['draft', 'final', 'retest'])
    .orderBy('s.id')
    .limit(3)
    .execute();
  if (targets.length === 0) return;
  const files = [
    { name: '调查问卷数据.xlsx', mime: XLSX, bytes: await questionnaire() },
    { name: '访谈记录汇总.csv', mime: 'text/csv', bytes: interviews() },
    { name: '原始资料.zip', mime: 'application/zip', bytes: rawMaterial() },
  ];
  for (const target of targets) {
    const attached = JSON.parse(target.attachments_json) as Array<{ uploadId: string; name: string; kind: string }>;
    for (const file of files) {
      const uploadId = await storeDemoUpload(
        { db, storage },
        { ownerId: target.student_id, name: file.name, bytes: file.bytes, mime: file.mime, kind: 'attachment' },
      );
      attached.push({ uploadId, name: file.name, kind: 'attachment' });
    }
    await db
      .updateTable('submission_versions')
      .set({ attachments_json: JSON.stringify(attached) })
      .where('id', '=', target.version_id)
      .execute();
  }
}
