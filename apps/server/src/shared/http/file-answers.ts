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

/**
 * A review PDF, whole or the byte range the request asks for (pdf.js reads by ranges): the
 * reviewer's document call and its comment-proxy twin answer with it.
 */
export async function sendPdf(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  pdf: { sha256: string; size: number; name: string },
): Promise<FastifyReply> {
  const range = parseRange(request.headers.range, pdf.size);
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', 'application/pdf')
    .header('cache-control', 'private, max-age=3600')
    .header('etag', `"${pdf.sha256}"`)
    .header(
      'content-disposition',
      `inline; filename*=UTF-8''${encodeURIComponent(pdf.name.replace(/\.(docx?|pdf)$/i, ''))}.pdf`,
    );
  if (range === 'invalid') {
    return reply.status(416).header('content-range', `bytes */${pdf.size}`).send();
  }
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${pdf.size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(await storage.read(pdf.sha256, range));
  }
  reply.header('content-length', pdf.size);
  return reply.send(await storage.read(pdf.sha256));
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
