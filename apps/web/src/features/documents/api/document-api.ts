import type { DocumentSummary } from '@zikao/contract/document';
import type { ListResult } from '@zikao/contract/envelope';
import { ApiPath } from '@zikao/contract/paths';
import { api } from '../../../shared/request/api.ts';
import { uploadWithProgress } from '../../../shared/request/upload-with-progress.ts';

export interface DocumentListQuery {
  page: number;
  pageSize: number;
  keyword?: string;
  sort: 'createdAt' | 'name' | 'pageCount';
  order: 'asc' | 'desc';
}

export const documentApi = {
  list: (query: DocumentListQuery) =>
    api.post<ListResult<DocumentSummary>>(ApiPath.documentList, { ...query, keyword: query.keyword || undefined }),
  status: (documentId: number) => api.post<DocumentSummary>(ApiPath.documentStatus, { documentId }),
  upload(file: File, onProgress: (percent: number) => void, signal?: AbortSignal) {
    const form = new FormData();
    form.append('kind', 'document');
    form.append('file', file, file.name);
    return uploadWithProgress<{ fileId: string; documentId: number; name: string }>(ApiPath.upload, form, {
      onProgress,
      signal,
    });
  },
};
