// Runs pdf.js off the main thread: opening or extracting a 300-page thesis must not stall the API.
import { parentPort, workerData } from 'node:worker_threads';
import { pageTextFromItems, type TextLayerItem } from '@zikao/contract';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfWorkerInput {
  op: 'inspect' | 'extract';
  file: string;
}

export type PdfWorkerOutput =
  | { ok: true; pageCount: number; pages?: Array<{ width: number; height: number; text: string }> }
  | { ok: false; reason: 'encrypted' | 'damaged'; detail: string };

async function run(input: PdfWorkerInput): Promise<PdfWorkerOutput> {
  const { readFile } = await import('node:fs/promises');
  const data = new Uint8Array(await readFile(input.file));
  let doc: pdfjs.PDFDocumentProxy;
  try {
    doc = await pdfjs.getDocument({ data, isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  } catch (error) {
    const name = (error as { name?: string }).name ?? '';
    return { ok: false, reason: name === 'PasswordException' ? 'encrypted' : 'damaged', detail: String(error) };
  }
  try {
    if (input.op === 'inspect') {
      // Reading the first page proves more than the header: the page tree and content resolve.
      await doc.getPage(1);
      return { ok: true, pageCount: doc.numPages };
    }
    const pages: Array<{ width: number; height: number; text: string }> = [];
    for (let pageNo = 1; pageNo <= doc.numPages; pageNo++) {
      const page = await doc.getPage(pageNo);
      const content = await page.getTextContent();
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      const items = content.items.filter((item): item is TextLayerItem & typeof item => 'str' in item);
      pages.push({ width: x1 - x0, height: y1 - y0, text: pageTextFromItems(items) });
      page.cleanup();
      parentPort?.postMessage({ progress: pageNo / doc.numPages });
    }
    return { ok: true, pageCount: doc.numPages, pages };
  } catch (error) {
    return { ok: false, reason: 'damaged', detail: String(error) };
  } finally {
    await doc.destroy();
  }
}

if (parentPort && workerData) {
  parentPort.postMessage({ result: await run(workerData as PdfWorkerInput) });
}
