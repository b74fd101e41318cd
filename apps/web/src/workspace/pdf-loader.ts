import type { PDFDocumentProxy, PDFWorker } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { currentToken } from '../shared/stores/session-store.ts';
import { BundledBinaryDataFactory } from './bundled-data-factory.ts';
import { fromTail, PDF_CHUNK, type PdfEnds, type PdfFile, readChunk, readPdfEnds } from './pdf-ranges.ts';

export type PdfJs = typeof import('pdfjs-dist');

let loaded: Promise<PdfJs> | null = null;
let started: Promise<Worker | null> | null = null;
let worker: Promise<PDFWorker | null> | null = null;

/**
 * The pdf.js worker, started on its own: it downloads and boots while pdf.js itself (the main
 * thread's half) is fetched and evaluated, instead of after it. Resolves once the worker has
 * spoken (its "ready"), or with null when it could not start, and pdf.js then makes its own.
 */
function startWorker(): Promise<Worker | null> {
  started ??= new Promise((resolve) => {
    let port: Worker;
    try {
      port = new Worker(workerUrl, { type: 'module' });
    } catch {
      resolve(null);
      return;
    }
    const settle = (spoke: boolean) => {
      port.removeEventListener('message', onMessage);
      port.removeEventListener('error', onError);
      if (!spoke) port.terminate();
      resolve(spoke ? port : null);
    };
    const onMessage = () => settle(true);
    const onError = () => settle(false);
    port.addEventListener('message', onMessage);
    port.addEventListener('error', onError);
  });
  return started;
}

/**
 * pdf.js itself, fetched on first use so that no other screen pays for it, with its worker
 * started at once: booting the worker script is the slowest step before a first page can render.
 */
export function loadPdfJs(): Promise<PdfJs> {
  void startWorker();
  loaded ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    return pdfjs;
  });
  return loaded;
}

/** One worker for every document of the visit. */
function pdfWorker(pdfjs: PdfJs): Promise<PDFWorker | null> {
  worker ??= startWorker().then((port) => (port ? pdfjs.PDFWorker.create({ port }) : null));
  return worker;
}

/** Starts loading pdf.js and its worker early (a route that will show a document was matched). */
export function warmUpPdfJs(): void {
  void loadPdfJs().catch(() => {});
}

const bearer = () => currentToken();

/**
 * Starts reading both ends of a document's review PDF (its address from the workspace's API):
 * the bytes a first page needs, asked for before pdf.js is there to ask.
 */
export function readPdfStart(file: PdfFile): Promise<PdfEnds> {
  return readPdfEnds(fetch, file, bearer);
}

/** Ranges that fail for a passing reason (the network, a restart) are asked for again. */
const RANGE_ATTEMPTS = 3;

/**
 * Opens a review PDF by HTTP range requests: only the bytes the visible pages need are fetched,
 * so a 150-page thesis shows its first page without downloading the whole file. `ends` is the
 * start of the read (`readPdfStart`), begun as early as the document was known.
 */
export async function openPdf(file: PdfFile, ends: Promise<PdfEnds> = readPdfStart(file)): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfJs();
  const [start, sharedWorker] = await Promise.all([ends, pdfWorker(pdfjs)]);
  const common = {
    rangeChunkSize: PDF_CHUNK,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
    // CJK fonts a PDF does not embed need the Adobe CMaps; they come from the bundle.
    BinaryDataFactory: BundledBinaryDataFactory,
    useWorkerFetch: false,
    cMapPacked: true,
    worker: sharedWorker ?? undefined,
  };
  // A small file came whole with its two ends.
  if (start.head.length === start.length) return pdfjs.getDocument({ ...common, data: start.head }).promise;

  const aborted = new AbortController();
  class RangeTransport extends pdfjs.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number): void {
      const held = fromTail(start.tail, begin, end);
      if (held) {
        // pdf.js takes the answer once its reader for the range is set up, after this call.
        queueMicrotask(() => this.onDataRange(begin, held.slice()));
        return;
      }
      void this.read(begin, end, 1);
    }

    private async read(begin: number, end: number, attempt: number): Promise<void> {
      try {
        // A chunk of the file the ends came from; a second try goes past the browser's cache.
        const chunk = { begin, end, etag: start.etag };
        const cache = attempt > 1 ? 'reload' : undefined;
        const bytes = await readChunk(fetch, file, bearer, chunk, aborted.signal, cache);
        if (aborted.signal.aborted) return;
        this.onDataRange(begin, bytes);
      } catch {
        if (aborted.signal.aborted) return;
        // pdf.js has no way to hear that a range failed: the document is closed instead, and
        // its pages waiting for the bytes show that they failed, rather than loading for ever.
        if (attempt >= RANGE_ATTEMPTS) {
          void task.destroy();
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
        void this.read(begin, end, attempt + 1);
      }
    }

    override abort(): void {
      aborted.abort();
    }
  }
  const task = pdfjs.getDocument({ ...common, range: new RangeTransport(start.length, start.head) });
  return task.promise;
}
