import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { anchor, DocumentText } from '@zikao/anchoring';
import {
  ANNOTATION_CATEGORIES,
  ANNOTATION_KIND_LABELS,
  ANNOTATION_SEVERITIES,
  type AnnotationDto,
} from '@zikao/contract';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import subsetFont from 'subset-font';
import { stripPdfMetadata } from '../document/metadata-strip.ts';
import type { ItemBox } from '../document/pdf-worker.ts';

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

/**
 * Noto Sans SC (shipped by an npm package, so a fresh install has it without system fonts),
 * cut down by HarfBuzz to the characters drawn. pdf-lib's own subsetting drops CJK glyphs.
 */
async function cjkSubset(text: string): Promise<Uint8Array> {
  fontBytes ??= readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'));
  return subsetFont(fontBytes, text, { targetFormat: 'truetype' });
}

function hexColor(hex: string) {
  const value = Number.parseInt(hex.slice(1), 16);
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
}

const categoryOf = (key: string) => ANNOTATION_CATEGORIES.find((c) => c.key === key) ?? ANNOTATION_CATEGORIES[5];
const severityLabel = (key: string) => ANNOTATION_SEVERITIES.find((s) => s.key === key)?.label ?? key;

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
 * Anchors each annotation on the pages and numbers them in reading order (page, then top to
 * bottom): the markers, the index and the print view all use these numbers.
 */
export function place(annotations: readonly AnnotationDto[], pages: readonly PageGeometry[]): Placed[] {
  const doc = new DocumentText(pages.map((page) => page.text));
  const placed = annotations.map((annotation) => {
    const found = anchor(doc, annotation.selectors);
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
    return item;
  });
  placed.sort((a, b) => (a.page ?? 1e9) - (b.page ?? 1e9) || topOf(b) - topOf(a));
  placed.forEach((item, i) => {
    item.number = i + 1;
  });
  return placed;
}

/** Height of the marker on its page, for reading order (PDF y grows upwards). */
const topOf = (item: Placed) => item.rects.find((rect) => rect.page === item.page)?.y ?? 0;

function drawMarker(page: PDFPage, font: PDFFont, number: number, x: number, y: number, color: ReturnType<typeof rgb>) {
  const label = String(number);
  const size = 7;
  const radius = Math.max(6.5, font.widthOfTextAtSize(label, size) / 2 + 2.5);
  page.drawCircle({ x, y, size: radius, color, borderColor: rgb(1, 1, 1), borderWidth: 0.8 });
  page.drawText(label, {
    x: x - font.widthOfTextAtSize(label, size) / 2,
    y: y - size / 2 + 1,
    size,
    font,
    color: rgb(1, 1, 1),
  });
}

function drawStamp(page: PDFPage, font: PDFFont, stamp: string, rect: Rect) {
  const red = rgb(0.8, 0.1, 0.1);
  const size = Math.min(rect.width, rect.height, 60);
  const { x, y } = rect;
  if (stamp === '✓') {
    page.drawLine({ start: { x, y: y + size * 0.5 }, end: { x: x + size * 0.35, y }, thickness: 3, color: red });
    page.drawLine({ start: { x: x + size * 0.35, y }, end: { x: x + size, y: y + size }, thickness: 3, color: red });
  } else if (stamp === '✗') {
    page.drawLine({ start: { x, y }, end: { x: x + size, y: y + size }, thickness: 3, color: red });
    page.drawLine({ start: { x, y: y + size }, end: { x: x + size, y }, thickness: 3, color: red });
  } else {
    page.drawText(stamp, { x, y: y + size * 0.1, size: size * 0.9, font, color: red });
  }
}

/** Splits text into lines no wider than `width`, character by character (CJK has no spaces). */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const char of Array.from(paragraph)) {
      if (line && font.widthOfTextAtSize(line + char, size) > width) {
        lines.push(line);
        line = '';
      }
      line += char;
    }
    lines.push(line);
  }
  return lines;
}

const A4: [number, number] = [595.28, 841.89];

interface IndexLine {
  text: string;
  size: number;
  color: ReturnType<typeof rgb>;
  indent: number;
  /** Draw a numbered marker in this category colour before the line. */
  marker?: { number: number; color: ReturnType<typeof rgb> };
  gapAfter?: number;
}

const GREY = rgb(0.45, 0.45, 0.45);

/** Every line of the index pages, before wrapping: also the text whose glyphs the font needs. */
function indexLines(title: string, placed: readonly Placed[]): IndexLine[] {
  const lines: IndexLine[] = [
    { text: `批注索引：${title}`, size: 16, color: rgb(0.15, 0.15, 0.15), indent: 0 },
    { text: `共 ${placed.length} 条批注`, size: 10, color: GREY, indent: 0, gapAfter: 8 },
  ];
  for (const item of placed) {
    const { annotation } = item;
    const category = categoryOf(annotation.category);
    const color = hexColor(category.color);
    const where = item.page === null ? '原文已无法定位' : `第 ${item.page + 1} 页`;
    const kind =
      annotation.kind === 'stamp' ? `印章 ${annotation.stamp ?? ''}` : ANNOTATION_KIND_LABELS[annotation.kind];
    lines.push({
      text: `${where} · ${category.label} · ${severityLabel(annotation.severity)} · ${kind}`,
      size: 10,
      color,
      indent: 20,
      marker: { number: item.number, color },
    });
    if (item.quote)
      lines.push({
        text: `原文：“${Array.from(item.quote).slice(0, 120).join('')}”`,
        size: 9.5,
        color: rgb(0.4, 0.4, 0.4),
        indent: 20,
      });
    if (annotation.comment)
      lines.push({ text: `批注：${annotation.comment}`, size: 10.5, color: rgb(0.1, 0.1, 0.1), indent: 20 });
    for (const reply of annotation.replies) {
      lines.push({
        text: `回复（${reply.authorName}）：${reply.comment}`,
        size: 9.5,
        color: rgb(0.3, 0.3, 0.3),
        indent: 32,
      });
    }
    const last = lines[lines.length - 1];
    if (last) last.gapAfter = 8;
  }
  return lines;
}

function drawIndex(pdf: PDFDocument, font: PDFFont, lines: readonly IndexLine[]): void {
  const margin = 50;
  const textWidth = A4[0] - margin * 2;
  let page = pdf.addPage(A4);
  let y = A4[1] - margin;
  for (const line of lines) {
    const wrapped = wrapText(line.text, font, line.size, textWidth - line.indent);
    if (line.marker && y - line.size * 1.6 * Math.min(3, wrapped.length) < margin) {
      page = pdf.addPage(A4);
      y = A4[1] - margin;
    }
    if (line.marker) drawMarker(page, font, line.marker.number, margin + 7, y - line.size * 0.7, line.marker.color);
    for (const text of wrapped) {
      if (y - line.size * 1.6 < margin) {
        page = pdf.addPage(A4);
        y = A4[1] - margin;
      }
      page.drawText(text, { x: margin + line.indent, y: y - line.size, size: line.size, font, color: line.color });
      y -= line.size * 1.6;
    }
    y -= line.gapAfter ?? 0;
  }
}

/**
 * The annotated PDF, the way Moodle's feedback PDF works: highlights, boxes and stamps burned
 * into the pages with numbered markers, then index pages listing every comment.
 */
export async function buildAnnotatedPdf(
  source: Uint8Array,
  pages: readonly PageGeometry[],
  annotations: readonly AnnotationDto[],
  title: string,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(source);
  // The export names the thesis as the reviewer sees it, and carries nothing of the upload's own (issue 19 §1).
  stripPdfMetadata(pdf);
  pdf.registerFontkit(fontkit);
  const placed = place(annotations, pages);
  const lines = indexLines(title, placed);
  const font = await pdf.embedFont(await cjkSubset(`0123456789?优${lines.map((line) => line.text).join('')}`));
  const pdfPages = pdf.getPages();
  const notesOnPage = new Map<number, number>();
  for (const item of placed) {
    if (item.page === null) continue;
    const page = pdfPages[item.page];
    if (!page) continue;
    const color = hexColor(categoryOf(item.annotation.category).color);
    const { kind } = item.annotation;
    if (kind === 'highlight') {
      for (const { page: pageIndex, ...rect } of item.rects) {
        pdfPages[pageIndex]?.drawRectangle({ ...rect, color, opacity: 0.28, borderOpacity: 0 });
      }
      const first = item.rects[0];
      if (first) drawMarker(page, font, item.number, Math.max(8, first.x - 8), first.y + first.height, color);
    } else if (kind === 'note') {
      const stack = notesOnPage.get(item.page) ?? 0;
      notesOnPage.set(item.page, stack + 1);
      const { width, height } = page.getSize();
      drawMarker(page, font, item.number, width - 20, height - 20 - stack * 18, color);
    } else if (item.rects[0]) {
      const { page: _page, ...rect } = item.rects[0];
      if (kind === 'stamp' && item.annotation.stamp) drawStamp(page, font, item.annotation.stamp, rect);
      else page.drawRectangle({ ...rect, borderColor: color, borderWidth: 1.5, color, opacity: 0.06 });
      drawMarker(page, font, item.number, Math.max(8, rect.x - 8), rect.y + rect.height, color);
    }
  }
  drawIndex(pdf, font, lines);
  pdf.setTitle(`${title}（批注版）`);
  pdf.setProducer('自考在线');
  return pdf.save();
}
