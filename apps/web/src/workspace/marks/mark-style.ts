/**
 * How each kind of mark looks and is named, wherever it is shown: the page overlay, the side list,
 * the candidate's 修改建议 summary and the print view. Pure (no DOM), tested in mark-style.test.ts.
 */
import {
  ANNOTATION_KIND_LABELS,
  type AnnotationDto,
  type AnnotationKind,
  isDrawnMark,
  isSuggestion,
} from '@zikao/contract/annotation';

/** Struck (deleted) text, as Word's tracked changes: red (5.9:1 on white). */
export const DELETE_COLOR = '#cf1322';
/** Suggested (inserted) text: dark green (7.2:1 on white). */
export const INSERT_COLOR = '#237804';

/** The annotation's fields a mark's look and name depend on. */
export type MarkFields = Pick<AnnotationDto, 'kind' | 'selectors'> & {
  suggestion?: string | null;
  stamp?: string | null;
  comment?: string;
};

/** What the page draws over a text mark's words. */
export interface TextMarkLayer {
  /** The wash over the words, or null for none. */
  fill: string | null;
  /** A line under or through the words, or none. */
  line: 'under' | 'through' | null;
  lineColor: string;
  /** Draw the inserted-text caret ∧ after the last word. */
  caret: boolean;
  /** Show the suggestion in a callout after the words. */
  callout: boolean;
}

export function textMarkLayer(kind: AnnotationKind, color: string): TextMarkLayer {
  switch (kind) {
    case 'underline':
      return { fill: null, line: 'under', lineColor: color, caret: false, callout: false };
    case 'strikeout':
      return { fill: rgba(DELETE_COLOR, 0.08), line: 'through', lineColor: DELETE_COLOR, caret: false, callout: false };
    case 'replace':
      return { fill: rgba(DELETE_COLOR, 0.08), line: 'through', lineColor: DELETE_COLOR, caret: false, callout: true };
    case 'insert':
      return { fill: null, line: null, lineColor: INSERT_COLOR, caret: true, callout: true };
    default:
      return { fill: rgba(color, 0.32), line: null, lineColor: color, caret: false, callout: false };
  }
}

/** The quoted words of a text mark ('' for page and drawn marks). */
export function quoteOf(annotation: Pick<AnnotationDto, 'selectors'>): string {
  const quote = annotation.selectors.find((selector) => selector.type === 'TextQuoteSelector');
  return quote?.type === 'TextQuoteSelector' ? quote.exact : '';
}

/** Text cut to `max` characters with an ellipsis, whitespace runs made one space. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/**
 * A suggestion as the candidate reads it, 原文 → 建议: the words struck (replace, strike-out),
 * the words after which text goes in (insert), and the new wording ('' for a strike-out).
 * Null for every other kind.
 */
export interface SuggestionView {
  kind: 'replace' | 'insert' | 'strikeout';
  original: string;
  suggestion: string;
  /** One line in words: 将「原文」改为「建议」, 删除「原文」, 在「原文」后插入「建议」. */
  sentence: string;
}

export function suggestionView(annotation: MarkFields, max = 120): SuggestionView | null {
  const { kind } = annotation;
  if (kind !== 'strikeout' && !isSuggestion(kind)) return null;
  const original = quoteOf(annotation);
  const suggestion = kind === 'strikeout' ? '' : (annotation.suggestion ?? '');
  const o = clip(original, max);
  const s = clip(suggestion, max);
  const sentence =
    kind === 'replace'
      ? `将「${o}」改为「${s}」`
      : kind === 'insert'
        ? `在「${tail(original, max)}」后插入「${s}」`
        : `删除「${o}」`;
  return { kind, original, suggestion, sentence };
}

/** The end of a text (where an insertion goes), clipped from the front. */
export function tail(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `…${flat.slice(flat.length - max)}` : flat;
}

/**
 * The name a mark on the page is read out by: highlights keep 批注 N; the others say what they
 * are and, for a suggestion, what it changes: 修改建议 3：原文「…」改为「…」.
 */
export function markName(annotation: MarkFields, number: number | string): string {
  const { kind } = annotation;
  if (kind === 'highlight') return `批注 ${number}`;
  if (kind === 'area') return `区域批注 ${number}`;
  if (kind === 'note') return `页面批注 ${number}`;
  const label = ANNOTATION_KIND_LABELS[kind] ?? '批注';
  const quote = clip(quoteOf(annotation), 40);
  const suggestion = clip(annotation.suggestion ?? '', 40);
  if (kind === 'replace') return `${label} ${number}：原文「${quote}」改为「${suggestion}」`;
  if (kind === 'insert') return `${label} ${number}：在「${tail(quoteOf(annotation), 20)}」后插入「${suggestion}」`;
  if (kind === 'strikeout') return `${label} ${number}：删除「${quote}」`;
  if (kind === 'underline') return `${label} ${number}：「${quote}」`;
  if (isDrawnMark(kind)) return `${label} ${number}`;
  return `${label} ${number}`;
}

/** A short glyph for each kind, for lists and print where an icon font is not at hand. */
export const KIND_GLYPH: Record<AnnotationKind, string> = {
  highlight: '▍',
  area: '▭',
  note: '✎',
  stamp: '◎',
  underline: 'U̲',
  strikeout: 'S̶',
  replace: '⇄',
  insert: '∧',
  pen: '〰',
  line: '╱',
  arrow: '↗',
  ellipse: '◯',
};

function rgba(color: string, alpha: number): string {
  const n = Number.parseInt(color.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}
