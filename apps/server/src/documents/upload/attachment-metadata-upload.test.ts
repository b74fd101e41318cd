import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Role, signParams, type UploadResponse } from '@zikao/contract';
import { StudentApiPath } from '@zikao/contract/student';
import JSZip from 'jszip';
import { buildUser } from '../../test/factories.ts';
import { png } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { EXAM, leaks, NAME, PINYIN, photo, wordFile, zipLeaks } from './attachment-metadata.test-kit.ts';
import { pngChunk } from './attachment-metadata.ts';

/**
 * Issue 19 §1: an attachment is stored without the metadata that names its candidate, so no
 * download of it (the candidate's own, a reviewer's, a review link's) can show who wrote it.
 */
describe('attachments are stored without identifying metadata', () => {
  let app: TestApp;
  let student: string;
  let teacher: string;
  before(async () => {
    app = await createTestApp();
    const user = await buildUser(app, { role: Role.student, name: NAME, examNumber: EXAM });
    student = await app.login(user.account, user.password, 'student');
    teacher = await app.login('13800000002');
  });
  after(() => app.close());

  const upload = async (bytes: Buffer, name: string, token: string) => {
    const form = new FormData();
    form.append('kind', 'attachment');
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const response = await app.upload<UploadResponse>('/api/v1/upload', form, { token });
    assert.equal(response.body.errorCode, 0, response.body.errorMsg);
    return response.body.data;
  };
  const download = async (fileId: string, token: string) => {
    const t = Date.now();
    const response = await app.server.inject({
      method: 'GET',
      url: `/api${StudentApiPath.file}/${fileId}?t=${t}&sig=${signParams({}, t)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(response.statusCode, 200, response.body);
    return response.rawPayload;
  };
  const storedBytes = (sha256: string) =>
    readFileSync(path.join(app.config.dataDir, 'files', sha256.slice(0, 2), sha256));
  /** The upload's answer describes the bytes stored, which are the bytes served. */
  const stored = async (answer: UploadResponse, token: string) => {
    const bytes = await download(answer.fileId, token);
    assert.equal(answer.size, bytes.length);
    assert.equal(answer.sha256, createHash('sha256').update(bytes).digest('hex'));
    return bytes;
  };

  it('stores a candidate’s DOCX, JPEG and PNG without the names in their metadata', async () => {
    const docx = await stored(await upload(await wordFile(), '调查数据.docx', student), student);
    assert.deepEqual(await zipLeaks(docx), []);
    const text = await (await JSZip.loadAsync(docx)).file('word/document.xml')?.async('string');
    assert.match(text ?? '', /调查数据汇总/);

    const jpeg = await stored(await upload(photo(), '现场照片.jpg', student), student);
    assert.deepEqual(leaks(jpeg), []);
    assert.equal(jpeg.readUInt16BE(0), 0xffd8);

    const plain = png();
    const ihdrEnd = 8 + 12 + plain.readUInt32BE(8);
    const tagged = Buffer.concat([
      plain.subarray(0, ihdrEnd),
      pngChunk('tEXt', Buffer.from(`Author\0${PINYIN} ${EXAM}`, 'latin1')),
      plain.subarray(ihdrEnd),
    ]);
    const picture = await stored(await upload(tagged, '图表.png', student), student);
    assert.ok(picture.equals(plain));
  });

  it('stars the candidate’s name and exam number out of a ZIP’s entry names, and keeps the contents', async () => {
    const zip = new JSZip();
    zip.file(`${NAME}-附件2/访谈记录.txt`, '访谈记录全文');
    zip.file(`${EXAM}-问卷.csv`, '题号,人数\n1,42\n');
    const original = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const archive = await stored(await upload(original, '附件.zip', student), student);
    const entries = await JSZip.loadAsync(archive);
    assert.deepEqual(Object.keys(entries.files).sort(), [
      '＊＊＊-附件2/',
      '＊＊＊-附件2/访谈记录.txt',
      '＊＊＊＊＊＊＊＊＊＊＊＊-问卷.csv',
    ]);
    assert.equal(await entries.file('＊＊＊-附件2/访谈记录.txt')?.async('string'), '访谈记录全文');
    // The listing a reviewer previews is read from the same stored bytes.
    assert.deepEqual(leaks(archive), []);
  });

  it('keeps the names in a ZIP that someone other than a candidate uploads, and still strips metadata', async () => {
    const zip = new JSZip();
    zip.file(`${NAME}-示例/说明.txt`, '示例');
    const answer = await upload(await zip.generateAsync({ type: 'nodebuffer' }), '示例.zip', teacher);
    const bytes = storedBytes(answer.sha256);
    assert.deepEqual(Object.keys((await JSZip.loadAsync(bytes)).files), [`${NAME}-示例/`, `${NAME}-示例/说明.txt`]);

    const photoRow = await upload(photo(), '教师照片.jpg', teacher);
    assert.deepEqual(leaks(storedBytes(photoRow.sha256)), []);
  });

  it('keeps an allowed file it cannot parse as it came', async () => {
    // A JPEG whose first segment runs past the end: the type check passes on the magic bytes.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x7f, 0xff]), Buffer.from(`Exif ${NAME}`)]);
    const answer = await upload(broken, '坏图.jpg', student);
    assert.equal(answer.sha256, createHash('sha256').update(broken).digest('hex'));
  });
});
