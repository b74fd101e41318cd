import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { zipArchive } from '../../../shared/zip-writer.ts';
import { findSoffice, withWordFonts } from '../../../system/converter.ts';
import { networkIsolation } from '../../../system/network-isolation.ts';
import { eventually } from '../../../test/eventually.ts';
import { ConversionQueue } from '../conversion-queue.ts';
import { chineseNumber, thesisFixtureDocx, thesisFixtures } from './thesis-fixture.ts';

// Word fidelity (issue 23, adr/020): the repository's fonts and LibreOffice ≥ 24.2 (bookworm-backports).
const soffice = findSoffice(process.env.PATH);
const work = mkdtempSync(path.join(tmpdir(), 'zikao-fidelity-'));

function pageText(pdf: string, page: number): string {
  return execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-layout', pdf, '-'], { encoding: 'utf8' });
}
const pageCount = (pdf: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1]);
const firstLine = (text: string) =>
  text
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim() ?? '';

describe('Word documents convert as Word lays them out', () => {
  const fixture = thesisFixtures()[0] as ReturnType<typeof thesisFixtures>[number];
  let pdf = '';
  before(async () => {
    assert.ok(soffice, 'LibreOffice (soffice) is needed: see docs/deploy.md');
    const version = execFileSync(soffice, ['--version'], { encoding: 'utf8' });
    const major = Number(/LibreOffice (\d+)/.exec(version)?.[1]);
    assert.ok(
      major >= 24,
      `legal numbering and STYLEREF need LibreOffice 24.2 or later (bookworm-backports), found ${version.trim()}`,
    );
    const docx = path.join(work, 'thesis.docx');
    writeFileSync(docx, thesisFixtureDocx(fixture.spec));
    const queue = new ConversionQueue({
      soffice: withWordFonts(soffice),
      isolation: networkIsolation(process.env.PATH),
      timeoutMs: 120_000,
    });
    const result = await queue.convert(docx, 'docx');
    assert.ok(result.ok && result.pdfPath, result.error);
    pdf = path.join(work, 'thesis.pdf');
    writeFileSync(pdf, readFileSync(result.pdfPath));
    await result.cleanup();
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  test('the page count is the one Word recorded in docProps/app.xml', () => {
    assert.equal(pageCount(pdf), fixture.spec.pages);
  });

  test('legal numbering reads 1.1 under 第一章, not 一.1', () => {
    const chapters = fixture.spec.chapters;
    let page = 3;
    chapters.forEach((chapter, c) => {
      const text = pageText(pdf, page);
      assert.match(text, new RegExp(`第${chineseNumber(c + 1)}章\\s+${chapter.title}`));
      assert.match(text, new RegExp(`^\\s*${c + 1}\\.1\\s+${chapter.sections[0]?.title}`, 'm'));
      assert.doesNotMatch(text, new RegExp(`${chineseNumber(c + 1)}\\.1`));
      page += chapter.pages ?? 1;
    });
  });

  test('the STYLEREF header names the chapter of each page, not the text it was saved with', () => {
    let page = 3;
    fixture.spec.chapters.forEach((chapter, c) => {
      for (let p = page; p < page + (chapter.pages ?? 1); p++) {
        assert.equal(
          firstLine(pageText(pdf, p)).replace(/\s+/g, ' '),
          `第${chineseNumber(c + 1)}章 ${chapter.title}`,
          `page ${p}`,
        );
      }
      page += chapter.pages ?? 1;
    });
    assert.doesNotMatch(pageText(pdf, 3), /正文文字格式/);
  });

  test('宋体 is set in a Ming face, 黑体 in a sans face, Times New Roman in Liberation Serif', () => {
    const fonts = execFileSync('pdffonts', [pdf], { encoding: 'utf8' });
    const families = fonts
      .split('\n')
      .slice(2)
      .map((line) => line.split(/\s+/)[0]?.replace(/^[A-Z]{6}\+/, '') ?? '')
      .filter(Boolean);
    assert.ok(
      families.some((name) => /UMing/.test(name)),
      `宋体 → AR PL UMing: ${families.join(', ')}`,
    );
    assert.ok(
      families.some((name) => /WenQuanYi|wqy/i.test(name)),
      `黑体 → WenQuanYi Micro Hei: ${families.join(', ')}`,
    );
    assert.ok(
      families.some((name) => /LiberationSerif/.test(name)),
      `Times New Roman → Liberation Serif: ${families.join(', ')}`,
    );
    assert.ok(!families.some((name) => /DejaVu/.test(name)), `no DejaVu stand-ins: ${families.join(', ')}`);
  });
});

describe('a hostile Word document cannot hold LibreOffice past the timeout', () => {
  test('the conversion is killed with its process group and its directory removed', async () => {
    assert.ok(soffice, 'LibreOffice (soffice) is needed');
    const own = mkdtempSync(path.join(tmpdir(), 'zikao-hostile-'));
    // A 200 × 200 table (40 000 cells): LibreOffice lays it out for far longer than the timeout.
    const cells = Array.from({ length: 200 }, () => '<w:tc><w:p><w:r><w:t>宋体</w:t></w:r></w:p></w:tc>').join('');
    const rows = Array.from({ length: 200 }, () => `<w:tr>${cells}</w:tr>`).join('');
    const docx = path.join(own, 'hostile.docx');
    writeFileSync(
      docx,
      zipArchive([
        {
          name: '[Content_Types].xml',
          data: Buffer.from(
            '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
          ),
        },
        {
          name: '_rels/.rels',
          data: Buffer.from(
            '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
          ),
        },
        {
          name: 'word/document.xml',
          data: Buffer.from(
            `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:tbl>${rows}</w:tbl></w:body></w:document>`,
          ),
          deflate: true,
        },
      ]),
    );
    const previousTmp = process.env.TMPDIR;
    process.env.TMPDIR = own; // the queue's job directory then lands where this test can watch it
    try {
      const queue = new ConversionQueue({
        soffice: withWordFonts(soffice),
        isolation: networkIsolation(process.env.PATH),
        timeoutMs: 4000,
      });
      // The queue's own timer gave up on it (its message says so), not LibreOffice finishing.
      const result = await queue.convert(docx, 'docx');
      assert.equal(result.ok, false);
      assert.match(result.error ?? '', /超时/);
      const jobs = readdirSync(own).filter((name) => name.startsWith('zikao-convert-'));
      assert.equal(jobs.length, 1);
      await result.cleanup();
      // No process is left running on the job's profile, and the job directory is gone.
      const survivors = () =>
        readdirSync('/proc')
          .filter((pid) => /^\d+$/.test(pid))
          .filter((pid) => {
            try {
              return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(own);
            } catch {
              return false;
            }
          });
      await eventually(() => assert.deepEqual(survivors(), []), 10_000);
      assert.equal(existsSync(path.join(own, jobs[0] as string)), false);
    } finally {
      if (previousTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previousTmp;
      rmSync(own, { recursive: true, force: true });
    }
  });
});
