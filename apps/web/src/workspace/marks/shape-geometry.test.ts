import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  arrowGeometry,
  dedupe,
  ellipseGeometry,
  hasVariablePressure,
  pressureFactor,
  pressureOutline,
  shapeAnchor,
  shapeBounds,
  smoothPath,
  toPixels,
} from './shape-geometry.ts';

/** The numbers in a path's data, in order. */
const numbers = (d: string) => (d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);

describe('shape geometry', () => {
  it('turns page fractions into pixels, keeping pressure where the device gave it', () => {
    assert.deepEqual(
      toPixels(
        [
          [0.5, 0.25],
          [1, 1, 0.8],
        ],
        200,
        400,
      ),
      [
        { x: 100, y: 100 },
        { x: 200, y: 400, p: 0.8 },
      ],
    );
    assert.deepEqual(toPixels([[0, 0, 3]], 10, 10), [{ x: 0, y: 0, p: 1 }], 'pressure is clamped to 0–1');
  });

  it('drops jitter but keeps the hardest press at a spot, without changing its input', () => {
    const input = [
      { x: 0, y: 0, p: 0.2 },
      { x: 0.1, y: 0.1, p: 0.9 },
      { x: 5, y: 0, p: 0.5 },
    ];
    const out = dedupe(input);
    assert.equal(out.length, 2);
    assert.equal(out[0]?.p, 0.9);
    assert.equal(input[0]?.p, 0.2);
  });

  it('smooths a pen stroke with quadratic curves through the midpoints', () => {
    const d = smoothPath([
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
      { x: 20, y: 10 },
    ]);
    assert.equal(d, 'M 0 0 Q 10 0 10 5 Q 10 10 15 10 L 20 10');
    assert.equal(smoothPath([{ x: 3, y: 4 }]), 'M 3 4 L 3 4', 'a single tap is a dot');
    assert.equal(
      smoothPath([
        { x: 0, y: 0 },
        { x: 5, y: 5 },
      ]),
      'M 0 0 L 5 5',
    );
    assert.equal(smoothPath([]), '');
  });

  it('varies the width only when the pressure varies', () => {
    assert.equal(
      hasVariablePressure([
        { x: 0, y: 0 },
        { x: 1, y: 1 },
      ]),
      false,
      'a mouse reports none',
    );
    assert.equal(
      hasVariablePressure([
        { x: 0, y: 0, p: 0.5 },
        { x: 1, y: 1, p: 0.5 },
      ]),
      false,
      'a mouse held down reports a steady 0.5',
    );
    assert.equal(
      hasVariablePressure([
        { x: 0, y: 0, p: 0.2 },
        { x: 1, y: 1, p: 0.7 },
      ]),
      true,
    );
    assert.equal(pressureFactor(undefined), 1);
    assert.equal(pressureFactor(0.5), 1, 'a normal press draws the chosen width');
    assert.ok(pressureFactor(0) < pressureFactor(0.5) && pressureFactor(1) > 1.5);
    assert.ok(pressureFactor(0) >= 0.3, 'a feather touch still draws');
  });

  it('outlines a pressure stroke wider where pressed harder, closed and round-capped', () => {
    const d = pressureOutline(
      [
        { x: 0, y: 0, p: 0.1 },
        { x: 50, y: 0, p: 0.5 },
        { x: 100, y: 0, p: 1 },
      ],
      10,
    );
    assert.match(d, /^M /);
    assert.match(d, / Z$/);
    assert.equal((d.match(/ A /g) ?? []).length, 2, 'two round caps');
    // A left-to-right stroke: its outline starts below the light end, half width 5 × factor(0.1) = 2.6 …
    assert.ok(d.startsWith('M 0 2.6 '), d);
    // … and caps the hard end (half width 5 × 1.6 = 8) with an arc round the tip to the upper side.
    assert.ok(d.includes('A 8 8 0 0 0 100 -8'), d);
    // The lower side, smoothed, widens from 2.6 through 5 to 8 px.
    assert.ok(
      d.startsWith('M 0 2.6 Q 50 5 75 6.5 L 100 8 A 8 8 0 0 0 100 -8 Q 50 -5 25 -3.8 L 0 -2.6 A 2.6 2.6 0 0 0 0 2.6 Z'),
      d,
    );
    // A single tap is a filled dot.
    assert.match(pressureOutline([{ x: 5, y: 5, p: 0.5 }], 4), /^M 3 5 A 2 2 0 1 0 7 5/);
  });

  it('puts a filled arrow head at the second point, scaled to the width', () => {
    const thin = arrowGeometry({ x: 0, y: 0 }, { x: 100, y: 0 }, 1);
    assert.equal(thin.head, 'M 100 0 L 92 3.6 L 92 -3.6 Z', 'a thin arrow still gets an 8 px head');
    const thick = arrowGeometry({ x: 0, y: 0 }, { x: 100, y: 0 }, 5);
    assert.equal(thick.head, 'M 100 0 L 80 9 L 80 -9 Z', 'a 5 px arrow gets a 20 px head');
    assert.ok(thick.shaft.x2 < 100 && thick.shaft.x2 > 80, 'the shaft stops inside the head');
    assert.equal(thick.shaft.x1, 0);
    const short = arrowGeometry({ x: 0, y: 0 }, { x: 0, y: 10 }, 5);
    assert.deepEqual(numbers(short.head).slice(0, 4), [0, 10, -2.25, 5], 'the head is at most half the arrow');
    assert.equal(arrowGeometry({ x: 1, y: 1 }, { x: 1, y: 1 }, 3).head, '', 'a zero-length arrow has no head');
  });

  it('inscribes an ellipse in the box of its two corners, whichever way it was dragged', () => {
    assert.deepEqual(ellipseGeometry({ x: 10, y: 40 }, { x: 50, y: 20 }), { cx: 30, cy: 30, rx: 20, ry: 10 });
  });

  it('bounds a shape and anchors its badge where the drawing began', () => {
    const shape = {
      strokes: [
        [
          [0.3, 0.4],
          [0.1, 0.2, 0.5],
        ],
        [[0.6, 0.5]],
      ],
    };
    const bounds = shapeBounds(shape);
    assert.ok(bounds);
    assert.equal(bounds.x, 0.1);
    assert.equal(bounds.y, 0.2);
    assert.ok(Math.abs(bounds.width - 0.5) < 1e-9);
    assert.ok(Math.abs(bounds.height - 0.3) < 1e-9);
    assert.deepEqual(shapeAnchor('pen', shape), { x: 0.3, y: 0.4 });
    assert.deepEqual(shapeAnchor('ellipse', shape), { x: 0.1, y: 0.2 });
    assert.equal(shapeBounds({ strokes: [] }), null);
  });
});
