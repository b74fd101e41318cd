import { documentsEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { attachment } from '../../shared/http/attachment.ts';
import { sendPdf } from '../../shared/http/file-answers.ts';
import { serve } from '../../shared/http/serve.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import type { DocumentService } from './document.service.ts';
import type { OriginalDownload } from './original-download.ts';

export function registerDocumentRoutes(
  app: FastifyInstance,
  deps: { documents: DocumentService; storage: FileStorage; originals: OriginalDownload },
): void {
  const { documents, storage, originals } = deps;

  serve(app, documentsEndpoints.documentList, (query, { user }) => documents.listOwn(user, query));
  serve(app, documentsEndpoints.documentStatus, (input, { user }) => documents.summary(user, input.documentId));
  serve(app, documentsEndpoints.documentText, (input, { user }) => documents.text(user, input.documentId));

  // pdf.js fetches byte ranges long after the viewer opened, so this GET is exempt from the
  // ±300 s signature window; the session and the access check still apply to every range.
  serve(app, documentsEndpoints.documentFile, async ({ id }, { user, request, reply }) =>
    sendPdf(request, reply, storage, await documents.pdf(user, id)),
  );

  serve(app, documentsEndpoints.documentOriginal, async ({ documentId }, { user, reply }) => {
    const file = await originals.original(user, documentId);
    return attachment(reply, file.fileName, file.mime).send(file.body);
  });
}
