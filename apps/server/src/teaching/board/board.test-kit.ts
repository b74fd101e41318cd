import type { BoardServerMessage } from '@zikao/contract/board';
import type { TestApp } from '../../test/test-app.ts';

/** How long a test waits for a message before it fails (a fail-safe, not a measurement). */
const WAIT_MS = 15_000;

/** Starts the app's HTTP server on a free port; answers its base URL (`ws://127.0.0.1:<port>`). */
export async function listen(app: TestApp): Promise<string> {
  const address = await app.server.listen({ port: 0, host: '127.0.0.1' });
  return address.replace(/^http/, 'ws');
}

/** The board socket's URL for a board page link: its query, with the page's `sig` as `linkSig`. */
export function socketUrl(base: string, pageUrl: string): string {
  const query = new URL(pageUrl, 'http://page.local').searchParams;
  const sig = query.get('sig') ?? '';
  query.delete('sig');
  query.set('linkSig', sig);
  return `${base}/api/v1/board/ws?${query}`;
}

/** A board socket as the page holds one: every message kept, waited for by a condition. */
export class BoardClient {
  readonly messages: BoardServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly socket: WebSocket;
  private readonly listeners = new Set<() => void>();

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.addEventListener('message', (event) => {
      this.messages.push(JSON.parse(String(event.data)) as BoardServerMessage);
      for (const listener of this.listeners) listener();
    });
    this.closed = new Promise((resolve) => {
      socket.addEventListener('close', (event) => {
        resolve({ code: event.code, reason: event.reason });
        for (const listener of this.listeners) listener();
      });
    });
  }

  static open(url: string): Promise<BoardClient> {
    const socket = new WebSocket(url);
    const client = new BoardClient(socket);
    return new Promise((resolve, reject) => {
      socket.addEventListener('open', () => resolve(client), { once: true });
      socket.addEventListener('error', () => reject(new Error(`cannot open ${url}`)), { once: true });
    });
  }

  /** Opens and joins; resolves with the state snapshot the join answers. */
  static async join(url: string, clientId: string, name?: string): Promise<BoardClient> {
    const client = await BoardClient.open(url);
    client.send({ type: 'join', clientId, ...(name ? { name } : {}) });
    await client.waitFor((message) => message.type === 'state');
    return client;
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  send(message: Record<string, unknown>): void {
    this.socket.send(JSON.stringify(message));
  }

  sendRaw(data: string | Uint8Array<ArrayBuffer>): void {
    this.socket.send(data);
  }

  /** The first message from `from` on that matches; waits for it. */
  waitFor<T extends BoardServerMessage>(
    matches: (message: BoardServerMessage) => message is T,
    from?: number,
  ): Promise<T>;
  waitFor(matches: (message: BoardServerMessage) => boolean, from?: number): Promise<BoardServerMessage>;
  waitFor(matches: (message: BoardServerMessage) => boolean, from = 0): Promise<BoardServerMessage> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.messages.slice(from).find(matches);
        if (found) {
          done();
          resolve(found);
        } else if (this.socket.readyState === WebSocket.CLOSED) {
          done();
          reject(new Error(`socket closed; got ${JSON.stringify(this.messages.slice(from))}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no matching message; got ${JSON.stringify(this.messages.slice(from))}`));
      }, WAIT_MS);
      const done = () => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      this.listeners.add(check);
      check();
    });
  }

  /** A round trip: resolves once the pong of a ping sent now comes back (the socket is up and answering). */
  async roundTrip(): Promise<void> {
    const t = Math.random();
    const from = this.messages.length;
    this.send({ type: 'ping', t });
    await this.waitFor((message) => message.type === 'pong' && message.t === t, from);
  }

  close(): void {
    this.socket.close();
  }
}
