import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import JSZip from 'jszip';
import { zipArchive } from '../../shared/zip-writer.ts';
import { zipBombDocx } from '../../test/fixtures.ts';
import { linkedPictureDocx, linkedPicturePptx } from '../../test/linked-documents.ts';
import { withoutExternalLinks } from './offline-package.ts';
import { readZipDirectory, zipName } from './zip-inspector.ts';

const work = mkdtempSync(path.join(tmpdir(), 'zikao-offline-package-'));
after(() => rmSync(work, { recursive: true, force: true }));

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const TARGETS = {
  picture: 'http://127.0.0.1:9/picture.png',
  pictureViaHyperlink: 'http://127.0.0.1:9/via-hyperlink.png',
  hyperlink: 'https://www.example.edu.cn/论文?id=1&amp;page=2',
};

let count = 0;
/** Rewrites `bytes` and returns the result and the rewritten archive's parts as text. */
async function rewrite(bytes: Buffer) {
  count += 1;
  const input = path.join(work, `in-${count}.zip`);
  const output = path.join(work, `out-${count}.zip`);
  writeFileSync(input, bytes);
  const result = await withoutExternalLinks(input, output);
  if (!result.ok) return { result, parts: new Map<string, string>(), output };
  const zip = await JSZip.loadAsync(readFileSync(output));
  const parts = new Map<string, string>();
  for (const entry of Object.values(zip.files)) {
    // An entry copied as broken as it came (its sizes lie) is not one to read here.
    await entry.async('string').then(
      (text) => parts.set(entry.name, text),
      () => undefined,
    );
  }
  return { result, parts, output, input };
}

/** The `Id → Target` of every relationship in a `.rels` part. */
function relationshipsOf(xml: string | undefined): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of (xml ?? '').matchAll(/<Relationship Id="([^"]*)"[^>]*Target="([^"]*)"/g)) {
    found[match[1] as string] = match[2] as string;
  }
  return found;
}

const rels = (items: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items}</Relationships>`;
const hyperlink = (id: string, target: string) =>
  `<Relationship Id="${id}" Type="${REL}/hyperlink" Target="${target}" TargetMode="External"/>`;
const W = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="${REL}" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"`;

/** A DOCX of one document part and its relationships. */
function docx(documentXml: string, documentRels: string, extra: Array<{ name: string; data: string }> = []): Buffer {
  return zipArchive([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    {
      name: '_rels/.rels',
      data: Buffer.from(rels(`<Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/>`)),
    },
    { name: 'word/document.xml', data: Buffer.from(documentXml), deflate: true },
    { name: 'word/_rels/document.xml.rels', data: Buffer.from(documentRels) },
    ...extra.map((part) => ({ name: part.name, data: Buffer.from(part.data) })),
  ]);
}

describe('an Office package without the links LibreOffice would fetch (adr/027)', () => {
  it('drops linked pictures and templates, keeps embedded pictures and the hyperlink', async () => {
    const { result, parts } = await rewrite(linkedPictureDocx(TARGETS));
    assert.deepEqual(result, { ok: true, droppedRelationships: 3 });
    assert.deepEqual(relationshipsOf(parts.get('word/_rels/document.xml.rels')), {
      rId1: 'settings.xml',
      rId2: 'media/image1.png',
      rId5: 'https://www.example.edu.cn/论文?id=1&amp;page=2',
    });
    assert.match(parts.get('word/_rels/document.xml.rels') ?? '', /Id="rId5"[^>]*TargetMode="External"/);
    assert.deepEqual(relationshipsOf(parts.get('word/_rels/settings.xml.rels')), {});
    assert.deepEqual(relationshipsOf(parts.get('_rels/.rels')), { rId1: 'word/document.xml' });
  });

  it('does the same in every slide of a PPTX, where the hyperlink is a click on text', async () => {
    const { result, parts } = await rewrite(linkedPicturePptx(TARGETS));
    assert.deepEqual(result, { ok: true, droppedRelationships: 2 });
    assert.deepEqual(Object.keys(relationshipsOf(parts.get('ppt/slides/_rels/slide1.xml.rels'))), [
      'rId1',
      'rId2',
      'rId5',
    ]);
  });

  it('copies every other entry as it was', async () => {
    const source = linkedPictureDocx(TARGETS);
    const { output, input } = await rewrite(source);
    const before = await JSZip.loadAsync(readFileSync(input as string));
    const after = await JSZip.loadAsync(readFileSync(output));
    for (const name of Object.keys(before.files).filter((name) => !name.endsWith('.rels'))) {
      assert.deepEqual(await after.file(name)?.async('nodebuffer'), await before.file(name)?.async('nodebuffer'), name);
    }
    const directory = await readZipDirectory(output);
    assert.ok(directory.ok);
    assert.deepEqual(directory.entries.map(zipName), Object.keys(before.files), 'same entries, same order');
  });

  it('drops a hyperlink that a picture uses, however its id is written', async () => {
    for (const use of ['r:link="rId7"', 'r:link=" RID7 "', 'r:link="&#114;Id7"', 'r:embed="rId7"']) {
      const { parts } = await rewrite(
        docx(
          `<w:document ${W}><w:body><w:hyperlink r:id="rId7"/><a:blip ${use}/></w:body></w:document>`,
          rels(hyperlink('rId7', 'http://127.0.0.1:9/x.png') + hyperlink('rId8', 'https://example.com/')),
        ),
      );
      assert.deepEqual(Object.keys(relationshipsOf(parts.get('word/_rels/document.xml.rels'))), ['rId8'], use);
    }
  });

  it('drops every external link of a part it cannot read as LibreOffice does', async () => {
    const kept = hyperlink('rId7', 'https://example.com/');
    const link = '<w:body><w:hyperlink r:id="rId7"/></w:body>';
    for (const [why, documentXml] of [
      ['a DOCTYPE (entities)', `<!DOCTYPE w:document [<!ENTITY x "rId7">]><w:document ${W}>${link}</w:document>`],
      ['another encoding', `<?xml version="1.0" encoding="ISO-8859-1"?><w:document ${W}>${link}</w:document>`],
      ['not well-formed', `<w:document ${W}>${link}<w:p></w:document>`],
      ['an unbound prefix', `<w:document ${W}>${link}<x:blip r:link="rId7"/></w:document>`],
    ]) {
      const { parts } = await rewrite(docx(documentXml as string, rels(kept)));
      assert.deepEqual(relationshipsOf(parts.get('word/_rels/document.xml.rels')), {}, why);
    }
  });

  it('drops file: and other out-of-package targets, and relationships of a part that is not there', async () => {
    const { parts } = await rewrite(
      docx(
        `<w:document ${W}><w:body/></w:document>`,
        rels(
          `<Relationship Id="rId1" Type="${REL}/image" Target="file:///etc/hostname"/>` +
            `<Relationship Id="rId2" Type="${REL}/image" Target="\\\\server\\share\\x.png"/>` +
            `<Relationship Id="rId3" Type="${REL}/image" Target="media/image1.png"/>` +
            `<Relationship Id="rId4" Type="${REL}/oleObject" Target="../secret.xlsx" TargetMode=" external "/>`,
        ),
        [{ name: 'word/_rels/missing.xml.rels', data: rels(hyperlink('rId1', 'https://example.com/')) }],
      ),
    );
    assert.deepEqual(relationshipsOf(parts.get('word/_rels/document.xml.rels')), { rId3: 'media/image1.png' });
    assert.deepEqual(relationshipsOf(parts.get('word/_rels/missing.xml.rels')), {});
  });

  it('keeps no hyperlink of a part that inflates past the size its directory entry gives', async () => {
    const bytes = docx(
      `<w:document ${W}><w:body><w:hyperlink r:id="rId7"/></w:body></w:document>`,
      rels(hyperlink('rId7', 'https://example.com/')),
    );
    const central = bytes.lastIndexOf(Buffer.from('word/document.xml')) - 46;
    bytes.writeUInt32LE(40, central + 24);
    const { result, parts } = await rewrite(bytes);
    assert.equal(result.ok, true);
    assert.deepEqual(relationshipsOf(parts.get('word/_rels/document.xml.rels')), {});
  });

  it('empties a relationships part that is not XML', async () => {
    const { result, parts } = await rewrite(docx(`<w:document ${W}/>`, 'not xml <Relationship Target="http://x/"'));
    assert.deepEqual(result, { ok: true, droppedRelationships: 1 });
    assert.deepEqual(relationshipsOf(parts.get('word/_rels/document.xml.rels')), {});
  });

  it('keeps no hyperlink when two entries could be the same part', async () => {
    const { parts } = await rewrite(
      docx(
        `<w:document ${W}><w:body><w:hyperlink r:id="rId7"/></w:body></w:document>`,
        rels(hyperlink('rId7', 'https://example.com/')),
        [{ name: 'word/Document.xml', data: `<w:document ${W}><w:body><a:blip r:link="rId7"/></w:body></w:document>` }],
      ),
    );
    assert.deepEqual(relationshipsOf(parts.get('word/_rels/document.xml.rels')), {});
  });

  it('refuses a decompression bomb and a broken archive without inflating them', async () => {
    const bomb = await rewrite(zipBombDocx(80));
    assert.deepEqual(bomb.result, { ok: false, reason: '解压后体积异常，疑似压缩炸弹' });
    const broken = linkedPictureDocx(TARGETS);
    // The central directory points past a local header that is not one.
    broken.write('XXXX', 0, 'latin1');
    assert.deepEqual((await rewrite(broken)).result, { ok: false, reason: '压缩结构损坏' });
  });
});
