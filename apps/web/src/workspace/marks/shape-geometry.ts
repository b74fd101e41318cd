/**
 * Pure geometry for drawing drawn marks (pen, line, arrow, ellipse): from a shape's strokes,
 * stored as fractions of the page from its top-left corner, to SVG path data in CSS pixels. No
 * DOM here, so node:test covers it (shape-geometry.test.ts). The input side (hit testing, snapping,
 * limits while drawing) is draw-geometry.ts.
 */
import type { AnnotationShape, DrawnKind } from '@zikao/contract/annotation';

/** A point in CSS pixels, with the device's pressure (0–1) where it reported one. */
export interface Pt {
  x: number;
  y: number;
  p?: number;
}

/** A stroke's point in fractions of the page: [x, y] or [x, y, pressure]. */
export type FractionPoint = readonly number[];

/** A rectangle in fractions of the page. */
export interface FractionBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const round = (n: number) => Math.round(n * 100) / 100;
const fmt = (pt: { x: number; y: number }) => `${round(pt.x)} ${round(pt.y)}`;

/** A stroke's points in pixels on a page of `pixelWidth` × `pixelHeight`. */
export function toPixels(stroke: readonly FractionPoint[], pixelWidth: number, pixelHeight: number): Pt[] {
  const out: Pt[] = [];
  for (const point of stroke) {
    const x = (point[0] ?? 0) * pixelWidth;
    const y = (point[1] ?? 0) * pixelHeight;
    const p = point[2];
    out.push(p === undefined ? { x, y } : { x, y, p: clamp01(p) });
  }
  return out;
}

/** Drops points closer than `epsilon` pixels to the previous kept one (jitter from a still pen). */
export function dedupe(points: readonly Pt[], epsilon = 0.5): Pt[] {
  const out: Pt[] = [];
  for (const point of points) {
    const last = out[out.length - 1];
    if (!last || Math.hypot(point.x - last.x, point.y - last.y) >= epsilon) out.push({ ...point });
    else if (point.p !== undefined && (last.p === undefined || point.p > last.p)) last.p = point.p;
  }
  return out;
}

/**
 * A smooth path through a pen stroke: quadratic Bézier curves with the points as control points
 * and the midpoints between them as the curve's joins (the usual "midpoint smoothing"), so the
 * line passes near every sample with no corners. One point draws a dot (a zero-length line that
 * a round cap shows); two, a straight line.
 */
export function smoothPath(points: readonly Pt[]): string {
  const first = points[0];
  if (!first) return '';
  if (points.length === 1) return `M ${fmt(first)} L ${fmt(first)}`;
  if (points.length === 2) return `M ${fmt(first)} L ${fmt(points[1] as Pt)}`;
  let d = `M ${fmt(first)}`;
  for (let i = 1; i < points.length - 1; i += 1) {
    const point = points[i] as Pt;
    const next = points[i + 1] as Pt;
    d += ` Q ${fmt(point)} ${fmt(mid(point, next))}`;
  }
  d += ` L ${fmt(points[points.length - 1] as Pt)}`;
  return d;
}

/** Whether a stroke's width should follow its pressure: some points report it, and not all alike. */
export function hasVariablePressure(points: readonly Pt[]): boolean {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const point of points) {
    if (point.p === undefined) continue;
    min = Math.min(min, point.p);
    max = Math.max(max, point.p);
  }
  return max - min > 0.02;
}

/**
 * How much of the nominal width a point's pressure draws: 0.5 (a mouse, or a pen pressed
 * normally) gives the width the reviewer chose; a light touch a third of it; a hard press 1.6×.
 */
export function pressureFactor(pressure: number | undefined): number {
  if (pressure === undefined) return 1;
  return Math.max(0.3, 0.4 + 1.2 * clamp01(pressure));
}

/**
 * A pen stroke of varying width as a filled outline: offset the centre line by each point's half
 * width to both sides, smooth both sides, cap the ends with round arcs, and close. Filled with the
 * stroke's colour it draws like a nib: thin where the pen was light, thick where pressed.
 */
export function pressureOutline(points: readonly Pt[], width: number): string {
  const pts = dedupe(points);
  const first = pts[0];
  if (!first) return '';
  if (pts.length === 1) return circlePath(first, (width / 2) * pressureFactor(first.p));
  const left: Pt[] = [];
  const right: Pt[] = [];
  const halves: number[] = [];
  for (let i = 0; i < pts.length; i += 1) {
    const prev = pts[Math.max(0, i - 1)] as Pt;
    const next = pts[Math.min(pts.length - 1, i + 1)] as Pt;
    let tx = next.x - prev.x;
    let ty = next.y - prev.y;
    const len = Math.hypot(tx, ty) || 1;
    tx /= len;
    ty /= len;
    const point = pts[i] as Pt;
    const half = Math.max(0.25, (width / 2) * pressureFactor(point.p));
    halves.push(half);
    left.push({ x: point.x - ty * half, y: point.y + tx * half });
    right.push({ x: point.x + ty * half, y: point.y - tx * half });
  }
  const startHalf = halves[0] as number;
  const endHalf = halves[halves.length - 1] as number;
  let d = smoothPath(left);
  // Round caps: half circles bulging past each end (sweep 0 is anticlockwise on screen, y down).
  d += ` A ${round(endHalf)} ${round(endHalf)} 0 0 0 ${fmt(right[right.length - 1] as Pt)}`;
  d += ` ${smoothPath(right.reverse()).replace(/^M [^A-Z]+/, '')}`;
  d += ` A ${round(startHalf)} ${round(startHalf)} 0 0 0 ${fmt(left[0] as Pt)} Z`;
  return d.replace(/\s+/g, ' ');
}

/** A closed circle as path data (two arcs). */
export function circlePath(center: { x: number; y: number }, r: number): string {
  const rr = round(Math.max(0.25, r));
  return `M ${round(center.x - rr)} ${round(center.y)} A ${rr} ${rr} 0 1 0 ${round(center.x + rr)} ${round(center.y)} A ${rr} ${rr} 0 1 0 ${round(center.x - rr)} ${round(center.y)} Z`;
}

export interface ArrowGeometry {
  /** The shaft, from the tail to inside the head (so a thick butt does not poke through the tip). */
  shaft: { x1: number; y1: number; x2: number; y2: number };
  /** The head: a filled triangle with its tip at the stroke's second point. */
  head: string;
}

/**
 * An arrow from `a` to `b` drawn `width` px wide: a head whose length grows with the width
 * (never under 8 px so a thin arrow still reads as one) but never longer than half the arrow, and
 * a shaft that stops inside the head.
 */
export function arrowGeometry(a: Pt, b: Pt, width: number): ArrowGeometry {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy);
  if (len < 1e-6) {
    return { shaft: { x1: a.x, y1: a.y, x2: b.x, y2: b.y }, head: '' };
  }
  const ux = dx / len;
  const uy = dy / len;
  const headLength = Math.min(Math.max(8, width * 4), len * 0.5);
  const headHalf = headLength * 0.45;
  const base = { x: b.x - ux * headLength, y: b.y - uy * headLength };
  const l = { x: base.x - uy * headHalf, y: base.y + ux * headHalf };
  const r = { x: base.x + uy * headHalf, y: base.y - ux * headHalf };
  // The shaft ends a little inside the head so no seam shows between them.
  const inset = Math.min(headLength * 0.6, headLength - 0.5);
  const shaftEnd = { x: b.x - ux * inset, y: b.y - uy * inset };
  return {
    shaft: { x1: round(a.x), y1: round(a.y), x2: round(shaftEnd.x), y2: round(shaftEnd.y) },
    head: `M ${fmt(b)} L ${fmt(l)} L ${fmt(r)} Z`,
  };
}

/** An ellipse inscribed in the box with opposite corners `a` and `b`. */
export function ellipseGeometry(a: Pt, b: Pt): { cx: number; cy: number; rx: number; ry: number } {
  return {
    cx: round((a.x + b.x) / 2),
    cy: round((a.y + b.y) / 2),
    rx: round(Math.abs(b.x - a.x) / 2),
    ry: round(Math.abs(b.y - a.y) / 2),
  };
}

/** The box round every point of a shape, in fractions of the page; null for a shape without points. */
export function shapeBounds(shape: Pick<AnnotationShape, 'strokes'>): FractionBox | null {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const stroke of shape.strokes) {
    for (const point of stroke) {
      const x = point[0] ?? 0;
      const y = point[1] ?? 0;
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  if (!Number.isFinite(minX)) return null;
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** The point a drawn mark's number badge sits at, in fractions: where the reviewer started drawing. */
export function shapeAnchor(kind: DrawnKind, shape: Pick<AnnotationShape, 'strokes'>): { x: number; y: number } {
  const bounds = shapeBounds(shape) ?? { x: 0, y: 0, width: 0, height: 0 };
  if (kind === 'ellipse') return { x: bounds.x, y: bounds.y };
  const first = shape.strokes[0]?.[0];
  return first ? { x: first[0] ?? 0, y: first[1] ?? 0 } : { x: bounds.x, y: bounds.y };
}

function mid(a: Pt, b: Pt): Pt {
  const m: Pt = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  if (a.p !== undefined && b.p !== undefined) m.p = (a.p + b.p) / 2;
  return m;
}

function clamp01(n: number): number {
  return Math.max(0, Math.min(1, n));
}
