import { ApiPath } from '@zikao/contract';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../identity/auth/auth.routes.ts';
import { invalidInput } from '../../shared/errors.ts';
import { ok } from '../../shared/http/envelope.ts';
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
