// A Type 1 font program (Adobe Type 1 Font Format, 1990), written for test fixtures: TeX's math
// fonts (NewTXMI, txmiaX, LM Math) reach PDFs as Type 1 fonts with a built-in encoding of glyph
// names such as u1D715 and no ToUnicode map, and readers must take the text from those names.

/** One outline command, in font units (1000 to the em), y upwards: fontkit's path commands. */
export interface OutlineCommand {
  command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath';
  args: number[];
}

export interface Type1Glyph {
  /** The glyph name readers map to Unicode: `u1D715`, `uniD715`, `two`. */
  name: string;
  /** Its code in the font's built-in encoding (1–255). */
  code: number;
  /** Advance width in font units. */
  width: number;
  outline: readonly OutlineCommand[];
}

export interface Type1Font {
  /** The font program as a PDF FontFile stream holds it: cleartext, eexec part, trailer. */
  bytes: Uint8Array;
  length1: number;
  length2: number;
  length3: number;
}

const CHARSTRING_KEY = 4330;
const EEXEC_KEY = 55665;

/** Type 1 encryption (section 7): each byte XORed with the high byte of a running key. */
function encrypt(plain: readonly number[], key: number): number[] {
  let r = key;
  return plain.map((byte) => {
    const cipher = byte ^ (r >> 8);
    r = ((cipher + r) * 52845 + 22719) & 0xffff;
    return cipher;
  });
}

function pushNumber(out: number[], value: number): void {
  const v = Math.round(value);
  if (v >= -107 && v <= 107) out.push(v + 139);
  else if (v >= 108 && v <= 1131) out.push(((v - 108) >> 8) + 247, (v - 108) & 0xff);
  else if (v >= -1131 && v <= -108) out.push(((-v - 108) >> 8) + 251, (-v - 108) & 0xff);
  else out.push(255, (v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
}

const HSBW = 13;
const RMOVETO = 21;
const RLINETO = 5;
const RRCURVETO = 8;
const CLOSEPATH = 9;
const ENDCHAR = 14;

/**
 * A glyph's charstring (unencrypted): hsbw, then each contour as relative moves, lines and cubic
 * curves (quadratic ones raised to cubic), closed back to its start explicitly, so the next
 * contour's move starts from the same point whichever way a reader takes closepath.
 */
export function charString(width: number, outline: readonly OutlineCommand[]): number[] {
  const out: number[] = [];
  const op = (code: number, ...args: number[]) => {
    for (const arg of args) pushNumber(out, arg);
    out.push(code);
  };
  op(HSBW, 0, width);
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let open = false;
  const to = (px: number, py: number) => [Math.round(px) - x, Math.round(py) - y] as const;
  const close = () => {
    if (!open) return;
    if (x !== startX || y !== startY) op(RLINETO, startX - x, startY - y);
    op(CLOSEPATH);
    x = startX;
    y = startY;
    open = false;
  };
  for (const { command, args } of outline) {
    if (command === 'closePath') {
      close();
      continue;
    }
    if (command === 'moveTo') {
      close();
      const [px = 0, py = 0] = args;
      op(RMOVETO, ...to(px, py));
      x = startX = Math.round(px);
      y = startY = Math.round(py);
      open = true;
      continue;
    }
    let points: number[];
    if (command === 'lineTo') points = args;
    else if (command === 'bezierCurveTo') points = args;
    else {
      // A quadratic Bézier as a cubic: control points two thirds of the way towards its one.
      const [cx = 0, cy = 0, px = 0, py = 0] = args;
      points = [
        x + (2 / 3) * (cx - x),
        y + (2 / 3) * (cy - y),
        px + (2 / 3) * (cx - px),
        py + (2 / 3) * (cy - py),
        px,
        py,
      ];
    }
    const deltas: number[] = [];
    for (let i = 0; i < points.length; i += 2) {
      const [dx, dy] = to(points[i] as number, points[i + 1] as number);
      deltas.push(dx, dy);
      x += dx;
      y += dy;
    }
    op(command === 'lineTo' ? RLINETO : RRCURVETO, ...deltas);
  }
  close();
  op(ENDCHAR);
  return out;
}

const latin1 = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

/**
 * Writes a Type 1 font of these glyphs with their codes as its built-in encoding (`/Encoding 256
 * array … dup 97 /u1D715 put`), as TeX's fonts are embedded.
 */
export function type1Font(fontName: string, glyphs: readonly Type1Glyph[]): Type1Font {
  const encoding = glyphs.map((glyph) => `dup ${glyph.code} /${glyph.name} put\n`).join('');
  const clear = latin1(
    `%!PS-AdobeFont-1.0: ${fontName} 001.000\n` +
      '11 dict begin\n' +
      `/FontInfo 1 dict dup begin /FullName (${fontName}) readonly def end readonly def\n` +
      `/FontName /${fontName} def\n` +
      `/Encoding 256 array\n0 1 255 {1 index exch /.notdef put} for\n${encoding}readonly def\n` +
      '/PaintType 0 def\n/FontType 1 def\n' +
      '/FontMatrix [0.001 0 0 0.001 0 0] readonly def\n' +
      '/FontBBox {-200 -300 1200 1000} readonly def\n' +
      'currentdict end\ncurrentfile eexec\n',
  );
  const all = [{ name: '.notdef', width: 500, outline: [] as OutlineCommand[] }, ...glyphs];
  const priv: number[] = latin1(
    'dup /Private 8 dict dup begin\n' +
      '/RD {string currentfile exch readstring pop} executeonly def\n' +
      '/ND {noaccess def} executeonly def\n' +
      '/NP {noaccess put} executeonly def\n' +
      '/BlueValues [] def\n/MinFeature {16 16} def\n/password 5839 def\n/lenIV 4 def\n' +
      '/Subrs 1 array\n',
  );
  const subr = encrypt([0, 0, 0, 0, 11], CHARSTRING_KEY);
  priv.push(...latin1(`dup 0 ${subr.length} RD `), ...subr, ...latin1(' NP\nND\n'));
  priv.push(...latin1(`2 index /CharStrings ${all.length} dict dup begin\n`));
  for (const glyph of all) {
    const encoded = encrypt([0, 0, 0, 0, ...charString(glyph.width, glyph.outline)], CHARSTRING_KEY);
    priv.push(...latin1(`/${glyph.name} ${encoded.length} RD `), ...encoded, ...latin1(' ND\n'));
  }
  priv.push(
    ...latin1(
      'end\nend\nreadonly put\nnoaccess put\ndup /FontName get exch definefont pop\nmark currentfile closefile\n',
    ),
  );
  // Four leading bytes whose cipher does not read as hex digits, so readers take the part as binary.
  let eexec: number[] = [];
  for (let seed = 0; seed < 256; seed++) {
    eexec = encrypt([seed, seed, seed, seed, ...priv], EEXEC_KEY);
    if (!eexec.slice(0, 4).every((byte) => /[0-9a-fA-F]/.test(String.fromCharCode(byte)))) break;
  }
  const trailer = latin1(`${`${'0'.repeat(64)}\n`.repeat(8)}cleartomark\n`);
  return {
    bytes: Uint8Array.from([...clear, ...eexec, ...trailer]),
    length1: clear.length,
    length2: eexec.length,
    length3: trailer.length,
  };
}
