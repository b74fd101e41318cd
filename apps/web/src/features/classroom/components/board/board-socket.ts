import { type BackoffPolicy, BOARD_BACKOFF, backoffDelay } from './backoff.ts';
import type { ConnectionState } from './connection-badge.tsx';

export interface BoardSocketOptions {
  /** The address to connect to; asked afresh on every attempt. */
  url(): string;
  /** The socket is open: say who we are, send what the server should know. */
  onOpen(socket: BoardSocket): void;
  /** A parsed message from the server. */
  onMessage(message: unknown): void;
  /** The connection's state, and while reconnecting the wait before the next attempt. */
  onState(state: ConnectionState, retryInMs: number | null): void;
  /**
   * The server closed for good (a close code it uses for a refused link): no retries. Returns the
   * reason to show, or null when the code is an ordinary drop.
   */
  finalClose?(code: number, reason: string): string | null;
  /** The board gives up for good with this reason. */
  onGiveUp?(reason: string): void;
  /** A message the server answers (any answer counts as a sign of life); sent when the line has been quiet. */
  ping?: () => unknown;
  /**
   * Whether a message shows the line works, so that the next drop starts the backoff afresh (every
   * message by default). A refusal that comes before a close for an outage does not.
   */
  healthy?(message: unknown): boolean;
  /** Quiet this long: ping. Quiet twice this long: take the line for dead and reconnect. */
  quietMs?: number;
  backoff?: BackoffPolicy;
}

/**
 * The board's WebSocket: connects, reconnects after a drop with exponential backoff (a blip costs
 * half a second, a server down for long is asked every 15 s), notices a dead line by its silence,
 * and hurries when the browser comes back online. What to send on (re)connecting is the caller's:
 * a viewer's join brings the presenter's current page back, which is how it catches up.
 */
export class BoardSocket {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private retryTimer: number | null = null;
  private quietTimer: number | null = null;
  private lastHeard = 0;
  private stopped = false;
  private readonly options: BoardSocketOptions;

  constructor(options: BoardSocketOptions) {
    this.options = options;
  }

  start(): void {
    this.stopped = false;
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    this.connect('connecting');
  }

  /** Closes for good: the page is leaving. */
  stop(): void {
    this.stopped = true;
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'leaving');
    }
  }

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Sends a message if the line is open; answers whether it went. */
  send(message: unknown): boolean {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Tries again now, skipping the rest of the wait (重新连接). */
  reconnectNow(): void {
    if (this.stopped) return;
    this.attempt = 0;
    this.drop();
    this.connect('reconnecting');
  }

  private readonly onOnline = () => {
    if (!this.isOpen) this.reconnectNow();
  };

  /** Offline: the socket may linger without noticing; drop it and wait for 'online' or the backoff. */
  private readonly onOffline = () => {
    this.drop();
    this.scheduleRetry();
  };

  private connect(state: ConnectionState): void {
    if (this.stopped) return;
    this.clearTimers();
    // The browser knows it is offline: wait for 'online' (or the next round) rather than fail now.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      this.scheduleRetry();
      return;
    }
    this.options.onState(state, null);
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.options.url());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.heard();
      this.options.onState('open', null);
      this.options.onOpen(this);
      this.watchQuiet();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.heard();
      let message: unknown;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      // A message is a sign the line works: the next drop starts the backoff afresh.
      if (this.options.healthy?.(message) ?? true) this.attempt = 0;
      this.options.onMessage(message);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      const final = this.options.finalClose?.(event.code, event.reason) ?? null;
      if (final !== null) {
        this.stopped = true;
        this.clearTimers();
        this.options.onState('closed', null);
        this.options.onGiveUp?.(final);
        return;
      }
      this.scheduleRetry();
    };
    // An error is followed by a close, which decides what comes next.
    socket.onerror = () => undefined;
  }

  private drop(): void {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.onopen = null;
      try {
        socket.close(4000, 'reconnecting');
      } catch {
        // already closing
      }
    }
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    this.clearTimers();
    const wait = backoffDelay(this.attempt, this.options.backoff ?? BOARD_BACKOFF);
    this.attempt += 1;
    this.options.onState('reconnecting', wait);
    this.retryTimer = window.setTimeout(() => {
      this.retryTimer = null;
      this.connect('reconnecting');
    }, wait);
  }

  private heard(): void {
    this.lastHeard = Date.now();
  }

  /** Pings a quiet line; a line quiet for two rounds is dead even if the browser has not said so. */
  private watchQuiet(): void {
    const quiet = this.options.quietMs ?? 0;
    const ping = this.options.ping;
    if (quiet <= 0 || !ping) return;
    this.quietTimer = window.setInterval(
      () => {
        const silent = Date.now() - this.lastHeard;
        if (silent >= quiet * 2) {
          this.drop();
          this.scheduleRetry();
        } else if (silent >= quiet) {
          this.send(ping());
        }
      },
      Math.max(250, quiet / 2),
    );
  }

  private clearTimers(): void {
    if (this.retryTimer !== null) window.clearTimeout(this.retryTimer);
    if (this.quietTimer !== null) window.clearInterval(this.quietTimer);
    this.retryTimer = null;
    this.quietTimer = null;
  }
}
