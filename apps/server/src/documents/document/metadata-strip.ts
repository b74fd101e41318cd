import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import { PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import type { FileStorage } from '../../shared/storage/storage.ts';
import { dropUnreachable } from './pdf-reachable.ts';
import { sanitizePdf } from './pdf-sanitize.ts';

/**
 * Entries that carry who made a file rather than what it shows: the XMP packet (`/Metadata`, on
 * the catalog, pages or images), an application's private data (`/PieceInfo`) and the
 * outputs of a word processor's "document properties".
 */
const PRIVATE_KEYS = ['Metadata', 'PieceInfo'].map((key) => PDFName.of(key));

/**
 * Removes the document information dictionary (Author, Title, Subject, Keywords, Creator…), every
 * XMP packet and private application data from a loaded PDF, and every object no page reaches,
 * so that nothing of them is written when it is saved (issue 19 §1: blind review). A DOCX's core
 * properties reach its converted PDF through exactly these places.
 */
export function stripPdfMetadata(pdf: PDFDocument): void {
  const { context } = pdf;
  context.trailerInfo.Info = undefined;
  context.trailerInfo.ID = undefined;
  for (const [, object] of context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null;
    if (!dict) continue;
    for (const key of PRIVATE_KEYS) dict.delete(key);
  }
  dropUnreachable(pdf, [context.trailerInfo.Root]);
}

/** The bytes of a PDF without its metadata (see stripPdfMetadata); the same bytes for the same input. */
export async function pdfWithoutMetadata(source: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(source, { updateMetadata: false, ignoreEncryption: false });
  // Documents prepared before their PDF was sanitised (issue 32 §4.7) are sanitised in this copy too.
  sanitizePdf(pdf);
  stripPdfMetadata(pdf);
  return pdf.save({ updateFieldAppearances: false });
}

/** Bumped when the stripping changes, so copies made by an older rule are made again. */
const CLEAN_COPY_VERSION = 'metadata-strip-v2-sanitized';

/**
 * Copies of stored PDFs without metadata, made once per PDF and kept in the store under a key
 * derived from the source's hash (so every instance and every restart finds the same copy), for
 * viewers who must not learn who wrote the file: a reviewer under blind review, an outside
 * expert. Ranges are served from the copy, which never changes under its key.
 */
export class CleanPdfCopies {
  private readonly storage: FileStorage;
  private readonly making = new Map<string, Promise<{ sha256: string; size: number }>>();

  constructor(storage: FileStorage) {
    this.storage = storage;
  }

  /** The key of the clean copy of the stored PDF `sha256`. */
  static keyOf(sha256: string): string {
    return createHash('sha256').update(`${CLEAN_COPY_VERSION}:${sha256}`).digest('hex');
  }

  /** The clean copy's key and size, made now if it is not in the store yet. */
  copyOf(sha256: string): Promise<{ sha256: string; size: number }> {
    const key = CleanPdfCopies.keyOf(sha256);
    let pending = this.making.get(key);
    if (!pending) {
      pending = this.make(sha256, key).finally(() => this.making.delete(key));
      this.making.set(key, pending);
    }
    return pending;
  }

  private async make(source: string, key: string): Promise<{ sha256: string; size: number }> {
    if (await this.storage.exists(key)) return { sha256: key, size: await this.storage.size(key) };
    const bytes = await pdfWithoutMetadata(await buffer(await this.storage.read(source)));
    const temp = this.storage.tempPath();
    await writeFile(temp, bytes);
    await this.storage.putTempFile(temp, key);
    return { sha256: key, size: bytes.byteLength };
  }
}
