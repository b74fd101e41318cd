// Runs pdf.js off the main thread: opening or extracting a 300-page thesis must not stall the API.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { pageTextFromItems } from '@zikao/contract';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { SanitizeReport } from './pdf-sanitize.ts';

/** `[start, end, x, y, width, height]`: a text item's offsets in the page text and its box. */
export type ItemBox = [number, number, number, number, number, number];

export interface ExtractedPage {
  width: number;
  height: number;
  text: string;
  boxes: ItemBox[];
}

export interface PdfWorkerInput {
  op: 'inspect' | 'extract';
  file: string;
  /**
   * Extraction only: the PDF is first sanitised (pdf-sanitize.ts, issue 32 §4.7); when anything was
   * removed, the sanitised PDF is written here and its text is what is extracted.
   */
  sanitizeTo?: string;
  /** A PDF with more pages is refused before any page is read (PDF_MAX_PAGES; the queue sets it). */
  maxPages?: number;
}

/** `limit`: past the page cap, the time limit or the heap limit (adr/019). */
export type PdfWorkerOutput =
  | { ok: true; pageCount: number; pages?: ExtractedPage[]; sanitized?: SanitizeReport }
  | { ok: false; reason: 'encrypted' | 'damaged' | 'limit'; detail: string; pageCount?: number };

/** The fields of pdf.js's TextItem that extraction reads. */
interface TextItem {
  str: string;
  hasEOL: boolean;
  transform: number[];
  width: number;
  height: number;
}

// pdf.js needs its CMaps to read text in fonts a PDF does not embed (common in Chinese Word
// exports), and its standard font data for the base-14 fonts.
const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const FONT_DATA = {
  cMapUrl: `${path.join(pdfjsRoot, 'cmaps')}/`,
  cMapPacked: true,
  standardFontDataUrl: `${path.join(pdfjsRoot, 'standard_fonts')}/`,
};

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The PDF without active content, written to `target` when anything was removed; null when there
 * was nothing to remove (the file is served as it came). Throws when pdf-lib cannot read the file.
 */
async function sanitized(
  data: Uint8Array,
  target: string,
): Promise<{ bytes: Uint8Array; report: SanitizeReport } | null> {
  const { writeFile } = await import('node:fs/promises');
  const { PDFDocument } = await import('pdf-lib');
  const { removedAnything, sanitizePdf } = await import('./pdf-sanitize.ts');
  const pdf = await PDFDocument.load(data, { updateMetadata: false });
  const report = sanitizePdf(pdf);
  if (!removedAnything(report)) return null;
  const bytes = await pdf.save({ updateFieldAppearances: false });
  await writeFile(target, bytes);
  return { bytes, report };
}

async function run(input: PdfWorkerInput): Promise<PdfWorkerOutput> {
  const { readFile } = await import('node:fs/promises');
  let data: Uint8Array = new Uint8Array(await readFile(input.file));
  let report: SanitizeReport | undefined;
  if (input.op === 'extract' && input.sanitizeTo) {
    try {
      const clean = await sanitized(data, input.sanitizeTo);
      if (clean) {
        data = clean.bytes;
        report = clean.report;
      }
    } catch (error) {
      // What cannot be read cannot be checked for scripts: it is not served (fails closed). A PDF
      // with only an owner (permissions) password opens in pdf.js but not in pdf-lib.
      const encrypted = error instanceof (await import('pdf-lib')).EncryptedPDFError;
      return { ok: false, reason: encrypted ? 'encrypted' : 'damaged', detail: `pdf-lib: ${String(error)}` };
    }
  }
  let doc: pdfjs.PDFDocumentProxy;
  try {
    doc = await pdfjs.getDocument({ data, isEvalSupported: false, useSystemFonts: false, verbosity: 0, ...FONT_DATA })
      .promise;
  } catch (error) {
    const name = (error as { name?: string }).name ?? '';
    return { ok: false, reason: name === 'PasswordException' ? 'encrypted' : 'damaged', detail: String(error) };
  }
  try {
    if (input.maxPages !== undefined && doc.numPages > input.maxPages) {
      return { ok: false, reason: 'limit', detail: `${doc.numPages} pages`, pageCount: doc.numPages };
    }
    if (input.op === 'inspect') {
      // Reading the first page proves more than the header: the page tree and content resolve.
      await doc.getPage(1);
      return { ok: true, pageCount: doc.numPages };
    }
    const pages: ExtractedPage[] = [];
    for (let pageNo = 1; pageNo <= doc.numPages; pageNo++) {
      const page = await doc.getPage(pageNo);
      const content = await page.getTextContent();
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      const items = content.items.filter((item) => 'str' in item) as TextItem[];
      const text = pageTextFromItems(items);
      const boxes: ItemBox[] = [];
      let offset = 0;
      for (const item of items) {
        const [, , c, d, e, f] = item.transform as number[];
        const height = item.height || Math.hypot(c ?? 0, d ?? 0);
        if (item.str.length > 0) {
          boxes.push([
            offset,
            offset + item.str.length,
            round(e ?? 0),
            round(f ?? 0),
            round(item.width),
            round(height),
          ]);
        }
        offset += item.str.length + (item.hasEOL ? 1 : 0);
      }
      pages.push({ width: x1 - x0, height: y1 - y0, text, boxes });
      page.cleanup();
      parentPort?.postMessage({ progress: pageNo / doc.numPages });
    }
    return { ok: true, pageCount: doc.numPages, pages, ...(report ? { sanitized: report } : {}) };
  } catch (error) {
    return { ok: false, reason: 'damaged', detail: String(error) };
  } finally {
    await doc.destroy();
  }
}

if (parentPort && workerData) {
  parentPort.postMessage({ result: await run(workerData as PdfWorkerInput) });
}
