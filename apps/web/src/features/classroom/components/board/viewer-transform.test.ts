import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  clampPan,
  clampZoom,
  fitScale,
  fitWidthZoom,
  homeView,
  panShare,
  type Rotation,
  rotateClockwise,
  shownSize,
  turnShare,
  type ViewState,
  viewFromShare,
  wheelZoom,
  ZOOM_MAX,
  ZOOM_MIN,
  zoomAt,
} from './viewer-transform.ts';

const projector = { width: 1200, height: 700 };
const phone = { width: 360, height: 500 };
/** An A4 page rendered at 150 dpi, portrait. */
const a4 = { width: 1240, height: 1754 };
/** A 16:9 slide. */
const slide = { width: 1600, height: 900 };

describe('the image viewer’s geometry', () => {
  it('fits the whole page at zoom 1, whichever way it is turned', () => {
    // The slide is wider than the projector's room is: its width decides.
    assert.equal(fitScale(projector, slide, 0), 0.75);
    assert.deepEqual(shownSize(projector, slide, { zoom: 1, rotation: 0 }), { width: 1200, height: 675 });
    // The A4 page is tall: its height decides, 700 px.
    assert.equal(shownSize(projector, a4, { zoom: 1, rotation: 0 }).height, 700);
    // A quarter turn makes the page's height its width: 1754 px across 1200, 1240 up 700.
    const turned = shownSize(projector, a4, { zoom: 1, rotation: 90 });
    assert.ok(turned.width <= 1200 && turned.height <= 700.0001);
    assert.equal(Math.round(turned.height), 700);
    assert.equal(shownSize(projector, slide, { zoom: 2, rotation: 180 }).width, 2400);
  });

  it('knows the zoom that fills the width: above 1 for a tall page, 1 for a wide one', () => {
    // A4 fitted is 495 px wide in the projector's 1200: filling the width is 2.42 times that.
    assert.equal(fitWidthZoom(projector, a4, 0), 2.42);
    const filled = shownSize(projector, a4, { zoom: 2.42, rotation: 0 });
    assert.ok(filled.width <= 1200 && filled.width > 1190);
    assert.equal(fitWidthZoom(projector, slide, 0), 1);
    // On a phone a slide is as wide as the screen already.
    assert.equal(fitWidthZoom(phone, slide, 0), 1);
  });

  it('holds the zoom between its limits and rounds it to whole percents', () => {
    assert.equal(clampZoom(0.01), ZOOM_MIN);
    assert.equal(clampZoom(50), ZOOM_MAX);
    assert.equal(clampZoom(1.23456), 1.23);
    assert.equal(clampZoom(Number.NaN), 1);
  });

  it('starts a page zoomed past the room at its top, and one that fits in the middle', () => {
    const tall = homeView(2.42, 0, projector, a4);
    const shown = shownSize(projector, a4, tall);
    assert.equal(tall.panX, 0);
    assert.equal(tall.panY, (shown.height - projector.height) / 2, 'the page’s top edge on the container’s top edge');
    assert.deepEqual(homeView(1, 0, projector, a4), { zoom: 1, rotation: 0, panX: 0, panY: 0 });
  });

  it('never pans a page off its edges, and keeps one that fits centred', () => {
    const zoomed = clampPan({ zoom: 2, rotation: 0, panX: 5000, panY: -5000 }, projector, slide);
    // At 200 % the slide is 2400 × 1350: 600 px spare each side across, 325 px up and down.
    assert.deepEqual([zoomed.panX, zoomed.panY], [600, -325]);
    const small = clampPan({ zoom: 0.5, rotation: 0, panX: 80, panY: 40 }, projector, slide);
    assert.deepEqual([small.panX, small.panY], [0, 0]);
  });

  it('keeps the point under the pointer in place when zooming there', () => {
    const start: ViewState = { zoom: 1, rotation: 0, panX: 0, panY: 0 };
    const at = { x: 900, y: 500 };
    const next = zoomAt(start, 2, projector, slide, at);
    // The page point under the pointer: (pointer − centre − pan) / scale, the same before and after.
    const point = (view: ViewState) => ({
      x: (at.x - projector.width / 2 - view.panX) / view.zoom,
      y: (at.y - projector.height / 2 - view.panY) / view.zoom,
    });
    assert.deepEqual(point(next), point(start));
    // Without a point it zooms about the centre.
    const centred = zoomAt(start, 2, projector, slide);
    assert.deepEqual([centred.panX, centred.panY], [0, 0]);
  });

  it('turns a wheel’s travel into a zoom: down is out, up is in, a flick is bounded', () => {
    assert.ok(wheelZoom(1, 100) < 1);
    assert.ok(wheelZoom(1, -100) > 1);
    assert.equal(wheelZoom(1, 0), 1);
    assert.equal(wheelZoom(1, -100_000), wheelZoom(1, -300));
    // Lines count as 16 px each.
    assert.equal(wheelZoom(1, 3, 1), wheelZoom(1, 48));
    assert.equal(wheelZoom(ZOOM_MAX, -300), ZOOM_MAX);
  });

  it('turns a quarter at a time and comes back round', () => {
    assert.deepEqual(
      [rotateClockwise(0), rotateClockwise(90), rotateClockwise(180), rotateClockwise(270)],
      [90, 180, 270, 0],
    );
  });

  it('shows the presenter’s place on the page on a screen of another size', () => {
    const presenter = clampPan({ zoom: 2, rotation: 0, panX: 300, panY: -200 }, projector, slide);
    const share = panShare(presenter, projector, slide);
    const follower = viewFromShare(2, 0, share, phone, slide);
    // 300 px of a 2400 px page is an eighth of it: an eighth of the phone's 720 px page is 90 px.
    assert.equal(follower.panX, 90);
    assert.equal(follower.zoom, 2);
    // The slide is 405 px high on the phone, shorter than its 500 px, so it stays centred.
    assert.equal(follower.panY, 0);
  });
});

describe('turning a zoomed page keeps the point in the middle of the view', () => {
  const container = { width: 800, height: 600 };
  const natural = { width: 960, height: 540 };
  /** The page point (in unturned page pixels) at the middle of the container. */
  const middlePoint = (share: { x: number; y: number }, zoom: number, rotation: Rotation) => {
    const view = viewFromShare(zoom, rotation, share, container, natural);
    const scale = fitScale(container, natural, rotation) * zoom;
    // The middle, from the page's centre, in screen pixels, turned back into the page's own frame.
    let [x, y] = [-view.panX / scale, -view.panY / scale];
    for (let turns = rotation / 90; turns > 0; turns--) [x, y] = [y, -x];
    return { x: x + natural.width / 2, y: y + natural.height / 2 };
  };

  it('at 300 %, for every quarter turn (a point the page’s edges let stay)', () => {
    let share = { x: 0.05, y: -0.04 };
    let rotation: Rotation = 0;
    const start = middlePoint(share, 3, rotation);
    for (let i = 0; i < 4; i++) {
      const next = rotateClockwise(rotation);
      share = turnShare(share, rotation, next);
      rotation = next;
      const at = middlePoint(share, 3, rotation);
      assert.ok(Math.abs(at.x - start.x) < 0.5 && Math.abs(at.y - start.y) < 0.5, JSON.stringify({ at, start }));
    }
  });

  it('turns a half turn in one go as two quarter turns', () => {
    assert.deepEqual(turnShare({ x: 0.1, y: 0.2 }, 90, 270), { x: -0.1, y: -0.2 });
    assert.deepEqual(turnShare({ x: 0.1, y: 0.2 }, 270, 90), { x: -0.1, y: -0.2 });
    assert.deepEqual(turnShare({ x: 0.1, y: 0.2 }, 0, 90), { x: -0.2, y: 0.1 });
  });
});
