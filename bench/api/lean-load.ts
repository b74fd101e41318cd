// A lean HTTP/1.1 load generator for the scale-out comparison (adr/016): `connections` keep-alive
// connections, each sending the same prepared request again as soon as its answer is complete
// (no pipelining, as a browser), for `durationS`. It checks every answer's status and frames it by
// Content-Length or chunked encoding, and does nothing else per request. autocannon parses with a
// JavaScript HTTP parser and spends about as much CPU per request as the instance answering it;
// on a 2-core machine that CPU is taken from nginx and the instances, which a real deployment's
// clients (browsers, elsewhere) never take.
import { connect, type Socket } from 'node:net';

export interface LeanLoadOptions {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  connections: number;
  durationS: number;
}

export interface LeanLoadResult {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  throughput: { average: number };
  non2xx: number;
  errors: number;
}

const CRLF_CRLF = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/** Where the answer at the start of `data` ends (its length), or -1 while it is incomplete. */
function answerLength(data: Buffer): { length: number; status: number; close: boolean } | null {
  const headEnd = data.indexOf(CRLF_CRLF);
  if (headEnd < 0) return null;
  const head = data.toString('latin1', 0, headEnd).toLowerCase();
  const status = Number(head.slice(9, 12));
  const close = /\r\nconnection:\s*close/.test(head);
  const bodyStart = headEnd + 4;
  const lengthMatch = /\r\ncontent-length:\s*(\d+)/.exec(head);
  if (lengthMatch) {
    const end = bodyStart + Number(lengthMatch[1]);
    return data.length >= end ? { length: end, status, close } : null;
  }
  if (/\r\ntransfer-encoding:[^\r]*chunked/.test(head)) {
    let at = bodyStart;
    for (;;) {
      const lineEnd = data.indexOf(CRLF, at);
      if (lineEnd < 0) return null;
      const size = Number.parseInt(data.toString('latin1', at, lineEnd), 16);
      if (size === 0) {
        // No trailers are sent to us: the last chunk is followed by one empty line.
        const end = lineEnd + 4;
        return data.length >= end ? { length: end, status, close } : null;
      }
      at = lineEnd + 2 + size + 2;
      if (data.length < at) return null;
    }
  }
  // No body (204, 304) or a body up to the close, which this load never asks for.
  return { length: bodyStart, status, close };
}

/** Runs the load; resolves after `durationS` with what was answered within it. */
export async function leanLoad(options: LeanLoadOptions): Promise<LeanLoadResult> {
  const url = new URL(options.url);
  const port = Number(url.port || 80);
  const host = url.hostname;
  const body = options.body ?? '';
  const request = Buffer.from(
    `${options.method} ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\n${Object.entries(options.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let bytes = 0;
  let running = true;
  const started = performance.now();
  const sockets = new Set<Socket>();

  const open = () => {
    let pending: Buffer | null = null;
    let sentAt = 0;
    let waiting = false;
    const socket = connect({ host, port, noDelay: true });
    sockets.add(socket);
    const send = () => {
      if (!running) return;
      waiting = true;
      sentAt = performance.now();
      socket.write(request);
    };
    socket.on('connect', send);
    socket.on('data', (chunk: Buffer) => {
      let data: Buffer = pending ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        const answer = answerLength(data);
        if (!answer) break;
        waiting = false;
        if (running) {
          latencies.push(performance.now() - sentAt);
          bytes += answer.length;
          if (answer.status < 200 || answer.status > 299) non2xx += 1;
        }
        data = data.subarray(answer.length);
        // The server ends this connection after this answer (nginx's keepalive_requests): the next
        // request goes on a new one, opened when this one has closed.
        if (answer.close) {
          socket.end();
          return;
        }
        send();
      }
      pending = data.length ? data : null;
    });
    // A failure under way is counted once, at the close that follows.
    socket.on('error', () => {
      if (running && !waiting) errors += 1;
    });
    // A server may end a keep-alive connection (nginx after keepalive_requests): open another.
    socket.on('close', () => {
      sockets.delete(socket);
      if (running) {
        if (waiting) errors += 1;
        open();
      }
    });
  };
  for (let i = 0; i < options.connections; i++) open();
  await new Promise((resolve) => setTimeout(resolve, options.durationS * 1000));
  running = false;
  const elapsedS = (performance.now() - started) / 1000;
  for (const socket of sockets) socket.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    requests: { total: latencies.length, average: latencies.length / elapsedS },
    latency: { p50: at(0.5), p99: at(0.99) },
    throughput: { average: bytes / elapsedS },
    non2xx,
    errors,
  };
}
