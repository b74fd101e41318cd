// The numbered markers and the index pages of the annotated PDF, the same in both its variants.
import { ANNOTATION_CATEGORIES, ANNOTATION_KIND_LABELS, ANNOTATION_SEVERITIES, isSuggestion } from '@zikao/contract';
import { type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import type { Placed } from './annotated-pdf.ts';

/** A category colour as pdf-lib draws it. */
export function hexColor(hex: string) {
  const value = Number.parseInt(hex.slice(1), 16);
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
}

export const categoryOf = (key: string) => ANNOTATION_CATEGORIES.find((c) => c.key === key) ?? ANNOTATION_CATEGORIES[5];
export const severityLabel = (key: string) => ANNOTATION_SEVERITIES.find((s) => s.key === key)?.label ?? key;

export function drawMarker(
  page: PDFPage,
  font: PDFFont,
  number: number,
  x: number,
  y: number,
  color: ReturnType<typeof rgb>,
) {
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

/**
 * The index's fonts: Noto Sans SC, and for the characters it has no glyph for (the math italic
 * letters of formulas, 𝜕 𝑢) Noto Sans Math, so a quoted formula is drawn and read as written.
 */
export interface IndexFonts {
  main: PDFFont;
  /** The second font and the characters it draws, or null when the text needs none. */
  fallback: { font: PDFFont; chars: ReadonlySet<string> } | null;
}

/** `text` as runs of one font each. */
function runsOf(text: string, fonts: IndexFonts): Array<{ text: string; font: PDFFont }> {
  const { fallback } = fonts;
  if (!fallback) return [{ text, font: fonts.main }];
  const runs: Array<{ text: string; font: PDFFont }> = [];
  for (const char of Array.from(text)) {
    const font = fallback.chars.has(char) ? fallback.font : fonts.main;
    const last = runs[runs.length - 1];
    if (last?.font === font) last.text += char;
    else runs.push({ text: char, font });
  }
  return runs;
}

/** Each font's advance widths at size 1, by character. */
const advances = new WeakMap<PDFFont, Map<string, number>>();

function advanceOf(char: string, fonts: IndexFonts, size: number): number {
  const font = fonts.fallback?.chars.has(char) ? fonts.fallback.font : fonts.main;
  let widths = advances.get(font);
  if (!widths) {
    widths = new Map();
    advances.set(font, widths);
  }
  let width = widths.get(char);
  if (width === undefined) {
    width = font.widthOfTextAtSize(char, 1);
    widths.set(char, width);
  }
  return width * size;
}

/**
 * Splits text into lines no wider than `width`, character by character (CJK has no spaces). A line
 * is measured as the sum of its characters' advances, kept as it grows: shaping the whole line again
 * for every character (as this did) was quadratic and most of a 2,000-mark export's time (issue 32
 * §4.3). The sum leaves out kerning, a fraction of a point at a Latin line's end.
 */
export function wrapText(text: string, fonts: IndexFonts, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const char of Array.from(paragraph)) {
      const advance = advanceOf(char, fonts, size);
      if (line && lineWidth + advance > width) {
        lines.push(line);
        line = '';
        lineWidth = 0;
      }
      line += char;
      lineWidth += advance;
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
export function indexLines(title: string, placed: readonly Placed[]): IndexLine[] {
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
    if (annotation.suggestion && isSuggestion(annotation.kind))
      lines.push({
        text: `${annotation.kind === 'replace' ? '修改为' : '插入'}：${annotation.suggestion}`,
        size: 10.5,
        color: rgb(0.8, 0.1, 0.1),
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

export function drawIndex(pdf: PDFDocument, fonts: IndexFonts, lines: readonly IndexLine[]): void {
  const font = fonts.main;
  const margin = 50;
  const textWidth = A4[0] - margin * 2;
  let page = pdf.addPage(A4);
  let y = A4[1] - margin;
  for (const line of lines) {
    const wrapped = wrapText(line.text, fonts, line.size, textWidth - line.indent);
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
      let x = margin + line.indent;
      for (const run of runsOf(text, fonts)) {
        page.drawText(run.text, { x, y: y - line.size, size: line.size, font: run.font, color: line.color });
        x += run.font.widthOfTextAtSize(run.text, line.size);
      }
      y -= line.size * 1.6;
    }
    y -= line.gapAfter ?? 0;
  }
}
