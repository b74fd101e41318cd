import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { StatisticsOverview } from '@zikao/contract/statistics';
import {
  plagiarismOption,
  scoreOption,
  shownPlagiarismBins,
  shownScoreBins,
  thresholdBand,
  trendOption,
} from './chart-options.ts';

const bins = (counts: Record<number, number>, width = 5) =>
  Array.from({ length: 20 }, (_, i) => ({ from: i * width, to: (i + 1) * width, count: counts[i] ?? 0 }));
const grades = [
  '不及格',
  '不及格',
  '不及格',
  '不及格',
  '不及格',
  '不及格',
  '不及格',
  '不及格',
  '不及格',
  '不及格',
  '不及格',
  '不及格',
  '及格',
  '及格',
  '中等',
  '中等',
  '良好',
  '良好',
  '优秀',
  '优秀',
] as const;

it('draws the score histogram from 40 points (or the lowest score) in grade colours with a zh-CN tooltip', () => {
  const scores: StatisticsOverview['scores'] = {
    bins: bins({ 11: 2, 17: 5, 19: 1 }).map((bin, i) => ({ ...bin, grade: grades[i] ?? '不及格' })),
    total: 8,
  };
  assert.equal(shownScoreBins(scores)[0]?.from, 40);
  const option = scoreOption(scores);
  const series = option.series as Array<{ name: string; data: number[] }>;
  assert.deepEqual(
    series.map((s) => s.name),
    ['优秀', '良好', '中等', '及格', '不及格'],
  );
  assert.equal(series.find((s) => s.name === '良好')?.data[17 - 8], 5);
  const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
  assert.equal(formatter([{ dataIndex: 17 - 8 }]), '85 分至不足 90 分（良好）<br/>5 篇');
  assert.equal(formatter([{ dataIndex: 19 - 8 }]), '95–100 分（优秀）<br/>1 篇');
  const axis = option.xAxis as { data: string[]; axisLabel: { interval?: number; hideOverlap?: boolean } };
  assert.equal(axis.data.length, 12);
  assert.equal(axis.axisLabel.interval, 0, 'every bin is labelled, none skipped where they crowd');
  assert.notEqual(axis.axisLabel.hideOverlap, true);
  const low = { ...scores, bins: scores.bins.map((bin, i) => (i === 3 ? { ...bin, count: 1 } : bin)) };
  assert.equal(shownScoreBins(low)[0]?.from, 15);
});

it('marks the plagiarism bins past the threshold and labels the threshold', () => {
  const plagiarism: StatisticsOverview['plagiarism'] = {
    bins: bins({ 1: 3, 4: 6, 7: 2 }),
    total: 11,
    overThreshold: 2,
    threshold: 30,
    thresholds: [{ batchId: 1, batchName: '2026年下半年', threshold: 30 }],
  };
  assert.deepEqual(shownPlagiarismBins(plagiarism).at(-1), { from: 35, to: 40, count: 2 }, 'up to the highest rate');
  const option = plagiarismOption(plagiarism);
  const [series, band] = option.series as Array<{
    data: Array<{ value: number; itemStyle: { color: string } }>;
    xAxisIndex?: number;
    markArea?: { label: { formatter: string }; data: Array<[{ xAxis: number }, { xAxis: number }]> };
  }>;
  assert.equal(series?.data[7]?.itemStyle.color, '#cf1322', '35–40% is past 30%');
  assert.equal(series?.data[4]?.itemStyle.color, '#1677ff');
  assert.equal(band?.markArea?.label.formatter, '阈值 30%');
  // The band starts at the 30–35% bin's left edge, not its centre, and ends at the last bin's right edge.
  const [axis, hidden] = option.xAxis as [
    { data: string[]; axisLabel: { interval: number } },
    { min: number; max: number },
  ];
  assert.equal(axis.axisLabel.interval, 0);
  assert.equal(band?.xAxisIndex, 1);
  assert.deepEqual([hidden.min, hidden.max], [0, axis.data.length]);
  assert.deepEqual(band?.markArea?.data, [[{ xAxis: 6 }, { xAxis: axis.data.length }]]);
  assert.equal(axis.data[6], '30–35%');
  const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
  assert.equal(formatter([{ dataIndex: 7 }]), '查重率 35% 至不足 40%（超过阈值）<br/>2 篇');
});

it('starts the threshold band at the threshold itself, wherever it falls in a bin', () => {
  const shown = bins({}).slice(0, 10);
  assert.deepEqual(thresholdBand(shown, 30), { from: 6, to: 10 });
  assert.deepEqual(thresholdBand(shown, 32), { from: 6.4, to: 10 });
  assert.deepEqual(thresholdBand(shown, 0), { from: 0, to: 10 });
  assert.equal(thresholdBand(shown, null), null);
  assert.equal(thresholdBand(shown, 60), null, 'past every shown bin');
});

it('labels the trend’s days in Chinese and totals its tooltip', () => {
  const trend: StatisticsOverview['trend'] = {
    unit: 'day',
    points: [
      { date: '2026-11-01', reviewed: 3, passed: 2, revised: 1, failed: 0, awaiting: 0 },
      { date: '2026-11-02', reviewed: 0, passed: 0, revised: 0, failed: 0, awaiting: 0 },
    ],
  };
  const option = trendOption(trend, false);
  assert.deepEqual((option.xAxis as { data: string[] }).data, ['11月1日', '11月2日']);
  const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
  const text = formatter([
    { dataIndex: 0, seriesName: '通过', value: 2, marker: '' },
    { dataIndex: 0, seriesName: '退回修改', value: 1, marker: '' },
    { dataIndex: 0, seriesName: '不通过', value: 0, marker: '' },
  ]);
  assert.equal(text, '11月1日<br/>通过：2 篇<br/>退回修改：1 篇<br/>合计：3 篇');
});
