import type { PDFDocumentProxy, PDFWorker } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { currentToken } from '../shared/stores/session-store.ts';
import { BundledBinaryDataFactory } from './bundled-data-factory.ts';

export type PdfJs = typeof import('pdfjs-dist');

let loaded: Promise<PdfJs> | null = null;
let worker: PDFWorker | null = null;

/**
 * pdf.js itself, fetched on first use so that no other screen pays for it, with its worker
 * started at once: booting the worker script is the slowest step before a first page can render.
 */
export function loadPdfJs(): Promise<PdfJs> {
  loaded ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    worker ??= new pdfjs.PDFWorker();
    return pdfjs;
  });
  return loaded;
}

/** Starts loading pdf.js and its worker early (a route that will show a document was matched). */
export function warmUpPdfJs(): void {
  if (loaded) return;
  // The worker script downloads while pdf.js itself is fetched and evaluated; the worker then
  // boots from the HTTP cache.
  void fetch(workerUrl).catch(() => {});
  void loadPdfJs().catch(() => {});
}

/** Size of the byte ranges pdf.js asks for: a first page arrives in one or two of them. */
const RANGE_CHUNK = 256 * 1024;

/**
 * Opens a document's review PDF (its address from the workspace's API) by HTTP range requests: only the bytes the visible pages need
 * are fetched, so a 150-page thesis shows its first page without downloading the whole file.
 */
export async function openPdf(file: { url: string; withToken: boolean }): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfJs();
  const token = file.withToken ? currentToken() : '';
  const task = pdfjs.getDocument({
    url: file.url,
    httpHeaders: token ? { Authorization: `Bearer ${token}` } : undefined,
    withCredentials: true,
    rangeChunkSize: RANGE_CHUNK,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
    // CJK fonts a PDF does not embed need the Adobe CMaps; they come from the bundle.
    BinaryDataFactory: BundledBinaryDataFactory,
    useWorkerFetch: false,
    cMapPacked: true,
    // One worker for every document of the visit.
    worker: worker ?? undefined,
  });
  return task.promise;
}
