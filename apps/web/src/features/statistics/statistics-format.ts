import type { StatisticsFigure } from '@zikao/contract/statistics';

const COUNT = new Intl.NumberFormat('zh-CN');
const ONE_DECIMAL = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const formatCount = (value: number | null) => (value === null ? '—' : COUNT.format(value));

/** A share 0–1 as a percentage with one decimal: 0.6667 → 66.7%. */
export const formatPercent = (value: number | null) => (value === null ? '—' : `${ONE_DECIMAL.format(value * 100)}%`);

export const formatScore = (value: number | null) => (value === null ? '—' : ONE_DECIMAL.format(value));

/** A duration as people say it: 45 分钟, 1 小时 5 分钟; under a minute, 秒. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} 秒`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} 分钟`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} 小时` : `${hours} 小时 ${rest} 分钟`;
}

export type FigureKind = 'count' | 'rate' | 'score' | 'duration';

/** How a figure moved from the previous period: a sign and a phrase, or null when there is nothing to compare. */
export function describeChange(
  figure: StatisticsFigure,
  kind: FigureKind,
): { direction: 'up' | 'down' | 'same'; text: string } | null {
  const { value, previous } = figure;
  if (value === null || previous === null) return null;
  const difference = value - previous;
  const direction = difference > 0 ? 'up' : difference < 0 ? 'down' : 'same';
  if (direction === 'same') return { direction, text: '与上期持平' };
  const sign = difference > 0 ? '+' : '−';
  const size = Math.abs(difference);
  switch (kind) {
    case 'count': {
      const relative = previous > 0 ? `（${sign}${ONE_DECIMAL.format((size / previous) * 100)}%）` : '';
      return { direction, text: `较上期 ${sign}${COUNT.format(size)}${relative}` };
    }
    case 'rate':
      return { direction, text: `较上期 ${sign}${ONE_DECIMAL.format(size * 100)} 个百分点` };
    case 'score':
      return { direction, text: `较上期 ${sign}${ONE_DECIMAL.format(size)} 分` };
    case 'duration':
      return { direction, text: `较上期 ${sign}${formatDuration(size)}` };
  }
}

/** `2026-11-03` → 11月3日; `2026-11` → 2026年11月. */
export function formatTrendDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return day === undefined ? `${year}年${month}月` : `${month}月${day}日`;
}
