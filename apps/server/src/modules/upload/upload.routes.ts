import { ApiPath } from '@zikao/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../shared/envelope.ts';
import { invalidInput } from '../../shared/errors.ts';
import { requireUser } from '../auth/auth.routes.ts';
import type { UploadService } from './upload.service.ts';

export function registerUploadRoutes(app: FastifyInstance, deps: { uploads: UploadService }): void {
  app.post(ApiPath.upload, { config: { access: { signature: 'multipart' } } }, async (request) => {
    const user = requireUser(request.user);
    if (!request.isMultipart()) throw invalidInput('请以 multipart/form-data 格式上传文件');
    const signature = request.pendingSignature;
    if (!signature) throw invalidInput('缺少签名');
    return ok(await deps.uploads.receive(request.parts(), signature, user));
  });
}
