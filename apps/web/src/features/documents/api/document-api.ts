import type { DocumentListQuery } from '@zikao/contract/document';
import { documentsEndpoints } from '@zikao/contract/endpoints';
import { call, callWithForm } from '../../../shared/request/call.ts';

export type { DocumentListQuery } from '@zikao/contract/document';

export const documentApi = {
  list: (query: DocumentListQuery) =>
    call(documentsEndpoints.documentList, { ...query, keyword: query.keyword || undefined }),
  status: (documentId: number) => call(documentsEndpoints.documentStatus, { documentId }),
  upload: (file: File, onProgress: (percent: number) => void, signal?: AbortSignal) =>
    callWithForm(documentsEndpoints.upload, { kind: 'document' }, file, { onProgress, signal }),
};
