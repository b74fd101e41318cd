import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A TCP proxy between the app and a real server (Redis), to cut one instance's path to it and
 * give it back: `cut` drops every connection and stops accepting (new ones are refused), `restore`
 * listens again on the same port. The server behind it is never touched.
 */
export interface TcpProxy {
  readonly port: number;
  /** Connections made through the proxy since it started (each client's reconnects count). */
  readonly accepted: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Listens on `port` (a free one when 0) and passes each connection on to `target`. */
export async function startTcpProxy(target: { host: string; port: number }, port = 0): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let accepted = 0;
  let boundPort = port;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        accepted += 1;
        const upstream = tcpConnect(target.port, target.host);
        track(client);
        track(upstream);
        client.pipe(upstream);
        upstream.pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      next.once('error', reject);
      next.listen(boundPort, '127.0.0.1', () => {
        const address = next.address();
        boundPort = typeof address === 'object' && address ? address.port : boundPort;
        server = next;
        resolve();
      });
    });

  const stop = async () => {
    const current = server;
    server = null;
    const closed = current ? new Promise<void>((resolve) => current.close(() => resolve())) : Promise.resolve();
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  await listen();
  return {
    get port() {
      return boundPort;
    },
    get accepted() {
      return accepted;
    },
    cut: stop,
    async restore() {
      if (!server) await listen();
    },
    close: stop,
  };
}

/** A port nothing listens on (bound once, then released). */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => resolve());
  });
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
