import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileStorage } from '../storage/storage.ts';
import { attachment } from './attachment.ts';

/** Parses `bytes=start-end` (one range); null when absent, 'invalid' when unsatisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/** Whether an `If-None-Match` list names this entity tag (weak comparison, RFC 9110 §13.1.2). */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || strip(tag) === etag);
}

/**
 * A review PDF, whole or the byte range the request asks for (pdf.js reads by ranges): the
 * reviewer's document call and its comment-proxy twin answer with it.
 *
 * One address answers different files: the owner's upload, or to a blind reviewer its copy without
 * metadata (`CleanPdfCopies`), each with its own ETag. A browser may keep the bytes but must ask
 * before it uses them (`no-cache`, answered 304 while the ETag holds): under `max-age` Chromium
 * served one file's kept chunks beside the other's new ones. A range asked for `If-Range` another
 * file's tag is answered with the whole current file (RFC 9110 §13.1.5), so that the browser does
 * not join it to bytes it kept of the other (adr/024).
 */
export async function sendPdf(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  pdf: { sha256: string; size: number; name: string },
): Promise<FastifyReply> {
  const etag = `"${pdf.sha256}"`;
  reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, no-cache')
    .header('etag', etag)
    .header(
      'content-disposition',
      `inline; filename*=UTF-8''${encodeURIComponent(pdf.name.replace(/\.(docx?|pdf)$/i, ''))}.pdf`,
    );
  if (noneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send();
  const ifRange = request.headers['if-range'];
  // A date, or another file's tag: the kept bytes are not this file's, so the whole file goes.
  const sameFile = ifRange === undefined || String(ifRange).trim() === etag;
  const range = sameFile ? parseRange(request.headers.range, pdf.size) : null;
  if (range === 'invalid') {
    return reply.status(416).header('content-range', `bytes */${pdf.size}`).send();
  }
  const body = await storage.read(pdf.sha256, range ?? undefined);
  reply.header('content-type', 'application/pdf');
  if (range) {
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${pdf.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(body);
  }
  return reply.header('content-length', pdf.size).send(body);
}

const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * A stored file as a download, or with `inline` opened in the browser when it is a PDF or a
 * raster image; anything else (HTML, SVG) is always a download.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: { name: string; mime: string; body: Readable },
  inline: boolean,
): FastifyReply {
  attachment(reply, file.name, file.mime).header('x-content-type-options', 'nosniff');
  if (inline && INLINE_TYPES.has(file.mime)) {
    reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`);
  }
  return reply.send(file.body);
}
