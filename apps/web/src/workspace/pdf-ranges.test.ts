import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fromTail, parseContentRange, type RangeFetch, readPdfEnds, readRange } from './pdf-ranges.ts';

/** A file served as HTTP does: one `bytes=a-b` or `bytes=-n` range answered 206, or 200 whole. */
function served(file: Uint8Array, options: { ranges?: boolean; seen?: Array<{ range: string; auth: string }> } = {}) {
  const fetcher: RangeFetch = async (_url, init) => {
    const headers = init.headers as Record<string, string>;
    options.seen?.push({ range: headers.Range ?? '', auth: headers.Authorization ?? '' });
    if (options.ranges === false) return new Response(file.slice(), { status: 200 });
    const match = /^bytes=(\d*)-(\d*)$/.exec(headers.Range ?? '');
    if (!match) return new Response(file.slice(), { status: 200 });
    const start = match[1] === '' ? Math.max(0, file.length - Number(match[2])) : Number(match[1]);
    const end = match[1] === '' || match[2] === '' ? file.length - 1 : Math.min(Number(match[2]), file.length - 1);
    return new Response(file.slice(start, end + 1), {
      status: 206,
      headers: { 'content-range': `bytes ${start}-${end}/${file.length}` },
    });
  };
  return fetcher;
}

const bytes = (length: number) => Uint8Array.from({ length }, (_, index) => (index * 7) % 251);
const file = { url: '/api/v1/document/file/1', withToken: true };
const token = () => 'session-token';

describe('reading a PDF by its two ends', () => {
  it('asks for the first and the last chunk at once, with the bearer token', async () => {
    const pdf = bytes(10_000);
    const seen: Array<{ range: string; auth: string }> = [];
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
    const seen: Array<{ range: string; auth: string }> = [];
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
});
