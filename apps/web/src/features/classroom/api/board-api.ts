import type { BoardCredential } from '@zikao/contract/course';
import { courseEndpoints } from '@zikao/contract/endpoints';
import { call, callWithForm, download, endpointUrl } from '../../../shared/request/call.ts';

/**
 * The board's calls (/board, no login), each carrying the page's link credential (cid, role, exp,
 * uid, the link's sig as `linkSig`). Silent: the board shows a refused link as its whole page and
 * other failures where they happen, and never sends anyone to /login.
 */
export function boardApi(credential: BoardCredential) {
  return {
    context: (clientId: string, signal?: AbortSignal) =>
      call(courseEndpoints.boardContext, { ...credential, clientId }, { signal, silent: true }),
    attendance: (signal?: AbortSignal) => call(courseEndpoints.boardAttendance, credential, { signal, silent: true }),
    /** 出勤表 (.xlsx), saved by the browser under the server's file name. */
    exportAttendance: () => download(courseEndpoints.boardAttendance, { ...credential, export: 1 }),
    handIns: (clientId: string, signal?: AbortSignal) =>
      call(courseEndpoints.boardHandInList, { ...credential, clientId }, { signal, silent: true }),
    uploadHandIn: (
      clientId: string,
      name: string,
      file: File,
      onProgress: (percent: number) => void,
      signal: AbortSignal,
    ) =>
      callWithForm(courseEndpoints.boardHandInUpload, { ...credential, clientId, name }, file, {
        onProgress,
        signal,
        silent: true,
      }),
    pageUrl: (fileId: number, pageNo: number) =>
      endpointUrl(courseEndpoints.boardPage, { ...credential, fileId, pageNo }),
    handInUrl: (id: number, clientId: string, download = false) =>
      endpointUrl(courseEndpoints.boardHandInFile, { ...credential, id, clientId, download: download ? 1 : 0 }),
    /** The WebSocket's address: the endpoint's URL, absolute, with ws(s) for http(s). */
    socketUrl: () => {
      const url = new URL(endpointUrl(courseEndpoints.boardSocket, credential), window.location.href);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      return url.toString();
    },
  };
}

export type BoardApi = ReturnType<typeof boardApi>;

export const boardKeys = {
  all: ['board'] as const,
  context: (search: string) => [...boardKeys.all, 'context', search] as const,
  attendance: (search: string) => [...boardKeys.all, 'attendance', search] as const,
  handIns: (search: string) => [...boardKeys.all, 'handIns', search] as const,
};
