import type { AnnotationCategory } from '@zikao/contract/annotation';
import { documentsEndpoints } from '@zikao/contract/endpoints';
import { call, download } from '../shared/request/call.ts';
import type { OutboxOp } from './annotation-model.ts';

/** The calls the workspace makes. Autosave calls are silent: the queue reports their failures. */
export const workspaceApi = {
  /** Silent: a document still converting answers with an error the workspace shows as progress. */
  documentText: (documentId: number, silent = false) =>
    call(documentsEndpoints.documentText, { documentId }, { silent }),
  documentStatus: (documentId: number) => call(documentsEndpoints.documentStatus, { documentId }),
  annotations: (documentId: number) => call(documentsEndpoints.annotationList, { documentId }),
  send(op: OutboxOp): Promise<unknown> {
    const silent = { silent: true };
    switch (op.type) {
      case 'save':
        return call(
          documentsEndpoints.annotationSave,
          { documentId: op.documentId, annotation: op.annotation, baseRevision: op.baseRevision },
          silent,
        );
      case 'delete':
        return call(documentsEndpoints.annotationDelete, { id: op.id, baseRevision: op.baseRevision }, silent);
      case 'restore':
        return call(documentsEndpoints.annotationRestore, { id: op.id, baseRevision: op.baseRevision }, silent);
      case 'reply':
        return call(documentsEndpoints.annotationReply, { annotationId: op.annotationId, comment: op.comment }, silent);
    }
  },
  commentBank: () => call(documentsEndpoints.commentBankList, {}),
  saveCommentBank: (text: string, category: AnnotationCategory) =>
    call(documentsEndpoints.commentBankSave, { text, category }),
  deleteCommentBank: (id: number) => call(documentsEndpoints.commentBankDelete, { id }),
  countCommentBankUse: (id: number) => call(documentsEndpoints.commentBankUse, { id }, { silent: true }),
  exportPdf: (documentId: number) => download(documentsEndpoints.annotationExportPdf, { documentId }),
  exportJsonLd: (documentId: number) => download(documentsEndpoints.annotationExportJsonLd, { documentId }),
};
