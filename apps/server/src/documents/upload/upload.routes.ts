import { documentsEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { invalidInput } from '../../shared/errors.ts';
import { serve } from '../../shared/http/serve.ts';
import type { UploadService } from './upload.service.ts';

export function registerUploadRoutes(app: FastifyInstance, deps: { uploads: UploadService }): void {
  // The service reads the form, checks the signature over its fields and parses them with the
  // endpoint's schema (`uploadFieldsSchema`).
  serve(app, documentsEndpoints.upload, async (_input, { user, request }) => {
    if (!request.isMultipart()) throw invalidInput('请以 multipart/form-data 格式上传文件');
    const signature = request.pendingSignature;
    if (!signature) throw invalidInput('缺少签名');
    return deps.uploads.receive(request.parts(), signature, user);
  });
}
