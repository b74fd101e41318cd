import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);

/** The demo thesis text: a cover, then one page per section of body paragraphs. */
export interface DemoThesis {
  title: string;
  subtitle: string;
  sections: Array<{ heading: string; paragraphs: string[] }>;
}

const WIDTH = 595;
const HEIGHT = 842;
const MARGIN = 64;
const BODY_SIZE = 12;
const INDENT = '　　';
const CHARS_PER_LINE = Math.floor((WIDTH - 2 * MARGIN) / BODY_SIZE);

/** Wraps Chinese text by characters: every CJK glyph is one em wide. */
function wrap(text: string, width: number): string[] {
  const chars = [...text];
  const lines: string[] = [];
  for (let i = 0; i < chars.length; i += width) lines.push(chars.slice(i, i + width).join(''));
  return lines;
}

/**
 * Builds real multi-page Chinese PDFs with one Noto Sans SC subset for every text given, so a
 * whole demo data set costs one HarfBuzz subsetting run.
 */
export async function createPdfMaker(allText: string): Promise<(thesis: DemoThesis) => Promise<Uint8Array>> {
  const fontFile = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
  const font = await subsetFont(readFileSync(fontFile), `${allText}0123456789第页共 —，。、：；（）`, {
    targetFormat: 'truetype',
  });
  return async (thesis) => {
    const pdf = await PDFDocument.create();
    pdf.registerFontkit(fontkit);
    const embedded = await pdf.embedFont(font);
    pdf.setTitle(thesis.title);
    const total = thesis.sections.length + 1;
    const cover = pdf.addPage([WIDTH, HEIGHT]);
    let y = HEIGHT - 260;
    for (const line of wrap(thesis.title, 20)) {
      cover.drawText(line, { x: MARGIN, y, size: 22, font: embedded });
      y -= 34;
    }
    cover.drawText(thesis.subtitle, { x: MARGIN, y: y - 20, size: 14, font: embedded, color: rgb(0.3, 0.3, 0.3) });
    cover.drawText(`第 1 页 共 ${total} 页`, { x: WIDTH / 2 - 36, y: 40, size: 9, font: embedded });
    thesis.sections.forEach((section, index) => {
      const page = pdf.addPage([WIDTH, HEIGHT]);
      let top = HEIGHT - MARGIN - 16;
      page.drawText(section.heading, { x: MARGIN, y: top, size: 16, font: embedded });
      top -= 36;
      for (const paragraph of section.paragraphs) {
        // The first line is indented by two characters' width, not drawn with two U+3000 spaces:
        // the subset font maps that blank glyph back to other characters, and the extracted text
        // (version diff, anchoring) then began every paragraph with two stray dots.
        wrap(`${INDENT}${paragraph}`, CHARS_PER_LINE).forEach((line, index) => {
          if (top < MARGIN + 20) return;
          const first = index === 0;
          page.drawText(first ? line.slice(INDENT.length) : line, {
            x: first ? MARGIN + INDENT.length * BODY_SIZE : MARGIN,
            y: top,
            size: BODY_SIZE,
            font: embedded,
          });
          top -= BODY_SIZE * 1.8;
        });
        top -= 6;
      }
      page.drawText(`第 ${index + 2} 页 共 ${total} 页`, { x: WIDTH / 2 - 36, y: 40, size: 9, font: embedded });
    });
    return pdf.save();
  };
}
