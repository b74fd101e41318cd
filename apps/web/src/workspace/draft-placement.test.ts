import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Box, placeCard } from './draft-placement.ts';

const card = { width: 380, height: 428 };
const desktop = { width: 1440, height: 900 };

function intersects(a: Box, b: Box): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}

describe('placeCard', () => {
  it('puts the card right of a selection in the middle of the page, level with it', () => {
    const selection = { left: 300, top: 420, width: 400, height: 60 };
    const spot = placeCard(selection, card, desktop);
    assert.equal(spot.left, 712);
    assert.ok(!intersects(selection, { ...spot, ...card }));
    assert.ok(spot.top + card.height <= desktop.height - 8);
  });

  it('goes left when the selection reaches the right edge', () => {
    const selection = { left: 700, top: 300, width: 600, height: 40 };
    const spot = placeCard(selection, card, desktop);
    assert.equal(spot.left, 700 - 12 - 380);
    assert.ok(!intersects(selection, { ...spot, ...card }));
  });

  it('goes below or above a selection as wide as the window', () => {
    const selection = { left: 20, top: 100, width: 1400, height: 40 };
    const spot = placeCard(selection, card, desktop);
    assert.equal(spot.top, 152);
    const low = { left: 20, top: 700, width: 1400, height: 40 };
    assert.equal(placeCard(low, card, desktop).top, 700 - 12 - 428);
  });

  it('covers as little as it can where nothing fits whole, and stays in the window', () => {
    const phone = { width: 390, height: 844 };
    const selection = { left: 20, top: 300, width: 350, height: 300 };
    const spot = placeCard(selection, card, phone);
    assert.ok(spot.left >= 8 && spot.top >= 8 && spot.top + card.height <= phone.height - 8 + 0.01);
  });
});
