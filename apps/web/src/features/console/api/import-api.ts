import {
  ImportApiPath,
  type ImportPreview,
  type ImportResult,
  type ImportTemplateBody,
} from '@zikao/contract/candidate-import';
import { api } from '../../../shared/request/api.ts';
import { uploadWithProgress } from '../../../shared/request/upload-with-progress.ts';

interface SendOptions {
  onProgress?(percent: number): void;
  signal?: AbortSignal;
}

function form(file: File, fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  data.append('file', file, file.name);
  return data;
}

/**
 * The candidate import calls. The server keeps nothing between preview and commit: the commit
 * sends the same file again with the preview's SHA-256, and the server checks every row again.
 * Errors are not toasted: the screen shows them where the admin is looking.
 */
export const importApi = {
  preview: (file: File, options: SendOptions = {}) =>
    uploadWithProgress<ImportPreview>(ImportApiPath.preview, form(file), { ...options, silent: true }),
  commit: (file: File, sha256: string, mode: 'all' | 'valid', options: SendOptions = {}) =>
    uploadWithProgress<ImportResult>(ImportApiPath.commit, form(file, { sha256, mode }), { ...options, silent: true }),
  template: (format: ImportTemplateBody['format']) =>
    api.post<{ filename: string }>(ImportApiPath.template, { format }, { export: true }),
};
