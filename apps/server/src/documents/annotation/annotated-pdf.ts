import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit, { type Font } from '@pdf-lib/fontkit';
import {
  anchorMark,
  DocumentText,
  type ReadingPosition,
  readingOrder,
  readingPosition,
  type TextSpot,
  textSpots,
} from '@zikao/anchoring';
import { type AnnotationDto, isDrawnMark, isSuggestion, isTextMark } from '@zikao/contract';
import type { AnnotatedPdfVariant } from '@zikao/contract/endpoints/documents';
import { PDFDocument, type PDFFont, type PDFPage, type rgb } from 'pdf-lib';
import subsetFont from 'subset-font';
import { stripPdfMetadata } from '../document/metadata-strip.ts';
import { sanitizePdf } from '../document/pdf-sanitize.ts';
import type { ItemBox } from '../document/pdf-worker.ts';
import { categoryOf, drawIndex, drawMarker, hexColor, indexLines } from './annotated-pdf-index.ts';
import { addAnnotations, burnIn } from './pdf-annots.ts';
import { type MarkGeometry, markParts, type Rgb } from './pdf-appearance.ts';
import { boundsOf, pageFrame, strokesToUser, type UserRect, viewrectOf, viewrectToUser } from './pdf-page-frame.ts';

export interface PageGeometry {
  width: number;
  height: number;
  text: string;
  boxes: ItemBox[];
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Placed {
  number: number;
  annotation: AnnotationDto;
  /** 0-based page of the marker; null when the text can no longer be found. */
  page: number | null;
  /** What to draw, each on its page: a highlight across a page break has rects on both. */
  rects: Array<Rect & { page: number }>;
  quote: string;
}

const require = createRequire(import.meta.url);
let fontBytes: Buffer | undefined;
let cjkFont: Font | undefined;
let mathBytes: Buffer | undefined;
let mathFont: Font | undefined;

/**
 * Noto Sans SC (shipped by an npm package, so a fresh install has it without system fonts),
 * cut down by HarfBuzz to the characters drawn. pdf-lib's own subsetting drops CJK glyphs.
 */
async function cjkSubset(text: string): Promise<Uint8Array> {
  fontBytes ??= readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'));
  return subsetFont(fontBytes, text, { targetFormat: 'truetype' });
}

/**
 * The characters of `text` that Noto Sans SC lacks and Noto Sans Math draws (the math italic
 * letters of quoted formulas, adr/026), with that font cut down to them; null when there are none.
 */
async function mathSubset(text: string): Promise<{ bytes: Uint8Array; chars: Set<string> } | null> {
  fontBytes ??= readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'));
  cjkFont ??= fontkit.create(fontBytes);
  const cjk = cjkFont;
  const missing = [...new Set(Array.from(text))].filter(
    (char) => !/\s/.test(char) && !cjk.hasGlyphForCodePoint(char.codePointAt(0) as number),
  );
  if (missing.length === 0) return null;
  mathBytes ??= readFileSync(require.resolve('@fontsource/noto-sans-math/files/noto-sans-math-latin-400-normal.woff'));
  mathFont ??= fontkit.create(mathBytes);
  const math = mathFont;
  const chars = new Set(missing.filter((char) => math.hasGlyphForCodePoint(char.codePointAt(0) as number)));
  if (chars.size === 0) return null;
  return { bytes: await subsetFont(mathBytes, [...chars].join(''), { targetFormat: 'truetype' }), chars };
}

/** Boxes covering page-local offsets [start, end), from the text items' geometry. */
export function rectsForRange(boxes: readonly ItemBox[], start: number, end: number): Rect[] {
  const rects: Rect[] = [];
  for (const [s, e, x, y, width, height] of boxes) {
    const from = Math.max(s, start);
    const to = Math.min(e, end);
    if (from >= to) continue;
    const x0 = x + (width * (from - s)) / (e - s);
    const x1 = x + (width * (to - s)) / (e - s);
    rects.push({ x: x0, y: y - height * 0.22, width: Math.max(1, x1 - x0), height: height * 1.2 });
  }
  return rects;
}

/**
 * Anchors each annotation on the pages and numbers them by the one rule every view uses
 * (`readingOrder`, issue 32 §1.1): the markers, the index, the print view and the workspace's list
 * agree. Marks that cannot be placed (原文已删除) get no page and come last.
 */
export function place(annotations: readonly AnnotationDto[], pages: readonly PageGeometry[]): Placed[] {
  const doc = new DocumentText(pages.map((page) => page.text));
  const spots: Array<TextSpot[] | undefined> = [];
  const spotsOf = (page: number) => {
    const geometry = pages[page];
    if (!geometry) return undefined;
    spots[page] ??= textSpots(geometry.boxes, geometry.height);
    return spots[page];
  };
  const positions = new Map<string, ReadingPosition | null>();
  const byId = new Map<string, Placed>();
  for (const annotation of annotations) {
    const found = anchorMark(doc, { textMark: isTextMark(annotation.kind), selectors: annotation.selectors });
    positions.set(annotation.id, readingPosition(found, spotsOf));
    const item: Placed = { number: 0, annotation, page: null, rects: [], quote: '' };
    if (found?.kind === 'text') {
      item.quote = found.text;
      item.page = found.parts[0]?.page ?? null;
      for (const part of found.parts) {
        const rects = rectsForRange(pages[part.page]?.boxes ?? [], part.start, part.end);
        item.rects.push(...rects.map((rect) => ({ ...rect, page: part.page })));
      }
    } else if (found?.kind === 'area') {
      item.page = found.page;
      const height = pages[found.page]?.height ?? 842;
      const width = pages[found.page]?.width ?? 595;
      const rect = found.rect ?? { x: width - 60, y: 30, width: 30, height: 30 };
      item.rects.push({
        x: rect.x,
        y: height - rect.y - rect.height,
        width: rect.width,
        height: rect.height,
        page: found.page,
      });
    }
    byId.set(annotation.id, item);
  }
  return readingOrder(annotations, (annotation) => positions.get(annotation.id) ?? null).map((annotation, i) => {
    const item = byId.get(annotation.id) as Placed;
    item.number = i + 1;
    return item;
  });
}

/** A colour as pdf-lib's rgb and as the annotation's /C. */
function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255];
}

/** A few words above the mark, as a reviewer writes the better word above the struck one (打印版). */
function drawSuggestion(page: PDFPage, font: PDFFont, item: Placed, color: ReturnType<typeof rgb>) {
  const { suggestion, kind } = item.annotation;
  const anchorRect = kind === 'insert' ? item.rects[item.rects.length - 1] : item.rects[0];
  if (!suggestion || !anchorRect || anchorRect.page !== item.page) return;
  const chars = Array.from(suggestion.replace(/\s+/g, ' '));
  const text = `${kind === 'insert' ? '∧' : ''}${chars.slice(0, SUGGESTION_SHOWN).join('')}${chars.length > SUGGESTION_SHOWN ? '…' : ''}`;
  const size = Math.max(6, Math.min(9, anchorRect.height * 0.6));
  const x = kind === 'insert' ? anchorRect.x + anchorRect.width - size / 2 : anchorRect.x;
  page.drawText(text, { x, y: anchorRect.y + anchorRect.height + 1, size, font, color });
}

const SUGGESTION_SHOWN = 24;

/**
 * Where each placed annotation's mark lies in user space. Text boxes come from the extracted
 * geometry, already in user space; viewrects and strokes are measured on the page as displayed
 * (cropped and rotated, from its top-left corner) and are turned into user space here.
 */
function geometryOf(item: Placed, pdfPages: readonly PDFPage[], notePin: UserRect | null): MarkGeometry {
  const { annotation } = item;
  const page = item.page ?? 0;
  const pdfPage = pdfPages[page];
  const frame = pdfPage ? pageFrame(pdfPage) : null;
  const color = rgbOf(annotation.shape?.color ?? categoryOf(annotation.category).color);
  const mark: MarkGeometry = { annotation, rects: item.rects, strokes: [], page, color };
  if (!frame || item.page === null || isTextMark(annotation.kind)) return mark;
  if (isDrawnMark(annotation.kind)) {
    mark.strokes = strokesToUser(frame, annotation);
    const all = mark.strokes.flat();
    mark.rects = all.length > 0 ? [{ ...boundsOf(all), page }] : [];
  } else if (annotation.kind === 'note' && notePin) {
    mark.rects = [{ ...notePin, page }];
  } else {
    const viewrect = viewrectOf(annotation);
    if (viewrect) mark.rects = [{ ...viewrectToUser(frame, viewrect), page }];
  }
  return mark;
}

/**
 * Where a build is: reading the PDF, drawing the marks (one synchronous stretch, the longest),
 * laying out the index, writing the file.
 */
export type AnnotatedPdfStage = 'load' | 'marks' | 'index' | 'save';

/**
 * The annotated PDF, the way Moodle's feedback PDF works, with numbered markers and index pages
 * listing every comment. 批注版 (`annotated`) gives every mark as an ISO 32000 annotation with its
 * own appearance, so readers list the comments in their pane and nothing is drawn twice; 打印版
 * (`print`) burns the same appearances into the pages and writes no annotations (adr/022).
 */
export async function buildAnnotatedPdf(
  source: Uint8Array,
  pages: readonly PageGeometry[],
  annotations: readonly AnnotationDto[],
  title: string,
  variant: AnnotatedPdfVariant = 'annotated',
  onStage: (stage: AnnotatedPdfStage) => void = () => {},
): Promise<Uint8Array> {
  onStage('load');
  const pdf = await PDFDocument.load(source);
  // Nothing that runs or opens anything (issue 32 §4.7): prepared documents are sanitised already,
  // those prepared before that are sanitised here.
  sanitizePdf(pdf);
  // The export names the thesis as the reviewer sees it, and carries nothing of the upload's own (issue 19 §1).
  stripPdfMetadata(pdf);
  pdf.registerFontkit(fontkit);
  const placed = place(annotations, pages);
  const lines = indexLines(title, placed);
  const shown = placed.map((item) => item.annotation.suggestion ?? '').join('');
  const font = await pdf.embedFont(
    await cjkSubset(`0123456789?优∧…${shown}${lines.map((line) => line.text).join('')}`),
  );
  const pdfPages = pdf.getPages();
  const notesOnPage = new Map<number, number>();
  onStage('marks');
  for (const item of placed) {
    if (item.page === null) continue;
    const page = pdfPages[item.page];
    if (!page) continue;
    const color = hexColor(categoryOf(item.annotation.category).color);
    let marker: { x: number; y: number } | null = null;
    let notePin: UserRect | null = null;
    // A page note stays where it was placed (issue 32 §2.3); only one saved without a spot (before
    // notes had one) stacks in the top-right corner.
    if (item.annotation.kind === 'note' && !viewrectOf(item.annotation)) {
      const stack = notesOnPage.get(item.page) ?? 0;
      notesOnPage.set(item.page, stack + 1);
      const crop = page.getCropBox();
      marker = { x: crop.x + crop.width - 20, y: crop.y + crop.height - 20 - stack * 18 };
      notePin = { x: marker.x - 32, y: marker.y - 8, width: 16, height: 16 };
    }
    const mark = geometryOf(item, pdfPages, notePin);
    const parts = markParts(mark, font);
    if (variant === 'annotated') {
      addAnnotations(pdf, pdfPages, { annotation: item.annotation, number: item.number, parts }, font);
    } else {
      for (const part of parts) {
        const target = pdfPages[part.page];
        // A page note stays a numbered marker on paper, as it always was.
        if (target && part.subtype !== 'Text') burnIn(pdf, target, part, font);
      }
      if (isSuggestion(item.annotation.kind)) drawSuggestion(page, font, item, color);
    }
    const first = mark.rects.find((rect) => rect.page === item.page);
    marker ??= first ? { x: Math.max(8, first.x - 8), y: first.y + first.height } : null;
    if (marker) drawMarker(page, font, item.number, marker.x, marker.y, color);
  }
  onStage('index');
  const math = await mathSubset(lines.map((line) => line.text).join(''));
  const fallback = math ? { font: await pdf.embedFont(math.bytes), chars: math.chars } : null;
  drawIndex(pdf, { main: font, fallback }, lines);
  pdf.setTitle(`${title}（${variant === 'print' ? '打印版' : '批注版'}）`);
  pdf.setProducer('自考在线');
  onStage('save');
  return pdf.save();
}
