import {
  ApiPath,
  annotationRefSchema,
  documentRefSchema,
  replyBodySchema,
  saveAnnotationBodySchema,
} from '@zikao/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../shared/envelope.ts';
import { parseInput } from '../../shared/validation.ts';
import { requireUser } from '../auth/auth.routes.ts';
import type { AnnotationService } from './annotation.service.ts';

export function registerAnnotationRoutes(app: FastifyInstance, deps: { annotations: AnnotationService }): void {
  const { annotations } = deps;

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
