const PDF_HEADER = Buffer.from('%PDF-');

/**
 * Whether a file's first bytes are a PDF's: `%PDF-` at the start, after nothing but a byte-order
 * mark or white space. Readers accept the header anywhere in the first kilobyte, so a file that
 * opens as a web page (`<html><script>…`) and then carries a PDF (a polyglot) would pass for one;
 * such a file is refused instead.
 */
export function startsAsPdf(start: Buffer): boolean {
  let offset = start.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])) ? 3 : 0;
  while (offset < start.length && [0x20, 0x09, 0x0a, 0x0d, 0x0c, 0x00].includes(start[offset] as number)) offset += 1;
  return start.subarray(offset, offset + PDF_HEADER.length).equals(PDF_HEADER);
}
