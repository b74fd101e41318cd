import { type AttendanceDto, attendanceMinutes } from '@zikao/contract/course';
import { loadExcelJS, workbookBytes } from '../../shared/exceljs.ts';

/** Beijing time (UTC+8, no daylight saving), as the class was scheduled: `2026-12-08 09:05`. */
const beijing = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/** Characters a file name may not hold on common systems. */
const UNSAFE_IN_FILE_NAME = /[\\/:*?"<>|\s]+/g;

/**
 * 出勤表: one row per person, first joined first, with the time in class. Written through
 * `workbookBytes`, so a guest's typed name that starts like a formula stays text.
 */
export async function attendanceWorkbook(
  course: { title: string; startAt: number },
  list: AttendanceDto[],
): Promise<{ fileName: string; body: Buffer }> {
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '自考在线';
  const sheet = workbook.addWorksheet('出勤');
  sheet.columns = [
    { header: '序号', key: 'index', width: 6 },
    { header: '姓名', key: 'name', width: 16 },
    { header: '身份', key: 'kind', width: 8 },
    { header: '准考证号', key: 'examNumber', width: 16 },
    { header: '首次进入（北京时间）', key: 'joinedAt', width: 20 },
    { header: '最后离开（北京时间）', key: 'leftAt', width: 20 },
    { header: '在课时长（分钟）', key: 'minutes', width: 16 },
    { header: '进入次数', key: 'joins', width: 10 },
    { header: '状态', key: 'state', width: 8 },
  ];
  sheet.getRow(1).font = { bold: true };
  list.forEach((entry, index) => {
    sheet.addRow({
      index: index + 1,
      name: entry.name || '访客',
      kind: entry.kind === 'student' ? '考生' : '访客',
      examNumber: entry.examNumber,
      joinedAt: beijing(entry.joinedAt),
      leftAt: entry.online ? '' : entry.leftAt === null ? '' : beijing(entry.leftAt),
      minutes: attendanceMinutes(entry.presentMs),
      joins: entry.joins,
      state: entry.online ? '在线' : '已离开',
    });
  });
  const day = beijing(course.startAt).slice(0, 10).replaceAll('-', '');
  const title = course.title.replace(UNSAFE_IN_FILE_NAME, '_').slice(0, 60);
  return { fileName: `出勤表-${title}-${day}.xlsx`, body: await workbookBytes(workbook) };
}
