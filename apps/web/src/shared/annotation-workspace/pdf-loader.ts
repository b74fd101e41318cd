import { ApiPath } from '@zikao/contract/paths';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { apiBase } from '../host/host.ts';
import { currentToken } from '../stores/session-store.ts';

export type PdfJs = typeof import('pdfjs-dist');

let loaded: Promise<PdfJs> | null = null;

/** pdf.js itself, fetched on first use so that no other screen pays for it. */
export function loadPdfJs(): Promise<PdfJs> {
  loaded ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    return pdfjs;
  });
  return loaded;
}

/** Size of the byte ranges pdf.js asks for: a first page arrives in one or two of them. */
const RANGE_CHUNK = 128 * 1024;

/**
 * Opens a document's review PDF by HTTP range requests: only the bytes the visible pages need
 * are fetched, so a 150-page thesis shows its first page without downloading the whole file.
 */
export async function openPdf(documentId: number): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfJs();
  const token = currentToken();
  const task = pdfjs.getDocument({
    url: `${apiBase()}${ApiPath.documentFile}/${documentId}`,
    httpHeaders: token ? { Authorization: `Bearer ${token}` } : undefined,
    withCredentials: true,
    rangeChunkSize: RANGE_CHUNK,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
  });
  return task.promise;
}
