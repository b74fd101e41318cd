import {
  BOARD_CLOSE,
  BOARD_MAX_FRAME_BYTES,
  BOARD_MESSAGES_PER_SECOND,
  BOARD_PING_INTERVAL_MS,
  BOARD_REFUSAL_CODES,
  type BoardClientMessage,
  type BoardServerMessage,
  boardClientMessageSchema,
} from '@zikao/contract/board';
import { boardCredentialSchema, type HandInDto, type LiveCourseStatus } from '@zikao/contract/course';
import type { FastifyBaseLogger } from 'fastify';
import type { BoardLimits } from '../../config.ts';
import { AppError } from '../../shared/errors.ts';
import type { CourseEvents } from '../course/course.service.ts';
import type { Attendee } from './board.repository.ts';
import { type BoardGrant, type BoardService, toAttendanceDto } from './board.service.ts';
import { type Audience, type BoardBus, type BoardStateStore, REALTIME_UNAVAILABLE } from './board-fanout.ts';

/** A frame's bytes as the `ws` library hands them over. */
type RawData = Buffer | ArrayBuffer | Buffer[];

/** The parts of a `ws` WebSocket the hub uses (`ws` ships no types of its own). */
export interface BoardSocket {
  readonly readyState: number;
  readonly OPEN: number;
  on(event: 'message', listener: (data: RawData, isBinary: boolean) => void): unknown;
  on(event: 'pong' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  send(data: string | Buffer, options?: { binary: boolean }): void;
  ping(): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
}

/** Frames a socket may send before its link is verified; later ones wait for it, more are dropped. */
const PENDING_LIMIT = 16;
/** A message bucket holds this many seconds' worth: bursts (a quick flip through pages) pass. */
const BURST_SECONDS = 3;
/** Heard-from marks are written at most this often per attendee. */
const TOUCH_EVERY_MS = 30_000;

const send = (socket: BoardSocket, message: BoardServerMessage) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};

function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

function text(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString('utf8');
}

/** A board link as the limit per link counts it: the signed text, whoever holds it. */
const linkKey = (grant: BoardGrant) => `${grant.course.id}|${grant.role}|${grant.expiresAt}|${grant.student?.id ?? ''}`;

/** Open sockets per key (a client address, a link), counted on this instance. */
class OpenCounts {
  private readonly counts = new Map<string, number>();

  /** Counts one more unless `limit` are open; false then. */
  take(key: string, limit: number): boolean {
    const open = this.counts.get(key) ?? 0;
    if (open >= limit) return false;
    this.counts.set(key, open + 1);
    return true;
  }

  release(key: string): void {
    const open = (this.counts.get(key) ?? 0) - 1;
    if (open > 0) this.counts.set(key, open);
    else this.counts.delete(key);
  }
}

/** One open board socket. Its messages are handled one after another, in the order they came. */
class Connection {
  readonly socket: BoardSocket;
  readonly grant: BoardGrant;
  /** The client's address (a guest's 出勤 is capped per address). */
  readonly address: string;
  /** Cleared once the socket has sent `join`; until then it runs to the join deadline. */
  joinDeadline: NodeJS.Timeout | null = null;
  joined = false;
  attendee: Attendee | null = null;
  attendanceId: number | null = null;
  alive = true;
  lastTouch = 0;
  private tokens = BOARD_MESSAGES_PER_SECOND * BURST_SECONDS;
  private refilledAt = Date.now();
  private chain: Promise<void> = Promise.resolve();

  constructor(socket: BoardSocket, grant: BoardGrant, address: string) {
    this.socket = socket;
    this.grant = grant;
    this.address = address;
  }

  get courseId(): number {
    return this.grant.course.id;
  }

  refuse(code: number, msg: string): void {
    send(this.socket, { type: 'refusal', code, msg });
  }

  /** A token bucket: BOARD_MESSAGES_PER_SECOND on average, bursts of a few seconds' worth. */
  take(): boolean {
    const now = Date.now();
    const capacity = BOARD_MESSAGES_PER_SECOND * BURST_SECONDS;
    this.tokens = Math.min(capacity, this.tokens + ((now - this.refilledAt) / 1000) * BOARD_MESSAGES_PER_SECOND);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  enqueue(step: () => Promise<void>, onError: (error: unknown) => void): void {
    this.chain = this.chain.then(step).catch(onError);
  }

  settled(): Promise<void> {
    return this.chain;
  }

  /** Whether a message for `audience` is this socket's to get. */
  hears(audience: Audience): boolean {
    if (!this.joined) return false;
    if (audience.to === 'all' || this.grant.role === 'presenter') return true;
    return audience.to === 'presenters-and' && this.attendee?.key === audience.attendeeKey;
  }
}

/**
 * The board's sockets on this instance (adr/012). Messages are validated here (size, rate, JSON,
 * shape, role) and refused with the connection kept; what moves the class is written to the state
 * store and published on the bus, whose subscriber delivers it to every instance's sockets.
 */
export class BoardHub implements CourseEvents {
  private readonly rooms = new Map<number, Set<Connection>>();
  private readonly bus: BoardBus;
  private readonly state: BoardStateStore;
  private readonly board: BoardService;
  private readonly logger: FastifyBaseLogger;
  private readonly limits: BoardLimits;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly perAddress = new OpenCounts();
  private readonly perLink = new OpenCounts();

  constructor(deps: {
    bus: BoardBus;
    state: BoardStateStore;
    board: BoardService;
    logger: FastifyBaseLogger;
    limits: BoardLimits;
  }) {
    this.bus = deps.bus;
    this.state = deps.state;
    this.board = deps.board;
    this.logger = deps.logger;
    this.limits = deps.limits;
    this.bus.subscribe((envelope) => this.deliver(envelope.courseId, envelope.audience, envelope.payload));
    this.bus.onLost(() => this.lost());
    // Sockets that stop answering protocol pings (a dropped network) are closed, so they leave.
    this.heartbeat = setInterval(() => this.beat(), BOARD_PING_INTERVAL_MS);
    this.heartbeat.unref();
  }

  /** Sockets open here, over every course. */
  get size(): number {
    let count = 0;
    for (const room of this.rooms.values()) count += room.size;
    return count;
  }

  /**
   * Takes a new socket from `address` (the client's, as per-address limits count it): refused at
   * once past the sockets an address may hold; otherwise its link is verified, refused past the
   * sockets a link may have, and then its messages are handled. A socket that has not sent `join`
   * by the join deadline is closed (4408).
   */
  accept(socket: BoardSocket, query: unknown, address: string): void {
    socket.on('error', (error) => this.logger.debug({ err: error }, 'board socket error'));
    if (!this.perAddress.take(address, this.limits.socketsPerAddress)) {
      this.refuseTooMany(
        socket,
        `同一网络地址打开的课堂连接已达上限（${this.limits.socketsPerAddress} 个），请关闭其他课堂页面后重试`,
      );
      return;
    }
    // Listeners are attached at once: frames that arrive while the link is checked wait for it.
    const pending: Array<[RawData, boolean]> = [];
    let connection: Connection | null = null;
    let gone = false;
    const joinDeadline = setTimeout(() => {
      send(socket, {
        type: 'refusal',
        code: BOARD_REFUSAL_CODES.invalid,
        msg: `${Math.round(this.limits.joinTimeoutMs / 1000)} 秒内未加入课堂（join），连接已关闭`,
      });
      socket.close(BOARD_CLOSE.joinTimeout, 'join timeout');
    }, this.limits.joinTimeoutMs);
    joinDeadline.unref();
    socket.on('message', (data: RawData, isBinary: boolean) => {
      if (connection) this.receive(connection, data, isBinary);
      else if (pending.length < PENDING_LIMIT) pending.push([data, isBinary]);
    });
    socket.on('pong', () => {
      if (connection) connection.alive = true;
    });
    socket.on('close', () => {
      gone = true;
      clearTimeout(joinDeadline);
      this.perAddress.release(address);
      if (connection) this.drop(connection);
    });

    const parsed = boardCredentialSchema.safeParse(query);
    if (!parsed.success) {
      this.refuseLink(socket, '课堂链接无效');
      return;
    }
    this.board.verify(parsed.data).then(
      (grant) => {
        if (gone) return;
        if (!this.perLink.take(linkKey(grant), this.limits.socketsPerLink)) {
          this.refuseTooMany(socket, `该课堂链接打开的连接已达上限（${this.limits.socketsPerLink} 个），请稍后再试`);
          return;
        }
        const accepted = new Connection(socket, grant, address);
        accepted.joinDeadline = joinDeadline;
        connection = accepted;
        let room = this.rooms.get(grant.course.id);
        if (!room) {
          room = new Set();
          this.rooms.set(grant.course.id, room);
        }
        room.add(accepted);
        for (const [data, isBinary] of pending.splice(0)) this.receive(accepted, data, isBinary);
      },
      (error: unknown) => {
        if (error instanceof AppError) {
          this.refuseLink(socket, error.message);
          return;
        }
        this.logger.error({ err: error }, 'board link check failed');
        socket.close(1011, 'server error');
      },
    );
  }

  private refuseLink(socket: BoardSocket, msg: string): void {
    send(socket, { type: 'refusal', code: BOARD_REFUSAL_CODES.badLink, msg });
    socket.close(BOARD_CLOSE.badLink, 'bad link');
  }

  /** Redis cannot be reached from here: say so, and close so that the page reconnects with backoff. */
  private refuseUnavailable(socket: BoardSocket, msg = REALTIME_UNAVAILABLE): void {
    send(socket, { type: 'refusal', code: BOARD_REFUSAL_CODES.unavailable, msg });
    socket.close(BOARD_CLOSE.unavailable, 'realtime service unavailable');
  }

  /**
   * This instance stopped hearing the board's channel: its joined sockets would silently miss the
   * class's moves, so they are closed; they join again (and catch up) once Redis is back.
   */
  private lost(): void {
    let closed = 0;
    for (const room of this.rooms.values()) {
      for (const connection of room) {
        if (!connection.joined) continue;
        this.refuseUnavailable(connection.socket);
        closed += 1;
      }
    }
    if (closed > 0) this.logger.warn({ closed }, 'board channel lost; sockets closed to reconnect');
  }

  private refuseTooMany(socket: BoardSocket, msg: string): void {
    send(socket, { type: 'refusal', code: BOARD_REFUSAL_CODES.tooMany, msg });
    socket.close(BOARD_CLOSE.tooMany, 'too many');
  }

  private receive(connection: Connection, data: RawData, isBinary: boolean): void {
    if (isBinary) {
      connection.refuse(BOARD_REFUSAL_CODES.tooLarge, '只接受文本消息');
      return;
    }
    if (byteLength(data) > BOARD_MAX_FRAME_BYTES) {
      connection.refuse(BOARD_REFUSAL_CODES.tooLarge, `消息过大（上限 ${BOARD_MAX_FRAME_BYTES} 字节）`);
      return;
    }
    if (!connection.take()) {
      connection.refuse(BOARD_REFUSAL_CODES.tooFast, '消息过于频繁，请稍后再试');
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text(data));
    } catch {
      connection.refuse(BOARD_REFUSAL_CODES.invalid, '消息不是有效的 JSON');
      return;
    }
    const parsed = boardClientMessageSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')} ` : '';
      connection.refuse(BOARD_REFUSAL_CODES.invalid, `消息格式不正确：${where}${issue?.message ?? ''}`);
      return;
    }
    const message = parsed.data;
    // Sent in time: the join deadline is met, whatever the join then makes of it.
    if (message.type === 'join' && connection.joinDeadline) {
      clearTimeout(connection.joinDeadline);
      connection.joinDeadline = null;
    }
    connection.enqueue(
      () => this.handle(connection, message),
      (error) => {
        if (error instanceof AppError && error.code === BOARD_REFUSAL_CODES.unavailable) {
          this.refuseUnavailable(connection.socket, error.message);
          return;
        }
        this.logger.error({ err: error, type: message.type }, 'board message failed');
        connection.refuse(1090001, '服务器处理消息失败，请重试');
      },
    );
  }

  private async handle(connection: Connection, message: BoardClientMessage): Promise<void> {
    const courseId = connection.courseId;
    switch (message.type) {
      case 'ping': {
        send(connection.socket, {
          type: 'pong',
          ...(message.t === undefined ? {} : { t: message.t }),
          serverTime: Date.now(),
        });
        await this.touch(connection);
        return;
      }
      case 'join': {
        if (!connection.joined) {
          // Before attendance is recorded: a join that cannot hear the class is refused whole.
          this.bus.assertReachable();
          const attendee = this.board.attendee(connection.grant, message.clientId, message.name);
          if (attendee) {
            const row = await this.board.join(connection.grant, attendee, connection.address);
            if (!row) {
              this.refuseTooMany(connection.socket, this.board.guestsFull());
              return;
            }
            connection.attendee = attendee;
            connection.attendanceId = row.id;
            connection.lastTouch = Date.now();
            await this.announceAttendance(courseId, row);
          }
          connection.joined = true;
        }
        const state = await this.state.read(courseId);
        send(connection.socket, { type: 'state', state, serverTime: Date.now() });
        return;
      }
      case 'page':
      case 'sync': {
        if (!connection.joined) {
          connection.refuse(BOARD_REFUSAL_CODES.invalid, '请先发送 join 加入课堂');
          return;
        }
        if (connection.grant.role !== 'presenter') {
          const msg = message.type === 'page' ? '只有主讲人可以翻页' : '只有主讲人可以切换同步';
          connection.refuse(BOARD_REFUSAL_CODES.notPresenter, msg);
          return;
        }
        if (message.type === 'sync') {
          const state = await this.state.update(courseId, { sync: message.on }, Date.now());
          await this.publish(courseId, { to: 'all' }, { type: 'state', state, serverTime: Date.now() });
          return;
        }
        const pages = await this.board.deckSize(courseId);
        if (message.page > Math.max(pages, 1)) {
          connection.refuse(BOARD_REFUSAL_CODES.invalid, `页码超出课件页数（共 ${pages} 页）`);
          return;
        }
        const state = await this.state.update(
          courseId,
          { page: message.page, zoom: message.zoom, rotation: message.rotation },
          Date.now(),
        );
        if (state.sync) {
          await this.publish(
            courseId,
            { to: 'all' },
            {
              type: 'page',
              page: state.page,
              zoom: state.zoom,
              rotation: state.rotation,
              seq: state.seq,
              at: state.updatedAt,
            },
          );
        }
        return;
      }
    }
  }

  private async touch(connection: Connection): Promise<void> {
    if (connection.attendanceId === null || Date.now() - connection.lastTouch < TOUCH_EVERY_MS) return;
    connection.lastTouch = Date.now();
    await this.board.touch(connection.attendanceId);
  }

  private drop(connection: Connection): void {
    this.perLink.release(linkKey(connection.grant));
    const room = this.rooms.get(connection.courseId);
    room?.delete(connection);
    if (room?.size === 0) this.rooms.delete(connection.courseId);
    const attendanceId = connection.attendanceId;
    if (attendanceId === null) return;
    // After whatever the socket was still doing, so that its join is counted before its leave.
    void connection
      .settled()
      .then(async () => {
        const row = await this.board.leave(attendanceId);
        if (row) await this.announceAttendance(connection.courseId, row);
      })
      .catch((error: unknown) => {
        // Redis away: the leave is in the database, only its announcement is lost (a class closed
        // at once by `lost()` would otherwise log a warning per socket).
        if (error instanceof AppError && error.code === BOARD_REFUSAL_CODES.unavailable) {
          this.logger.debug({ attendanceId }, 'board leave not announced: redis unreachable');
        } else this.logger.warn({ err: error }, 'board leave not recorded');
      });
  }

  private async announceAttendance(courseId: number, row: Parameters<typeof toAttendanceDto>[0]): Promise<void> {
    const online = await this.board.onlineCount(courseId);
    await this.publish(
      courseId,
      { to: 'presenters' },
      { type: 'attendance', entry: toAttendanceDto(row, Date.now()), online },
    );
  }

  /** A viewer handed in a file: the presenters hear of it, and the viewer's other tabs. */
  handIn(courseId: number, item: HandInDto, attendeeKey: string): Promise<void> {
    return this.publish(courseId, { to: 'presenters-and', attendeeKey }, { type: 'handIn', item });
  }

  statusChanged(courseId: number, status: LiveCourseStatus, cancelled: boolean): void {
    this.publish(courseId, { to: 'all' }, { type: 'status', status, cancelled }).catch((error: unknown) =>
      this.logger.warn({ err: error, courseId }, 'board status not published'),
    );
  }

  coursewareChanged(courseId: number): void {
    this.publish(courseId, { to: 'all' }, { type: 'courseware' }).catch((error: unknown) =>
      this.logger.warn({ err: error, courseId }, 'board courseware change not published'),
    );
  }

  private publish(courseId: number, audience: Audience, message: BoardServerMessage): Promise<void> {
    return this.bus.publish({ courseId, audience, payload: JSON.stringify(message) });
  }

  /** Sends a published message to this instance's sockets of the course that should hear it. */
  private deliver(courseId: number, audience: Audience, payload: string): void {
    const room = this.rooms.get(courseId);
    if (!room) return;
    // Encoded once for the whole room: a class is hundreds of sockets.
    const bytes = Buffer.from(payload, 'utf8');
    for (const connection of room) {
      if (connection.hears(audience) && connection.socket.readyState === connection.socket.OPEN) {
        connection.socket.send(bytes, { binary: false });
      }
    }
  }

  private beat(): void {
    for (const room of this.rooms.values()) {
      for (const connection of room) {
        if (!connection.alive) {
          connection.socket.terminate();
          continue;
        }
        connection.alive = false;
        connection.socket.ping();
      }
    }
  }

  /** Stops the heartbeat and the bus (the sockets are closed by the server's own close). */
  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.bus.close();
    await this.state.close();
  }
}
