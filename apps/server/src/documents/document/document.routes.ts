import { documentsEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../shared/http/serve.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import type { DocumentService } from './document.service.ts';

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

  serve(app, documentsEndpoints.documentList, (query, { user }) => documents.listOwn(user, query));
  serve(app, documentsEndpoints.documentStatus, (input, { user }) => documents.summary(user, input.documentId));
  serve(app, documentsEndpoints.documentText, (input, { user }) => documents.text(user, input.documentId));

  // pdf.js fetches byte ranges long after the viewer opened, so this GET is exempt from the
  // ±300 s signature window; the session and the access check still apply to every range.
  serve(app, documentsEndpoints.documentFile, async ({ id }, { user, request, reply }) => {
    const pdf = await documents.pdf(user, id);
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
