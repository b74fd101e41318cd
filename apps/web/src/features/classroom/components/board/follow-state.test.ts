import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  FIRST_PAGE,
  type FollowEvent,
  type FollowState,
  followReducer,
  initialFollowState,
  isAway,
  isTracking,
  type SharedView,
} from './follow-state.ts';

const page = (n: number, zoom = 1): SharedView => ({ ...FIRST_PAGE, page: n, zoom });
const run = (...events: FollowEvent[]): FollowState => events.reduce(followReducer, initialFollowState());

describe('a viewer following the presenter', () => {
  it('lands on the presenter’s current page when joining late while 同步 is on', () => {
    const state = run({ type: 'presenter', sync: true, view: page(7, 1.5) });
    assert.deepEqual(state.shown, page(7, 1.5));
    assert.equal(isTracking(state), true);
    assert.equal(isAway(state), false);
  });

  it('follows each page and zoom change while 同步 is on', () => {
    const state = run(
      { type: 'presenter', sync: true, view: page(2) },
      { type: 'moved', view: page(3) },
      { type: 'moved', view: page(3, 2) },
    );
    assert.deepEqual(state.shown, page(3, 2));
  });

  it('stays where it is while the presenter’s 同步 is off, and catches up when it comes back on', () => {
    let state = run({ type: 'presenter', sync: false, view: page(4) });
    assert.deepEqual(state.shown, FIRST_PAGE, 'a presenter who does not broadcast moves no one');
    state = followReducer(state, { type: 'moved', view: page(5) });
    state = followReducer(state, { type: 'navigate', view: { page: 2 } });
    assert.equal(state.shown.page, 2);
    assert.equal(state.following, true, 'browsing freely while nobody broadcasts keeps the wish to follow');
    state = followReducer(state, { type: 'sync', on: true });
    assert.deepEqual(state.shown, page(5));
  });

  it('stops following when the viewer turns to another page, and 回到老师的页面 brings them back', () => {
    let state = run({ type: 'presenter', sync: true, view: page(6) }, { type: 'navigate', view: { page: 2 } });
    assert.equal(state.following, false);
    assert.equal(state.shown.page, 2);
    assert.equal(isAway(state), true);
    state = followReducer(state, { type: 'moved', view: page(7) });
    assert.equal(state.shown.page, 2, 'not following: the presenter’s move is only remembered');
    state = followReducer(state, { type: 'follow', on: true });
    assert.deepEqual(state.shown, page(7));
    assert.equal(isAway(state), false);
  });

  it('keeps following with a zoom and turn of its own, kept across the presenter’s page turns (issue 32 §3)', () => {
    let state = run(
      { type: 'presenter', sync: true, view: page(3) },
      { type: 'navigate', view: { zoom: 2.5 } },
      { type: 'navigate', view: { rotation: 90 } },
    );
    assert.equal(state.following, true);
    assert.deepEqual(state.lens, { zoom: 2.5, rotation: 90 });
    for (const n of [4, 5, 6]) {
      state = followReducer(state, { type: 'moved', view: page(n) });
      assert.deepEqual(state.shown, { ...page(n, 2.5), rotation: 90 }, `page ${n} through the viewer’s lens`);
    }
    // A snapshot after a reconnect is no zoom of the presenter's: the lens stays.
    state = followReducer(state, { type: 'presenter', sync: true, view: page(7) });
    assert.deepEqual(state.shown, { ...page(7, 2.5), rotation: 90 });
    // 回到老师的页面 is a page turn too.
    state = followReducer(state, { type: 'navigate', view: { page: 2 } });
    state = followReducer(state, { type: 'follow', on: true });
    assert.deepEqual(state.shown, { ...page(7, 2.5), rotation: 90 });
  });

  it('takes the presenter’s own zoom or turn over the viewer’s lens', () => {
    let state = run({ type: 'presenter', sync: true, view: page(3) }, { type: 'navigate', view: { zoom: 2.5 } });
    state = followReducer(state, { type: 'moved', view: page(3, 1.5) });
    assert.equal(state.lens, null);
    assert.equal(state.shown.zoom, 1.5);
    state = followReducer(state, { type: 'moved', view: page(4, 1.5) });
    assert.equal(state.shown.zoom, 1.5);
  });

  it('keeps no lens for a drag, which reports the zoom and turn unchanged', () => {
    const state = run(
      { type: 'presenter', sync: true, view: page(3, 2) },
      { type: 'navigate', view: { zoom: 2, rotation: 0, panX: 0.1, panY: -0.2 } },
    );
    assert.equal(state.lens, null);
    assert.equal(state.shown.panX, 0.1);
  });

  it('starts from the lens of an earlier visit to the course', () => {
    const state = followReducer(initialFollowState({ zoom: 2, rotation: 180 }), {
      type: 'presenter',
      sync: true,
      view: page(5),
    });
    assert.deepEqual(state.shown, { ...page(5, 2), rotation: 180 });
  });

  it('with following switched off, sees none of the presenter’s moves', () => {
    let state = run({ type: 'presenter', sync: true, view: page(1) }, { type: 'follow', on: false });
    for (const n of [2, 3, 4]) state = followReducer(state, { type: 'moved', view: page(n) });
    assert.equal(state.shown.page, 1);
    assert.equal(state.presenter?.page, 4);
  });

  it('catches up with a snapshot after a reconnect, as long as it follows', () => {
    let state = run({ type: 'presenter', sync: true, view: page(2) });
    // Offline: the presenter moved on to page 9; the snapshot on reconnecting says so.
    state = followReducer(state, { type: 'presenter', sync: true, view: page(9) });
    assert.equal(state.shown.page, 9);
  });

  it('turning to the page the viewer already shows is not looking away', () => {
    const state = run({ type: 'presenter', sync: true, view: page(3) }, { type: 'navigate', view: { page: 3 } });
    assert.equal(state.following, true);
  });
});
