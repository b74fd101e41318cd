import { ANNOTATION_CATEGORIES, type AnnotationDto } from '@zikao/contract/annotation';
import type { PracticeResultDto, PracticeScoringRules } from '@zikao/contract/practice';
import type { AnnotationDecoration } from '../../../../workspace/lazy-workspace.tsx';
import { formatPercent, formatScore } from '../practice-format.ts';
import { RESULT_COLORS, type ResultMark } from './result-colors.ts';

const CATEGORY_LABEL = Object.fromEntries(ANNOTATION_CATEGORIES.map((c) => [c.key, c.label])) as Record<
  AnnotationDto['category'],
  string
>;

export interface ResultView {
  /** What the workspace shows: every reference point, then the marker's annotations that matched none. */
  annotations: AnnotationDto[];
  /** How each of them is drawn: green found, red missed, grey unmatched. */
  decorations: ReadonlyMap<string, AnnotationDecoration>;
  counts: Record<ResultMark, number> & { partial: number };
}

/** The marker's words, short: its comment, else the text it marks. */
function gist(annotation: AnnotationDto): string {
  const text =
    annotation.comment.trim() ||
    annotation.selectors.find((s) => s.type === 'TextQuoteSelector')?.exact ||
    '（无批注内容）';
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/**
 * The result laid out for the read-only workspace. The reference points carry the expert's
 * comment; a found one notes the marker's annotation that found it (and the category it gave).
 * The marker's matched annotations are not drawn again: the green point stands for the pair.
 */
export function resultView(result: PracticeResultDto): ResultView {
  const mine = new Map(result.annotations.map((item) => [item.annotation.id, item.annotation]));
  const decorations = new Map<string, AnnotationDecoration>();
  const counts = { found: 0, partial: 0, missed: 0, unmatched: 0 };
  for (const point of result.references) {
    const matched = point.matchedAnnotationId ? mine.get(point.matchedAnnotationId) : undefined;
    if (point.outcome === 'missed' || !matched) {
      counts.missed++;
      decorations.set(point.annotation.id, {
        color: RESULT_COLORS.missed,
        label: '未找到',
        className: 'pr-mark-missed',
      });
      continue;
    }
    counts.found++;
    const partial = point.outcome === 'partial';
    if (partial) counts.partial++;
    decorations.set(point.annotation.id, {
      color: RESULT_COLORS.found,
      label: partial ? '已找到 · 类别不同' : '已找到',
      className: partial ? 'pr-mark-found pr-mark-partial' : 'pr-mark-found',
      note: partial
        ? `你的批注归为「${CATEGORY_LABEL[matched.category]}」，参考为「${CATEGORY_LABEL[point.annotation.category]}」，计 ${point.credit} 分：${gist(matched)}`
        : `你的批注（计 ${point.credit} 分）：${gist(matched)}`,
    });
  }
  const unmatched = result.annotations.filter((item) => item.outcome === 'unmatched').map((item) => item.annotation);
  for (const annotation of unmatched) {
    counts.unmatched++;
    decorations.set(annotation.id, {
      color: RESULT_COLORS.unmatched,
      label: '未匹配',
      className: 'pr-mark-unmatched',
      note: '没有与之对应的参考要点，计入你的批注数，不得分',
    });
  }
  return {
    annotations: [...result.references.map((point) => point.annotation), ...unmatched],
    decorations,
    counts,
  };
}

/** A number as the formula writes it: 1.5, 3, 0.5. */
function num(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/**
 * The documented formula (docs/practice-scoring.md) with this attempt's numbers put in, line by
 * line, as the result page shows it.
 */
export function formulaLines(
  figures: {
    credit: number;
    annotationCount: number;
    referenceCount: number;
    precision: number;
    recall: number;
    f1: number;
    score: number;
  },
  rules: Pick<PracticeScoringRules, 'coverMin' | 'focusMin' | 'partialCredit'>,
): string[] {
  return [
    `找到：你的批注与参考要点重叠的部分，占参考要点不少于 ${formatPercent(rules.coverMin)}（覆盖率），且占你这条批注不少于 ${formatPercent(rules.focusMin)}（聚焦率）。文字批注按字符范围计算，区域批注按页面矩形面积计算；每条批注、每个参考要点都只配对一次，取总分最高的配对。`,
    `计分：类别相同得 1 分，类别不同得 ${num(rules.partialCredit)} 分；本次合计 ${num(figures.credit)} 分。`,
    figures.annotationCount === 0
      ? '精确率 P = 得分合计 ÷ 你的批注数；没有批注时 P 记 0'
      : `精确率 P = 得分合计 ÷ 你的批注数 = ${num(figures.credit)} ÷ ${figures.annotationCount} = ${formatPercent(figures.precision)}`,
    `召回率 R = 得分合计 ÷ 参考要点数 = ${num(figures.credit)} ÷ ${figures.referenceCount} = ${formatPercent(figures.recall)}`,
    `F1 = 2 × P × R ÷ (P + R) = ${formatPercent(figures.f1)}（P、R 都为 0 时记 0）`,
    `得分 = 100 × F1，四舍五入 = ${formatScore(figures.score)}`,
  ];
}
