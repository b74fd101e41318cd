import type { AnnotationDto } from '@zikao/contract';
import type { PDFFont } from 'pdf-lib';
import { boundsOf, type UserRect } from './pdf-page-frame.ts';

/** The ISO 32000 annotation types the annotated PDF writes (Squiggly is reserved for a wavy underline). */
export type AnnotSubtype =
  | 'Highlight'
  | 'Underline'
  | 'StrikeOut'
  | 'Squiggly'
  | 'Caret'
  | 'Ink'
  | 'Line'
  | 'Square'
  | 'Circle'
  | 'Stamp'
  | 'Text';

/** What context.obj turns into PDF objects: strings become names, arrays arrays, objects dictionaries. */
export type PdfValue = string | number | boolean | readonly PdfValue[] | { [name: string]: PdfValue };

export type Rgb = readonly [number, number, number];

/** Where one annotation's mark lies, in user space, as annotated-pdf has worked it out. */
export interface MarkGeometry {
  annotation: AnnotationDto;
  /** Text marks: one box per line, on its page; area and stamp: the box; note: its icon. */
  rects: Array<UserRect & { page: number }>;
  /** Drawn marks: the strokes on `page`. */
  strokes: Array<Array<[number, number]>>;
  page: number;
  color: Rgb;
}

/**
 * One annotation dictionary's worth of a mark: its Rect, its appearance (operators in user space,
 * so the form's BBox is the Rect and no Matrix is needed) and the entries of its subtype.
 * `primary` carries the comment, popup and replies; `group` joins the primary (a replace's
 * strike-out under its caret, RT /Group); `continued` repeats a text mark on its next page.
 */
export interface MarkPart {
  page: number;
  subtype: AnnotSubtype;
  rect: UserRect;
  /** The annotation's /C. */
  color: Rgb;
  appearance: string;
  /** Non-stroking alpha of the appearance (highlight 0.3, area fill 0.06) with Multiply. */
  alpha?: number;
  /** The appearance shows text in the embedded CJK font (a 优 or ? stamp). */
  usesFont?: boolean;
  role: 'primary' | 'group' | 'continued';
  /** Subtype entries: QuadPoints, InkList, L, LE, BS… as numbers and names for context.obj. */
  entries: { [name: string]: PdfValue };
}

/** A number as PDF content writes it: two decimals, no exponent. */
export const num = (value: number) => String(Math.round(value * 100) / 100);
const rgbOp = (color: Rgb, op: 'rg' | 'RG') => `${color.map(num).join(' ')} ${op}`;
const box = (rect: UserRect) => [rect.x, rect.y, rect.x + rect.width, rect.y + rect.height];

/** One quad per line box, in the order readers expect: upper-left, upper-right, lower-left, lower-right. */
function quadPoints(rects: readonly UserRect[]): number[] {
  return rects.flatMap((r) => [r.x, r.y + r.height, r.x + r.width, r.y + r.height, r.x, r.y, r.x + r.width, r.y]);
}

function lineAcross(rects: readonly UserRect[], color: Rgb, at: number): string {
  const ops = [rgbOp(color, 'RG')];
  for (const r of rects) {
    const y = r.y + r.height * at;
    ops.push(`${num(Math.max(0.8, r.height * 0.07))} w ${num(r.x)} ${num(y)} m ${num(r.x + r.width)} ${num(y)} l S`);
  }
  return ops.join('\n');
}

/** A text mark's parts on each page it crosses: the first page's is the primary. */
function textParts(mark: MarkGeometry, subtype: AnnotSubtype, role: 'primary' | 'group'): MarkPart[] {
  const pages = [...new Set(mark.rects.map((rect) => rect.page))];
  return pages.map((page, index) => {
    const rects = mark.rects.filter((rect) => rect.page === page);
    let appearance: string;
    let alpha: number | undefined;
    if (subtype === 'Highlight') {
      alpha = 0.3;
      appearance = [
        rgbOp(mark.color, 'rg'),
        ...rects.map((r) => `${box(r).slice(0, 2).map(num).join(' ')} ${num(r.width)} ${num(r.height)} re f`),
      ].join('\n');
    } else if (subtype === 'Underline') appearance = lineAcross(rects, mark.color, 0.12);
    else appearance = lineAcross(rects, mark.color, 0.48);
    return {
      page,
      subtype,
      color: mark.color,
      rect: boundsOf(
        rects.flatMap((r) => [[r.x, r.y] as const, [r.x + r.width, r.y + r.height] as const]),
        1,
      ),
      appearance,
      ...(alpha ? { alpha } : {}),
      role: index === 0 ? role : 'continued',
      entries: { QuadPoints: quadPoints(rects) },
    };
  });
}

/** A caret below the baseline at the end of the quote's last line (insert, replace). */
function caretPart(mark: MarkGeometry, role: 'primary'): MarkPart | null {
  const last = mark.rects[mark.rects.length - 1];
  if (!last) return null;
  const x = last.x + last.width;
  const size = Math.max(5, Math.min(10, last.height * 0.5));
  const base = last.y;
  const rect = { x: x - size / 2 - 1, y: base - 1, width: size + 2, height: size + 1 };
  const appearance = [
    rgbOp(mark.color, 'rg'),
    `${num(x - size / 2)} ${num(base)} m ${num(x)} ${num(base + size)} l ${num(x + size / 2)} ${num(base)} l ${num(x)} ${num(base + size * 0.35)} l h f`,
  ].join('\n');
  return { page: last.page, subtype: 'Caret', color: mark.color, rect, appearance, role, entries: { Sy: 'None' } };
}

function strokePath(points: ReadonlyArray<readonly [number, number]>): string {
  const [first, ...rest] = points;
  if (!first) return '';
  // A single tap still shows as a dot: a zero-length segment with round caps.
  const tail = rest.length > 0 ? rest : [first];
  return `${num(first[0])} ${num(first[1])} m ${tail.map(([x, y]) => `${num(x)} ${num(y)} l`).join(' ')} S`;
}

const strokeStyle = (color: Rgb, width: number) => `${rgbOp(color, 'RG')} ${num(width)} w 1 J 1 j`;

/** Pen, line, arrow and ellipse as Ink, Line (with an open arrow head) and Circle. */
function drawnPart(mark: MarkGeometry): MarkPart | null {
  const { annotation, strokes, color, page } = mark;
  const width = annotation.shape?.width ?? 2;
  const border = { BS: { Type: 'Border', W: width, S: 'S' } };
  if (annotation.kind === 'pen') {
    const all = strokes.flat();
    if (all.length === 0) return null;
    return {
      page,
      subtype: 'Ink',
      color,
      rect: boundsOf(all, width),
      appearance: [strokeStyle(color, width), ...strokes.map(strokePath)].join('\n'),
      role: 'primary',
      entries: { InkList: strokes.map((stroke) => stroke.flat()), ...border },
    };
  }
  const [a, b] = strokes[0] ?? [];
  if (!a || !b) return null;
  if (annotation.kind === 'ellipse') {
    const r = boundsOf([a, b]);
    const cx = r.x + r.width / 2;
    const cy = r.y + r.height / 2;
    const rx = Math.max(0.5, r.width / 2);
    const ry = Math.max(0.5, r.height / 2);
    const k = 0.5523;
    const path = [
      `${num(cx + rx)} ${num(cy)} m`,
      `${num(cx + rx)} ${num(cy + ry * k)} ${num(cx + rx * k)} ${num(cy + ry)} ${num(cx)} ${num(cy + ry)} c`,
      `${num(cx - rx * k)} ${num(cy + ry)} ${num(cx - rx)} ${num(cy + ry * k)} ${num(cx - rx)} ${num(cy)} c`,
      `${num(cx - rx)} ${num(cy - ry * k)} ${num(cx - rx * k)} ${num(cy - ry)} ${num(cx)} ${num(cy - ry)} c`,
      `${num(cx + rx * k)} ${num(cy - ry)} ${num(cx + rx)} ${num(cy - ry * k)} ${num(cx + rx)} ${num(cy)} c s`,
    ].join(' ');
    return {
      page,
      subtype: 'Circle',
      color,
      rect: boundsOf([a, b], width / 2 + 1),
      appearance: `${strokeStyle(color, width)}\n${path}`,
      role: 'primary',
      entries: border,
    };
  }
  const ops = [strokeStyle(color, width), strokePath([a, b])];
  const points: Array<readonly [number, number]> = [a, b];
  if (annotation.kind === 'arrow') {
    const length = Math.max(8, width * 4);
    const angle = Math.atan2(b[1] - a[1], b[0] - a[0]);
    const wing = (turn: number) =>
      [b[0] - length * Math.cos(angle + turn), b[1] - length * Math.sin(angle + turn)] as const;
    const left = wing(Math.PI / 7);
    const right = wing(-Math.PI / 7);
    ops.push(strokePath([left, b, right]));
    points.push(left, right);
  }
  return {
    page,
    subtype: 'Line',
    color,
    rect: boundsOf(points, width + 1),
    appearance: ops.join('\n'),
    role: 'primary',
    entries: {
      L: [a[0], a[1], b[0], b[1]],
      LE: ['None', annotation.kind === 'arrow' ? 'OpenArrow' : 'None'],
      ...border,
    },
  };
}

function stampAppearance(stamp: string, rect: UserRect, font: PDFFont): { appearance: string; usesFont: boolean } {
  const size = Math.min(rect.width, rect.height, 60);
  const { x, y } = rect;
  const red: Rgb = [0.8, 0.1, 0.1];
  const line = (points: Array<readonly [number, number]>) => strokePath(points);
  if (stamp === '✓')
    return {
      appearance: `${strokeStyle(red, 3)}\n${line([
        [x, y + size * 0.5],
        [x + size * 0.35, y],
        [x + size, y + size],
      ])}`,
      usesFont: false,
    };
  if (stamp === '✗')
    return {
      appearance: `${strokeStyle(red, 3)}\n${line([
        [x, y],
        [x + size, y + size],
      ])}\n${line([
        [x, y + size],
        [x + size, y],
      ])}`,
      usesFont: false,
    };
  return {
    appearance: `BT /F0 ${num(size * 0.9)} Tf ${rgbOp(red, 'rg')} ${num(x)} ${num(y + size * 0.1)} Td ${font.encodeText(stamp).toString()} Tj ET`,
    usesFont: true,
  };
}

/** A note's icon: a speech card in the category colour. */
function noteAppearance(rect: UserRect, color: Rgb): string {
  const { x, y, width: w, height: h } = rect;
  return [
    rgbOp(color, 'rg'),
    `${num(x)} ${num(y + h * 0.2)} ${num(w)} ${num(h * 0.8)} re f`,
    `${num(x + w * 0.2)} ${num(y + h * 0.2)} m ${num(x + w * 0.2)} ${num(y)} l ${num(x + w * 0.45)} ${num(y + h * 0.2)} l h f`,
    '1 1 1 RG 1.2 w',
    ...[0.45, 0.65, 0.85].map(
      (at) => `${num(x + w * 0.2)} ${num(y + h * at)} m ${num(x + w * 0.8)} ${num(y + h * at)} l S`,
    ),
  ].join('\n');
}

/**
 * The ISO 32000 parts that draw one annotation (see docs/adr/022): highlight → Highlight,
 * underline → Underline, strike-out → StrikeOut, replace → Caret with a grouped StrikeOut,
 * insert → Caret, pen → Ink, line and arrow → Line, ellipse → Circle, area → Square,
 * stamp → Stamp, note → Text. An annotation whose text is gone has none.
 */
export function markParts(mark: MarkGeometry, font: PDFFont): MarkPart[] {
  const { annotation, color } = mark;
  switch (annotation.kind) {
    case 'highlight':
      return textParts(mark, 'Highlight', 'primary');
    case 'underline':
      return textParts(mark, 'Underline', 'primary');
    case 'strikeout':
      return textParts(mark, 'StrikeOut', 'primary');
    case 'insert': {
      const caret = caretPart(mark, 'primary');
      return caret ? [caret] : [];
    }
    case 'replace': {
      const caret = caretPart(mark, 'primary');
      const strikes = textParts(mark, 'StrikeOut', 'group').map((part) =>
        // Only a strike-out on the caret's page joins its group; another page's stands alone.
        part.page === caret?.page ? { ...part, role: 'group' as const } : { ...part, role: 'continued' as const },
      );
      return caret ? [caret, ...strikes] : strikes;
    }
    case 'pen':
    case 'line':
    case 'arrow':
    case 'ellipse': {
      const part = drawnPart(mark);
      return part ? [part] : [];
    }
    case 'area': {
      const rect = mark.rects[0];
      if (!rect) return [];
      const inset = { x: rect.x + 0.75, y: rect.y + 0.75, width: rect.width - 1.5, height: rect.height - 1.5 };
      const appearance = [
        `q /GS0 gs ${rgbOp(color, 'rg')} ${box(inset).slice(0, 2).map(num).join(' ')} ${num(inset.width)} ${num(inset.height)} re f Q`,
        `${rgbOp(color, 'RG')} 1.5 w ${box(inset).slice(0, 2).map(num).join(' ')} ${num(inset.width)} ${num(inset.height)} re S`,
      ].join('\n');
      return [
        {
          page: rect.page,
          subtype: 'Square',
          color,
          rect,
          appearance,
          alpha: 0.06,
          role: 'primary',
          entries: { BS: { Type: 'Border', W: 1.5, S: 'S' } },
        },
      ];
    }
    case 'stamp': {
      const rect = mark.rects[0];
      if (!rect || !annotation.stamp) return [];
      const size = Math.min(rect.width, rect.height, 60);
      const square = { page: rect.page, x: rect.x, y: rect.y, width: size, height: size };
      const { appearance, usesFont } = stampAppearance(annotation.stamp, square, font);
      return [
        {
          page: rect.page,
          subtype: 'Stamp',
          color: [0.8, 0.1, 0.1],
          rect: boundsOf(
            [
              [square.x, square.y],
              [square.x + size, square.y + size],
            ],
            2,
          ),
          appearance,
          usesFont,
          role: 'primary',
          entries: { Name: annotation.stamp === '✗' ? 'NotApproved' : 'Approved' },
        },
      ];
    }
    case 'note': {
      const rect = mark.rects[0];
      if (!rect) return [];
      return [
        {
          page: rect.page,
          subtype: 'Text',
          color,
          rect,
          appearance: noteAppearance(rect, color),
          role: 'primary',
          entries: { Name: 'Comment', Open: false },
        },
      ];
    }
  }
}
