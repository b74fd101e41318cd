import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { anchor, DocumentText, describeTextRange } from '@zikao/anchoring';
import type { DocumentText as DocumentTextDto } from '@zikao/contract';
import { buildDocument } from '../../test/factories.ts';
import {
  MATH_THESIS_ACROSS,
  MATH_THESIS_FORMULA,
  MATH_THESIS_HEADER,
  mathThesisPdf,
} from '../../test/math-thesis-pdf.ts';
import { popplerText, TONGJI_THESIS, tongjiThesis } from '../../test/real-documents.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Mathematical Alphanumeric Symbols (𝜕, 𝑢, …): astral, U+1D400–U+1D7FF. */
const MATH_LETTERS = /[\u{1D400}-\u{1D7FF}]/gu;
const HANGUL = /[\uAC00-\uD7AF]/u;
const squeeze = (text: string) => text.replace(/\s+/g, '');

async function uploadAndRead(app: TestApp, token: string, pdf: Buffer, name: string): Promise<string[]> {
  const documentId = await buildDocument(app, token, pdf, name);
  const response = await app.post<DocumentTextDto>('/api/v1/document/text', { documentId }, { token });
  assert.equal(response.body.errorCode, 0, response.body.errorMsg);
  return response.body.data.pages.map((page) => page.text);
}

describe('the text of a real thesis PDF that no one here made (test-data/real-documents)', () => {
  let app: TestApp;
  let pages: string[];
  let doc: DocumentText;

  before(async () => {
    app = await createTestApp();
    const token = await app.login('13800000003');
    pages = await uploadAndRead(app, token, tongjiThesis(), 'tongji.pdf');
    doc = new DocumentText(pages);
  });
  after(() => app.close());

  it('leaves the binding margin, the header and the footer out of the author’s text', () => {
    assert.equal(pages.length, 16);
    const body = doc.body.doc.pages;
    for (let p = 1; p < 16; p++) {
      const raw = pages[p] as string;
      // The raw page holds the furniture (so this test can fail): a `|` a line, with 装 订 线. On
      // page 10 pdf.js runs the header together with a figure's label: 毕业设计（论文）A.
      assert.match(raw, /^(?:\|\n)+装\n(?:\|\n)+订\n(?:\|\n)+线\n(?:\|\n)+毕业设计（论文）/, `page ${p + 1}`);
      const text = body[p] as string;
      assert.ok(!text.includes('毕业设计（论文）'), `page ${p + 1}: ${text.slice(0, 60)}`);
      assert.ok(!/[|装订线]{2}/.test(text.slice(0, 8)), `page ${p + 1} starts with the margin: ${text.slice(0, 60)}`);
      assert.ok(!/共\s*12\s*页/.test(text), `page ${p + 1} keeps the footer: ${text.slice(-40)}`);
    }
  });

  it('reads page 5 as poppler does, less the furniture', () => {
    // pdftotext's lines, furniture taken out by hand: the README's description of it.
    const furniture = /^(?:\||装|订|线|毕业设计（论文）|共 12 页 第 \d+ 页)$/;
    const expected = popplerText(TONGJI_THESIS, 5)
      .split('\n')
      .filter((line) => !furniture.test(line.trim()))
      .join('');
    assert.equal(squeeze(doc.body.doc.pages[4] as string), squeeze(expected));
  });

  it('reads page 7’s formulas as the author wrote them: 𝜕 and 𝑢, the math italic letters poppler reads', () => {
    const page7 = pages[6] as string;
    const ours = page7.match(MATH_LETTERS) ?? [];
    const poppler = popplerText(TONGJI_THESIS, 7).match(MATH_LETTERS) ?? [];
    assert.ok(poppler.length > 50, `poppler reads ${poppler.length} math letters`);
    assert.deepEqual(ours, poppler);
    assert.ok(squeeze(page7).includes('𝜕2𝑢'), page7.slice(0, 400));
    for (const [p, text] of pages.entries()) assert.ok(!HANGUL.test(text), `Hangul on page ${p + 1}`);
  });
});

describe('a thesis PDF made here with the same traits (test/math-thesis-pdf.ts)', () => {
  let app: TestApp;
  let pdf: Buffer;
  let pages: string[];
  let doc: DocumentText;
  let dir: string;

  before(async () => {
    app = await createTestApp();
    const token = await app.login('13800000003');
    pdf = await mathThesisPdf();
    pages = await uploadAndRead(app, token, pdf, 'math-thesis.pdf');
    doc = new DocumentText(pages);
    dir = mkdtempSync(path.join(tmpdir(), 'zikao-math-thesis-'));
    writeFileSync(path.join(dir, 'thesis.pdf'), pdf);
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
    await app.close();
  });

  it('is read by poppler as written: astral math letters, a Hangul syllable, the margin', () => {
    const page2 = popplerText(path.join(dir, 'thesis.pdf'), 2);
    assert.ok(squeeze(page2).includes(squeeze(MATH_THESIS_FORMULA)), page2);
    assert.ok(popplerText(path.join(dir, 'thesis.pdf'), 5).includes('휕'));
    assert.match(page2, /^\|\n(?:\|\n)+装\n/);
  });

  it('reads the math italic letters as the author wrote them, and Hangul as Hangul', () => {
    assert.equal(pages.length, 5);
    assert.ok(squeeze(pages[1] as string).includes(squeeze(MATH_THESIS_FORMULA)), pages[1]);
    assert.ok(!HANGUL.test(pages[1] as string), pages[1]);
    // U+D715 named uniD715 stays U+D715: the fix reads names, it does not map Hangul to math.
    assert.ok((pages[4] as string).includes('휕'), pages[4]);
    assert.ok(!(pages[4] as string).includes('𝜕'), pages[4]);
  });

  it('leaves its margin, header and footer out of the author’s text, also across a page break', () => {
    const body = doc.body.doc;
    for (const [p, text] of body.pages.entries()) {
      assert.ok(!text.includes(MATH_THESIS_HEADER), `page ${p + 1}: ${text}`);
      assert.ok(!/[|装订线]/.test(text), `page ${p + 1}: ${text}`);
      assert.ok(!/共\s*5\s*页/.test(text), `page ${p + 1}: ${text}`);
    }
    assert.ok(body.text.includes(MATH_THESIS_ACROSS), body.text);
  });

  it('anchors the sentence across the page break on its words on both pages, not on the margin', () => {
    const at = doc.body.doc.text.indexOf(MATH_THESIS_ACROSS);
    const [start, end] = doc.body.toRawRange(at, at + MATH_THESIS_ACROSS.length);
    const found = anchor(doc, describeTextRange(doc, start, end));
    assert.equal(found?.kind, 'text');
    if (found?.kind !== 'text') return;
    assert.equal(found.confidence, 1);
    assert.deepEqual(
      found.parts.map((part) => [part.page, (pages[part.page] as string).slice(part.start, part.end)]),
      [
        [2, '这一条件称为稳定性条件，它限制了时间步长的'],
        [3, '选取，也决定了计算的总代价。'],
      ],
    );
  });
});
