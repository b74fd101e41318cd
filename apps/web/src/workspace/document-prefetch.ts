import type { DocumentText } from '@zikao/contract/document';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { loadPdfJs, openPdf, type PdfJs } from './pdf-loader.ts';
import { workspaceApi } from './workspace-api.ts';

export interface DocumentFetch {
  pdf: Promise<[PdfJs, PDFDocumentProxy]>;
  text: Promise<DocumentText>;
}

const started = new Map<number, DocumentFetch>();

/**
 * Starts fetching pdf.js, the PDF's first ranges and the page texts, before the workspace's own
 * code has arrived: the three downloads overlap instead of following one another.
 */
export function prefetchDocument(documentId: number): void {
  if (started.has(documentId)) return;
  const pdf = Promise.all([loadPdfJs(), openPdf(documentId)]);
  const text = workspaceApi.documentText(documentId, true);
  // A failure is reported when the workspace takes the fetch, not here.
  pdf.catch(() => {});
  text.catch(() => {});
  started.set(documentId, { pdf, text });
}

/** The prefetch for a document (started now if there was none); it is handed out once. */
export function takeDocumentFetch(documentId: number): DocumentFetch {
  prefetchDocument(documentId);
  const fetch = started.get(documentId) as DocumentFetch;
  started.delete(documentId);
  return fetch;
}
