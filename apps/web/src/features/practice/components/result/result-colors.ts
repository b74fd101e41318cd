/**
 * The result's three colours, on the page, in the list and in the legend. Each carries white
 * number badges at WCAG AA contrast (≥ 4.5:1) and reads as text on white.
 */
export const RESULT_COLORS = {
  /** A reference point the marker found. */
  found: '#237804',
  /** A reference point the marker missed. */
  missed: '#a8071a',
  /** The marker's annotation that matched no reference point. */
  unmatched: '#595959',
} as const;

export type ResultMark = keyof typeof RESULT_COLORS;

export const RESULT_LABELS: Record<ResultMark, string> = {
  found: '已找到',
  missed: '未找到',
  unmatched: '未匹配',
};

/** What each colour means, as the legend says it. */
export const RESULT_MEANINGS: Record<ResultMark, string> = {
  found: '你找到的参考要点',
  missed: '你漏掉的参考要点',
  unmatched: '你的批注中没有对应参考要点的',
};
