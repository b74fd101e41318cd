import type { BoardRotation, BoardState } from '@zikao/contract/course';
import type { Redis } from 'ioredis';
import { unavailable } from '../../shared/errors.ts';

/**
 * How board messages reach every instance's sockets (adr/012). The hub publishes each message
 * once; every instance's subscriber (its own included) delivers it to the course's sockets there.
 * In process by default; through Redis pub/sub when REDIS_URL is set, so a viewer on one instance
 * follows a presenter on another. The current page is kept in the same place, so a late joiner on
 * any instance lands on it.
 */

/** Who of a course's sockets gets a message: everyone, presenters, or presenters and one attendee. */
export type Audience = { to: 'all' } | { to: 'presenters' } | { to: 'presenters-and'; attendeeKey: string };

export interface BoardEnvelope {
  courseId: number;
  audience: Audience;
  /** The server message, serialised once for every socket. */
  payload: string;
}

export interface BoardBus {
  publish(envelope: BoardEnvelope): Promise<void>;
  /** Called for every message published by any instance (this one included). */
  subscribe(deliver: (envelope: BoardEnvelope) => void): void;
  /** Called when this instance stops hearing other instances' messages (its Redis connection dropped). */
  onLost(listener: () => void): void;
  /** Throws the refusal 1090002 when this instance cannot publish or hear now (Redis unreachable). */
  assertReachable(): void;
  close(): Promise<void>;
}

/** What a board socket or page hears while this instance cannot reach Redis. */
export const REALTIME_UNAVAILABLE = '实时课堂服务暂不可用，请稍后重试';

/**
 * A Redis call of the board's: any failure (unreachable, timed out) becomes the refusal 1090002,
 * which the route answers and the socket sends before closing with BOARD_CLOSE.unavailable.
 */
async function viaRedis<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch {
    throw unavailable(REALTIME_UNAVAILABLE);
  }
}

export type BoardStatePatch = Partial<Pick<BoardState, 'page' | 'zoom' | 'rotation' | 'sync'>>;

export interface BoardStateStore {
  read(courseId: number): Promise<BoardState>;
  /** Applies the patch, bumps `seq`, and answers the whole state after it. */
  update(courseId: number, patch: BoardStatePatch, now: number): Promise<BoardState>;
  close(): Promise<void>;
}

export const INITIAL_BOARD_STATE: BoardState = { page: 1, zoom: 1, rotation: 0, sync: true, seq: 0, updatedAt: 0 };

/** One process: messages go straight to this instance's subscriber. */
export class LocalBoardBus implements BoardBus {
  private readonly listeners: Array<(envelope: BoardEnvelope) => void> = [];

  async publish(envelope: BoardEnvelope): Promise<void> {
    for (const listener of this.listeners) listener(envelope);
  }

  subscribe(deliver: (envelope: BoardEnvelope) => void): void {
    this.listeners.push(deliver);
  }

  onLost(): void {}

  assertReachable(): void {}

  async close(): Promise<void> {
    this.listeners.length = 0;
  }
}

export class MemoryBoardState implements BoardStateStore {
  private readonly states = new Map<number, BoardState>();

  async read(courseId: number): Promise<BoardState> {
    return this.states.get(courseId) ?? INITIAL_BOARD_STATE;
  }

  async update(courseId: number, patch: BoardStatePatch, now: number): Promise<BoardState> {
    const before = this.states.get(courseId) ?? INITIAL_BOARD_STATE;
    const after: BoardState = { ...before, ...definedOnly(patch), seq: before.seq + 1, updatedAt: now };
    this.states.set(courseId, after);
    return after;
  }

  async close(): Promise<void> {
    this.states.clear();
  }
}

function definedOnly(patch: BoardStatePatch): BoardStatePatch {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as BoardStatePatch;
}

// The wire format of an envelope on the Redis channel: `<courseId>|<audience>|<attendee key>|<payload>`.
// Attendee keys are `u:<digits>` or `g:[A-Za-z0-9_-]`, so none holds a `|`.
function encode(envelope: BoardEnvelope): string {
  const key = envelope.audience.to === 'presenters-and' ? envelope.audience.attendeeKey : '';
  return `${envelope.courseId}|${envelope.audience.to}|${key}|${envelope.payload}`;
}

function decode(wire: string): BoardEnvelope | null {
  const first = wire.indexOf('|');
  const second = wire.indexOf('|', first + 1);
  const third = wire.indexOf('|', second + 1);
  if (first < 0 || second < 0 || third < 0) return null;
  const courseId = Number(wire.slice(0, first));
  const to = wire.slice(first + 1, second);
  const key = wire.slice(second + 1, third);
  const payload = wire.slice(third + 1);
  if (!Number.isInteger(courseId)) return null;
  const audience: Audience | null =
    to === 'all'
      ? { to: 'all' }
      : to === 'presenters'
        ? { to: 'presenters' }
        : to === 'presenters-and'
          ? { to: 'presenters-and', attendeeKey: key }
          : null;
  return audience ? { courseId, audience, payload } : null;
}

/**
 * Redis pub/sub: one channel per deployment (`<prefix>board`), one connection to publish and one
 * to subscribe. Every instance hears every course's messages and delivers those of its sockets.
 */
export class RedisBoardBus implements BoardBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  private readonly listeners: Array<(envelope: BoardEnvelope) => void> = [];
  private readonly lostListeners: Array<() => void> = [];
  private readonly ready: Promise<boolean>;
  private closing = false;

  /**
   * `subscriber` should keep its offline queue and retry for ever: the channel is subscribed once
   * it connects, and again after every reconnect (ioredis' autoResubscribe).
   */
  constructor(publisher: Redis, subscriber: Redis, prefix: string) {
    this.publisher = publisher;
    this.subscriber = subscriber;
    this.channel = `${prefix}board`;
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      const envelope = decode(message);
      if (envelope) for (const listener of this.listeners) listener(envelope);
    });
    let heard = false;
    this.subscriber.on('ready', () => {
      heard = true;
    });
    // Messages published while the connection is down never reach this instance.
    this.subscriber.on('close', () => {
      if (!heard || this.closing) return;
      heard = false;
      for (const listener of this.lostListeners) listener();
    });
    this.ready = this.subscriber.subscribe(this.channel).then(
      () => true,
      () => false,
    );
  }

  /** Resolves with true once this instance hears the channel (false if the client was closed first). */
  subscribed(): Promise<boolean> {
    return this.ready;
  }

  async publish(envelope: BoardEnvelope): Promise<void> {
    await viaRedis(() => this.publisher.publish(this.channel, encode(envelope)));
  }

  subscribe(deliver: (envelope: BoardEnvelope) => void): void {
    this.listeners.push(deliver);
  }

  onLost(listener: () => void): void {
    this.lostListeners.push(listener);
  }

  assertReachable(): void {
    if (this.publisher.status !== 'ready' || this.subscriber.status !== 'ready')
      throw unavailable(REALTIME_UNAVAILABLE);
  }

  async close(): Promise<void> {
    this.closing = true;
    this.listeners.length = 0;
    await this.subscriber.quit().catch(() => undefined);
  }
}

/** A board's state lasts this long in Redis after its last change. */
const STATE_TTL_SECONDS = 7 * 24 * 3600;

/** The board state in a Redis hash per course, changed atomically (MULTI) by any instance. */
export class RedisBoardState implements BoardStateStore {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(redis: Redis, prefix: string) {
    this.redis = redis;
    this.prefix = prefix;
  }

  private key(courseId: number): string {
    return `${this.prefix}board:state:${courseId}`;
  }

  async read(courseId: number): Promise<BoardState> {
    return parseState(await viaRedis(() => this.redis.hgetall(this.key(courseId))));
  }

  async update(courseId: number, patch: BoardStatePatch, now: number): Promise<BoardState> {
    const key = this.key(courseId);
    const fields: Record<string, string> = { updatedAt: String(now) };
    if (patch.page !== undefined) fields.page = String(patch.page);
    if (patch.zoom !== undefined) fields.zoom = String(patch.zoom);
    if (patch.rotation !== undefined) fields.rotation = String(patch.rotation);
    if (patch.sync !== undefined) fields.sync = patch.sync ? '1' : '0';
    const results = await viaRedis(() =>
      this.redis.multi().hset(key, fields).hincrby(key, 'seq', 1).hgetall(key).expire(key, STATE_TTL_SECONDS).exec(),
    );
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error('redis transaction aborted');
    return parseState(results[2]?.[1] as Record<string, string>);
  }

  async close(): Promise<void> {}
}

const ROTATIONS: readonly BoardRotation[] = [0, 90, 180, 270];

function parseState(hash: Record<string, string>): BoardState {
  const number = (value: string | undefined, fallback: number) => {
    const parsed = Number(value);
    return value !== undefined && Number.isFinite(parsed) ? parsed : fallback;
  };
  const rotation = number(hash.rotation, 0);
  return {
    page: number(hash.page, INITIAL_BOARD_STATE.page),
    zoom: number(hash.zoom, INITIAL_BOARD_STATE.zoom),
    rotation: ROTATIONS.includes(rotation as BoardRotation) ? (rotation as BoardRotation) : 0,
    sync: hash.sync === undefined ? INITIAL_BOARD_STATE.sync : hash.sync === '1',
    seq: number(hash.seq, 0),
    updatedAt: number(hash.updatedAt, 0),
  };
}
