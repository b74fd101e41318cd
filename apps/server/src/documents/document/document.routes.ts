import { ApiPath, DOCUMENT_SORTS, listQuerySchema } from '@zikao/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../identity/auth/auth.routes.ts';
import { ok } from '../../shared/http/envelope.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import { parseInput } from '../../shared/validation.ts';
import type { DocumentService } from './document.service.ts';

const listBody = listQuerySchema.extend({
  sort: z.enum(DOCUMENT_SORTS, { error: '须为 createdAt、name 或 pageCount' }).default('createdAt'),
  order: z.enum(['asc', 'desc'], { error: '须为 asc 或 desc' }).default('desc'),
});
const idBody = z.object({ documentId: z.coerce.number({ error: '须为数字' }).int().positive('须为正整数') });
const idParams = z.object({ id: z.coerce.number({ error: '须为数字' }).int().positive('须为正整数') });

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

export function registerDocumentRoutes(
  app: FastifyInstance,
  deps: { documents: DocumentService; storage: FileStorage },
): void {
  const { documents, storage } = deps;

  app.post(ApiPath.documentList, async (request) => {
    const query = parseInput(listBody, request.body);
    return ok(await documents.listOwn(requireUser(request.user), query));
  });

  app.post(ApiPath.documentStatus, async (request) => {
    const { documentId } = parseInput(idBody, request.body);
    return ok(await documents.summary(requireUser(request.user), documentId));
  });

  app.post(ApiPath.documentText, async (request) => {
    const { documentId } = parseInput(idBody, request.body);
    return ok(await documents.text(requireUser(request.user), documentId));
  });

  // pdf.js fetches byte ranges long after the viewer opened, so this GET is exempt from the
  // ±300 s signature window; the session and the access check still apply to every range.
  app.get(`${ApiPath.documentFile}/:id`, { config: { access: { signature: 'none' } } }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const pdf = await documents.pdf(requireUser(request.user), id);
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
  });
}
