import type { DocumentText } from '@zikao/contract/document';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { currentToken } from '../shared/stores/session-store.ts';
import { loadPdfJs, openPdf, type PdfJs, readPdfStart, warmUpPdfJs } from './pdf-loader.ts';
import { type WorkspaceApi, workspaceApi } from './workspace-api.ts';

export interface DocumentFetch {
  pdf: Promise<[PdfJs, PDFDocumentProxy]>;
  text: Promise<DocumentText>;
}

/** A prefetch nobody took by then is dropped: the reader went elsewhere. */
const KEEP_MS = 30_000;

/**
 * By API, session and document: a page's proxy fetch is never handed to a signed-in workspace,
 * nor the reverse, nor one account's fetch to the next account signed in on the same tab.
 */
const started = new Map<string, DocumentFetch & { at: number }>();

const keyOf = (api: WorkspaceApi, documentId: number) =>
  `${api.kind}:${api.kind === 'session' ? currentToken() : ''}:${documentId}`;

function dropStale(now: number): void {
  for (const [key, fetch] of started) {
    if (now - fetch.at < KEEP_MS) continue;
    started.delete(key);
    void fetch.pdf.then(([, pdf]) => pdf.destroy()).catch(() => {});
  }
}

/**
 * Starts fetching the PDF's two ends, the page texts, pdf.js and its worker, before the
 * workspace's own code has arrived: the downloads overlap instead of following one another, and
 * the bytes of the first page are asked for first.
 */
export function prefetchDocument(api: WorkspaceApi, documentId: number): void {
  const now = performance.now();
  dropStale(now);
  const key = keyOf(api, documentId);
  if (started.has(key)) return;
  const file = api.documentFile(documentId);
  const ends = readPdfStart(file);
  const text = api.documentText(documentId, true);
  // The first page's objects are looked up in the worker as soon as the document is open, while
  // the workspace still renders: pdf.js keeps the page, so its render starts on it at once.
  const opened = openPdf(file, ends).then((document) => {
    void document.getPage(1).catch(() => {});
    return document;
  });
  const pdf = Promise.all([loadPdfJs(), opened]);
  // A failure is reported when the workspace takes the fetch, not here.
  pdf.catch(() => {});
  text.catch(() => {});
  started.set(key, { pdf, text, at: now });
}

/** The prefetch for a document (started now if there was none); it is handed out once. */
export function takeDocumentFetch(api: WorkspaceApi, documentId: number): DocumentFetch {
  prefetchDocument(api, documentId);
  const key = keyOf(api, documentId);
  const fetch = started.get(key) as DocumentFetch;
  started.delete(key);
  return fetch;
}

/**
 * For a route that will show a signed-in reader's document, called as soon as it matched:
 * pdf.js, its worker and the workspace's code start loading, and when the document is already
 * known (the address was opened directly) its two ends and page texts are asked for too.
 */
export function warmUpDocument(documentId?: number): void {
  // In the order they are needed: the document's bytes, the worker, pdf.js, the workspace.
  if (documentId && Number.isInteger(documentId) && documentId > 0) prefetchDocument(workspaceApi, documentId);
  warmUpPdfJs();
  void import('./annotation-workspace.tsx').catch(() => {});
}
