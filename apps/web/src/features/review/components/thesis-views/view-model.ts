import { parseArea } from '@zikao/anchoring';
import type { AnnotationDto } from '@zikao/contract/annotation';
import type { ThesisSheet, ThesisSheetStage } from '@zikao/contract/thesis-sheet';
import { sortAnnotations } from '../../../../workspace/annotation-model.ts';

/** Bytes as 字节 / KB / MB with one decimal; '—' when unknown. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} 字节`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
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
