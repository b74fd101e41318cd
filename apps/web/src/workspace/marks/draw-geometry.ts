/**
 * The geometry of drawn marks (issue 24): points as fractions of the page from its top-left corner,
 * as `AnnotationShape` stores them. Pure, so the drawing layer, the keyboard and the tests share it.
 */
import type { PageRect } from '@zikao/anchoring';
import {
  type AnnotationShape,
  type DrawnKind,
  SHAPE_MAX_POINTS,
  SHAPE_MAX_STROKES,
  SHAPE_WIDTH_MAX,
  SHAPE_WIDTH_MIN,
} from '@zikao/contract/annotation';

/** [x, y] or [x, y, pressure]. */
export type ShapePoint = number[];
export type Stroke = ShapePoint[];

export interface PageSize {
  width: number;
  height: number;
}

/** Distance from p to the segment a–b, in the units of the points given. */
export function distanceToSegment(p: readonly number[], a: readonly number[], b: readonly number[]): number {
  const [px, py] = p as [number, number];
  const [ax, ay] = a as [number, number];
  const [bx, by] = b as [number, number];
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/**
 * Ramer–Douglas–Peucker: the points of a stroke that keep its shape within `tolerance` (in the
 * points' units). The first and last points always stay; pressure rides along with its point.
 */
export function simplifyStroke(stroke: Stroke, tolerance: number): Stroke {
  if (stroke.length <= 2) return stroke.map((point) => [...point]);
  const keep = new Uint8Array(stroke.length);
  keep[0] = 1;
  keep[stroke.length - 1] = 1;
  // An explicit stack: long strokes would overflow a recursive one.
  const stack: Array<[number, number]> = [[0, stroke.length - 1]];
  while (stack.length > 0) {
    const [from, to] = stack.pop() as [number, number];
    let farthest = -1;
    let distance = tolerance;
    for (let i = from + 1; i < to; i++) {
      const d = distanceToSegment(stroke[i] as ShapePoint, stroke[from] as ShapePoint, stroke[to] as ShapePoint);
      if (d > distance) {
        distance = d;
        farthest = i;
      }
    }
    if (farthest > 0) {
      keep[farthest] = 1;
      stack.push([from, farthest], [farthest, to]);
    }
  }
  return stroke.filter((_, index) => keep[index] === 1).map((point) => [...point]);
}

function countPoints(strokes: readonly Stroke[]): number {
  return strokes.reduce((sum, stroke) => sum + stroke.length, 0);
}

/**
 * A pen mark's strokes made fit to store: in page fractions, simplified (about a third of a point
 * first, coarser until they fit the point budget), rounded, at most SHAPE_MAX_STROKES strokes.
 * `size` is the page in PDF points, so the tolerance is the same on wide and tall pages.
 */
export function prepareStrokes(strokes: readonly Stroke[], size: PageSize, maxPoints = SHAPE_MAX_POINTS): Stroke[] {
  const kept = strokes.filter((stroke) => stroke.length > 0).slice(0, SHAPE_MAX_STROKES);
  // Simplify in points, so x and y weigh the same.
  const inPoints = kept.map((stroke) =>
    stroke.map(([x = 0, y = 0, ...rest]) => [x * size.width, y * size.height, ...rest]),
  );
  let tolerance = 0.35;
  let simplified = inPoints.map((stroke) => simplifyStroke(stroke, tolerance));
  while (countPoints(simplified) > maxPoints && tolerance < 1000) {
    tolerance *= 2;
    simplified = inPoints.map((stroke) => simplifyStroke(stroke, tolerance));
  }
  return simplified.map((stroke) => {
    const points = stroke.map(([x = 0, y = 0, ...rest]) => [
      round(clamp01(x / size.width)),
      round(clamp01(y / size.height)),
      ...rest.map((pressure) => round(clamp01(pressure), 3)),
    ]);
    // A tap is a dot: two equal points, so every stroke can be drawn as a path.
    return points.length === 1 ? [points[0] as ShapePoint, [...(points[0] as ShapePoint)]] : points;
  });
}

function clamp01(value: number): number {
  return Math.max(0, Math.min(1, value));
}

function round(value: number, digits = 5): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * The end of a line, arrow or ellipse drag with Shift held: lines snap to the nearest 45°,
 * ellipses become circles. Points are in PDF points (so a circle is round on the page).
 */
export function constrainEnd(kind: DrawnKind, start: readonly number[], end: readonly number[]): [number, number] {
  const [sx, sy] = start as [number, number];
  const [ex, ey] = end as [number, number];
  const dx = ex - sx;
  const dy = ey - sy;
  if (kind === 'ellipse') {
    const side = Math.max(Math.abs(dx), Math.abs(dy));
    return [sx + Math.sign(dx || 1) * side, sy + Math.sign(dy || 1) * side];
  }
  const length = Math.hypot(dx, dy);
  const angle = Math.round(Math.atan2(dy, dx) / (Math.PI / 4)) * (Math.PI / 4);
  return [sx + Math.cos(angle) * length, sy + Math.sin(angle) * length];
}

/** A line, arrow or ellipse from two points in PDF points, stored as page fractions. */
export function twoPointShape(
  start: readonly number[],
  end: readonly number[],
  size: PageSize,
  color: string,
  width: number,
): AnnotationShape {
  const point = ([x = 0, y = 0]: readonly number[]) => [
    round(clamp01(x / size.width)),
    round(clamp01(y / size.height)),
  ];
  return { color, width: clampWidth(width), strokes: [[point(start), point(end)]] };
}

export function clampWidth(width: number): number {
  return Math.max(SHAPE_WIDTH_MIN, Math.min(SHAPE_WIDTH_MAX, Math.round(width * 10) / 10));
}

/**
 * The rectangle in PDF points that holds a shape and its stroke (half the width on each side, and
 * an arrow's head), for the FragmentSelector's viewrect; at least a point wide and high.
 */
export function shapeBounds(kind: DrawnKind, shape: AnnotationShape, size: PageSize): PageRect {
  let left = Number.POSITIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  for (const stroke of shape.strokes) {
    for (const [x = 0, y = 0] of stroke) {
      left = Math.min(left, x * size.width);
      right = Math.max(right, x * size.width);
      top = Math.min(top, y * size.height);
      bottom = Math.max(bottom, y * size.height);
    }
  }
  const margin = shape.width / 2 + (kind === 'arrow' ? arrowHeadLength(shape.width) : 0);
  left = Math.max(0, left - margin);
  top = Math.max(0, top - margin);
  right = Math.min(size.width, right + margin);
  bottom = Math.min(size.height, bottom + margin);
  return { x: left, y: top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

/** How long an arrow's head is for a stroke width, in PDF points. */
export function arrowHeadLength(width: number): number {
  return Math.max(8, width * 4);
}

/**
 * How far a point (PDF points) is from the drawn line of a shape, in PDF points: from its strokes,
 * or from an ellipse's outline. The eraser takes a mark when this is within its reach.
 */
export function distanceToShape(
  kind: DrawnKind,
  shape: AnnotationShape,
  size: PageSize,
  at: readonly number[],
): number {
  const toPoints = ([x = 0, y = 0]: readonly number[]) => [x * size.width, y * size.height];
  if (kind === 'ellipse') {
    const stroke = shape.strokes[0] ?? [];
    const [ax, ay] = toPoints(stroke[0] ?? [0, 0]) as [number, number];
    const [bx, by] = toPoints(stroke[1] ?? stroke[0] ?? [0, 0]) as [number, number];
    const cx = (ax + bx) / 2;
    const cy = (ay + by) / 2;
    const rx = Math.abs(bx - ax) / 2;
    const ry = Math.abs(by - ay) / 2;
    let best = Number.POSITIVE_INFINITY;
    // The outline as a 64-sided polygon: close enough for a pointer.
    let previous = [cx + rx, cy];
    for (let i = 1; i <= 64; i++) {
      const angle = (i / 64) * Math.PI * 2;
      const next = [cx + rx * Math.cos(angle), cy + ry * Math.sin(angle)];
      best = Math.min(best, distanceToSegment(at, previous, next));
      previous = next;
    }
    return best;
  }
  let best = Number.POSITIVE_INFINITY;
  for (const stroke of shape.strokes) {
    const points = stroke.map(toPoints);
    if (points.length === 1)
      best = Math.min(best, Math.hypot((at[0] ?? 0) - (points[0]?.[0] ?? 0), (at[1] ?? 0) - (points[0]?.[1] ?? 0)));
    for (let i = 1; i < points.length; i++) {
      best = Math.min(best, distanceToSegment(at, points[i - 1] as ShapePoint, points[i] as ShapePoint));
    }
  }
  return best;
}

/** Page-local text offsets whose characters' centres lie inside a rectangle (any units, the same for both). */
export function offsetsInside(
  characters: ReadonlyArray<{ offset: number; x: number; y: number }>,
  rect: { left: number; top: number; right: number; bottom: number },
): { start: number; end: number } | null {
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const character of characters) {
    if (character.x < rect.left || character.x > rect.right || character.y < rect.top || character.y > rect.bottom) {
      continue;
    }
    start = Math.min(start, character.offset);
    end = Math.max(end, character.offset + 1);
  }
  return end > start ? { start, end } : null;
}
