import type { AnnotationCategory, AnnotationDto, CommentBankEntry } from '@zikao/contract/annotation';
import type { DocumentSummary, DocumentText } from '@zikao/contract/document';
import { documentsEndpoints, proxyEndpoints } from '@zikao/contract/endpoints';
import { createContext, useContext } from 'react';
import { call, download, endpointUrl } from '../shared/request/call.ts';
import type { OutboxOp } from './annotation-model.ts';

/**
 * The calls the workspace makes, injected (`WorkspaceApiProvider`) so the same workspace runs for
 * a signed-in reviewer and on an admin review page through the comment proxy (adr/011). Autosave
 * calls are silent: the queue reports their failures.
 */
export interface WorkspaceApi {
  /** Names the binding: query keys and the PDF prefetch keep the two apart. */
  kind: 'session' | 'link';
  /** Silent: a document still converting answers with an error the workspace shows as progress. */
  documentText(documentId: number, silent?: boolean): Promise<DocumentText>;
  documentStatus(documentId: number): Promise<DocumentSummary>;
  /** Where pdf.js reads the PDF by ranges, and whether it sends the session's token. */
  documentFile(documentId: number): { url: string; withToken: boolean };
  annotations(documentId: number): Promise<AnnotationDto[]>;
  send(op: OutboxOp): Promise<unknown>;
  commentBank(): Promise<CommentBankEntry[]>;
  /**
   * One's own comment bank and the exports; left out where the API has none (a review link:
   * an outside expert reads the shared bank and keeps nothing of their own).
   */
  personal?: {
    saveCommentBank(text: string, category: AnnotationCategory): Promise<unknown>;
    countCommentBankUse(id: number): Promise<unknown>;
    exportPdf(documentId: number): Promise<unknown>;
    exportJsonLd(documentId: number): Promise<unknown>;
  };
}

type Pick2<K extends keyof typeof proxyEndpoints & keyof typeof documentsEndpoints> =
  | (typeof documentsEndpoints)[K]
  | (typeof proxyEndpoints)[K];

/** The document and annotation calls both APIs make, each from its own table. */
interface DocumentCalls {
  documentText: Pick2<'documentText'>;
  documentStatus: Pick2<'documentStatus'>;
  documentFile: Pick2<'documentFile'>;
  annotationList: Pick2<'annotationList'>;
  annotationSave: Pick2<'annotationSave'>;
  annotationDelete: Pick2<'annotationDelete'>;
  annotationRestore: Pick2<'annotationRestore'>;
  annotationReply: Pick2<'annotationReply'>;
  commentBankList: Pick2<'commentBankList'>;
}

function bind(endpoints: DocumentCalls, kind: WorkspaceApi['kind']): Omit<WorkspaceApi, 'personal'> {
  return {
    kind,
    documentText: (documentId, silent = false) => call(endpoints.documentText, { documentId }, { silent }),
    documentStatus: (documentId) => call(endpoints.documentStatus, { documentId }),
    documentFile: (documentId) => ({
      url: endpointUrl(endpoints.documentFile, { id: documentId }),
      withToken: kind === 'session',
    }),
    annotations: (documentId) => call(endpoints.annotationList, { documentId }),
    send(op) {
      const silent = { silent: true };
      switch (op.type) {
        case 'save':
          return call(
            endpoints.annotationSave,
            { documentId: op.documentId, annotation: op.annotation, baseRevision: op.baseRevision },
            silent,
          );
        case 'delete':
          return call(endpoints.annotationDelete, { id: op.id, baseRevision: op.baseRevision }, silent);
        case 'restore':
          return call(endpoints.annotationRestore, { id: op.id, baseRevision: op.baseRevision }, silent);
        case 'reply':
          return call(endpoints.annotationReply, { annotationId: op.annotationId, comment: op.comment }, silent);
      }
    },
    commentBank: () => call(endpoints.commentBankList, {}),
  };
}

/** A signed-in user's workspace: the `/v1/…` calls. */
export const workspaceApi: WorkspaceApi = {
  ...bind(documentsEndpoints, 'session'),
  personal: {
    saveCommentBank: (text, category) => call(documentsEndpoints.commentBankSave, { text, category }),
    countCommentBankUse: (id) => call(documentsEndpoints.commentBankUse, { id }, { silent: true }),
    exportPdf: (documentId) => download(documentsEndpoints.annotationExportPdf, { documentId }),
    exportJsonLd: (documentId) => download(documentsEndpoints.annotationExportJsonLd, { documentId }),
  },
};

/** An admin review page's workspace: the same calls through the comment proxy, the page's link credential merged in. */
export const linkWorkspaceApi: WorkspaceApi = bind(proxyEndpoints, 'link');

const WorkspaceApiContext = createContext<WorkspaceApi>(workspaceApi);

/** Gives the workspaces inside it another API (an admin review page passes `linkWorkspaceApi`). */
export const WorkspaceApiProvider = WorkspaceApiContext.Provider;

export function useWorkspaceApi(): WorkspaceApi {
  return useContext(WorkspaceApiContext);
}
