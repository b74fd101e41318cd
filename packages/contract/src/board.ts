import { z } from 'zod';
import {
  type AttendanceDto,
  BOARD_ROTATIONS,
  BOARD_ZOOM,
  type BoardState,
  boardClientIdSchema,
  boardGuestNameSchema,
  type HandInDto,
  type LiveCourseStatus,
} from './course.ts';
import { ErrorCode } from './errors.ts';

/**
 * The live-course board's WebSocket (`GET /api/v1/board/ws`, issue 14). The connection is
 * authorised by the board link's credential in its query (`cid, role, exp, uid?, linkSig`, see
 * `boardCredentialSchema`); every frame is one JSON message below, text only.
 *
 * A client sends `join` first, within the server's join deadline (BOARD_JOIN_TIMEOUT_S, 75 s by
 * default: three ping intervals), or the socket is closed with `BOARD_CLOSE.joinTimeout`; the
 * server answers with a `state` snapshot (a late joiner lands on the current page). The presenter's `page` and `sync` move the class; a viewer's are refused.
 * A refused message gets a `refusal` and the connection stays up. A bad or expired link gets a
 * `refusal` with 1030004 and the close code `BOARD_CLOSE.badLink`: do not reconnect then. A socket
 * past a limit (sockets per client address or per link, guests per address in a course) gets a
 * `refusal` with 1050001 and `BOARD_CLOSE.tooMany`. When the instance cannot reach the live service
 * behind the board (Redis), a message that needs it (a `join`, a page turn) gets a `refusal` with
 * 1090002 and the close code `BOARD_CLOSE.unavailable`: reconnect with backoff.
 */

/** The largest frame the board reads; a larger one is refused (the connection stays up). */
export const BOARD_MAX_FRAME_BYTES = 4 * 1024;
/**
 * Frames past this are not even buffered: the socket is closed with 1009 (message too big). Between
 * the two limits a frame gets a refusal.
 */
export const BOARD_HARD_FRAME_BYTES = 64 * 1024;
/** Messages a client may send per second, averaged over a few seconds; more are refused. */
export const BOARD_MESSAGES_PER_SECOND = 20;
/** The client pings this often; the server drops a connection silent for three times as long. */
export const BOARD_PING_INTERVAL_MS = 25_000;

/** Close codes the server uses (4000–4999 are the application's). */
export const BOARD_CLOSE = {
  /** The link is missing, tampered with or expired, or the course was cancelled: do not reconnect. */
  badLink: 4403,
  /** The server is shutting down: reconnect (with backoff) to another instance. */
  goingAway: 1001,
  /** No `join` within the join deadline: a reconnect that joins at once is welcome. */
  joinTimeout: 4408,
  /**
   * Past a limit: too many sockets from this address or on this link, or too many guests from this
   * address in the course. Do not reconnect at once: the page shows the refusal's message.
   */
  tooMany: 4429,
  /**
   * The live service behind the board (Redis, with several instances) cannot be reached from this
   * instance: the refusal before it says so. Reconnect with backoff; it works again once it is back.
   */
  unavailable: 4503,
} as const;

// Client → server.

export const boardJoinMessageSchema = z.object({
  type: z.literal('join'),
  /** The browser's own id (kept across reloads): one attendee per browser for guest links. */
  clientId: boardClientIdSchema,
  /** A guest's name; ignored for a candidate's own link (their account's name is used). */
  name: boardGuestNameSchema.optional(),
});

export const boardPageMessageSchema = z.object({
  type: z.literal('page'),
  /** 1-based deck index (`BoardDeckPage.index`). */
  page: z.number({ error: '页码须为数字' }).int('页码须为整数').min(1, '页码从 1 开始').max(100_000),
  zoom: z
    .number({ error: '缩放须为数字' })
    .min(BOARD_ZOOM.min, `缩放不能小于 ${BOARD_ZOOM.min}`)
    .max(BOARD_ZOOM.max, `缩放不能大于 ${BOARD_ZOOM.max}`),
  rotation: z.literal(BOARD_ROTATIONS, { error: '旋转角度须为 0、90、180 或 270' }).optional(),
});

export const boardSyncMessageSchema = z.object({
  type: z.literal('sync'),
  /** 同步 on: viewers follow the presenter; off: they browse freely. */
  on: z.boolean({ error: '须为 true 或 false' }),
});

export const boardPingMessageSchema = z.object({
  type: z.literal('ping'),
  /** The client's clock, echoed back in the pong. */
  t: z.number().optional(),
});

export const boardClientMessageSchema = z.discriminatedUnion(
  'type',
  [boardJoinMessageSchema, boardPageMessageSchema, boardSyncMessageSchema, boardPingMessageSchema],
  { error: '消息类型须为 join、page、sync 或 ping' },
);
export type BoardClientMessage = z.infer<typeof boardClientMessageSchema>;
export type BoardJoinMessage = z.infer<typeof boardJoinMessageSchema>;
export type BoardPageMessage = z.infer<typeof boardPageMessageSchema>;

// Server → client.

/** The snapshot: on `join`, and whenever 同步 is switched (then `state.sync` says which way). */
export interface BoardStateMessage {
  type: 'state';
  state: BoardState;
  /** The server's clock (epoch ms), for the elapsed time against the schedule. */
  serverTime: number;
}

/** The presenter moved while 同步 is on: every viewer following goes there. */
export interface BoardPageChangeMessage {
  type: 'page';
  page: number;
  zoom: number;
  rotation: BoardState['rotation'];
  seq: number;
  /** When the server took the change (epoch ms). */
  at: number;
}

/** Someone joined, came back or left (presenters only). */
export interface BoardAttendanceMessage {
  type: 'attendance';
  entry: AttendanceDto;
  /** Online now, over every instance's connections. */
  online: number;
}

/** A viewer handed in a file (presenters, and the viewer who sent it). */
export interface BoardHandInMessage {
  type: 'handIn';
  item: HandInDto;
}

/** The courseware changed (uploaded, converted, deleted, reordered): fetch the context again. */
export interface BoardCoursewareMessage {
  type: 'courseware';
}

/** The lecturer pressed 开始 or 结束, or an admin cancelled the course. */
export interface BoardStatusMessage {
  type: 'status';
  status: LiveCourseStatus;
  cancelled: boolean;
}

/**
 * A message the server did not take: `code` is an ErrorCode (see BOARD_REFUSAL_CODES), `msg` is
 * Chinese, for the user. The connection stays up, except after a 1030004 (the link).
 */
export interface BoardRefusalMessage {
  type: 'refusal';
  code: number;
  msg: string;
}

export interface BoardPongMessage {
  type: 'pong';
  t?: number;
  serverTime: number;
}

export type BoardServerMessage =
  | BoardStateMessage
  | BoardPageChangeMessage
  | BoardAttendanceMessage
  | BoardHandInMessage
  | BoardCoursewareMessage
  | BoardStatusMessage
  | BoardRefusalMessage
  | BoardPongMessage;

/** What each refusal's code means. */
export const BOARD_REFUSAL_CODES = {
  /** Not JSON, not a known message, a field out of range, or a message before `join`. */
  invalid: ErrorCode.invalidInput,
  /** A frame larger than BOARD_MAX_FRAME_BYTES, or a binary frame. */
  tooLarge: ErrorCode.fileTooLarge,
  /** A viewer trying to move the class (page, sync). */
  notPresenter: ErrorCode.forbidden,
  /** More than BOARD_MESSAGES_PER_SECOND. */
  tooFast: ErrorCode.tooManyRequests,
  /** Past a socket or guest limit; the socket closes with BOARD_CLOSE.tooMany. */
  tooMany: ErrorCode.tooManyRequests,
  /** The link is bad or expired, or the course was cancelled; the socket closes with BOARD_CLOSE.badLink. */
  badLink: ErrorCode.badReviewLink,
  /** The live service is unreachable from this instance; the socket closes with BOARD_CLOSE.unavailable. */
  unavailable: ErrorCode.unavailable,
} as const;
