import { RESULT_COLORS, RESULT_LABELS, RESULT_MEANINGS, type ResultMark } from './result-colors.ts';

const ORDER: ResultMark[] = ['found', 'missed', 'unmatched'];

/** found = green, missed = red, unmatched = grey, with how many of each. */
export function ResultLegend({ counts }: { counts?: Partial<Record<ResultMark, number>> }) {
  return (
    <ul className="pr-legend" aria-label="图例">
      {ORDER.map((mark) => (
        <li key={mark} data-mark={mark}>
          <span className="pr-swatch" style={{ background: RESULT_COLORS[mark] }} aria-hidden="true" />
          <span className="pr-legend-label" style={{ color: RESULT_COLORS[mark] }}>
            {RESULT_LABELS[mark]}
          </span>
          <span className="pr-legend-meaning">
            {RESULT_MEANINGS[mark]}
            {counts?.[mark] !== undefined && `（${counts[mark]}）`}
          </span>
        </li>
      ))}
    </ul>
  );
}
