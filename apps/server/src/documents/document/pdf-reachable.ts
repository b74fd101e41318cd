import { PDFArray, PDFDict, type PDFDocument, PDFRef, PDFStream } from 'pdf-lib';

/** Every object reachable from `roots`. */
function reachable(pdf: PDFDocument, roots: readonly unknown[]): Set<string> {
  const seen = new Set<string>();
  const pending: unknown[] = [...roots];
  while (pending.length > 0) {
    const value = pending.pop();
    if (value instanceof PDFRef) {
      const key = value.toString();
      if (seen.has(key)) continue;
      seen.add(key);
      pending.push(pdf.context.lookup(value));
    } else if (value instanceof PDFDict) {
      for (const [, entry] of value.entries()) pending.push(entry);
    } else if (value instanceof PDFStream) {
      for (const [, entry] of value.dict.entries()) pending.push(entry);
    } else if (value instanceof PDFArray) {
      for (let i = 0; i < value.size(); i++) pending.push(value.get(i));
    }
  }
  return seen;
}

/**
 * Deletes every object that `roots` (the catalog, and the Info dictionary where it is kept) do not
 * reach, so that nothing left over (an old Info, an XMP packet, a removed script or embedded file,
 * the object streams they were read from) is written when the PDF is saved.
 */
export function dropUnreachable(pdf: PDFDocument, roots: readonly unknown[]): void {
  const keep = reachable(pdf, roots);
  for (const [ref] of pdf.context.enumerateIndirectObjects()) {
    if (!keep.has(ref.toString())) pdf.context.delete(ref);
  }
}
