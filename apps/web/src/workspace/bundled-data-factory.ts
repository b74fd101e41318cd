/**
 * pdf.js's BinaryDataFactory, answering from the files Vite bundled (see pdf-assets.ts) rather
 * than from URL prefixes, so no copy step or server route is needed. The table loads on first use.
 */
export class BundledBinaryDataFactory {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const { PDF_ASSETS } = await import('./pdf-assets.ts');
    const table = PDF_ASSETS[kind as keyof typeof PDF_ASSETS];
    const url = table?.get(filename);
    if (!url) throw new Error(`pdf.js data ${kind}/${filename} is not bundled`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`pdf.js data ${filename}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}
