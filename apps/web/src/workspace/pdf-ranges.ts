/**
 * A review PDF read by HTTP range requests that the workspace makes itself, so the first bytes
 * pdf.js needs are on their way before pdf.js or its worker have loaded (adr/024).
 *
 * A PDF that is not linearised is opened from both ends: its header at the start, and its
 * `startxref`, cross-reference table, catalogue and page tree at the end. Both ends are asked for
 * at once; pdf.js then asks for the rest, chunk by chunk, through `readRange`.
 */

/** pdf.js asks for whole chunks of this size (its `rangeChunkSize`); the two ends are one each. */
export const PDF_CHUNK = 256 * 1024;

export interface PdfFile {
  url: string;
  /** Whether the session's bearer token goes with each request (a review link sends none). */
  withToken: boolean;
}

export interface PdfEnds {
  /** The file's size in bytes. */
  length: number;
  /** The first bytes: a whole number of chunks, or the whole file. */
  head: Uint8Array;
  /** The last bytes and where they start in the file (empty when the head is the whole file). */
  tail: { begin: number; bytes: Uint8Array };
}

export type RangeFetch = (url: string, init: RequestInit) => Promise<Response>;

export class PdfRangeError extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'PdfRangeError';
    this.status = status;
  }
}

/** `bytes a-b/size` of a 206 answer; null when absent or malformed. */
export function parseContentRange(value: string | null): { start: number; end: number; size: number } | null {
  const match = value ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value.trim()) : null;
  if (!match) return null;
  return { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) };
}

interface RangeAnswer {
  /** Where the bytes start; 0 for a whole-file answer. */
  start: number;
  bytes: Uint8Array;
  size: number;
}

/**
 * Reads one byte range (`range` as in the Range header). A server that ignores ranges answers 200
 * with the whole file, which is returned as such.
 */
export async function readRange(
  fetcher: RangeFetch,
  file: PdfFile,
  token: () => string,
  range: string,
  signal?: AbortSignal,
): Promise<RangeAnswer> {
  const headers: Record<string, string> = { Range: range };
  const bearer = file.withToken ? token() : '';
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  const response = await fetcher(file.url, { headers, credentials: 'include', signal, priority: 'high' });
  if (response.status !== 200 && response.status !== 206) {
    throw new PdfRangeError(`PDF 读取失败（HTTP ${response.status}）`, response.status);
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (response.status === 200) return { start: 0, bytes, size: bytes.length };
  const span = parseContentRange(response.headers.get('content-range'));
  if (!span || span.end - span.start + 1 !== bytes.length) {
    throw new PdfRangeError('PDF 读取失败（分段应答有误）', response.status);
  }
  return { start: span.start, bytes, size: span.size };
}

/**
 * Both ends of a PDF at once: the first chunk and the last chunk. When they meet (a file of up
 * to two chunks) or the server sent the whole file, `head` is the whole file.
 */
export async function readPdfEnds(
  fetcher: RangeFetch,
  file: PdfFile,
  token: () => string,
  chunk = PDF_CHUNK,
): Promise<PdfEnds> {
  const [head, tail] = await Promise.all([
    readRange(fetcher, file, token, `bytes=0-${chunk - 1}`),
    readRange(fetcher, file, token, `bytes=-${chunk}`),
  ]);
  const length = head.size;
  if (head.bytes.length === length)
    return { length, head: head.bytes, tail: { begin: length, bytes: new Uint8Array() } };
  if (tail.size !== length) throw new PdfRangeError('PDF 读取失败（文件在读取时改变）', 206);
  if (tail.start <= head.bytes.length) {
    const whole = new Uint8Array(length);
    whole.set(head.bytes, 0);
    whole.set(tail.bytes, tail.start);
    return { length, head: whole, tail: { begin: length, bytes: new Uint8Array() } };
  }
  return { length, head: head.bytes, tail: { begin: tail.start, bytes: tail.bytes } };
}

/** The part of a range `[begin, end)` the tail already holds, or null when it holds only part of it. */
export function fromTail(tail: PdfEnds['tail'], begin: number, end: number): Uint8Array | null {
  if (begin < tail.begin || end > tail.begin + tail.bytes.length) return null;
  return tail.bytes.subarray(begin - tail.begin, end - tail.begin);
}
