import { documentsEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { attachment } from '../../shared/http/attachment.ts';
import { serve } from '../../shared/http/serve.ts';
import type { AnnotationService } from './annotation.service.ts';
import type { AnnotationExporter } from './annotation-export.ts';

export function registerAnnotationRoutes(
  app: FastifyInstance,
  deps: { annotations: AnnotationService; exporter: AnnotationExporter },
): void {
  const { annotations, exporter } = deps;

  serve(app, documentsEndpoints.annotationExportJsonLd, async ({ documentId }, { user, reply }) => {
    const file = await exporter.jsonLd(user, documentId);
    return attachment(reply, file.fileName, 'application/ld+json; charset=utf-8').send(
      JSON.stringify(file.body, null, 2),
    );
  });

  serve(app, documentsEndpoints.annotationExportPdf, async ({ documentId, variant }, { user, reply }) => {
    const file = await exporter.pdf(user, documentId, variant);
    return attachment(reply, file.fileName, 'application/pdf').send(Buffer.from(file.body));
  });

  serve(app, documentsEndpoints.annotationPlacement, ({ documentId }, { user }) =>
    exporter.placement(user, documentId),
  );
  serve(app, documentsEndpoints.annotationList, ({ documentId }, { user }) => annotations.list(user, documentId));
  serve(app, documentsEndpoints.annotationSave, (body, { user }) =>
    annotations.save(user, body.documentId, body.annotation, body.baseRevision),
  );
  serve(app, documentsEndpoints.annotationDelete, (body, { user }) =>
    annotations.remove(user, body.id, body.baseRevision),
  );
  serve(app, documentsEndpoints.annotationRestore, (body, { user }) =>
    annotations.restore(user, body.id, body.baseRevision),
  );
  serve(app, documentsEndpoints.annotationReply, (body, { user }) =>
    annotations.reply(user, body.annotationId, body.comment),
  );
}
