import {
  STAGE_LABELS,
  type Stage,
  SUBMISSION_STATUS_LABELS,
  type SubmissionListRow,
  VERDICT_LABELS,
} from '@zikao/contract';
import { loadExcelJS, workbookBytes } from '../../shared/exceljs.ts';

const dateTime = (ms: number) => {
  const d = new Date(ms + 8 * 3_600_000);
  return d.toISOString().slice(0, 16).replace('T', ' ');
};

/** What the export writes in the candidate's cells of a row under blind review, as the list shows. */
export const BLIND_CELL = '盲审';

/**
 * The list as an .xlsx workbook, with what the list shows: the candidate's name and exam number,
 * except in the rows blind review hides from the caller, which say 盲审 and hold nothing else.
 */
export async function submissionWorkbook(
  stage: Stage,
  rows: ReadonlyArray<{ row: SubmissionListRow; hideStudent: boolean }>,
): Promise<{ fileName: string; body: Buffer }> {
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '自考在线';
  const sheet = workbook.addWorksheet(`${STAGE_LABELS[stage]}列表`);
  sheet.columns = [
    { header: '序号', key: 'no', width: 6 },
    { header: '论文题目', key: 'title', width: 40 },
    { header: '考生姓名', key: 'studentName', width: 12 },
    { header: '准考证号', key: 'examNo', width: 16 },
    { header: '专业', key: 'majorName', width: 16 },
    { header: '批次', key: 'batchName', width: 16 },
    { header: '版本', key: 'version', width: 6 },
    { header: '状态', key: 'status', width: 10 },
    { header: '评阅教师', key: 'reviewerName', width: 12 },
    { header: '评阅结论', key: 'verdict', width: 10 },
    { header: '成绩', key: 'score', width: 8 },
    { header: '等级', key: 'grade', width: 8 },
    { header: '提交时间', key: 'submittedAt', width: 18 },
  ];
  sheet.getRow(1).font = { bold: true };
  rows.forEach(({ row, hideStudent }, i) => {
    sheet.addRow({
      no: i + 1,
      title: row.title,
      studentName: hideStudent ? BLIND_CELL : row.studentName,
      examNo: hideStudent ? BLIND_CELL : row.examNo,
      majorName: row.majorName,
      batchName: row.batchName,
      version: row.version,
      status: SUBMISSION_STATUS_LABELS[row.status],
      reviewerName: row.reviewerName,
      verdict: row.verdict ? VERDICT_LABELS[row.verdict] : '',
      score: row.score ?? '',
      grade: row.grade ?? '',
      submittedAt: dateTime(row.submittedAt),
    });
  });
  const day = dateTime(Date.now()).slice(0, 10).replaceAll('-', '');
  const body = await workbookBytes(workbook);
  return { fileName: `${STAGE_LABELS[stage]}列表-${day}.xlsx`, body };
}
