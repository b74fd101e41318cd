import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { annotationInputSchema, SHAPE_MAX_POINTS } from '@zikao/contract/annotation';
import {
  constrainEnd,
  distanceToShape,
  offsetsInside,
  prepareStrokes,
  shapeBounds,
  simplifyStroke,
  twoPointShape,
} from './draw-geometry.ts';

const A4 = { width: 595, height: 842 };

describe('drawn mark geometry', () => {
  it('simplifies a straight stroke to its ends and keeps a corner', () => {
    const straight = Array.from({ length: 50 }, (_, i) => [i, i * 0.5]);
    assert.deepEqual(simplifyStroke(straight, 0.1), [
      [0, 0],
      [49, 24.5],
    ]);
    const corner = [
      ...Array.from({ length: 20 }, (_, i) => [i, 0]),
      ...Array.from({ length: 20 }, (_, i) => [19, i + 1]),
    ];
    const kept = simplifyStroke(corner, 0.1);
    assert.deepEqual(kept, [
      [0, 0],
      [19, 0],
      [19, 20],
    ]);
  });

  it('fits a long scribble into the point budget, rounded, pressure kept, and the schema accepts it', () => {
    // A dense zig-zag of 60 strokes × 400 points with pressure: far over every limit.
    const strokes = Array.from({ length: 60 }, (_, s) =>
      Array.from({ length: 400 }, (_, i) => [i / 400, (s / 60 + (i % 2) * 0.01) % 1, 0.5 + (i % 3) * 0.1]),
    );
    const prepared = prepareStrokes(strokes, A4);
    assert.equal(prepared.length, 50, 'at most 50 strokes');
    const total = prepared.reduce((sum, stroke) => sum + stroke.length, 0);
    assert.ok(total <= SHAPE_MAX_POINTS, `${total} points`);
    assert.ok(
      prepared.every((stroke) => stroke.every((point) => point.length === 3)),
      'pressure kept per point',
    );
    const input = annotationInputSchema.safeParse({
      id: crypto.randomUUID(),
      kind: 'pen',
      category: 'content',
      severity: 'minor',
      pageIndex: 0,
      selectors: [
        {
          type: 'FragmentSelector',
          conformsTo: 'http://tools.ietf.org/rfc/rfc3778',
          value: 'page=1&viewrect=0,0,595,842',
        },
      ],
      shape: { color: '#cf1322', width: 2, strokes: prepared },
    });
    assert.ok(input.success, JSON.stringify(input.error?.issues));
  });

  it('turns a tap into a dot of two points', () => {
    assert.deepEqual(prepareStrokes([[[0.5, 0.5]]], A4), [
      [
        [0.5, 0.5],
        [0.5, 0.5],
      ],
    ]);
  });

  it('snaps a Shift-drag line to 45° and an ellipse to a circle', () => {
    const [x, y] = constrainEnd('line', [0, 0], [100, 8]);
    assert.ok(Math.abs(y) < 1e-9 && Math.abs(x - Math.hypot(100, 8)) < 1e-9, 'nearly flat becomes flat');
    const [dx, dy] = constrainEnd('arrow', [0, 0], [50, 45]);
    assert.ok(Math.abs(dx - dy) < 1e-9, 'nearly diagonal becomes diagonal');
    assert.deepEqual(constrainEnd('ellipse', [10, 10], [40, -50]), [70, -50]);
  });

  it('bounds a shape with its stroke and arrow head, and finds the distance to its line', () => {
    const arrow = twoPointShape([100, 100], [200, 100], A4, '#cf1322', 2);
    const box = shapeBounds('arrow', arrow, A4);
    assert.ok(box.x < 100 && box.x + box.width > 200, 'the line inside');
    assert.ok(box.y <= 100 - 8, 'the head inside');
    assert.ok(distanceToShape('arrow', arrow, A4, [150, 103]) < 3.5);
    assert.ok(distanceToShape('arrow', arrow, A4, [150, 140]) > 30);
    const circle = twoPointShape([100, 100], [200, 200], A4, '#cf1322', 2);
    assert.ok(distanceToShape('ellipse', circle, A4, [200, 150]) < 1, 'on the outline');
    assert.ok(distanceToShape('ellipse', circle, A4, [150, 150]) > 40, 'the middle is not the outline');
  });

  it('finds the text whose characters lie inside a drawn mark', () => {
    const characters = 'abcdef'.split('').map((_, i) => ({ offset: 10 + i, x: i * 10 + 5, y: 10 }));
    assert.deepEqual(offsetsInside(characters, { left: 12, top: 0, right: 38, bottom: 20 }), { start: 11, end: 14 });
    assert.equal(offsetsInside(characters, { left: 0, top: 30, right: 60, bottom: 40 }), null);
  });
});
