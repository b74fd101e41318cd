import { documentsEndpoints, practiceEndpoints } from '@zikao/contract/endpoints';
import type {
  ConsolePracticeAttemptsQuery,
  ConsolePracticeCreateInput,
  ConsolePracticeListQuery,
  ConsolePracticeUpdateInput,
} from '@zikao/contract/practice';
import { call, callWithForm } from '../../../../shared/request/call.ts';

export const consolePracticeKeys = {
  all: ['console-practice'] as const,
  list: (query: ConsolePracticeListQuery) => ['console-practice', 'list', query] as const,
  detail: (id: number) => ['console-practice', 'detail', id] as const,
  stats: (id: number) => ['console-practice', 'stats', id] as const,
  attempts: (query: ConsolePracticeAttemptsQuery) => ['console-practice', 'attempts', query] as const,
};

/**
 * 练习论文 in the console (issue 15): practice theses and their revisions. The reference points are
 * the live annotations of the revision's document, made in the ordinary workspace. Loads are
 * silent (the screens show their own error states); changes toast the server's refusals.
 */
export const consolePracticeApi = {
  list: (query: ConsolePracticeListQuery, signal?: AbortSignal) =>
    call(practiceEndpoints.consolePracticeList, query, { silent: true, signal }),
  detail: (id: number) => call(practiceEndpoints.consolePracticeDetail, { id }, { silent: true }),
  /** The admin's own upload of the practice document (PDF, DOC, DOCX), converted as elsewhere. */
  upload: (file: File, onProgress: (percent: number) => void, signal?: AbortSignal) =>
    callWithForm(documentsEndpoints.upload, { kind: 'document' }, file, { onProgress, signal, silent: true }),
  documentStatus: (documentId: number) => call(documentsEndpoints.documentStatus, { documentId }, { silent: true }),
  create: (input: ConsolePracticeCreateInput) => call(practiceEndpoints.consolePracticeCreate, input),
  update: (input: ConsolePracticeUpdateInput) => call(practiceEndpoints.consolePracticeUpdate, input),
  publish: (id: number) => call(practiceEndpoints.consolePracticePublish, { id }),
  withdraw: (id: number) => call(practiceEndpoints.consolePracticeWithdraw, { id }),
  revise: (id: number) => call(practiceEndpoints.consolePracticeRevise, { id }),
  stats: (id: number) => call(practiceEndpoints.consolePracticeStats, { id }, { silent: true }),
  attempts: (query: ConsolePracticeAttemptsQuery, signal?: AbortSignal) =>
    call(practiceEndpoints.consolePracticeAttempts, query, { silent: true, signal }),
};
