import {
  ApiPath,
  annotationRefSchema,
  documentRefSchema,
  replyBodySchema,
  saveAnnotationBodySchema,
} from '@zikao/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../identity/auth/auth.routes.ts';
import { attachment } from '../../shared/http/attachment.ts';
import { ok } from '../../shared/http/envelope.ts';
import { parseInput } from '../../shared/validation.ts';
import type { AnnotationService } from './annotation.service.ts';
import type { AnnotationExporter } from './annotation-export.ts';

const documentParams = z.object({ documentId: z.coerce.number({ error: '须为数字' }).int().positive('须为正整数') });

export function registerAnnotationRoutes(
  app: FastifyInstance,
  deps: { annotations: AnnotationService; exporter: AnnotationExporter },
): void {
  const { annotations, exporter } = deps;

  app.get(`${ApiPath.annotationExportJsonLd}/:documentId`, async (request, reply) => {
    const { documentId } = parseInput(documentParams, request.params);
    const file = await exporter.jsonLd(requireUser(request.user), documentId);
    return attachment(reply, file.fileName, 'application/ld+json; charset=utf-8').send(
      JSON.stringify(file.body, null, 2),
    );
  });

  app.get(`${ApiPath.annotationExportPdf}/:documentId`, async (request, reply) => {
    const { documentId } = parseInput(documentParams, request.params);
    const file = await exporter.pdf(requireUser(request.user), documentId);
    return attachment(reply, file.fileName, 'application/pdf').send(Buffer.from(file.body));
  });

  app.post(ApiPath.annotationList, async (request) => {
    const { documentId } = parseInput(documentRefSchema, request.body);
    return ok(await annotations.list(requireUser(request.user), documentId));
  });

  app.post(ApiPath.annotationSave, async (request) => {
    const body = parseInput(saveAnnotationBodySchema, request.body);
    return ok(await annotations.save(requireUser(request.user), body.documentId, body.annotation, body.baseRevision));
  });

  app.post(ApiPath.annotationDelete, async (request) => {
    const body = parseInput(annotationRefSchema, request.body);
    return ok(await annotations.remove(requireUser(request.user), body.id, body.baseRevision));
  });

  app.post(ApiPath.annotationRestore, async (request) => {
    const body = parseInput(annotationRefSchema, request.body);
    return ok(await annotations.restore(requireUser(request.user), body.id, body.baseRevision));
  });

  app.post(ApiPath.annotationReply, async (request) => {
    const body = parseInput(replyBodySchema, request.body);
    return ok(await annotations.reply(requireUser(request.user), body.annotationId, body.comment));
  });
}
