// The data pdf.js fetches on demand: Adobe CMaps (for CJK fonts a PDF does not embed), the
// standard 14 fonts, and the decoders of JPEG 2000 and JBIG2 images. Vite emits each file as an
// asset; this table maps pdf.js's file names to their hashed URLs.
const cmaps = import.meta.glob('../../../../../node_modules/pdfjs-dist/cmaps/*.bcmap', {
  query: '?url',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const fonts = import.meta.glob('../../../../../node_modules/pdfjs-dist/standard_fonts/*.{pfb,ttf}', {
  query: '?url',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const wasm = import.meta.glob('../../../../../node_modules/pdfjs-dist/wasm/*.{wasm,js}', {
  query: '?url',
  import: 'default',
  eager: true,
}) as Record<string, string>;

function byFileName(table: Record<string, string>): Map<string, string> {
  return new Map(Object.entries(table).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]));
}

export const PDF_ASSETS = {
  cMapUrl: byFileName(cmaps),
  standardFontDataUrl: byFileName(fonts),
  wasmUrl: byFileName(wasm),
} as const;
