import type { DocumentText } from '@zikao/contract/document';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { loadPdfJs, openPdf, type PdfJs } from './pdf-loader.ts';
import type { WorkspaceApi } from './workspace-api.ts';

export interface DocumentFetch {
  pdf: Promise<[PdfJs, PDFDocumentProxy]>;
  text: Promise<DocumentText>;
}

/** By API and document: a page's proxy fetch is never handed to a signed-in workspace, nor the reverse. */
const started = new Map<string, DocumentFetch>();

/**
 * Starts fetching pdf.js, the PDF's first ranges and the page texts, before the workspace's own
 * code has arrived: the three downloads overlap instead of following one another.
 */
export function prefetchDocument(api: WorkspaceApi, documentId: number): void {
  const key = `${api.kind}:${documentId}`;
  if (started.has(key)) return;
  const pdf = Promise.all([loadPdfJs(), openPdf(api.documentFile(documentId))]);
  const text = api.documentText(documentId, true);
  // A failure is reported when the workspace takes the fetch, not here.
  pdf.catch(() => {});
  text.catch(() => {});
  started.set(key, { pdf, text });
}

/** The prefetch for a document (started now if there was none); it is handed out once. */
export function takeDocumentFetch(api: WorkspaceApi, documentId: number): DocumentFetch {
  prefetchDocument(api, documentId);
  const key = `${api.kind}:${documentId}`;
  const fetch = started.get(key) as DocumentFetch;
  started.delete(key);
  return fetch;
}
