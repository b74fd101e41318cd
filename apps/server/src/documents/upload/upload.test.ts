import assert from 'node:assert/strict';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, type UploadResponse } from '@zikao/contract';
import ExcelJS from 'exceljs';
import { minimalDocx, minimalPdf, oleHeader, png, storedZip, zipArchive, zipBombDocx } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('file upload', () => {
  let app: TestApp;
  let token: string;
  before(async () => {
    app = await createTestApp();
    token = await app.login('13800000002');
  });
  after(() => app.close());

  // Attachments by default: upload mechanics only, with no background conversion that would add
  // files to storage while a test counts them.
  const form = (bytes: Buffer, name: string, fields: Record<string, string> = { kind: 'attachment' }) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.append(key, value);
    data.append('file', new Blob([new Uint8Array(bytes)]), name);
    return data;
  };
  const storedCount = async () => {
    await app.documents.drain();
    return filesUnder(path.join(app.config.dataDir, 'files')).length;
  };
  const tempCount = () => filesUnder(path.join(app.config.dataDir, 'tmp')).length;

  it('stores a PDF content-addressed by SHA-256 and records who uploaded it', async () => {
    const pdf = minimalPdf('thesis');
    const response = await app.upload<UploadResponse>('/api/v1/upload', form(pdf, '论文.pdf', { kind: 'document' }), {
      token,
    });
    assert.equal(response.body.errorCode, 0, response.body.errorMsg);
    const { sha256, size, mime, name, fileId } = response.body.data;
    assert.equal(size, pdf.length);
    assert.equal(mime, 'application/pdf');
    assert.equal(name, '论文.pdf');
    const stored = path.join(app.config.dataDir, 'files', sha256.slice(0, 2), sha256);
    assert.equal(statSync(stored).size, pdf.length);
    const row = await app.database.db
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    assert.equal(row.owner_id, 2);
    assert.equal(tempCount(), 0);
  });

  it('keeps one copy of identical content uploaded twice', async () => {
    const before = await storedCount();
    const bytes = minimalPdf('same');
    const first = await app.upload<UploadResponse>('/api/v1/upload', form(bytes, 'a.pdf'), { token });
    const second = await app.upload<UploadResponse>('/api/v1/upload', form(bytes, 'b.pdf'), { token });
    assert.equal(first.body.data.sha256, second.body.data.sha256);
    assert.notEqual(first.body.data.fileId, second.body.data.fileId);
    assert.equal(await storedCount(), before + 1);
  });

  it('recognises DOCX and DOC by content whatever the name says', async () => {
    const docx = await app.upload<UploadResponse>('/api/v1/upload', form(minimalDocx(), 'thesis.pdf'), { token });
    assert.equal(docx.body.data.mime, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const doc = await app.upload<UploadResponse>('/api/v1/upload', form(oleHeader(), 'old.doc'), { token });
    assert.equal(doc.body.data.mime, 'application/msword');
  });

  it('refuses as a report a PNG renamed to .pdf, and a zip that is not Word, with 1070002 and stores nothing', async () => {
    const before = await storedCount();
    const report = { kind: 'report' };
    const renamed = await app.upload('/api/v1/upload', form(png(), 'thesis.pdf', report), { token });
    assert.equal(renamed.body.errorCode, ErrorCode.fileTypeRejected);
    assert.match(renamed.body.errorMsg, /仅支持 PDF、DOC、DOCX/);
    const zip = await app.upload('/api/v1/upload', form(storedZip({ 'a.txt': 'hi' }), 'x.docx', report), { token });
    assert.equal(zip.body.errorCode, ErrorCode.fileTypeRejected);
    // A web page with a PDF after it (a polyglot) opens as either: it is not taken for a PDF.
    const polyglot = Buffer.concat([Buffer.from('<html><script>alert(document.cookie)</script>\n'), minimalPdf()]);
    for (const kind of ['report', 'document', 'attachment']) {
      const answer = await app.upload('/api/v1/upload', form(polyglot, 'thesis.pdf', { kind }), { token });
      assert.equal(answer.body.errorCode, ErrorCode.fileTypeRejected, kind);
    }
    assert.equal(await storedCount(), before);
    assert.equal(tempCount(), 0);
  });

  it('takes as attachments spreadsheets, CSV data (UTF-8 or GB18030), pictures and ZIP archives, each by content', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('问卷').addRows([
      ['序号', '满意度'],
      [1, '满意'],
    ]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const cases: Array<[Buffer, string, string]> = [
      [xlsx, '问卷数据.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      [xlsx, '改了名字.zip', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      [Buffer.from('\uFEFF序号,满意度\n1,满意\n', 'utf8'), '问卷.csv', 'text/csv'],
      // 序号,满意度 / 1,满意 in GB18030, as Chinese Excel saves a CSV.
      [Buffer.from('d0f2bac52cc2fad2e2b6c80a312cc2fad2e20a', 'hex'), 'gbk.csv', 'text/csv'],
      [png(), '截图.png', 'image/png'],
      [storedZip({ '访谈记录.txt': '第一次访谈' }), '原始数据.zip', 'application/zip'],
      [minimalPdf('appendix'), '附录.pdf', 'application/pdf'],
    ];
    for (const [bytes, name, mime] of cases) {
      const answer = await app.upload<UploadResponse>('/api/v1/upload', form(bytes, name), { token });
      assert.equal(answer.body.errorCode, 0, `${name}: ${answer.body.errorMsg}`);
      assert.equal(answer.body.data.mime, mime, name);
      assert.equal(answer.body.data.documentId, undefined, 'an attachment is not a review document');
    }
  });

  it('refuses as attachments what the content does not bear out: text named .csv without commas, binary named .csv, an executable, a zip bomb', async () => {
    const before = await storedCount();
    const refused: Array<[Buffer, string, RegExp]> = [
      [Buffer.from('只是一段文字，没有分隔符\n第二行'), 'notes.csv', /附件仅支持 PDF、Word、Excel/],
      [Buffer.from([0x00, 0x01, 0x02, 0x2c, 0x0a]), 'data.csv', /附件仅支持/],
      [Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), 'setup.png', /附件仅支持/],
      [Buffer.from('a,b\n1,2\n'), 'data.txt', /附件仅支持/],
      [zipBombDocx(), 'bomb.docx', /DOCX 文件异常：解压后体积异常/],
      [
        zipArchive([{ name: 'zeros.bin', data: Buffer.alloc(420 * 1024 * 1024), deflate: true }]),
        'bomb.zip',
        /ZIP 文件异常：解压后体积异常/,
      ],
    ];
    for (const [bytes, name, message] of refused) {
      const answer = await app.upload('/api/v1/upload', form(bytes, name), { token });
      assert.equal(answer.body.errorCode, ErrorCode.fileTypeRejected, name);
      assert.match(answer.body.errorMsg, message, name);
    }
    assert.equal(await storedCount(), before);
    assert.equal(tempCount(), 0);
  });

  it('refuses a 51 MB upload with 1070001 and leaves nothing behind', async () => {
    const before = await storedCount();
    const big = Buffer.alloc(51 * 1024 * 1024, 0x20);
    big.write('%PDF-1.4\n');
    const response = await app.upload('/api/v1/upload', form(big, 'big.pdf'), { token });
    assert.equal(response.body.errorCode, ErrorCode.fileTooLarge);
    assert.equal(response.body.errorMsg, '文件超过 50 MB');
    assert.equal(await storedCount(), before);
    assert.equal(tempCount(), 0);
  });

  it('signs the form fields: a changed field or a missing sig gives 1000002 and stores nothing', async () => {
    const before = await storedCount();
    const data = form(minimalPdf('signed'), 'a.pdf', { kind: 'attachment' });
    const t = Date.now();
    const wrongSig = await app.upload('/api/v1/upload', data, { token, t, sig: '0'.repeat(32) });
    assert.equal(wrongSig.body.errorCode, ErrorCode.badSignature);
    const noSig = await app.upload('/api/v1/upload', data, { token, sig: null });
    assert.equal(noSig.body.errorCode, ErrorCode.badSignature);
    const stale = await app.upload('/api/v1/upload', data, { token, t: Date.now() - 400_000 });
    assert.equal(stale.body.errorCode, ErrorCode.staleTimestamp);
    assert.equal(await storedCount(), before);
    assert.equal(tempCount(), 0);
  });

  it('refuses empty files, missing files, two files and an unknown kind with 1000001', async () => {
    const empty = await app.upload('/api/v1/upload', form(Buffer.alloc(0), 'empty.pdf'), { token });
    assert.equal(empty.body.errorCode, ErrorCode.invalidInput);
    assert.equal(empty.body.errorMsg, '所选文件是空的（0 字节），请重新选择文件');
    const none = new FormData();
    none.append('kind', 'document');
    const missing = await app.upload('/api/v1/upload', none, { token });
    assert.equal(missing.body.errorMsg, '请选择要上传的文件');
    const two = form(minimalPdf('1'), 'a.pdf');
    two.append('file2', new Blob([new Uint8Array(minimalPdf('2'))]), 'b.pdf');
    assert.equal((await app.upload('/api/v1/upload', two, { token })).body.errorCode, ErrorCode.invalidInput);
    const kind = await app.upload('/api/v1/upload', form(minimalPdf('k'), 'a.pdf', { kind: 'virus' }), { token });
    assert.equal(kind.body.errorCode, ErrorCode.invalidInput);
    assert.match(kind.body.errorMsg, /^参数错误：文件类型/);
    assert.equal(tempCount(), 0);
  });

  it('refuses a JSON body on the upload call and an anonymous upload', async () => {
    const json = await app.post('/api/v1/upload', { kind: 'document' }, { token });
    assert.equal(json.body.errorCode, ErrorCode.invalidInput);
    assert.equal(json.body.errorMsg, '参数错误：请以 multipart/form-data 格式上传文件');
    const anonymous = await app.upload('/api/v1/upload', form(minimalPdf('x'), 'a.pdf'));
    assert.equal(anonymous.body.errorCode, ErrorCode.notLoggedIn);
  });

  it('refuses a file sent to a call that takes none with 1000001, storing nothing', async () => {
    // Multipart parsing is registered only for the calls that receive files.
    const before = tempCount();
    const answer = await app.upload('/api/v1/getUserInfo', form(minimalPdf('x'), 'a.pdf'), { token });
    assert.equal(answer.body.errorCode, ErrorCode.invalidInput);
    assert.equal(answer.body.errorMsg, '参数错误：不支持的请求格式');
    assert.equal(tempCount(), before);
  });
});
