import { ANNOTATION_CATEGORIES, type AnnotationDto } from '@zikao/contract/annotation';
import type { PracticePointStats } from '@zikao/contract/practice';

const CATEGORY_LABEL = Object.fromEntries(ANNOTATION_CATEGORIES.map((c) => [c.key, c.label])) as Record<
  AnnotationDto['category'],
  string
>;

export interface PointRow {
  id: string;
  /** 第 2 页 · 内容 · “引文……” */
  label: string;
  /** The text it marks, or the expert's comment for an area. */
  quote: string;
  comment: string;
  category: string;
  page: number;
  found: number;
  partial: number;
  missed: number;
  /** 0–1, or null before any attempt. */
  foundShare: number | null;
}

/** What a point marks, short: its quoted text, else the expert's comment. */
function quoteOf(annotation: AnnotationDto, max = 18): string {
  const text =
    annotation.selectors.find((s) => s.type === 'TextQuoteSelector')?.exact?.replace(/\s+/g, '') ||
    annotation.comment.trim() ||
    '区域批注';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * The reference points as the console shows them, the most missed first (the server's order, kept
 * when it ties): how many of the submitted attempts found each, with or without its category.
 */
export function pointRows(points: readonly PracticePointStats[], submitted: number): PointRow[] {
  return points.map((point) => {
    const annotation = point.annotation;
    const quote = quoteOf(annotation);
    return {
      id: annotation.id,
      label: `第 ${annotation.pageIndex + 1} 页 · ${CATEGORY_LABEL[annotation.category]} · ${quote}`,
      quote,
      comment: annotation.comment,
      category: CATEGORY_LABEL[annotation.category],
      page: annotation.pageIndex + 1,
      found: point.foundCount,
      partial: point.partialCount,
      missed: Math.max(0, submitted - point.foundCount - point.partialCount),
      foundShare: point.foundShare,
    };
  });
}

/** The chart's rows: the `limit` most missed points, drawn top-down (ECharts draws a category axis bottom-up). */
export function mostMissed(rows: readonly PointRow[], limit = 10): PointRow[] {
  return rows.slice(0, limit).reverse();
}
