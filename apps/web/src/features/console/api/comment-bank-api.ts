import type { AnnotationCategory, SharedCommentBankQuery } from '@zikao/contract/annotation';
import { documentsEndpoints } from '@zikao/contract/endpoints';
import { call } from '../../../shared/request/call.ts';

/** The screen's filters and page. */
export type SharedBankQuery = SharedCommentBankQuery;

export const sharedBankKeys = {
  all: ['console-comment-bank'] as const,
  list: (query: SharedBankQuery) => ['console-comment-bank', query] as const,
};

/** The shared comment bank (公共评语库): entries every reviewer is offered beside their own. */
export const sharedBankApi = {
  list: (query: SharedBankQuery, signal?: AbortSignal) =>
    call(
      documentsEndpoints.sharedCommentBankList,
      { ...query, keyword: query.keyword || undefined },
      { silent: true, signal },
    ),
  save: (entry: { id?: number; text: string; category: AnnotationCategory }) =>
    call(documentsEndpoints.commentBankSave, { ...entry, shared: true }),
  remove: (id: number) => call(documentsEndpoints.commentBankDelete, { id }),
};
