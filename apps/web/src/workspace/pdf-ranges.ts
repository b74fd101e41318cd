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
  /** The file's ETag, when the server sends one: every later range must come from the same file. */
  etag: string | null;
  /** The first bytes: a whole number of chunks, or the whole file. */
  head: Uint8Array;
  /** The last bytes and where they start in the file (empty when the head is the whole file). */
  tail: { begin: number; bytes: Uint8Array };
}

export type RangeFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * A range that could not be read, with its reason in Chinese. `refused`: the server said no (an
 * error envelope, an HTTP status). `broken`: the answer did not fit the request (a short body,
 * another file, the connection dropped), which a fresh request, past the browser's cache, may mend.
 */
export class PdfRangeError extends Error {
  readonly status: number;
  readonly reason: 'refused' | 'broken';

  constructor(message: string, status: number, reason: 'refused' | 'broken' = 'refused') {
    super(message);
    this.name = 'PdfRangeError';
    this.status = status;
    this.reason = reason;
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
  etag: string | null;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** The server's error envelope, answered with HTTP 200 where the file was asked for. */
async function refusal(response: Response): Promise<PdfRangeError> {
  const envelope = (await response.json().catch(() => null)) as { errorMsg?: unknown } | null;
  const message = typeof envelope?.errorMsg === 'string' && envelope.errorMsg ? envelope.errorMsg : 'PDF 读取失败';
  return new PdfRangeError(message, response.status, 'refused');
}

/**
 * Reads one byte range (`range` as in the Range header). A server that ignores ranges answers 200
 * with the whole file, which is returned as such; an answer that is not the file (the server's
 * JSON envelope: the document is not ready, the session has ended) is refused, never handed on as
 * PDF bytes. `cache: 'reload'` goes past the browser's cache, for a second try.
 */
export async function readRange(
  fetcher: RangeFetch,
  file: PdfFile,
  token: () => string,
  range: string,
  signal?: AbortSignal,
  cache?: RequestCache,
): Promise<RangeAnswer> {
  const headers: Record<string, string> = { Range: range };
  const bearer = file.withToken ? token() : '';
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  const init: RequestInit = { headers, credentials: 'include', signal, priority: 'high', ...(cache ? { cache } : {}) };
  let response: Response;
  let bytes: Uint8Array;
  try {
    response = await fetcher(file.url, init);
    if (response.status !== 200 && response.status !== 206) {
      throw new PdfRangeError(`PDF 读取失败（HTTP ${response.status}）`, response.status, 'refused');
    }
    if (/json/i.test(response.headers.get('content-type') ?? '')) throw await refusal(response);
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    if (error instanceof PdfRangeError || isAbort(error)) throw error;
    throw new PdfRangeError('PDF 读取失败（网络连接中断）', 0, 'broken');
  }
  const etag = response.headers.get('etag');
  if (response.status === 200) return { start: 0, bytes, size: bytes.length, etag };
  const span = parseContentRange(response.headers.get('content-range'));
  if (!span || span.end - span.start + 1 !== bytes.length) {
    throw new PdfRangeError('PDF 读取失败（分段应答有误）', response.status, 'broken');
  }
  return { start: span.start, bytes, size: span.size, etag };
}

/**
 * The bytes `[begin, end)` of the file whose ETag is `etag` (null: not checked), as pdf.js asks
 * for a chunk. An answer from another file (the address now serves another file, or a cache mixed
 * two) is `broken`, like a short one.
 */
export async function readChunk(
  fetcher: RangeFetch,
  file: PdfFile,
  token: () => string,
  chunk: { begin: number; end: number; etag: string | null },
  signal?: AbortSignal,
  cache?: RequestCache,
): Promise<Uint8Array> {
  const { begin, end, etag } = chunk;
  const answer = await readRange(fetcher, file, token, `bytes=${begin}-${end - 1}`, signal, cache);
  if (etag && answer.etag && answer.etag !== etag) {
    throw new PdfRangeError('PDF 读取失败（文件在读取时改变）', 206, 'broken');
  }
  if (answer.start > begin || answer.start + answer.bytes.length < end) {
    throw new PdfRangeError('PDF 读取失败（分段应答有误）', 206, 'broken');
  }
  return answer.bytes.subarray(begin - answer.start, end - answer.start);
}

/**
 * Both ends of a PDF at once: the first chunk and the last chunk. When they meet (a file of up
 * to two chunks) or the server sent the whole file, `head` is the whole file. Ends that do not fit
 * together (a short answer, two files) are asked for once more past the browser's cache.
 */
export async function readPdfEnds(
  fetcher: RangeFetch,
  file: PdfFile,
  token: () => string,
  chunk = PDF_CHUNK,
): Promise<PdfEnds> {
  try {
    return await readEnds(fetcher, file, token, chunk);
  } catch (error) {
    if (!(error instanceof PdfRangeError) || error.reason !== 'broken') throw error;
    return readEnds(fetcher, file, token, chunk, 'reload');
  }
}

async function readEnds(
  fetcher: RangeFetch,
  file: PdfFile,
  token: () => string,
  chunk: number,
  cache?: RequestCache,
): Promise<PdfEnds> {
  const [head, tail] = await Promise.all([
    readRange(fetcher, file, token, `bytes=0-${chunk - 1}`, undefined, cache),
    readRange(fetcher, file, token, `bytes=-${chunk}`, undefined, cache),
  ]);
  const length = head.size;
  const etag = head.etag;
  if (head.bytes.length === length)
    return { length, etag, head: head.bytes, tail: { begin: length, bytes: new Uint8Array() } };
  if (tail.size !== length || (etag && tail.etag && tail.etag !== etag)) {
    throw new PdfRangeError('PDF 读取失败（文件在读取时改变）', 206, 'broken');
  }
  if (tail.start <= head.bytes.length) {
    const whole = new Uint8Array(length);
    whole.set(head.bytes, 0);
    whole.set(tail.bytes, tail.start);
    return { length, etag, head: whole, tail: { begin: length, bytes: new Uint8Array() } };
  }
  return { length, etag, head: head.bytes, tail: { begin: tail.start, bytes: tail.bytes } };
}

/** The part of a range `[begin, end)` the tail already holds, or null when it holds only part of it. */
export function fromTail(tail: PdfEnds['tail'], begin: number, end: number): Uint8Array | null {
  if (begin < tail.begin || end > tail.begin + tail.bytes.length) return null;
  return tail.bytes.subarray(begin - tail.begin, end - tail.begin);
}
