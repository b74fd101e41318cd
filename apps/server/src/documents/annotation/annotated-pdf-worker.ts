// Builds the annotated PDF off the main thread (issue 32 §4.3): anchoring, drawing and saving
// thousands of marks took 11 s of one core, and /v1/health waited behind it.
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import type { AnnotationDto } from '@zikao/contract';
import type { AnnotatedPdfVariant } from '@zikao/contract/endpoints/documents';
import type { ItemBox } from '../document/pdf-worker.ts';
import { type AnnotatedPdfStage, buildAnnotatedPdf } from './annotated-pdf.ts';

/** A stored page as the repository reads it: its item boxes still JSON, parsed here, not on the main thread. */
export interface StoredPage {
  width: number;
  height: number;
  text: string;
  geometry_json: string;
}

export interface AnnotatedPdfJob {
  /** The review PDF on local disk (the caller releases it when the job ends). */
  file: string;
  pages: StoredPage[];
  annotations: AnnotationDto[];
  title: string;
  variant: AnnotatedPdfVariant;
}

export type AnnotatedPdfOutput = { ok: true; bytes: Uint8Array } | { ok: false; detail: string };

async function run(job: AnnotatedPdfJob): Promise<AnnotatedPdfOutput> {
  try {
    const source = new Uint8Array(await readFile(job.file));
    const pages = job.pages.map((page) => ({
      width: page.width,
      height: page.height,
      text: page.text,
      boxes: JSON.parse(page.geometry_json) as ItemBox[],
    }));
    const onStage = (stage: AnnotatedPdfStage) => parentPort?.postMessage({ stage });
    return {
      ok: true,
      bytes: await buildAnnotatedPdf(source, pages, job.annotations, job.title, job.variant, onStage),
    };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

if (parentPort && workerData) {
  const result = await run(workerData as AnnotatedPdfJob);
  // The bytes move to the main thread without a copy.
  parentPort.postMessage({ result }, result.ok ? [result.bytes.buffer as ArrayBuffer] : []);
}
