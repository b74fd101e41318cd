import { parseArea } from '@zikao/anchoring';
import {
  ANNOTATION_KIND_LABELS,
  type AnnotationDto,
  type AnnotationKind,
  type AnnotationPlacement,
  isDrawnMark,
  type PageFraction,
} from '@zikao/contract/annotation';
import type { ThesisSheet, ThesisSheetStage } from '@zikao/contract/thesis-sheet';
import { sortAnnotations } from '../../../../workspace/annotation-model.ts';

/** Bytes as 字节 / KB / MB with one decimal; '—' when unknown. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} 字节`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Spreadsheet column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLabel(index: number): string {
  let label = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    label = String.fromCharCode(65 + ((n - 1) % 26)) + label;
  }
  return label;
}

const PREVIEWABLE = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** Whether the browser can show the file in a tab (the server serves only these inline). */
export function isPreviewable(mime: string): boolean {
  return PREVIEWABLE.has(mime.toLowerCase());
}

/** Percent with up to one decimal and a % sign; '—' when none. */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined) return '—';
  return `${Math.round(rate * 10) / 10}%`;
}

/**
 * The thesis's plagiarism rate for the sheet: the latest stage that has one (a final's checked
 * rate outweighs a draft's).
 */
export function sheetPlagiarism(sheet: Pick<ThesisSheet, 'stages' | 'plagiarismThreshold'>): {
  rate: number | null;
  stage: ThesisSheetStage['stage'] | null;
  exceeds: boolean;
} {
  for (let i = sheet.stages.length - 1; i >= 0; i--) {
    const stage = sheet.stages[i];
    if (stage && stage.plagiarismRate !== null) {
      return {
        rate: stage.plagiarismRate,
        stage: stage.stage,
        exceeds: stage.plagiarismRate > sheet.plagiarismThreshold,
      };
    }
  }
  return { rate: null, stage: null, exceeds: false };
}

export interface PrintNote {
  /** 1-based, in reading order across the whole document. */
  number: number;
  annotation: AnnotationDto;
  /** The highlighted text, shortened; empty for boxes, page notes and stamps. */
  quote: string;
}

const QUOTE_MAX = 80;

/** The highlighted words of an annotation, collapsed to one line and cut to 80 characters. */
export function quoteOf(annotation: Pick<AnnotationDto, 'selectors'>, max = QUOTE_MAX): string {
  const selector = annotation.selectors.find((s) => s.type === 'TextQuoteSelector');
  if (selector?.type !== 'TextQuoteSelector') return '';
  const text = selector.exact.replace(/\s+/g, ' ').trim();
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

/**
 * The margin notes of each page: annotations in reading order (page, place on the page, creation),
 * numbered once across the document so a note's number is the same on screen and on paper.
 */
export function notesByPage(annotations: readonly AnnotationDto[]): Map<number, PrintNote[]> {
  const sorted = sortAnnotations([...annotations]);
  const pages = new Map<number, PrintNote[]>();
  sorted.forEach((annotation, index) => {
    const notes = pages.get(annotation.pageIndex) ?? [];
    notes.push({ number: index + 1, annotation, quote: quoteOf(annotation) });
    pages.set(annotation.pageIndex, notes);
  });
  return pages;
}

export interface PlacedNote extends PrintNote {
  /** What to draw on this page: the highlighted lines, or the box. */
  rects: PageFraction[];
  /** Where the note's marker sits on this page, as fractions from the top-left. */
  marker: { left: number; top: number };
  /** The rest of a highlight that began on an earlier page: marked again, its note not repeated. */
  continued?: boolean;
  /** Placed without the server's placement: only a box can be marked, from its own selector. */
  unmarked?: boolean;
}

/**
 * The print view's notes from the server's placement (the annotated PDF's numbers, pages and
 * rectangles): per page in number order, and apart the notes whose text can no longer be found.
 * A page note's marker is at its spot; one saved without a spot stacks in the top-right corner.
 */
export function placedNotes(
  annotations: readonly AnnotationDto[],
  placements: readonly AnnotationPlacement[],
): { pages: Map<number, PlacedNote[]>; unplaced: PrintNote[] } {
  const byId = new Map(annotations.map((annotation) => [annotation.id, annotation]));
  const pages = new Map<number, PlacedNote[]>();
  const unplaced: PrintNote[] = [];
  for (const placement of [...placements].sort((a, b) => a.number - b.number)) {
    const annotation = byId.get(placement.annotationId);
    if (!annotation) continue;
    const note = { number: placement.number, annotation, quote: quoteOf(annotation) };
    if (placement.page === null) {
      unplaced.push(note);
      continue;
    }
    const list = pages.get(placement.page) ?? [];
    const rects = placement.rects.filter((rect) => rect.page === placement.page);
    const first = rects[0];
    const stacked = list.filter((n) => n.annotation.kind === 'note' && !hasSpot(n.annotation)).length;
    // A page note sits where it was placed (issue 32 §2.3); one saved without a spot stacks top-right.
    const marker =
      (annotation.kind === 'note' && !hasSpot(annotation)) || !first
        ? { left: 0.96, top: 0.03 + stacked * 0.03 }
        : { left: first.left, top: first.top };
    list.push({ ...note, rects: annotation.kind === 'note' ? [] : rects, marker });
    pages.set(placement.page, list);
  }
  // A highlight that runs onto the next page is drawn there too, under its own number.
  for (const placement of placements) {
    const annotation = byId.get(placement.annotationId);
    if (!annotation || placement.page === null) continue;
    for (const rect of placement.rects) {
      if (rect.page === placement.page) continue;
      const list = pages.get(rect.page) ?? [];
      const carried = list.find((n) => n.annotation.id === annotation.id && n.number === placement.number);
      if (carried) carried.rects.push(rect);
      else {
        list.push({
          number: placement.number,
          annotation,
          quote: quoteOf(annotation),
          rects: [rect],
          marker: { left: rect.left, top: rect.top },
          continued: true,
        });
        pages.set(rect.page, list);
      }
    }
  }
  return { pages, unplaced };
}

/** Whether a page note was saved with its spot on the page (a viewrect). */
function hasSpot(annotation: AnnotationDto): boolean {
  const fragment = annotation.selectors.find((selector) => selector.type === 'FragmentSelector');
  return fragment?.type === 'FragmentSelector' && Boolean(parseArea(fragment.value)?.rect);
}

/**
 * Where each number badge goes in the margin beside the page: a column (0 nearest the page) and a
 * top, both so that no badge covers another and none covers the page's text. A badge sits level
 * with its mark where a column is free there, else just below the badge above it. Tops and
 * `height` (a badge's) are fractions of the page's height.
 */
export function placeBadges(
  tops: readonly number[],
  height: number,
  columns = 2,
): Array<{ column: number; top: number }> {
  const order = tops.map((top, index) => ({ top, index })).sort((a, b) => a.top - b.top || a.index - b.index);
  // Where each column is free from, going down.
  const floors = new Array<number>(columns).fill(Number.NEGATIVE_INFINITY);
  const result = tops.map((top) => ({ column: 0, top }));
  for (const { top, index } of order) {
    let column = floors.findIndex((floor) => floor <= top);
    if (column < 0) column = floors.indexOf(Math.min(...floors));
    const placed = Math.max(top, floors[column] as number);
    floors[column] = placed + height;
    result[index] = { column, top: placed };
  }
  return result;
}

/** A box on the page (area, page note, stamp) as fractions of the page, or null for text highlights. */
export function boxOf(
  annotation: Pick<AnnotationDto, 'selectors'>,
  page: { width: number; height: number },
): { left: number; top: number; width: number; height: number } | null {
  if (page.width <= 0 || page.height <= 0) return null;
  const fragment = annotation.selectors.find((selector) => selector.type === 'FragmentSelector');
  const rect = fragment ? parseArea(fragment.value)?.rect : undefined;
  if (!rect) return null;
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return {
    left: clamp(rect.x / page.width),
    top: clamp(rect.y / page.height),
    width: clamp(rect.width / page.width),
    height: clamp(rect.height / page.height),
  };
}

/**
 * How the print view marks an annotation on the page image: a wash over the words (highlight), a
 * line under them (underline) or through them (strike-out, replace), a caret after them (insert),
 * a box (area, stamp), the strokes themselves (pen, line, arrow, ellipse), or nothing (page note).
 */
export type PrintMark = 'fill' | 'under' | 'strike' | 'caret' | 'box' | 'drawn' | 'none';

export function printMark(kind: AnnotationKind): PrintMark {
  switch (kind) {
    case 'highlight':
      return 'fill';
    case 'underline':
      return 'under';
    case 'strikeout':
    case 'replace':
      return 'strike';
    case 'insert':
      return 'caret';
    case 'note':
      return 'none';
    default:
      return isDrawnMark(kind) ? 'drawn' : 'box';
  }
}

/**
 * The words in a printed note's head naming what kind of mark it is, '' for highlights, boxes,
 * page notes and stamps:
 * 修改建议, 删除建议, 箭头（第 3 页）… A drawn mark has no words of its own, so its page is named.
 */
export function printKindLabel(annotation: Pick<AnnotationDto, 'kind' | 'pageIndex'>): string {
  const { kind } = annotation;
  // The kinds before issue 24 print as they did: their marker and box say enough.
  if (kind === 'highlight' || kind === 'stamp' || kind === 'area' || kind === 'note') return '';
  const label = ANNOTATION_KIND_LABELS[kind] ?? '';
  return isDrawnMark(kind) ? `${label}（第 ${annotation.pageIndex + 1} 页）` : label;
}

export type ViewKind = 'print' | 'sheet' | 'attachments';

/** The three views' paths of a submission: finals and retests have their own route families. */
export function viewPaths(stage: ThesisSheetStage['stage'] | 'final-family' | 'retest-family', id: number) {
  if (stage === 'final' || stage === 'final-family') {
    return {
      print: `/thesis/finallyPrint/${id}`,
      sheet: `/thesis/finallyBasic/${id}`,
      attachments: `/thesis/finallyAttachment/${id}`,
    };
  }
  if (stage === 'retest' || stage === 'retest-family') {
    return {
      print: `/thesisRetest/reviewsPrint/${id}`,
      sheet: `/thesisRetest/reviewBasic/${id}`,
      attachments: `/thesisRetest/attachment/${id}`,
    };
  }
  return {
    print: `/thesis/reviewsPrint/${id}`,
    sheet: `/thesis/reviewBasic/${id}`,
    attachments: `/thesis/attachment/${id}`,
  };
}

/** Which family a view's own path belongs to, so its links stay in it. */
export function familyOfPath(pathname: string): 'final-family' | 'retest-family' | 'draft' {
  if (pathname.startsWith('/thesisRetest/')) return 'retest-family';
  if (/^\/thesis\/finally/.test(pathname)) return 'final-family';
  return 'draft';
}
