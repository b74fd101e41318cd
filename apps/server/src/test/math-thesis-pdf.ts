// A thesis PDF with the traits of a LuaTeX thesis (see test-data/real-documents): a binding margin
// read one character a line, a running header and footer, and formulas whose math italic letters
// come from a Type 1 font with a built-in encoding of astral glyph names (u1D715 → 𝜕) and no
// ToUnicode map. Made here, so that the case does not rest on one file.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import {
  beginText,
  endText,
  moveText,
  PDFDocument,
  type PDFFont,
  PDFHexString,
  PDFName,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFontAndSize,
  showText,
} from 'pdf-lib';
import subsetFont from 'subset-font';
import { type OutlineCommand, type Type1Glyph, type1Font } from './type1-font.ts';

const require = createRequire(import.meta.url);

/** The glyphs of the math font: TeX's names for them, and the text readers must make of them. */
const MATH_GLYPHS: ReadonlyArray<readonly [name: string, text: string]> = [
  ['u1D715', '𝜕'],
  ['u1D462', '𝑢'],
  ['u1D461', '𝑡'],
  ['u1D465', '𝑥'],
  ['u1D466', '𝑦'],
  ['u1D44E', '𝑎'],
  ['two', '2'],
  ['equal', '='],
  ['plus', '+'],
  ['slash', '/'],
  ['parenleft', '('],
  ['parenright', ')'],
  ['space', ' '],
  // A real Hangul syllable by its own name in the same font: it must stay Hangul.
  ['uniD715', '휕'],
];

/** A run of text on a line: Chinese in Noto Sans SC, or `{ math }` in the Type 1 math font. */
type Run = string | { math: string };
type Line = Run | Run[];

export const MATH_THESIS_HEADER = '毕业设计（论文）';
export const MATH_THESIS_FORMULA = '𝜕2𝑢/𝜕𝑡2 = 𝑎2(𝜕2𝑢/𝜕𝑥2 + 𝜕2𝑢/𝜕𝑦2)';
/** The sentence that runs from page 3 onto page 4, as the author's text reads it. */
export const MATH_THESIS_ACROSS = '这一条件称为稳定性条件，它限制了时间步长的选取，也决定了计算的总代价。';

const PAGES: Line[][] = [
  ['1 引言', '偏微分方程描述了自然界中大量的连续现象，', '本文讨论波动方程的数值解法及其稳定性。'],
  [
    '2 波动方程',
    '二维波动方程写作',
    { math: MATH_THESIS_FORMULA },
    ['其中', { math: ' 𝑢 ' }, '为位移，', { math: '𝑡' }, ' 为时间，', { math: '𝑎' }, ' 为波速。'],
  ],
  ['2.1 差分格式', '显式格式在网格比不超过一时稳定，', '这一条件称为稳定性条件，它限制了时间步长的'],
  ['选取，也决定了计算的总代价。', '3 结论', '本文的格式在算例中收敛。'],
  ['附录 文字', ['朝鲜文的音节', { math: ' 휕 ' }, '不是数学符号。']],
];

const runsOf = (line: Line): Run[] => (Array.isArray(line) ? line : [line]);
const cjkText = (line: Line) =>
  runsOf(line)
    .map((run) => (typeof run === 'string' ? run : ''))
    .join('');

/** A box, for the one glyph Noto Sans Math lacks (the Hangul syllable): readers go by its name. */
const BOX: OutlineCommand[] = [
  { command: 'moveTo', args: [100, 0] },
  { command: 'lineTo', args: [800, 0] },
  { command: 'lineTo', args: [800, 700] },
  { command: 'lineTo', args: [100, 700] },
  { command: 'closePath', args: [] },
];

/** Outlines of the glyphs from Noto Sans Math (`@fontsource/noto-sans-math`, OFL; its "latin" file holds the whole font). */
function mathGlyphs(): Type1Glyph[] {
  const math = fontkit.create(
    readFileSync(require.resolve('@fontsource/noto-sans-math/files/noto-sans-math-latin-400-normal.woff')),
  );
  const scale = 1000 / math.unitsPerEm;
  return MATH_GLYPHS.map(([name, text], i) => {
    const codePoint = text.codePointAt(0) as number;
    if (!math.hasGlyphForCodePoint(codePoint)) return { name, code: 33 + i, width: 900, outline: BOX };
    const glyph = math.glyphForCodePoint(codePoint);
    // fontkit's Path keeps its commands; @pdf-lib/fontkit's typings leave the field out.
    const { commands } = glyph.path as unknown as { commands: OutlineCommand[] };
    const outline = commands.map(({ command, args }) => ({ command, args: args.map((value) => value * scale) }));
    return { name, code: 33 + i, width: Math.round(glyph.advanceWidth * scale), outline };
  });
}

/**
 * The fixture thesis: PAGES.length pages, each with the margin drawn first (as LaTeX's shipout
 * hook draws it), the header, the body and the footer 共 n 页 第 m 页.
 */
export async function mathThesisPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const total = PAGES.length;
  const footers = PAGES.map((_, p) => `共 ${total} 页 第 ${p + 1} 页`);
  const cjkChars = `|装订线${MATH_THESIS_HEADER}${footers.join('')}${PAGES.flat().map(cjkText).join('')}`;
  const cjk = await pdf.embedFont(
    await subsetFont(
      readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')),
      cjkChars,
      { targetFormat: 'truetype' },
    ),
  );

  const glyphs = mathGlyphs();
  const program = type1Font('ZKMATH+ZikaoMathItalic', glyphs);
  const context = pdf.context;
  const fontFile = context.register(
    context.flateStream(program.bytes, {
      Length1: program.length1,
      Length2: program.length2,
      Length3: program.length3,
    }),
  );
  const first = glyphs[0]?.code ?? 33;
  const descriptor = context.register(
    context.obj({
      Type: 'FontDescriptor',
      FontName: 'ZKMATH+ZikaoMathItalic',
      Flags: 4 + 64,
      FontBBox: [-200, -300, 1200, 1000],
      ItalicAngle: -14,
      Ascent: 750,
      Descent: -250,
      CapHeight: 700,
      StemV: 80,
      FontFile: fontFile,
    }),
  );
  // No /Encoding (the font's own) and no /ToUnicode: readers must go by the glyph names.
  const mathFont = context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'Type1',
      BaseFont: 'ZKMATH+ZikaoMathItalic',
      FirstChar: first,
      LastChar: first + glyphs.length - 1,
      Widths: glyphs.map((glyph) => glyph.width),
      FontDescriptor: descriptor,
    }),
  );
  const byText = new Map(glyphs.map((glyph, i) => [MATH_GLYPHS[i]?.[1] as string, glyph]));
  const mathWidth = (text: string, size: number) =>
    Array.from(text).reduce((sum, char) => sum + (byText.get(char)?.width ?? 0), 0) * (size / 1000);
  const drawMath = (page: PDFPage, text: string, x: number, y: number, size: number) => {
    const hex = Array.from(text, (char) => {
      const glyph = byText.get(char);
      if (!glyph) throw new Error(`no math glyph for ${char}`);
      return glyph.code.toString(16).padStart(2, '0');
    }).join('');
    page.pushOperators(
      pushGraphicsState(),
      beginText(),
      setFontAndSize('ZM', size),
      moveText(x, y),
      showText(PDFHexString.of(hex)),
      endText(),
      popGraphicsState(),
    );
  };

  PAGES.forEach((lines, p) => {
    const page = pdf.addPage([595, 842]);
    page.node.setFontDictionary(PDFName.of('ZM'), mathFont);
    drawMargin(page, cjk);
    page.drawText(MATH_THESIS_HEADER, { x: 255, y: 805, size: 10.5, font: cjk });
    page.drawLine({ start: { x: 90, y: 798 }, end: { x: 540, y: 798 }, thickness: 0.6, color: rgb(0, 0, 0) });
    lines.forEach((line, i) => {
      const y = 760 - i * 26;
      let x = 90;
      for (const run of runsOf(line)) {
        if (typeof run === 'string') {
          page.drawText(run, { x, y, size: 12, font: cjk });
          x += cjk.widthOfTextAtSize(run, 12);
        } else {
          drawMath(page, run.math, x, y, 12);
          x += mathWidth(run.math, 12);
        }
      }
    });
    page.drawText(footers[p] as string, { x: 250, y: 40, size: 9, font: cjk });
  });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/** The vertical 装订线 of Chinese thesis templates: a `|` a line down the left edge, 装 订 线 between. */
function drawMargin(page: PDFPage, font: PDFFont): void {
  const marks = new Map([
    [8, '装'],
    [15, '订'],
    [22, '线'],
  ]);
  for (let i = 0; i <= 30; i++) {
    page.drawText(marks.get(i) ?? '|', { x: 40, y: 790 - i * 24, size: 10, font });
  }
}
