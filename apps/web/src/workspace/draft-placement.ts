/** A box on screen, in CSS pixels (a DOMRect's fields). */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const GAP = 12;
const EDGE = 8;

function overlap(a: Box, b: Box): number {
  const x = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const y = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  return x > 0 && y > 0 ? x * y : 0;
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, value));
}

/**
 * Where the add-annotation card goes: beside what is being marked, never over it, and always
 * inside the window. Right of the target first (the reader's eye moves on to it), then left,
 * below, above; where none fits whole (a phone), the spot that covers the least of the target.
 */
export function placeCard(
  target: Box,
  card: { width: number; height: number },
  view: { width: number; height: number },
) {
  const maxLeft = Math.max(EDGE, view.width - card.width - EDGE);
  const maxTop = Math.max(EDGE, view.height - card.height - EDGE);
  // Level with the target's top, a little above it, as a margin note sits.
  const besideTop = clamp(target.top - 24, EDGE, maxTop);
  const centredLeft = clamp(target.left + target.width / 2 - card.width / 2, EDGE, maxLeft);
  const candidates = [
    { left: target.left + target.width + GAP, top: besideTop },
    { left: target.left - GAP - card.width, top: besideTop },
    { left: centredLeft, top: target.top + target.height + GAP },
    { left: centredLeft, top: target.top - GAP - card.height },
  ];
  const inside = (spot: { left: number; top: number }) =>
    spot.left >= EDGE && spot.top >= EDGE && spot.left <= maxLeft && spot.top <= maxTop;
  const fitting = candidates.find(inside);
  if (fitting) return fitting;
  // Nothing fits whole: keep each inside the window and take the one covering least of the target.
  const kept = candidates.map((spot) => ({
    left: clamp(spot.left, EDGE, maxLeft),
    top: clamp(spot.top, EDGE, maxTop),
  }));
  let best = kept[0] as { left: number; top: number };
  let least = Number.POSITIVE_INFINITY;
  for (const spot of kept) {
    const covered = overlap(target, { ...spot, ...card });
    if (covered < least) {
      least = covered;
      best = spot;
    }
  }
  return best;
}
