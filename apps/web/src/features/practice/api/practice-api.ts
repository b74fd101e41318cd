import { practiceEndpoints } from '@zikao/contract/endpoints';
import type { PracticeHistoryQuery, PracticeListQuery } from '@zikao/contract/practice';
import { call } from '../../../shared/request/call.ts';

export const practiceKeys = {
  all: ['practice'] as const,
  list: (query: PracticeListQuery) => ['practice', 'list', query] as const,
  history: (query: PracticeHistoryQuery) => ['practice', 'history', query] as const,
  card: ['practice', 'card'] as const,
  /** Outside `all`: refetching it would start an attempt, so invalidating the lists must not touch it. */
  attempt: (thesisId: number) => ['practice-attempt', thesisId] as const,
  result: (attemptId: number) => ['practice', 'result', attemptId] as const,
};

/**
 * The practiser's calls (issue 15). An attempt's annotations are ordinary annotations on the
 * attempt's own document, written by the workspace with the documents area's calls. Loads are
 * silent: the screens show their own error states.
 */
export const practiceApi = {
  list: (query: PracticeListQuery, signal?: AbortSignal) =>
    call(practiceEndpoints.practiceList, query, { silent: true, signal }),
  history: (query: PracticeHistoryQuery, signal?: AbortSignal) =>
    call(practiceEndpoints.practiceHistory, query, { silent: true, signal }),
  card: () => call(practiceEndpoints.practiceCard, {}, { silent: true }),
  /** Resumes the caller's open attempt on this thesis, or starts a fresh one. */
  start: (thesisId: number) => call(practiceEndpoints.practiceStart, { thesisId }, { silent: true }),
  /** Final: the server scores the attempt. Its refusals (1080001's reason) are toasted. */
  submit: (attemptId: number, timeSpentMs: number) =>
    call(practiceEndpoints.practiceSubmit, { attemptId, timeSpentMs: Math.round(timeSpentMs) }),
  result: (attemptId: number) => call(practiceEndpoints.practiceResult, { attemptId }, { silent: true }),
};
