import { Worker } from 'node:worker_threads';
import type { PdfWorkerInput, PdfWorkerOutput } from './pdf-worker.ts';

const workerUrl = new URL('./pdf-worker.ts', import.meta.url);

/** Runs one pdf.js job in a worker thread; `onProgress` gets 0–1 while pages are extracted. */
export function runPdfWorker(input: PdfWorkerInput, onProgress?: (fraction: number) => void): Promise<PdfWorkerOutput> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, { workerData: input });
    let settled = false;
    worker.on('message', (message: { progress?: number; result?: PdfWorkerOutput }) => {
      if (message.progress !== undefined) onProgress?.(message.progress);
      if (message.result) {
        settled = true;
        resolve(message.result);
        void worker.terminate();
      }
    });
    worker.on('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`pdf worker exited with ${code}`));
    });
  });
}
