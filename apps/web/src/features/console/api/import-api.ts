import { adminEndpoints } from '@zikao/contract/endpoints';
import type { ImportCommitFields, ImportTemplateBody } from '@zikao/contract/student-import';
import { callWithForm, download } from '../../../shared/request/call.ts';

interface SendOptions {
  onProgress?(percent: number): void;
  signal?: AbortSignal;
}

/**
 * The candidate import calls. The server keeps nothing between preview and commit: the commit
 * sends the same file again with the preview's SHA-256, and the server checks every row again.
 * Errors are not toasted: the screen shows them where the admin is looking.
 */
export const importApi = {
  preview: (file: File, options: SendOptions = {}) =>
    callWithForm(adminEndpoints.importPreview, {}, file, { ...options, silent: true }),
  commit: (file: File, sha256: string, mode: ImportCommitFields['mode'], options: SendOptions = {}) =>
    callWithForm(adminEndpoints.importCommit, { sha256, mode }, file, { ...options, silent: true }),
  template: (format: ImportTemplateBody['format']) => download(adminEndpoints.importTemplate, { format }),
};
