import type { Readable, Writable } from 'node:stream';

/** Minimal POSIX ustar: regular files with names under 100 bytes, which is all a backup holds. */
const BLOCK = 512;

function header(name: string, size: number, mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length >= 100) throw new Error(`tar: name too long: ${name}`);
  const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\0`;
  nameBytes.copy(block, 0);
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

const write = (out: Writable, chunk: Buffer) =>
  new Promise<void>((resolve, reject) => {
    if (out.write(chunk)) return resolve();
    const onError = (error: Error) => reject(error);
    out.once('error', onError);
    out.once('drain', () => {
      out.off('error', onError);
      resolve();
    });
  });

/** Writes tar entries to a stream (a gzip stream, for .tar.gz); each body is streamed, never held whole. */
export class TarWriter {
  private readonly out: Writable;
  constructor(out: Writable) {
    this.out = out;
  }

  async add(name: string, size: number, body: Readable | Buffer, mtime = Date.now()): Promise<void> {
    await write(this.out, header(name, size, mtime));
    let written = 0;
    if (Buffer.isBuffer(body)) {
      await write(this.out, body);
      written = body.length;
    } else {
      for await (const chunk of body) {
        written += (chunk as Buffer).length;
        await write(this.out, chunk as Buffer);
      }
    }
    if (written !== size) throw new Error(`tar: ${name} was ${written} bytes, not ${size}`);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad > 0) await write(this.out, Buffer.alloc(pad));
  }

  async finish(): Promise<void> {
    await write(this.out, Buffer.alloc(BLOCK * 2));
    await new Promise<void>((resolve, reject) =>
      this.out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  }
}

/**
 * Reads tar entries from a stream in order, giving each entry's body as an async iterable of
 * chunks that must be consumed before the next entry is asked for.
 */
export async function* readTar(
  input: AsyncIterable<Buffer>,
): AsyncGenerator<{ name: string; size: number; body: AsyncIterable<Buffer> }> {
  const iterator = input[Symbol.asyncIterator]();
  let pending = Buffer.alloc(0);
  const fill = async (count: number) => {
    while (pending.length < count) {
      const next = await iterator.next();
      if (next.done) throw new Error('tar: archive ends early');
      pending = Buffer.concat([pending, next.value]);
    }
  };
  const take = async (count: number) => {
    await fill(count);
    const chunk = pending.subarray(0, count);
    pending = pending.subarray(count);
    return chunk;
  };
  for (;;) {
    const block = await take(BLOCK);
    if (block.every((byte) => byte === 0)) return;
    const name = block.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = Number.parseInt(block.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim(), 8);
    const type = String.fromCharCode(block[156] ?? 48);
    if (!Number.isFinite(size) || (type !== '0' && type !== '\0')) throw new Error(`tar: unsupported entry ${name}`);
    let left = size;
    async function* body(): AsyncGenerator<Buffer> {
      while (left > 0) {
        if (pending.length === 0) await fill(1);
        const chunk = pending.subarray(0, Math.min(left, pending.length));
        pending = pending.subarray(chunk.length);
        left -= chunk.length;
        yield chunk;
      }
    }
    yield { name, size, body: body() };
    for await (const _ of body()) {
      // whatever the caller left unread is skipped
    }
    await take((BLOCK - (size % BLOCK)) % BLOCK);
  }
}
