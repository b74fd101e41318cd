import {
  type AnnotationCategory,
  type SharedCommentBankEntry,
  SharedCommentBankPath,
} from '@zikao/contract/annotation';
import type { ListResult } from '@zikao/contract/envelope';
import { ApiPath } from '@zikao/contract/paths';
import { api } from '../../../shared/request/api.ts';

export interface SharedBankQuery {
  page: number;
  pageSize: number;
  keyword?: string | undefined;
  category?: AnnotationCategory | undefined;
}

export const sharedBankKeys = {
  all: ['console-comment-bank'] as const,
  list: (query: SharedBankQuery) => ['console-comment-bank', query] as const,
};

/** The shared comment bank (公共评语库): entries every reviewer is offered beside their own. */
export const sharedBankApi = {
  list: (query: SharedBankQuery, signal?: AbortSignal) =>
    api.post<ListResult<SharedCommentBankEntry>>(
      SharedCommentBankPath.list,
      { ...query, keyword: query.keyword || undefined },
      { silent: true, signal },
    ),
  save: (entry: { id?: number; text: string; category: AnnotationCategory }) =>
    api.post<{ id: number }>(ApiPath.commentBankSave, { ...entry, shared: true }),
  remove: (id: number) => api.post<unknown>(ApiPath.commentBankDelete, { id }),
};
