import pg from 'pg';
import type { ChangeFeed } from './change-feed.ts';

/** The channel the change triggers of migration 011 notify, with the table name as payload. */
export const CHANGE_CHANNEL = 'zikao_changes';
const RETRY_MS = [100, 500, 1000, 2000, 5000];

/**
 * Keeps one connection LISTENing for other instances' writes and passes them to the feed. The feed
 * is watched only while that connection is up; in between, callers read the database every time.
 */
export class PgChangeListener {
  private readonly url: string;
  private readonly feed: ChangeFeed;
  private readonly onError: (error: Error) => void;
  private client: pg.Client | null = null;
  private closed = false;
  private attempt = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(url: string, feed: ChangeFeed, onError: (error: Error) => void = () => {}) {
    this.url = url;
    this.feed = feed;
    this.onError = onError;
  }

  /** Connects once; resolves whether or not it succeeded (a failure schedules a retry). */
  async start(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url });
    this.client = client;
    let lost = false;
    const lose = (error?: Error) => {
      if (lost) return;
      lost = true;
      this.feed.setWatched(false);
      if (error && !this.closed) this.onError(error);
      void client.end().catch(() => {});
      if (this.client === client) this.client = null;
      this.scheduleRetry();
    };
    client.on('error', (error) => lose(error));
    client.on('end', () => lose());
    client.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL) return;
      this.feed.changed(message.payload ? [message.payload] : null);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (lost || this.closed) return;
      this.attempt = 0;
      this.feed.setWatched(true);
    } catch (error) {
      lose(error as Error);
    }
  }

  private scheduleRetry(): void {
    if (this.closed || this.timer) return;
    const delay = RETRY_MS[Math.min(this.attempt, RETRY_MS.length - 1)] ?? 5000;
    this.attempt++;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.start();
    }, delay);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const client = this.client;
    this.client = null;
    this.feed.setWatched(false);
    if (client) await client.end().catch(() => {});
  }
}
