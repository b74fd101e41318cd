import { formatBeijing } from '../../../../shared/utils/beijing-time.ts';

export interface TrendAttempt {
  submittedAt: number;
  score: number;
  thesisTitle: string;
}

export interface TrendPoint {
  /** MM-DD, for the axis. */
  label: string;
  score: number;
  /** For the tooltip: when and which thesis. */
  detail: string;
}

/** How many attempts the small trend shows: the latest ones. */
export const TREND_SIZE = 20;

/** The latest attempts, oldest first, as points of the trend line. */
export function trendPoints(attempts: readonly TrendAttempt[], size = TREND_SIZE): TrendPoint[] {
  return [...attempts]
    .sort((a, b) => a.submittedAt - b.submittedAt)
    .slice(-size)
    .map((attempt) => {
      const at = attempt.submittedAt;
      return {
        label: formatBeijing(at, 'MM-DD'),
        score: Math.round(attempt.score * 10) / 10,
        detail: `${formatBeijing(at, 'YYYY-MM-DD HH:mm')} ${attempt.thesisTitle}`,
      };
    });
}

/** The trend in words, for those who cannot see the chart. */
export function describeTrend(points: readonly TrendPoint[]): string {
  if (points.length === 0) return '还没有练习成绩';
  const first = points[0] as TrendPoint;
  const last = points[points.length - 1] as TrendPoint;
  if (points.length === 1) return `最近 1 次练习得分 ${last.score}`;
  const change = Math.round((last.score - first.score) * 10) / 10;
  const direction = change > 0 ? `上升 ${change} 分` : change < 0 ? `下降 ${-change} 分` : '持平';
  return `最近 ${points.length} 次练习得分，从 ${first.score} 到 ${last.score}，${direction}`;
}
