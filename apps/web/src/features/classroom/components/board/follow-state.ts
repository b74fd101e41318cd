import { type Rotation, TOP_SHARE } from './viewer-transform.ts';

/** The part of a page's view that travels between screens: which page, how large, how turned, where. */
export interface SharedView {
  /** 1-based page number. */
  page: number;
  /** 1 = fit to width. */
  zoom: number;
  rotation: Rotation;
  /** The pan as a share of the shown page (`panShare`). */
  panX: number;
  panY: number;
}

/** A viewer's own zoom and turn of the page, kept across page turns (per viewer, per course). */
export interface Lens {
  zoom: number;
  rotation: Rotation;
}

/**
 * A viewer's side of 同步: whether the presenter is broadcasting, whether this viewer follows,
 * the presenter's latest view, the viewer's own lens and what this viewer shows.
 */
export interface FollowState {
  /** The presenter's 同步 switch, as last heard. */
  sync: boolean;
  /** The viewer's own 跟随老师 choice. */
  following: boolean;
  /** The presenter's view, once heard (a late joiner hears it on joining). */
  presenter: SharedView | null;
  /** What this viewer shows. */
  shown: SharedView;
  /**
   * The zoom and turn the viewer chose, or null to take the presenter's. A page turn keeps it; the
   * presenter's own zoom or turn (a deliberate 同步 of the view) replaces it.
   */
  lens: Lens | null;
}

export type FollowEvent =
  /** The presenter's state: on joining, on every catch-up after a reconnect and on every change. */
  | { type: 'presenter'; sync: boolean; view: SharedView }
  /** The presenter moved while broadcasting (a page, a zoom). */
  | { type: 'moved'; view: SharedView }
  /** The presenter turned 同步 on or off. */
  | { type: 'sync'; on: boolean }
  /** The viewer moved on their own: another page, their own zoom or pan. */
  | { type: 'navigate'; view: Partial<SharedView> }
  /** The viewer's 跟随老师 switch, or 回到老师的页面 (`on: true`). */
  | { type: 'follow'; on: boolean };

/** The first page, from its top. */
export const FIRST_PAGE: SharedView = { page: 1, zoom: 1, rotation: 0, panX: 0, panY: TOP_SHARE };

/** Before anything is heard: the first page, through the viewer's lens of an earlier visit, if any. */
export function initialFollowState(lens: Lens | null = null): FollowState {
  const shown = lens ? { ...FIRST_PAGE, zoom: lens.zoom, rotation: lens.rotation } : FIRST_PAGE;
  return { sync: false, following: true, presenter: null, shown, lens };
}

/** The viewer shows the presenter's view: 同步 is on, they follow, and the presenter has been heard. */
export function isTracking(state: FollowState): boolean {
  return state.sync && state.following && state.presenter !== null;
}

/** The viewer has wandered from the presenter's page while the presenter broadcasts: offer 回到老师的页面. */
export function isAway(state: FollowState): boolean {
  return state.sync && state.presenter !== null && (!state.following || state.shown.page !== state.presenter.page);
}

/**
 * Shows the presenter's page through the viewer's lens. Another page starts from its top; on the
 * same page the viewer's own pan stays (the stage turns it with the page: image-stage.tsx).
 */
function track(state: FollowState): FollowState {
  const { presenter, shown, lens } = state;
  if (!isTracking(state) || !presenter) return state;
  const zoom = lens?.zoom ?? presenter.zoom;
  const rotation = lens?.rotation ?? presenter.rotation;
  const pan = presenter.page === shown.page ? { x: shown.panX, y: shown.panY } : { x: 0, y: TOP_SHARE };
  return { ...state, shown: { page: presenter.page, zoom, rotation, panX: pan.x, panY: pan.y } };
}

/** The presenter's view as heard; a zoom or turn of theirs (not a page turn) ends the viewer's own lens. */
function hearPresenter(state: FollowState, view: SharedView): FollowState {
  const before = state.presenter;
  const changedLens = before !== null && (before.zoom !== view.zoom || before.rotation !== view.rotation);
  return { ...state, presenter: view, lens: changedLens ? null : state.lens };
}

/**
 * The viewer's next state. While 同步 is on and the viewer follows, every presenter move is shown;
 * turning to another page themselves stops following (they are looking back), and 回到老师的页面
 * takes them to the presenter's current page. A zoom, turn or pan of their own keeps following,
 * and their zoom and turn stay across the presenter's page turns, until the presenter zooms or
 * turns the page themselves.
 */
export function followReducer(state: FollowState, event: FollowEvent): FollowState {
  switch (event.type) {
    case 'presenter':
      return track({ ...hearPresenter(state, event.view), sync: event.sync });
    case 'moved':
      return track(hearPresenter(state, event.view));
    case 'sync':
      return track({ ...state, sync: event.on });
    case 'follow':
      return track({ ...state, following: event.on });
    case 'navigate': {
      const shown = { ...state.shown, ...event.view };
      const turnedAway = event.view.page !== undefined && event.view.page !== state.shown.page;
      // A drag reports the whole view: only a zoom or a turn that changes something is the viewer's own lens.
      const ownLens = shown.zoom !== state.shown.zoom || shown.rotation !== state.shown.rotation;
      return {
        ...state,
        shown,
        lens: ownLens ? { zoom: shown.zoom, rotation: shown.rotation } : state.lens,
        following: state.following && !(turnedAway && state.sync),
      };
    }
  }
}
