import { STAGE_LABELS } from '@zikao/contract/review';
import { OUTCOME_LABELS, type OutcomeCounts, type StatisticsOverview } from '@zikao/contract/statistics';
import type { BarSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  MarkAreaComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { formatCount, formatPercent, formatTrendDate } from '../statistics-format.ts';

export type ChartOption = ComposeOption<
  BarSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption | MarkAreaComponentOption
>;

/** The outcome colours, kept apart for colour-blind readers too (green/blue/orange/red differ in lightness). */
export const OUTCOME_COLORS = { passed: '#389e0d', revised: '#d48806', failed: '#cf1322', awaiting: '#1677ff' };
export const GRADE_COLORS = { 优秀: '#237804', 良好: '#1677ff', 中等: '#08979c', 及格: '#d48806', 不及格: '#cf1322' };

const OUTCOMES = [
  ['passed', OUTCOME_LABELS.pass],
  ['revised', OUTCOME_LABELS.revise],
  ['failed', OUTCOME_LABELS.fail],
  ['awaiting', OUTCOME_LABELS.awaiting],
] as const;

const AXIS_LABEL = { color: '#475569', fontSize: 12 };
const SPLIT_LINE = { lineStyle: { color: '#f0f0f0' } };
const BASE = {
  animation: false,
  textStyle: { fontFamily: 'inherit' },
  tooltip: { confine: true },
} as const;

interface TooltipItem {
  dataIndex: number;
  seriesName?: string;
  value?: unknown;
  marker?: unknown;
}
const itemsOf = (params: unknown): TooltipItem[] => (Array.isArray(params) ? params : [params]) as TooltipItem[];

/** Lines of a tooltip: a heading, then `marker name value` per item, then an optional total. */
function tooltipText(title: string, items: TooltipItem[], unit: string, total?: number): string {
  const lines = items
    .filter((item) => Number(item.value ?? 0) > 0)
    .map((item) => `${String(item.marker ?? '')}${item.seriesName}：${formatCount(Number(item.value))} ${unit}`);
  if (total !== undefined) lines.push(`合计：${formatCount(total)} ${unit}`);
  return [title, ...lines].join('<br/>');
}

function outcomeSeries(rows: readonly OutcomeCounts[], horizontal = false): BarSeriesOption[] {
  return OUTCOMES.map(([key, name]) => ({
    type: 'bar',
    name,
    stack: 'outcome',
    barMaxWidth: horizontal ? 22 : 28,
    itemStyle: { color: OUTCOME_COLORS[key] },
    emphasis: { focus: 'series' },
    data: rows.map((row) => row[key]),
  }));
}

/** 评阅量趋势: reviews per day (or month), stacked by outcome. */
export function trendOption(trend: StatisticsOverview['trend'], compact: boolean): ChartOption {
  const labels = trend.points.map((point) => formatTrendDate(point.date));
  return {
    ...BASE,
    legend: { bottom: 0, textStyle: AXIS_LABEL },
    grid: { left: 8, right: 16, top: 28, bottom: 36, containLabel: true },
    tooltip: {
      ...BASE.tooltip,
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params) => {
        const items = itemsOf(params);
        const point = trend.points[items[0]?.dataIndex ?? 0];
        return point ? tooltipText(labels[items[0]?.dataIndex ?? 0] ?? '', items, '篇', point.reviewed) : '';
      },
    },
    xAxis: {
      type: 'category',
      data: labels,
      axisLabel: { ...AXIS_LABEL, hideOverlap: true, rotate: compact && labels.length > 12 ? 45 : 0 },
      axisTick: { alignWithLabel: true },
    },
    yAxis: { type: 'value', name: '篇', minInterval: 1, axisLabel: AXIS_LABEL, splitLine: SPLIT_LINE },
    series: outcomeSeries(trend.points),
  };
}

/** 各阶段评阅结论: one stacked bar per stage. */
export function stageOption(byStage: StatisticsOverview['byStage']): ChartOption {
  const labels = byStage.map((row) => STAGE_LABELS[row.stage]);
  return {
    ...BASE,
    legend: { bottom: 0, textStyle: AXIS_LABEL },
    grid: { left: 8, right: 24, top: 12, bottom: 36, containLabel: true },
    tooltip: {
      ...BASE.tooltip,
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params) => {
        const items = itemsOf(params);
        const row = byStage[items[0]?.dataIndex ?? 0];
        return row ? tooltipText(labels[items[0]?.dataIndex ?? 0] ?? '', items, '篇', row.reviewed) : '';
      },
    },
    xAxis: { type: 'value', name: '篇', minInterval: 1, axisLabel: AXIS_LABEL, splitLine: SPLIT_LINE },
    yAxis: { type: 'category', data: labels, inverse: true, axisLabel: AXIS_LABEL },
    series: outcomeSeries(byStage, true),
  };
}

const GRADES = ['优秀', '良好', '中等', '及格', '不及格'] as const;

/** The score histogram's bins from the first with a score (40 at the latest) to 100. */
export function shownScoreBins(scores: StatisticsOverview['scores']) {
  const first = scores.bins.findIndex((bin) => bin.count > 0);
  const start = first === -1 ? 8 : Math.min(first, 8);
  return scores.bins.slice(start);
}

const scoreLabel = (bin: { from: number; to: number }) => (bin.to >= 100 ? `${bin.from}–100` : `${bin.from}–${bin.to}`);

/** 成绩分布: bins of 5 points, coloured by grade, one legend entry per grade. */
export function scoreOption(scores: StatisticsOverview['scores']): ChartOption {
  const bins = shownScoreBins(scores);
  return {
    ...BASE,
    legend: { bottom: 0, textStyle: AXIS_LABEL, data: [...GRADES] },
    grid: { left: 8, right: 16, top: 28, bottom: 36, containLabel: true },
    tooltip: {
      ...BASE.tooltip,
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params) => {
        const bin = bins[itemsOf(params)[0]?.dataIndex ?? 0];
        if (!bin) return '';
        const range = bin.to >= 100 ? `${bin.from}–100 分` : `${bin.from} 分至不足 ${bin.to} 分`;
        return `${range}（${bin.grade}）<br/>${formatCount(bin.count)} 篇`;
      },
    },
    xAxis: {
      type: 'category',
      name: '分',
      data: bins.map(scoreLabel),
      // Every bin keeps its label (echarts would skip every other one where they crowd); a narrow
      // chart turns them instead.
      axisLabel: { ...AXIS_LABEL, interval: 0, rotate: bins.length > 8 ? 40 : 0 },
      axisTick: { alignWithLabel: true },
    },
    yAxis: { type: 'value', name: '篇', minInterval: 1, axisLabel: AXIS_LABEL, splitLine: SPLIT_LINE },
    series: GRADES.map((grade) => ({
      type: 'bar',
      name: grade,
      stack: 'grade',
      barCategoryGap: '12%',
      itemStyle: { color: GRADE_COLORS[grade] },
      data: bins.map((bin) => (bin.grade === grade ? bin.count : 0)),
    })),
  };
}

/** 各专业通过率: passed among final verdicts, one bar per major. */
export function majorOption(byMajor: StatisticsOverview['byMajor']): ChartOption {
  return {
    ...BASE,
    grid: { left: 8, right: 56, top: 8, bottom: 8, containLabel: true },
    tooltip: {
      ...BASE.tooltip,
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params) => {
        const row = byMajor[itemsOf(params)[0]?.dataIndex ?? 0];
        if (!row) return '';
        return `${row.major}<br/>通过率：${formatPercent(row.passRate)}<br/>通过 ${formatCount(row.passed)} 篇 / 已出结论 ${formatCount(row.decided)} 篇`;
      },
    },
    xAxis: {
      type: 'value',
      max: 100,
      axisLabel: { ...AXIS_LABEL, formatter: '{value}%' },
      splitLine: SPLIT_LINE,
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: byMajor.map((row) => row.major),
      axisLabel: { ...AXIS_LABEL, width: 120, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: '通过率',
        barMaxWidth: 18,
        itemStyle: { color: OUTCOME_COLORS.passed },
        label: {
          show: true,
          position: 'right',
          color: '#475569',
          formatter: (params) => formatPercent(Number(params.value) / 100),
        },
        data: byMajor.map((row) => (row.passRate === null ? 0 : Math.round(row.passRate * 1000) / 10)),
      },
    ],
  };
}

/** The plagiarism histogram's bins up to the highest with reviews, and past the threshold. */
export function shownPlagiarismBins(plagiarism: StatisticsOverview['plagiarism']) {
  let last = -1;
  plagiarism.bins.forEach((bin, i) => {
    if (bin.count > 0) last = i;
  });
  const threshold = plagiarism.threshold ?? 0;
  const needed = Math.max(last, plagiarism.bins.findIndex((bin) => bin.to > threshold) + 1, 7);
  return plagiarism.bins.slice(0, Math.min(plagiarism.bins.length, needed + 1));
}

/** 查重率分布: bins of 5 percentage points; those above the threshold red, the threshold's side shaded. */
export function plagiarismOption(plagiarism: StatisticsOverview['plagiarism']): ChartOption {
  const bins = shownPlagiarismBins(plagiarism);
  const threshold = plagiarism.threshold;
  const over = (bin: { from: number }) => threshold !== null && bin.from >= threshold;
  const band = thresholdBand(bins, threshold);
  const label = (bin: { from: number; to: number }) => `${bin.from}–${bin.to}%`;
  return {
    ...BASE,
    grid: { left: 8, right: 16, top: 28, bottom: 8, containLabel: true },
    tooltip: {
      ...BASE.tooltip,
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params) => {
        const bin = bins[itemsOf(params)[0]?.dataIndex ?? 0];
        if (!bin) return '';
        const note = threshold === null ? '' : bin.from >= threshold ? '（超过阈值）' : '';
        return `查重率 ${bin.from}% 至不足 ${bin.to}%${note}<br/>${formatCount(bin.count)} 篇`;
      },
    },
    xAxis: [
      {
        type: 'category',
        name: '查重率',
        data: bins.map(label),
        axisLabel: { ...AXIS_LABEL, interval: 0, rotate: bins.length > 8 ? 40 : 0 },
        axisTick: { alignWithLabel: true },
      },
      // The same width as a value axis from 0 to the number of bins, hidden: bin i spans [i, i + 1]
      // on it, so the threshold band covers whole bins. (On the category axis a band's ends sit
      // at the bins' centres, half a bin late.)
      { type: 'value', min: 0, max: bins.length, show: false },
    ],
    yAxis: { type: 'value', name: '篇', minInterval: 1, axisLabel: AXIS_LABEL, splitLine: SPLIT_LINE },
    series: [
      {
        type: 'bar',
        name: '篇数',
        barCategoryGap: '12%',
        data: bins.map((bin) => ({ value: bin.count, itemStyle: { color: over(bin) ? '#cf1322' : '#1677ff' } })),
      },
      {
        // Carries the band on the hidden axis; it has no data of its own.
        type: 'bar',
        name: '阈值',
        xAxisIndex: 1,
        silent: true,
        data: [],
        markArea: band
          ? {
              silent: true,
              itemStyle: { color: 'rgba(207, 19, 34, 0.06)' },
              label: { color: '#a8071a', position: 'insideTop', formatter: `阈值 ${threshold}%` },
              data: [[{ xAxis: band.from }, { xAxis: band.to }]],
            }
          : undefined,
      },
    ],
  };
}

/**
 * Where the threshold band lies on the hidden axis (bin i spans [i, i + 1]): from the threshold
 * itself, inside its bin when it falls between bins' edges, to the last bin's far edge; null
 * without a threshold or when no shown bin reaches it.
 */
export function thresholdBand(
  bins: ReadonlyArray<{ from: number; to: number }>,
  threshold: number | null,
): { from: number; to: number } | null {
  if (threshold === null) return null;
  const index = bins.findIndex((bin) => bin.to > threshold);
  const bin = bins[index];
  if (!bin) return null;
  const within = Math.max(0, (threshold - bin.from) / (bin.to - bin.from));
  return { from: index + within, to: bins.length };
}
