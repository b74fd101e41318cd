import { ExtractionQueue, type PdfJobLimits } from './extraction-queue.ts';
import type { PdfWorkerInput, PdfWorkerOutput } from './pdf-worker.ts';

/** The defaults of config.ts: PDF_MAX_PAGES, PDF_EXTRACT_TIMEOUT_S, PDF_EXTRACT_MEMORY_MB, PDF_EXTRACT_CONCURRENCY. */
const DEFAULT_LIMITS: PdfJobLimits = { maxPages: 2000, timeoutMs: 120_000, memoryMb: 512 };

/**
 * Two bounded lanes (adr/019): uploads' inspections (the first page, while the uploader waits)
 * never queue behind long text extractions, and extractions (every page, in the background,
 * resumed ones included) run a few at a time.
 */
const inspections = new ExtractionQueue({ concurrency: 4, ...DEFAULT_LIMITS, timeoutMs: 30_000 });
export const extractions = new ExtractionQueue({ concurrency: 2, ...DEFAULT_LIMITS });

/** Applies the configured caps (app start-up). */
export function configurePdfJobs(options: PdfJobLimits & { concurrency: number }): void {
  inspections.configure({ maxPages: options.maxPages, memoryMb: options.memoryMb });
  extractions.configure({ maxPages: options.maxPages, timeoutMs: options.timeoutMs, memoryMb: options.memoryMb });
  extractions.setConcurrency(options.concurrency);
}

/** The page cap in force (PDF_MAX_PAGES). */
export function pdfMaxPages(): number {
  return extractions.maxPages;
}

/**
 * Runs one pdf.js job through its lane; `onProgress` gets 0–1 while pages are extracted. A PDF
 * past the page cap, the time limit or the heap limit answers `{ ok: false, reason: 'limit' }`.
 */
export function runPdfWorker(input: PdfWorkerInput, onProgress?: (fraction: number) => void): Promise<PdfWorkerOutput> {
  return (input.op === 'inspect' ? inspections : extractions).run(input, onProgress);
}

/** What the user is told when a PDF is past a cap; undefined for any other outcome. */
export function pdfLimitMessage(output: PdfWorkerOutput): string | undefined {
  if (output.ok || output.reason !== 'limit') return undefined;
  if (output.pageCount !== undefined) {
    return `PDF 共 ${output.pageCount} 页，超过 ${pdfMaxPages()} 页的上限，请精简后重新上传`;
  }
  return 'PDF 文件过于复杂，无法在限定的时间和内存内处理，请重新导出后上传';
}
