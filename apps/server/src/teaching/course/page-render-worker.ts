// Renders courseware pages to PNG off the main thread: a 100-slide deck must not stall the API.
// pdf.js draws with @napi-rs/canvas (a prebuilt N-API binary, an optional dependency of
// pdfjs-dist; no node-gyp build), which it loads by itself in Node.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface RenderInput {
  /** A PDF, or a PNG/JPEG that becomes a one-page PDF first. */
  source: { file: string; type: 'pdf' | 'png' | 'jpg' };
  /** Where the PNGs go: `<outDir>/<page>.png`. */
  outDir: string;
  maxPages: number;
  /** Widest image, and tallest (a long scroll of a page is scaled down to fit). */
  maxWidth: number;
  maxHeight: number;
}

export interface RenderedPage {
  file: string;
  sha256: string;
  size: number;
  width: number;
  height: number;
}

export type RenderOutput =
  | { ok: true; pages: RenderedPage[] }
  | { ok: false; reason: 'damaged' | 'encrypted' | 'too-many-pages' | 'no-canvas'; detail: string };

/** The canvas pdf.js makes in Node (@napi-rs/canvas): it encodes itself. */
interface NodeCanvas {
  toBuffer(mime: 'image/png'): Buffer;
}

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const FONT_DATA = {
  cMapUrl: `${path.join(pdfjsRoot, 'cmaps')}/`,
  cMapPacked: true,
  standardFontDataUrl: `${path.join(pdfjsRoot, 'standard_fonts')}/`,
};

async function pdfBytes(source: RenderInput['source']): Promise<Uint8Array> {
  const bytes = new Uint8Array(await readFile(source.file));
  if (source.type === 'pdf') return bytes;
  // An image is drawn on a page of its own size; rendering it again normalises its size and
  // strips anything but pixels (metadata, trailing data).
  const pdf = await PDFDocument.create();
  const image = source.type === 'png' ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
  const page = pdf.addPage([image.width, image.height]);
  page.drawImage(image, { x: 0, y: 0, width: image.width, height: image.height });
  return pdf.save();
}

async function run(input: RenderInput): Promise<RenderOutput> {
  let data: Uint8Array;
  try {
    data = await pdfBytes(input.source);
  } catch (error) {
    return { ok: false, reason: 'damaged', detail: String(error) };
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
    if (doc.numPages > input.maxPages) {
      return { ok: false, reason: 'too-many-pages', detail: String(doc.numPages) };
    }
    const factory = (doc as unknown as { canvasFactory?: CanvasFactory }).canvasFactory;
    if (!factory) return { ok: false, reason: 'no-canvas', detail: 'pdf.js has no canvas factory here' };
    const pages: RenderedPage[] = [];
    for (let pageNo = 1; pageNo <= doc.numPages; pageNo++) {
      const page = await doc.getPage(pageNo);
      const base = page.getViewport({ scale: 1 });
      const scale = Math.min(input.maxWidth / base.width, input.maxHeight / base.height);
      const viewport = page.getViewport({ scale });
      const width = Math.max(1, Math.round(viewport.width));
      const height = Math.max(1, Math.round(viewport.height));
      let made: { canvas: NodeCanvas; context: unknown };
      try {
        made = factory.create(width, height);
      } catch (error) {
        return { ok: false, reason: 'no-canvas', detail: String(error) };
      }
      await page.render({ canvasContext: made.context, viewport, canvas: made.canvas } as unknown as Parameters<
        typeof page.render
      >[0]).promise;
      const png = made.canvas.toBuffer('image/png');
      const file = path.join(input.outDir, `${pageNo}.png`);
      await writeFile(file, png);
      pages.push({ file, sha256: createHash('sha256').update(png).digest('hex'), size: png.length, width, height });
      page.cleanup();
      parentPort?.postMessage({ progress: pageNo / doc.numPages });
    }
    return { ok: true, pages };
  } catch (error) {
    return { ok: false, reason: 'damaged', detail: String(error) };
  } finally {
    await doc.destroy();
  }
}

interface CanvasFactory {
  create(width: number, height: number): { canvas: NodeCanvas; context: unknown };
}

if (parentPort && workerData) {
  const result = await run(workerData as RenderInput);
  parentPort.postMessage({ result });
}
