import { Worker } from 'node:worker_threads';
import type { PdfWorkerInput, PdfWorkerOutput } from './pdf-worker.ts';

const workerUrl = new URL('./pdf-worker.ts', import.meta.url);

/** The caps of every pdf.js job (issue 19 §5, adr/019). */
export interface PdfJobLimits {
  /** A PDF with more pages is refused (PDF_MAX_PAGES). */
  maxPages: number;
  /** A job that runs longer is stopped (its worker terminated). */
  timeoutMs: number;
  /** The worker's V8 heap; a job that needs more is stopped. */
  memoryMb: number;
}

interface Job {
  input: PdfWorkerInput;
  onProgress: ((fraction: number) => void) | undefined;
  resolve(output: PdfWorkerOutput): void;
  reject(error: unknown): void;
}

/**
 * Runs pdf.js jobs in worker threads, `concurrency` at a time, each with a page cap, a time
 * limit and a heap limit. The same shape as the LibreOffice ConversionQueue: jobs wait in order,
 * and a restart's resumed documents wait here too instead of all starting at once.
 */
export class ExtractionQueue {
  private concurrency: number;
  private limits: PdfJobLimits;
  private readonly waiting: Job[] = [];
  private running = 0;

  constructor(options: { concurrency: number } & PdfJobLimits) {
    this.concurrency = options.concurrency;
    this.limits = { maxPages: options.maxPages, timeoutMs: options.timeoutMs, memoryMb: options.memoryMb };
  }

  /** Jobs waiting and running. */
  jobCounts(): { waiting: number; active: number } {
    return { waiting: this.waiting.length, active: this.running };
  }

  /** Most jobs that have ever run at once: for tests of the bound. */
  peak = 0;

  get maxPages(): number {
    return this.limits.maxPages;
  }

  setConcurrency(concurrency: number): void {
    this.concurrency = concurrency;
    this.next();
  }

  /** Changes the caps of jobs that start from now on. */
  configure(limits: Partial<PdfJobLimits>): void {
    this.limits = { ...this.limits, ...limits };
  }

  run(input: PdfWorkerInput, onProgress?: (fraction: number) => void): Promise<PdfWorkerOutput> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, onProgress, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift() as Job;
      this.running += 1;
      this.peak = Math.max(this.peak, this.running);
      runWorker(job.input, this.limits, job.onProgress)
        .then(job.resolve, job.reject)
        .finally(() => {
          this.running -= 1;
          this.next();
        });
    }
  }
}

/** One pdf.js job in its own worker thread, stopped at the time or heap limit. */
function runWorker(
  input: PdfWorkerInput,
  limits: PdfJobLimits,
  onProgress?: (fraction: number) => void,
): Promise<PdfWorkerOutput> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, {
      workerData: { ...input, maxPages: limits.maxPages },
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const settle = (output: PdfWorkerOutput | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (output instanceof Error) reject(output);
      else resolve(output);
      void worker.terminate();
    };
    const timer = setTimeout(
      () => settle({ ok: false, reason: 'limit', detail: `timed out after ${limits.timeoutMs} ms` }),
      limits.timeoutMs,
    );
    worker.on('message', (message: { progress?: number; result?: PdfWorkerOutput }) => {
      if (message.progress !== undefined) onProgress?.(message.progress);
      if (message.result) settle(message.result);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        settle({ ok: false, reason: 'limit', detail: `ran out of its ${limits.memoryMb} MB heap` });
      } else {
        settle(error);
      }
    });
    worker.on('exit', (code) => settle(new Error(`pdf worker exited with ${code}`)));
  });
}
