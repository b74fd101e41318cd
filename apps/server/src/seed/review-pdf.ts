import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, rgb } from 'pdf-lib';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);

/** The demo thesis text: a cover, then one page per section of body paragraphs. */
export interface DemoThesis {
  title: string;
  subtitle: string;
  /** `list` sections (references) set each entry flush left with a hanging indent. */
  sections: Array<{ heading: string; paragraphs: string[]; list?: boolean }>;
}

const WIDTH = 595;
const HEIGHT = 842;
const MARGIN = 64;
const BODY_SIZE = 12;
const LINE_HEIGHT = BODY_SIZE * 1.8;
const PARAGRAPH_GAP = 6;
const HEADING_SIZE = 16;
/** Paragraphs start two characters in; reference entries hang their second line by as much. */
const INDENT = 2 * BODY_SIZE;
const TEXT_WIDTH = WIDTH - 2 * MARGIN;
/** Characters that may not begin a line (避头): they hang in the margin at the end of the line before. */
const NO_LINE_START = new Set('，。、；：？！）》”’」』…—%.,;:)]');
/** Characters that may not end a line (避尾): they go down with the character they open. */
const NO_LINE_END = new Set('“‘（《「『〔【([');
/** Always in the subset: page footers, and the punctuation of every subtitle. */
const ALWAYS = '0123456789第页共 —，。、：；（）·';

/** Wraps text to lines no wider than `width` points, measured with the font, Chinese line-start and line-end rules kept. */
function wrap(text: string, font: PDFFont, size: number, firstWidth: number, restWidth: number): string[] {
  const widths = new Map<string, number>();
  const widthOf = (char: string) => {
    let width = widths.get(char);
    if (width === undefined) {
      width = font.widthOfTextAtSize(char, size);
      widths.set(char, width);
    }
    return width;
  };
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const char of text) {
    const limit = lines.length === 0 ? firstWidth : restWidth;
    const width = widthOf(char);
    if (line !== '' && used + width > limit + 0.01 && !NO_LINE_START.has(char)) {
      let carried = '';
      while (line.length > 1 && NO_LINE_END.has(line.slice(-1))) {
        carried = line.slice(-1) + carried;
        line = line.slice(0, -1);
      }
      lines.push(line);
      line = carried;
      used = [...carried].reduce((sum, c) => sum + widthOf(c), 0);
    }
    line += char;
    used += width;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/**
 * Builds real multi-page Chinese PDFs with one Noto Sans SC subset for every text given, so a
 * whole demo data set costs one HarfBuzz subsetting run. A thesis with a character outside
 * `allText` (it would draw as a blank) or a section too long for its page is refused, not drawn.
 */
export async function createPdfMaker(allText: string): Promise<(thesis: DemoThesis) => Promise<Uint8Array>> {
  const fontFile = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
  const charset = new Set(`${allText}${ALWAYS}`);
  const font = await subsetFont(readFileSync(fontFile), [...charset].join(''), { targetFormat: 'truetype' });
  return async (thesis) => {
    const text = [thesis.title, thesis.subtitle, ...thesis.sections.flatMap((s) => [s.heading, ...s.paragraphs])];
    const missing = new Set([...text.join('')].filter((char) => !charset.has(char)));
    if (missing.size > 0)
      throw new Error(`demo PDF "${thesis.title}": not in the font subset: ${[...missing].join('')}`);
    const pdf = await PDFDocument.create();
    pdf.registerFontkit(fontkit);
    const embedded = await pdf.embedFont(font);
    pdf.setTitle(thesis.title);
    const total = thesis.sections.length + 1;
    const cover = pdf.addPage([WIDTH, HEIGHT]);
    let y = HEIGHT - 260;
    for (const line of wrap(thesis.title, embedded, 22, TEXT_WIDTH, TEXT_WIDTH)) {
      cover.drawText(line, { x: MARGIN, y, size: 22, font: embedded });
      y -= 34;
    }
    cover.drawText(thesis.subtitle, { x: MARGIN, y: y - 20, size: 14, font: embedded, color: rgb(0.3, 0.3, 0.3) });
    cover.drawText(`第 1 页 共 ${total} 页`, { x: WIDTH / 2 - 36, y: 40, size: 9, font: embedded });
    thesis.sections.forEach((section, index) => {
      const page = pdf.addPage([WIDTH, HEIGHT]);
      let top = HEIGHT - MARGIN - HEADING_SIZE;
      page.drawText(section.heading, { x: MARGIN, y: top, size: HEADING_SIZE, font: embedded });
      top -= 36;
      for (const paragraph of section.paragraphs) {
        // Indents are offsets, never U+3000 spaces: the subset font maps that blank glyph back to
        // other characters, and the extracted text (version diff, anchoring) gains stray dots.
        const [first, rest] = section.list ? [0, INDENT] : [INDENT, 0];
        const lines = wrap(paragraph, embedded, BODY_SIZE, TEXT_WIDTH - first, TEXT_WIDTH - rest);
        for (const [i, line] of lines.entries()) {
          if (top < MARGIN + 20) {
            throw new Error(`demo PDF "${thesis.title}": ${section.heading} does not fit on one page`);
          }
          page.drawText(line, { x: MARGIN + (i === 0 ? first : rest), y: top, size: BODY_SIZE, font: embedded });
          top -= LINE_HEIGHT;
        }
        top -= PARAGRAPH_GAP;
      }
      page.drawText(`第 ${index + 2} 页 共 ${total} 页`, { x: WIDTH / 2 - 36, y: 40, size: 9, font: embedded });
    });
    return pdf.save();
  };
}
