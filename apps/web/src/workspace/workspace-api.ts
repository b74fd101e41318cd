import type {
  AnnotationCategory,
  AnnotationDto,
  AnnotationInput,
  AnnotationReplyDto,
  CommentBankEntry,
} from '@zikao/contract/annotation';
import type { DocumentSummary, DocumentText } from '@zikao/contract/document';
import { ApiPath } from '@zikao/contract/paths';
import { api } from '../shared/request/api.ts';
import type { OutboxOp } from './annotation-model.ts';

/** The calls the workspace makes. Autosave calls are silent: the queue reports their failures. */
export const workspaceApi = {
  /** Silent: a document still converting answers with an error the workspace shows as progress. */
  documentText: (documentId: number, silent = false) =>
    api.post<DocumentText>(ApiPath.documentText, { documentId }, { silent }),
  documentStatus: (documentId: number) => api.post<DocumentSummary>(ApiPath.documentStatus, { documentId }),
  annotations: (documentId: number) => api.post<AnnotationDto[]>(ApiPath.annotationList, { documentId }),
  send(op: OutboxOp): Promise<unknown> {
    const silent = { silent: true };
    switch (op.type) {
      case 'save':
        return api.post<AnnotationDto>(
          ApiPath.annotationSave,
          { documentId: op.documentId, annotation: op.annotation as AnnotationInput, baseRevision: op.baseRevision },
          silent,
        );
      case 'delete':
        return api.post<AnnotationDto>(ApiPath.annotationDelete, { id: op.id, baseRevision: op.baseRevision }, silent);
      case 'restore':
        return api.post<AnnotationDto>(ApiPath.annotationRestore, { id: op.id, baseRevision: op.baseRevision }, silent);
      case 'reply':
        return api.post<AnnotationReplyDto>(
          ApiPath.annotationReply,
          { annotationId: op.annotationId, comment: op.comment },
          silent,
        );
    }
  },
  commentBank: () => api.post<CommentBankEntry[]>(ApiPath.commentBankList, {}),
  saveCommentBank: (text: string, category: AnnotationCategory) =>
    api.post<{ id: number }>(ApiPath.commentBankSave, { text, category }),
  deleteCommentBank: (id: number) => api.post<unknown>(ApiPath.commentBankDelete, { id }),
  countCommentBankUse: (id: number) => api.post<unknown>(ApiPath.commentBankUse, { id }, { silent: true }),
  exportPdf: (documentId: number) =>
    api.get<{ filename: string }>(`${ApiPath.annotationExportPdf}/${documentId}`, {}, { export: true }),
  exportJsonLd: (documentId: number) =>
    api.get<{ filename: string }>(`${ApiPath.annotationExportJsonLd}/${documentId}`, {}, { export: true }),
};
