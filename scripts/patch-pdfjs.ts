// Runs after `npm install` / `npm ci` (the root's postinstall): mends one line of pdf.js in every
// installed copy, so that the server's extraction and the browser's text layer read a Type 1
// font's astral glyph names (u1D715 → 𝜕) alike. See docs/adr/026-real-thesis-text.md.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The builds that parse fonts: the browser's worker (minified) and Node's legacy build, each in both forms. */
const WORKER_BUILDS = [
  'build/pdf.worker.mjs',
  'build/pdf.worker.min.mjs',
  'legacy/build/pdf.worker.mjs',
  'legacy/build/pdf.worker.min.mjs',
];

const FUNCTION = 'function adjustType1ToUnicode(';

/**
 * pdf.js (5.6 to at least 6.5) maps a Type 1 font's built-in glyph names to Unicode with
 * `String.fromCharCode`, which keeps the low 16 bits of a name such as `u1D715`: 𝜕 reads as the
 * Hangul syllable 휕. `String.fromCodePoint` is the same for every BMP value and right for the rest.
 * Returns the source mended, or null when there is nothing to mend; throws when pdf.js changed shape.
 */
export function mendAdjustType1ToUnicode(source: string, file: string): string | null {
  const start = source.indexOf(FUNCTION);
  if (start === -1)
    throw new Error(`${file}: ${FUNCTION} not found; pdf.js changed, see docs/adr/026-real-thesis-text.md`);
  const end = functionEnd(source, start);
  const body = source.slice(start, end);
  if (!body.includes('String.fromCharCode(')) {
    if (body.includes('String.fromCodePoint(')) return null;
    throw new Error(
      `${file}: adjustType1ToUnicode builds no strings; pdf.js changed, see docs/adr/026-real-thesis-text.md`,
    );
  }
  return source.slice(0, start) + body.replaceAll('String.fromCharCode(', 'String.fromCodePoint(') + source.slice(end);
}

/** The offset just past the closing brace of the function starting at `start` (its body holds no braces in strings). */
function functionEnd(source: string, start: number): number {
  let depth = 0;
  for (let i = source.indexOf('{', start); i < source.length; i++) {
    const char = source[i];
    if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return i + 1;
  }
  throw new Error('adjustType1ToUnicode has no end');
}

/** Every installed copy of pdfjs-dist: the hoisted one and any a workspace keeps for itself. */
function installedCopies(): string[] {
  const found = [path.join(root, 'node_modules/pdfjs-dist')];
  for (const group of ['apps', 'packages']) {
    const dir = path.join(root, group);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) found.push(path.join(dir, name, 'node_modules/pdfjs-dist'));
  }
  for (const name of ['e2e', 'bench']) found.push(path.join(root, name, 'node_modules/pdfjs-dist'));
  return found.filter((dir) => existsSync(path.join(dir, 'package.json')));
}

if (import.meta.main) {
  for (const copy of installedCopies()) {
    for (const build of WORKER_BUILDS) {
      const file = path.join(copy, build);
      if (!existsSync(file)) continue;
      const mended = mendAdjustType1ToUnicode(readFileSync(file, 'utf8'), file);
      if (mended === null) continue;
      writeFileSync(file, mended);
      console.log(`patch-pdfjs: ${path.relative(root, file)}: Type 1 glyph names read as full code points`);
    }
  }
}
