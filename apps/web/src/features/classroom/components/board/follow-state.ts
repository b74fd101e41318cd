import type { Rotation } from './viewer-transform.ts';

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

/**
 * A viewer's side of 同步: whether the presenter is broadcasting, whether this viewer follows,
 * the presenter's latest view and what this viewer shows.
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

export const FIRST_PAGE: SharedView = { page: 1, zoom: 1, rotation: 0, panX: 0, panY: 0 };

export function initialFollowState(): FollowState {
  return { sync: false, following: true, presenter: null, shown: FIRST_PAGE };
}

/** The viewer shows the presenter's view: 同步 is on, they follow, and the presenter has been heard. */
export function isTracking(state: FollowState): boolean {
  return state.sync && state.following && state.presenter !== null;
}

/** The viewer has wandered from the presenter's page while the presenter broadcasts: offer 回到老师的页面. */
export function isAway(state: FollowState): boolean {
  return state.sync && state.presenter !== null && (!state.following || state.shown.page !== state.presenter.page);
}

function track(state: FollowState): FollowState {
  return isTracking(state) && state.presenter ? { ...state, shown: state.presenter } : state;
}

/**
 * The viewer's next state. While 同步 is on and the viewer follows, every presenter move is shown;
 * turning to another page themselves stops following (they are looking back), and 回到老师的页面
 * takes them to the presenter's current view. A zoom or pan of their own keeps following: the
 * presenter's next move brings them back in step.
 */
export function followReducer(state: FollowState, event: FollowEvent): FollowState {
  switch (event.type) {
    case 'presenter':
      return track({ ...state, sync: event.sync, presenter: event.view });
    case 'moved':
      return track({ ...state, presenter: event.view });
    case 'sync':
      return track({ ...state, sync: event.on });
    case 'follow':
      return track({ ...state, following: event.on });
    case 'navigate': {
      const shown = { ...state.shown, ...event.view };
      const turnedAway = event.view.page !== undefined && event.view.page !== state.shown.page;
      return { ...state, shown, following: state.following && !(turnedAway && state.sync) };
    }
  }
}
