import { DEFAULT_ERROR_MESSAGES, ErrorCode } from '@zikao/contract/errors';
import { signParams } from '@zikao/contract/signature';
import { toast } from '../feedback/toast.ts';
import { apiBase } from '../host/host.ts';
import { currentToken } from '../stores/session-store.ts';
import { ApiError, HttpStatusError, NetworkError, RequestCancelledError } from './errors.ts';
import { httpStatusMessage } from './http-status.ts';

export interface UploadProgressOptions {
  /** 0–100 as the bytes go out. */
  onProgress?(percent: number): void;
  signal?: AbortSignal;
  /** Errors are not toasted; the caller shows them. */
  silent?: boolean;
}

/**
 * A signed multipart upload with progress, which fetch cannot report: the same signing as the
 * request client (non-file fields signed, `t` and `sig` in the query) over XMLHttpRequest.
 */
export function uploadWithProgress<T>(path: string, form: FormData, options: UploadProgressOptions = {}): Promise<T> {
  const t = Date.now();
  const fields: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) fields[key] = value;
  const url = `${apiBase()}${path}?t=${t}&sig=${signParams(fields, t)}`;
  const fail = (error: Error) => {
    if (!options.silent && !(error instanceof RequestCancelledError)) toast(error.message, 'error');
    return error;
  };

  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    const token = currentToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(fail(new NetworkError('网络连接异常，请稍后再试', false)));
    xhr.onabort = () => reject(new RequestCancelledError());
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(fail(new HttpStatusError(xhr.status, httpStatusMessage(xhr.status))));
        return;
      }
      let payload: { errorCode: number; errorMsg: string; data: unknown };
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        reject(fail(new HttpStatusError(xhr.status, httpStatusMessage(xhr.status))));
        return;
      }
      if (payload.errorCode === ErrorCode.ok) {
        resolve(payload.data as T);
        return;
      }
      const message =
        payload.errorMsg || DEFAULT_ERROR_MESSAGES[payload.errorCode as ErrorCode] || `请求失败(${payload.errorCode})`;
      reject(fail(new ApiError(payload.errorCode, message, payload.data)));
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
