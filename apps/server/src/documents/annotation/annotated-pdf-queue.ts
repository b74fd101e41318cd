import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import { tooManyRequests } from '../../shared/errors.ts';
import type { AnnotatedPdfStage } from './annotated-pdf.ts';
import type { AnnotatedPdfJob, AnnotatedPdfOutput } from './annotated-pdf-worker.ts';

const workerUrl = new URL('./annotated-pdf-worker.ts', import.meta.url);

/** The bounds of annotated-PDF builds (issue 32 §4.3, adr/022). */
export interface AnnotatedPdfLimits {
  /** Builds that run at once, each in its own worker thread. */
  concurrency: number;
  /** Builds that may wait for one; a request past them is refused at once (1050001). */
  maxWaiting: number;
  /** A build that runs longer is stopped (its worker terminated). */
  timeoutMs: number;
  /** The worker's V8 heap; a build that needs more is stopped. */
  memoryMb: number;
}

interface Waiting {
  job: AnnotatedPdfJob;
  resolve(bytes: Uint8Array): void;
  reject(error: unknown): void;
}

export const ANNOTATED_PDF_BUSY = '批注版 PDF 生成任务较多，服务器繁忙，请稍后再试';

/**
 * Builds annotated PDFs in worker threads, `concurrency` at a time, at most `maxWaiting` waiting,
 * each within a time and a heap limit: the shape of the pdf.js ExtractionQueue (adr/019), with a
 * bound on the waiting line, since every waiting request holds a connection open. Emits `queued`,
 * `started` and `finished` as builds arrive, begin and end, and `stage` as a build moves on (tests
 * wait for them).
 */
export class AnnotatedPdfQueue extends EventEmitter {
  private readonly limits: AnnotatedPdfLimits;
  private readonly waiting: Waiting[] = [];
  private running = 0;

  constructor(limits: AnnotatedPdfLimits) {
    super();
    this.limits = limits;
  }

  /** Builds waiting and running. */
  jobCounts(): { waiting: number; active: number } {
    return { waiting: this.waiting.length, active: this.running };
  }

  /** The annotated PDF's bytes; refused with 1050001 when the line is full. */
  build(job: AnnotatedPdfJob): Promise<Uint8Array> {
    if (this.running >= this.limits.concurrency && this.waiting.length >= this.limits.maxWaiting) {
      return Promise.reject(tooManyRequests(ANNOTATED_PDF_BUSY));
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, resolve, reject });
      this.emit('queued', this.jobCounts());
      this.next();
    });
  }

  /** Resolves once no build is running or waiting (shutdown). */
  async drain(): Promise<void> {
    while (this.running > 0 || this.waiting.length > 0) {
      await new Promise((resolve) => this.once('finished', resolve));
    }
  }

  private next(): void {
    while (this.running < this.limits.concurrency && this.waiting.length > 0) {
      const item = this.waiting.shift() as Waiting;
      this.running += 1;
      this.emit('started', this.jobCounts());
      runWorker(item.job, this.limits, (stage) => this.emit('stage', stage))
        .then(item.resolve, item.reject)
        .finally(() => {
          this.running -= 1;
          this.emit('finished', this.jobCounts());
          this.next();
        });
    }
  }
}

/** One build in its own worker thread, stopped at the time or heap limit. */
function runWorker(
  job: AnnotatedPdfJob,
  limits: AnnotatedPdfLimits,
  onStage: (stage: AnnotatedPdfStage) => void,
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const settle = (outcome: Uint8Array | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
      void worker.terminate();
    };
    const tooHeavy = () =>
      tooManyRequests(
        `批注版 PDF 生成超出了服务器的限定（${limits.timeoutMs / 1000} 秒、${limits.memoryMb} MB），请稍后再试或联系管理员`,
      );
    const timer = setTimeout(() => settle(tooHeavy()), limits.timeoutMs);
    worker.on('message', (message: { stage?: AnnotatedPdfStage; result?: AnnotatedPdfOutput }) => {
      if (message.stage) onStage(message.stage);
      const result = message.result;
      if (!result) return;
      settle(result.ok ? result.bytes : new Error(`annotated pdf failed: ${result.detail}`));
    });
    worker.on('error', (error: Error & { code?: string }) => {
      settle(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooHeavy() : error);
    });
    worker.on('exit', (code) => settle(new Error(`annotated pdf worker exited with ${code}`)));
  });
}
