import {
  BOARD_CLOSE,
  BOARD_PING_INTERVAL_MS,
  BOARD_REFUSAL_CODES,
  type BoardServerMessage,
} from '@zikao/contract/board';
import type { BoardContext } from '@zikao/contract/course';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { toast } from '../../../../shared/feedback/toast.ts';
import type { BoardApi } from '../../api/board-api.ts';
import { type BoardAction, type BoardLive, boardReducer, initialLive } from './board-live-state.ts';
import { BoardSocket } from './board-socket.ts';
import type { FollowEvent, SharedView } from './follow-state.ts';
import { loadLens, saveLens } from './viewer-lens.ts';

/** The presenter's moves go out at most this often (the server takes 20 a second); the last one always goes. */
const SEND_EVERY_MS = 100;

function isServerMessage(value: unknown): value is BoardServerMessage {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

interface SessionOptions {
  api: BoardApi;
  context: BoardContext;
  clientId: string;
  /** A guest's name, sent with `join`. */
  name: string;
  /** Joins only once the guest has said who they are. */
  enabled: boolean;
  /** The socket says the courseware changed: read the context again. */
  onCourseware(): void;
  /** Joined again after a drop: lists kept by the caller may have missed messages. */
  onRejoined(): void;
}

/**
 * The live side of the board: the WebSocket (join, reconnect with backoff, catch up from the
 * join's snapshot), the presenter's moves and 同步 sent out, a viewer's following, attendance
 * and hand-ins as they come, and the server's refusals as messages.
 */
export function useBoardSession({ api, context, clientId, name, enabled, onCourseware, onRejoined }: SessionOptions) {
  // The server's clock against this one's, read once per context.
  const skewMs = useMemo(() => context.serverTime - Date.now(), [context.serverTime]);
  const presenter = context.role === 'presenter';
  const reducer = useMemo(() => boardReducer(presenter), [presenter]);
  const [live, dispatch] = useReducer(reducer, context, (start: BoardContext) =>
    initialLive(start, presenter ? null : loadLens(start.course.id)),
  );
  const courseId = context.course.id;
  const lens = live.follow.lens;
  useEffect(() => {
    if (!presenter) saveLens(courseId, lens);
  }, [presenter, courseId, lens]);
  const liveRef = useRef<BoardLive>(live);
  liveRef.current = live;
  const socket = useRef<BoardSocket | null>(null);
  /** The presenter moved while the line was down: tell the class once it is back. */
  const unsent = useRef(false);
  const sendTimer = useRef<number | null>(null);
  const lastSent = useRef(0);
  const callbacks = useRef({ onCourseware, onRejoined, skewMs });
  callbacks.current = { onCourseware, onRejoined, skewMs };

  const sendOwnView = useCallback(() => {
    const { own } = liveRef.current;
    const sent = socket.current?.send({ type: 'page', page: own.page, zoom: own.zoom, rotation: own.rotation });
    lastSent.current = Date.now();
    unsent.current = !sent;
  }, []);

  /** Sends the presenter's view now, or at the end of the current interval (latest wins). */
  const publish = useCallback(() => {
    if (sendTimer.current !== null) return;
    const wait = SEND_EVERY_MS - (Date.now() - lastSent.current);
    if (wait <= 0) {
      sendOwnView();
      return;
    }
    sendTimer.current = window.setTimeout(() => {
      sendTimer.current = null;
      sendOwnView();
    }, wait);
  }, [sendOwnView]);

  useEffect(() => {
    if (!enabled) return;
    let joins = 0;
    /** The refusal that comes before a close for a limit (BOARD_CLOSE.tooMany): what the page then says. */
    let limitReason = '';
    /** The live service was said to be away: said once, until the board is back (each retry is refused again). */
    let awaySaid = false;
    const board = new BoardSocket({
      url: api.socketUrl,
      onOpen: (open) => {
        joins += 1;
        open.send({ type: 'join', clientId, ...(name ? { name } : {}) });
        if (joins > 1) callbacks.current.onRejoined();
      },
      onMessage: (message) => {
        if (!isServerMessage(message)) return;
        if (message.type === 'refusal' && message.code === BOARD_REFUSAL_CODES.unavailable) {
          // A close with BOARD_CLOSE.unavailable follows; the socket reconnects with backoff.
          if (!awaySaid) toast(message.msg, 'warning');
          awaySaid = true;
          return;
        }
        if (message.type === 'state') awaySaid = false;
        if (message.type === 'refusal') {
          // The same code as a message rate refusal; a close with BOARD_CLOSE.tooMany follows this one.
          if (message.code === BOARD_REFUSAL_CODES.tooMany) limitReason = message.msg;
          if (message.code === BOARD_REFUSAL_CODES.badLink) dispatch({ type: 'refused', reason: message.msg });
          else toast(message.msg, message.code === BOARD_REFUSAL_CODES.notPresenter ? 'warning' : 'error');
          return;
        }
        if (message.type === 'courseware') {
          callbacks.current.onCourseware();
          return;
        }
        // A presenter back after a drop tells the class where they went meanwhile.
        const catchUp = presenter && message.type === 'state' && liveRef.current.settled && unsent.current;
        dispatch({ type: 'server', message, receivedAt: Date.now() + callbacks.current.skewMs } as BoardAction);
        if (catchUp) sendOwnView();
      },
      onState: (state, retryInMs) => dispatch({ type: 'connection', state, retryInMs }),
      // A refused link, or a limit reached (too many sockets or guests here): retrying would not help.
      finalClose: (code, reason) =>
        code === BOARD_CLOSE.badLink
          ? reason || '课堂链接无效'
          : code === BOARD_CLOSE.tooMany
            ? limitReason || '课堂连接已达上限，请稍后再试'
            : null,
      onGiveUp: (reason) => {
        if (!liveRef.current.refused) dispatch({ type: 'refused', reason });
      },
      // A refusal for an outage keeps the backoff growing: retries slow down while it lasts.
      healthy: (message) =>
        !(isServerMessage(message) && message.type === 'refusal' && message.code === BOARD_REFUSAL_CODES.unavailable),
      ping: () => ({ type: 'ping', t: Date.now() }),
      quietMs: BOARD_PING_INTERVAL_MS,
    });
    socket.current = board;
    board.start();
    return () => {
      board.stop();
      socket.current = null;
      if (sendTimer.current !== null) window.clearTimeout(sendTimer.current);
      sendTimer.current = null;
    };
  }, [enabled, api, clientId, name, presenter, sendOwnView]);

  /** The presenter moves (a page, a zoom, a turn): shown at once, sent to the class. */
  const move = useCallback(
    (view: Partial<SharedView>) => {
      const before = liveRef.current.own;
      dispatch({ type: 'own', view });
      liveRef.current = { ...liveRef.current, own: { ...before, ...view } };
      // A pan alone does not travel: only page, zoom and rotation are the class's, when they change.
      const shared =
        (view.page !== undefined && view.page !== before.page) ||
        (view.zoom !== undefined && view.zoom !== before.zoom) ||
        (view.rotation !== undefined && view.rotation !== before.rotation);
      if (shared) publish();
    },
    [publish],
  );

  /** The presenter's 同步 switch. */
  const setSync = useCallback((on: boolean) => {
    if (socket.current?.send({ type: 'sync', on })) dispatch({ type: 'sync', on });
    else toast('未连接，暂时无法切换同步', 'warning');
  }, []);

  const follow = useCallback((event: FollowEvent) => dispatch({ type: 'follow', event }), []);
  const reconnect = useCallback(() => socket.current?.reconnectNow(), []);

  return { live, dispatch, move, setSync, follow, reconnect };
}
