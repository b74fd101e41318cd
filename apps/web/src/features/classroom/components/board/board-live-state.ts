import type { BoardServerMessage } from '@zikao/contract/board';
import type { AttendanceDto, BoardContext, BoardRotation, HandInDto, LiveCourseStatus } from '@zikao/contract/course';
import type { ConnectionState } from './connection-badge.tsx';
import {
  type FollowEvent,
  type FollowState,
  followReducer,
  initialFollowState,
  type Lens,
  type SharedView,
} from './follow-state.ts';
import { TOP_SHARE } from './viewer-transform.ts';

/** Everything on the board that changes while the class runs, for either role. */
export interface BoardLive {
  connection: ConnectionState;
  /** While reconnecting: the wait before the next attempt. */
  retryInMs: number | null;
  /** The presenter's own view and 同步 switch (the presenter role only). */
  own: SharedView;
  sync: boolean;
  /** The presenter has heard the class's state once: later snapshots no longer move their page. */
  settled: boolean;
  /** A viewer's following (the viewer role only). */
  follow: FollowState;
  /** The newest change this board holds; older page messages are dropped. */
  seq: number;
  status: LiveCourseStatus;
  /** The lecturer's 开始 and 结束 (epoch ms), from the context or when the socket told of them. */
  startedAt: number | null;
  endedAt: number | null;
  cancelled: boolean;
  attendance: AttendanceDto[];
  online: number;
  handIns: HandInDto[];
  /** The board closed for good: the link was refused mid-class. */
  refused: string | null;
}

export type BoardAction =
  | { type: 'connection'; state: ConnectionState; retryInMs: number | null }
  /** `receivedAt`: when it arrived, on the server's clock. */
  | { type: 'server'; message: BoardServerMessage; receivedAt: number }
  /** The presenter moved: a page, a zoom, a pan, a turn. */
  | { type: 'own'; view: Partial<SharedView> }
  | { type: 'sync'; on: boolean }
  | { type: 'follow'; event: FollowEvent }
  | { type: 'attendance'; list: AttendanceDto[]; online: number }
  | { type: 'handIns'; list: HandInDto[] }
  | { type: 'handIn'; item: HandInDto }
  | { type: 'refused'; reason: string };

/** `lens`: a viewer's own zoom and turn from earlier in this course's session (viewer-lens.ts). */
export function initialLive(context: BoardContext, lens: Lens | null = null): BoardLive {
  const { state } = context;
  const view: SharedView = { page: state.page, zoom: state.zoom, rotation: state.rotation, panX: 0, panY: TOP_SHARE };
  return {
    connection: 'connecting',
    retryInMs: null,
    own: view,
    sync: state.sync,
    settled: false,
    // What the context said is the viewer's first picture, until the socket's snapshot.
    follow: followReducer(initialFollowState(lens), { type: 'presenter', sync: state.sync, view }),
    seq: state.seq,
    status: context.course.status,
    startedAt: context.course.startedAt,
    endedAt: context.course.endedAt,
    cancelled: context.course.cancelled,
    attendance: [],
    online: 0,
    handIns: [],
    refused: null,
  };
}

/**
 * The presenter's view in a message, as this screen will show it: on the page it already shows,
 * its own pan stays (the presenter's pan does not travel); on another page, from the top.
 */
function presenterView(
  message: { page: number; zoom: number; rotation: BoardRotation },
  shown: SharedView,
): SharedView {
  const samePage = message.page === shown.page;
  return {
    page: message.page,
    zoom: message.zoom,
    rotation: message.rotation,
    panX: samePage ? shown.panX : 0,
    panY: samePage ? shown.panY : TOP_SHARE,
  };
}

function upsert<T extends { id: number }>(list: T[], item: T): T[] {
  const index = list.findIndex((entry) => entry.id === item.id);
  if (index < 0) return [item, ...list];
  const next = [...list];
  next[index] = item;
  return next;
}

function onServer(live: BoardLive, message: BoardServerMessage, presenter: boolean, receivedAt: number): BoardLive {
  switch (message.type) {
    case 'state': {
      const { state } = message;
      if (presenter) {
        // The first snapshot puts a presenter where the class is (a reload, a second screen);
        // afterwards the presenter's own screen leads and only the switch is taken.
        return live.settled
          ? { ...live, sync: state.sync, seq: state.seq }
          : {
              ...live,
              settled: true,
              sync: state.sync,
              seq: state.seq,
              own: presenterView(state, live.own),
            };
      }
      const view = presenterView(state, live.follow.shown);
      return {
        ...live,
        seq: state.seq,
        follow: followReducer(live.follow, { type: 'presenter', sync: state.sync, view }),
      };
    }
    case 'page': {
      if (message.seq <= live.seq) return live;
      if (presenter) return { ...live, seq: message.seq };
      const view = presenterView(message, live.follow.shown);
      return { ...live, seq: message.seq, follow: followReducer(live.follow, { type: 'moved', view }) };
    }
    case 'attendance':
      return { ...live, attendance: upsert(live.attendance, message.entry), online: message.online };
    case 'handIn':
      return { ...live, handIns: upsert(live.handIns, message.item) };
    case 'status':
      return {
        ...live,
        status: message.status,
        cancelled: message.cancelled,
        startedAt: message.status === 'live' ? (live.startedAt ?? receivedAt) : live.startedAt,
        endedAt: message.status === 'ended' ? (live.endedAt ?? receivedAt) : null,
      };
    default:
      return live;
  }
}

/** The board's state machine for either role; `presenter` decides how a message is taken. */
export function boardReducer(presenter: boolean) {
  return (live: BoardLive, action: BoardAction): BoardLive => {
    switch (action.type) {
      case 'connection':
        return { ...live, connection: action.state, retryInMs: action.retryInMs };
      case 'server':
        return onServer(live, action.message, presenter, action.receivedAt);
      case 'own':
        return { ...live, own: { ...live.own, ...action.view } };
      case 'sync':
        return { ...live, sync: action.on };
      case 'follow':
        return { ...live, follow: followReducer(live.follow, action.event) };
      case 'attendance':
        return { ...live, attendance: action.list, online: action.online };
      case 'handIns': {
        // Items that came over the socket while the list loaded stay.
        const known = new Set(action.list.map((item) => item.id));
        return { ...live, handIns: [...live.handIns.filter((item) => !known.has(item.id)), ...action.list] };
      }
      case 'handIn':
        return { ...live, handIns: upsert(live.handIns, action.item) };
      case 'refused':
        return { ...live, refused: action.reason, connection: 'closed', retryInMs: null };
    }
  };
}
