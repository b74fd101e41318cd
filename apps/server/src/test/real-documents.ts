import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * A public LuaTeX-typeset thesis template (16 pages: a cover, a 装订线 binding margin, a running
 * header and footer, formulas with math italic letters), kept in test-data/real-documents with its
 * source and license, as the signing vectors are (test-data/README.md).
 */
export const TONGJI_THESIS = fileURLToPath(
  new URL('../../../../test-data/real-documents/tongji-undergraduate-thesis-template.pdf', import.meta.url),
);

export function tongjiThesis(): Buffer {
  return readFileSync(TONGJI_THESIS);
}

/** One page's text as poppler's `pdftotext -raw` reads it (content order), a reference reader's. */
export function popplerText(file: string, page: number): string {
  return execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-raw', '-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
  });
}
