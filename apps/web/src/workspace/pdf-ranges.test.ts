import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  fromTail,
  PdfRangeError,
  parseContentRange,
  type RangeFetch,
  readChunk,
  readPdfEnds,
  readRange,
} from './pdf-ranges.ts';

interface Seen {
  range: string;
  auth: string;
  cache?: RequestCache;
}

/** A file served as HTTP does: one `bytes=a-b` or `bytes=-n` range answered 206, or 200 whole. */
function served(file: Uint8Array, options: { ranges?: boolean; seen?: Seen[]; etag?: string } = {}) {
  const fetcher: RangeFetch = async (_url, init) => {
    const headers = init.headers as Record<string, string>;
    options.seen?.push({ range: headers.Range ?? '', auth: headers.Authorization ?? '', cache: init.cache });
    const common = { 'content-type': 'application/pdf', ...(options.etag ? { etag: options.etag } : {}) };
    if (options.ranges === false) return new Response(file.slice(), { status: 200, headers: common });
    const match = /^bytes=(\d*)-(\d*)$/.exec(headers.Range ?? '');
    if (!match) return new Response(file.slice(), { status: 200, headers: common });
    const start = match[1] === '' ? Math.max(0, file.length - Number(match[2])) : Number(match[1]);
    const end = match[1] === '' || match[2] === '' ? file.length - 1 : Math.min(Number(match[2]), file.length - 1);
    return new Response(file.slice(start, end + 1), {
      status: 206,
      headers: { ...common, 'content-range': `bytes ${start}-${end}/${file.length}` },
    });
  };
  return fetcher;
}

/** The server's answer to a file asked for before it is ready: its error envelope, HTTP 200. */
const notReady: RangeFetch = async () =>
  new Response(JSON.stringify({ errorCode: 1040001, errorMsg: '文档尚未处理完成', data: null }), {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });

const bytes = (length: number) => Uint8Array.from({ length }, (_, index) => (index * 7) % 251);
const file = { url: '/api/v1/document/file/1', withToken: true };
const token = () => 'session-token';

describe('reading a PDF by its two ends', () => {
  it('asks for the first and the last chunk at once, with the bearer token', async () => {
    const pdf = bytes(10_000);
    const seen: Seen[] = [];
    const ends = await readPdfEnds(served(pdf, { seen }), file, token, 1024);
    assert.deepEqual(
      seen.map((request) => request.range),
      ['bytes=0-1023', 'bytes=-1024'],
    );
    assert.ok(seen.every((request) => request.auth === 'Bearer session-token'));
    assert.equal(ends.length, 10_000);
    assert.deepEqual(ends.head, pdf.subarray(0, 1024));
    assert.equal(ends.tail.begin, 10_000 - 1024);
    assert.deepEqual(ends.tail.bytes, pdf.subarray(10_000 - 1024));
  });

  it('answers a chunk the tail holds, and not one it holds only part of', async () => {
    const pdf = bytes(10_000);
    const ends = await readPdfEnds(served(pdf), file, token, 1024);
    // The last chunk pdf.js asks for is [9216, 10000): inside the tail [8976, 10000).
    assert.deepEqual(fromTail(ends.tail, 9216, 10_000), pdf.subarray(9216, 10_000));
    assert.equal(fromTail(ends.tail, 8192, 9216), null);
  });

  it('returns a file of up to two chunks whole, joined from its two ends', async () => {
    const pdf = bytes(1500);
    const ends = await readPdfEnds(served(pdf), file, token, 1024);
    assert.equal(ends.length, 1500);
    assert.deepEqual(ends.head, pdf);
    assert.equal(ends.tail.bytes.length, 0);
  });

  it('takes the whole file from a server that ignores ranges', async () => {
    const pdf = bytes(5000);
    const ends = await readPdfEnds(served(pdf, { ranges: false }), file, token, 1024);
    assert.deepEqual(ends.head, pdf);
    assert.equal(ends.length, 5000);
  });

  it('sends no token for a review link, and reports a refusal in Chinese', async () => {
    const seen: Seen[] = [];
    const answer = await readRange(served(bytes(100), { seen }), { ...file, withToken: false }, token, 'bytes=10-19');
    assert.equal(seen[0]?.auth, '');
    assert.equal(answer.start, 10);
    assert.deepEqual(answer.bytes, bytes(100).subarray(10, 20));
    const refused: RangeFetch = async () => new Response('{}', { status: 403 });
    await assert.rejects(readRange(refused, file, token, 'bytes=0-9'), /PDF 读取失败（HTTP 403）/);
  });

  it('refuses a 206 whose Content-Range does not match its body', async () => {
    const lying: RangeFetch = async () =>
      new Response(new Uint8Array(5), { status: 206, headers: { 'content-range': 'bytes 0-9/100' } });
    await assert.rejects(readRange(lying, file, token, 'bytes=0-9'), /分段应答有误/);
    assert.equal(parseContentRange('bytes 0-9/100')?.size, 100);
    assert.equal(parseContentRange('bytes */100'), null);
  });

  it('refuses the server’s error envelope instead of handing it on as the file', async () => {
    // pdf.js given these 71 bytes as a whole PDF said "Invalid PDF structure." (adr/024).
    await assert.rejects(readRange(notReady, file, token, 'bytes=0-1023'), (error: unknown) => {
      assert.ok(error instanceof PdfRangeError);
      assert.equal(error.message, '文档尚未处理完成');
      assert.equal(error.reason, 'refused');
      return true;
    });
    await assert.rejects(readPdfEnds(notReady, file, token, 1024), /文档尚未处理完成/);
  });

  it('asks once more past the browser’s cache when an answer is shorter than its Content-Range says', async () => {
    const pdf = bytes(1800);
    const seen: Seen[] = [];
    const server = served(pdf, { seen });
    let first = true;
    // Chromium's cache, holding the tail, answered the head's 206 with only the bytes before it.
    const cached: RangeFetch = async (url, init) => {
      const answer = await server(url, init);
      if (!first || (init.headers as Record<string, string>).Range !== 'bytes=0-1023') return answer;
      first = false;
      const short = new Uint8Array(await answer.arrayBuffer()).slice(0, 1800 - 1024);
      return new Response(short, { status: 206, headers: answer.headers });
    };
    const ends = await readPdfEnds(cached, file, token, 1024);
    assert.deepEqual(ends.head, pdf);
    assert.deepEqual(
      seen.map((request) => request.cache),
      [undefined, undefined, 'reload', 'reload'],
    );
  });

  it('refuses two ends of two files (the address answered another file between them)', async () => {
    const pdf = bytes(10_000);
    const owners = served(pdf, { etag: '"original"' });
    const reviewers = served(
      pdf.map((byte) => 255 - byte),
      { etag: '"clean-copy"' },
    );
    const mixed: RangeFetch = async (url, init) =>
      ((init.headers as Record<string, string>).Range ?? '').startsWith('bytes=0-')
        ? owners(url, init)
        : reviewers(url, init);
    await assert.rejects(readPdfEnds(mixed, file, token, 1024), /文件在读取时改变/);
    const ends = await readPdfEnds(owners, file, token, 1024);
    assert.equal(ends.etag, '"original"');
  });

  it('reads a chunk of the same file only, from a range or a whole-file answer', async () => {
    const pdf = bytes(10_000);
    const seen: Seen[] = [];
    const chunk = { begin: 2048, end: 3072, etag: '"original"' };
    const part = await readChunk(served(pdf, { etag: '"original"', seen }), file, token, chunk, undefined, 'reload');
    assert.deepEqual(part, pdf.subarray(2048, 3072));
    assert.deepEqual(seen[0], { range: 'bytes=2048-3071', auth: 'Bearer session-token', cache: 'reload' });
    const whole = served(pdf, { etag: '"original"', ranges: false });
    assert.deepEqual(await readChunk(whole, file, token, chunk), pdf.subarray(2048, 3072));
    const other = served(pdf, { etag: '"clean-copy"' });
    await assert.rejects(readChunk(other, file, token, chunk), (error: unknown) => {
      assert.ok(error instanceof PdfRangeError);
      assert.equal(error.reason, 'broken');
      return true;
    });
  });

  it('reports a dropped connection in Chinese, and lets an abort through as such', async () => {
    const dropped: RangeFetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    await assert.rejects(readRange(dropped, file, token, 'bytes=0-9'), /PDF 读取失败（网络连接中断）/);
    const controller = new AbortController();
    controller.abort();
    const aborting: RangeFetch = async (_url, init) => {
      init.signal?.throwIfAborted();
      return new Response();
    };
    await assert.rejects(readRange(aborting, file, token, 'bytes=0-9', controller.signal), { name: 'AbortError' });
  });
});
