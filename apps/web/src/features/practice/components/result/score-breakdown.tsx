import { Progress } from 'antd';
import type { ReactNode } from 'react';
import { formatPercent, formatScore } from '../practice-format.ts';

export interface ScoreFigures {
  score: number;
  precision: number;
  recall: number;
  f1: number;
}

export interface ScoreBreakdownProps {
  figures: ScoreFigures;
  /** Counts under the figures: 参考要点 3 · 找到 2 · …. */
  counts: ReadonlyArray<{ label: string; value: number | string }>;
}

/** Tone of a 0–100 score, as the grades read: 60 passes, 80 is good. */
function scoreColor(score: number): string {
  if (score >= 80) return '#237804';
  if (score >= 60) return '#0958d9';
  return '#a8071a';
}

/** The attempt's score, precision, recall and F1, and its counts. */
export function ScoreBreakdown({ figures, counts }: ScoreBreakdownProps) {
  const bars: Array<{ key: keyof ScoreFigures; label: string; hint: string }> = [
    { key: 'precision', label: '精确率', hint: '你的批注中有多少是对的' },
    { key: 'recall', label: '召回率', hint: '参考要点中你找到了多少' },
    { key: 'f1', label: 'F1', hint: '两者的调和平均' },
  ];
  return (
    <section className="pr-breakdown" aria-label="得分明细" data-testid="score-breakdown">
      <div className="pr-score">
        <span className="pr-score-value" style={{ color: scoreColor(figures.score) }} data-testid="result-score">
          {formatScore(figures.score)}
        </span>
        <span className="pr-score-unit">分</span>
      </div>
      <ul className="pr-bars">
        {bars.map((bar) => (
          <li key={bar.key} data-testid={`result-${bar.key}`}>
            <div className="pr-bar-head">
              <span className="pr-bar-label">{bar.label}</span>
              <span className="pr-bar-value">{formatPercent(figures[bar.key])}</span>
            </div>
            <Progress
              percent={Math.round(figures[bar.key] * 1000) / 10}
              showInfo={false}
              size="small"
              strokeColor="#1677ff"
              aria-label={`${bar.label} ${formatPercent(figures[bar.key])}`}
            />
            <div className="pr-muted pr-bar-hint">{bar.hint}</div>
          </li>
        ))}
      </ul>
      <ul className="pr-counts">
        {counts.map((count) => (
          <li key={count.label}>
            <span className="pr-muted">{count.label}</span> <strong>{count.value}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The documented formula, line by line, with this attempt's numbers put in. */
export function ScoreFormula({ lines }: { lines: readonly ReactNode[] }) {
  return (
    <details className="pr-formula" open data-testid="score-formula">
      <summary>评分公式</summary>
      <ol>
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the formula's lines are fixed and ordered
          <li key={index}>{line}</li>
        ))}
      </ol>
    </details>
  );
}
