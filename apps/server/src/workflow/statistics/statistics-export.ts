import { STAGE_LABELS } from '@zikao/contract';
import { dayNumberOf, isoDateOf, type StatisticsOverview, type StatisticsWorkload } from '@zikao/contract/statistics';
import type { Workbook } from 'exceljs';
import { loadExcelJS, workbookBytes } from '../../shared/exceljs.ts';

/** The filters as words, for the first sheet. */
export interface FilterLabels {
  batch: string;
  stage: string;
  period: string;
  reviewer: string;
  major: string;
}

const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);
const minutes = (ms: number | null) => (ms === null ? '—' : Number((ms / 60_000).toFixed(1)));
const orDash = (value: number | null) => (value === null ? '—' : value);

function sheetOf(workbook: Workbook, name: string, columns: Array<[header: string, width: number]>) {
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns.map(([header, width], i) => ({ header, key: `c${i}`, width }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return {
    add: (...cells: Array<string | number>) =>
      sheet.addRow(Object.fromEntries(cells.map((cell, i) => [`c${i}`, cell]))),
  };
}

/**
 * 数据统计 as an .xlsx workbook: the filters and cards, then one sheet per chart, and for admins the
 * workload table; what the page shows, as numbers a spreadsheet can work on.
 */
export async function statisticsWorkbook(
  overview: StatisticsOverview,
  workload: StatisticsWorkload | null,
  labels: FilterLabels,
  now = Date.now(),
): Promise<{ fileName: string; body: Buffer }> {
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '自考在线';

  const summary = sheetOf(workbook, '概览', [
    ['项目', 18],
    ['本期', 16],
    ['上期', 16],
  ]);
  summary.add('批次', labels.batch);
  summary.add('阶段', labels.stage);
  summary.add('日期范围', labels.period);
  summary.add('上期', overview.previous ? `${overview.previous.from} 至 ${overview.previous.to}` : '—');
  summary.add('评阅教师', labels.reviewer);
  summary.add('专业', labels.major);
  const { cards } = overview;
  summary.add('待评阅（篇）', orDash(cards.pending.value), orDash(cards.pending.previous));
  summary.add('已评阅（篇）', orDash(cards.reviewed.value), orDash(cards.reviewed.previous));
  summary.add('通过率', percent(cards.passRate.value), percent(cards.passRate.previous));
  summary.add('平均分', orDash(cards.averageScore.value), orDash(cards.averageScore.previous));
  summary.add('评阅用时中位数（分钟）', minutes(cards.medianTimeMs.value), minutes(cards.medianTimeMs.previous));

  const trend = sheetOf(workbook, overview.trend.unit === 'day' ? '每日评阅量' : '每月评阅量', [
    [overview.trend.unit === 'day' ? '日期' : '月份', 14],
    ['已评阅', 10],
    ['通过', 10],
    ['退回修改', 10],
    ['不通过', 10],
    ['待复核', 10],
  ]);
  for (const p of overview.trend.points) trend.add(p.date, p.reviewed, p.passed, p.revised, p.failed, p.awaiting);

  const stages = sheetOf(workbook, '各阶段评阅结论', [
    ['阶段', 12],
    ['已评阅', 10],
    ['通过', 10],
    ['退回修改', 10],
    ['不通过', 10],
    ['待复核', 10],
  ]);
  for (const row of overview.byStage) {
    stages.add(STAGE_LABELS[row.stage], row.reviewed, row.passed, row.revised, row.failed, row.awaiting);
  }

  const scores = sheetOf(workbook, '成绩分布', [
    ['分数段', 14],
    ['等级', 10],
    ['篇数', 10],
  ]);
  for (const bin of overview.scores.bins) {
    scores.add(bin.to === 100 ? `${bin.from}–100` : `${bin.from}–${bin.to}（不含）`, bin.grade, bin.count);
  }

  const majors = sheetOf(workbook, '各专业通过率', [
    ['专业', 24],
    ['已出结论', 10],
    ['通过', 10],
    ['通过率', 10],
  ]);
  for (const row of overview.byMajor) majors.add(row.major, row.decided, row.passed, percent(row.passRate));

  const plagiarism = sheetOf(workbook, '查重率分布', [
    ['查重率', 16],
    ['篇数', 10],
  ]);
  for (const bin of overview.plagiarism.bins) plagiarism.add(`${bin.from}%–${bin.to}%`, bin.count);
  plagiarism.add('有查重率的评阅', overview.plagiarism.total);
  plagiarism.add('超过批次阈值', overview.plagiarism.overThreshold);
  for (const t of overview.plagiarism.thresholds) plagiarism.add(`阈值：${t.batchName}`, `${t.threshold}%`);

  if (workload) {
    const table = sheetOf(workbook, '评阅教师工作量', [
      ['评阅教师', 14],
      ['已分配', 10],
      ['已评阅', 10],
      ['待评阅', 10],
      ['用时中位数（分钟）', 18],
      ['平均分', 10],
      ['退回修改占比', 14],
    ]);
    for (const row of workload.list) {
      table.add(
        row.name,
        row.assigned,
        row.reviewed,
        row.pending,
        minutes(row.medianTimeMs),
        orDash(row.averageScore),
        percent(row.returnedShare),
      );
    }
  }

  const day = isoDateOf(dayNumberOf(now)).replaceAll('-', '');
  const body = await workbookBytes(workbook);
  return { fileName: `评阅统计-${day}.xlsx`, body };
}
