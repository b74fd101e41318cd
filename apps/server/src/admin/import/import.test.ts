import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, Role, signParams } from '@zikao/contract';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  ImportApiPath,
  ImportMessage,
  type ImportPreview,
  type ImportResult,
} from '@zikao/contract/student-import';
import ExcelJS from 'exceljs';
import { buildBatch, buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { decodeText, parseCsv, parseStudentFile, sniffSpreadsheet } from './import-parser.ts';

const api = (path: string) => `/api${path}`;
const shaOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const signed = (body: Record<string, unknown>) => {
  const t = Date.now();
  return { ...body, t, sig: signParams(body, t) };
};
let serial = 0;
/** A fresh candidate: unique exam number and phone for this process. */
function candidate(batch: string, overrides: Partial<Record<(typeof IMPORT_COLUMNS)[number], string>> = {}) {
  serial += 1;
  const n = String(serial).padStart(5, '0');
  const p = String(process.pid % 1000).padStart(3, '0');
  return IMPORT_COLUMNS.map(
    (column) =>
      overrides[column] ??
      {
        姓名: `考生${n}`,
        准考证号: `05${p}${n}99`,
        手机号: `136${p}${n}`,
        专业: '汉语言文学',
        主考院校: '华南师范大学',
        批次: batch,
        论文题目: `论题${n}`,
      }[column],
  );
}

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
const csv = (rows: string[][], header: readonly string[] = IMPORT_COLUMNS) =>
  Buffer.from(`\uFEFF${[header, ...rows].map((r) => r.map(quote).join(',')).join('\r\n')}\r\n`, 'utf8');

async function xlsx(rows: Array<Array<string | number>>, header: readonly string[] = IMPORT_COLUMNS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('考生');
  sheet.addRow([...header]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** GBK bytes of a string, from the decoder's own table (Node has no GBK encoder). */
let gbkTable: Map<string, number[]> | undefined;
function gbk(text: string): Buffer {
  if (!gbkTable) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gbk');
    for (let lead = 0x81; lead <= 0xfe; lead++) {
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        if (trail === 0x7f) continue;
        const char = decoder.decode(new Uint8Array([lead, trail]));
        if (char.length === 1 && char !== '\uFFFD' && !gbkTable.has(char)) gbkTable.set(char, [lead, trail]);
      }
    }
  }
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (code < 0x80) bytes.push(code);
    else bytes.push(...(gbkTable.get(char) ?? assert.fail(`no GBK code for ${char}`)));
  }
  return Buffer.from(bytes);
}

describe('candidate import', () => {
  let app: TestApp;
  let admin: string;
  let batchA: string;
  let batchB: string;
  let batchAId: number;
  let batchBId: number;
  before(async () => {
    app = await createTestApp();
    admin = await app.login('13800000004');
    batchA = `导入批次A${process.pid}`;
    batchB = `导入批次B${process.pid}`;
    batchAId = await buildBatch(app, {}, batchA);
    batchBId = await buildBatch(app, {}, batchB);
  });
  after(() => app.close());

  const send = <T>(path: string, bytes: Buffer, fields: Record<string, string> = {}, token = admin, name = 'a.csv') => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    return app.upload<T>(api(path), form, { token });
  };
  const preview = async (bytes: Buffer, name = 'a.csv') => {
    const response = await send<ImportPreview>(ImportApiPath.preview, bytes, {}, admin, name);
    assert.equal(response.body.errorCode, 0, response.body.errorMsg);
    return response.body.data;
  };
  const commit = (bytes: Buffer, mode: 'all' | 'valid', sha256?: string) =>
    send<ImportResult>(ImportApiPath.commit, bytes, { sha256: sha256 ?? shaOf(bytes), mode });
  const counts = async () => ({
    users: Number(
      (
        await app.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    theses: Number(
      (
        await app.database.db
          .selectFrom('theses')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });
  const studentOf = (examNumber: string) =>
    app.database.db.selectFrom('users').selectAll().where('exam_number', '=', examNumber).executeTakeFirst();

  it('downloads the template as .xlsx and CSV, and the template previews as a valid row', async () => {
    const xlsxResponse = await app.server.inject({
      method: 'POST',
      url: api(ImportApiPath.template),
      headers: { authorization: `Bearer ${admin}` },
      payload: signed({ format: 'xlsx' }),
    });
    assert.equal(xlsxResponse.statusCode, 200);
    assert.match(String(xlsxResponse.headers['content-disposition']), /filename\*=UTF-8''/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsxResponse.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), [...IMPORT_COLUMNS]);
    assert.equal(sheet.rowCount, 2);

    const csvResponse = await app.server.inject({
      method: 'POST',
      url: api(ImportApiPath.template),
      headers: { authorization: `Bearer ${admin}` },
      payload: signed({ format: 'csv' }),
    });
    const records = parseCsv(decodeText(csvResponse.rawPayload)).filter((r) => r.join('') !== '');
    assert.deepEqual(records[0], [...IMPORT_COLUMNS]);
    assert.equal(records.length, 2);

    // The example row names the demo batch, so both templates preview as one valid row.
    for (const [bytes, name] of [
      [xlsxResponse.rawPayload, 't.xlsx'],
      [csvResponse.rawPayload, 't.csv'],
    ] as const) {
      const result = await preview(bytes, name);
      assert.equal(result.total, 1);
      assert.deepEqual(result.rows[0]?.errors, []);
    }
  });

  it('imports a valid file: a student per row (account = phone) and a thesis in the batch', async () => {
    const rows = [
      candidate(batchA),
      candidate(batchA, { 论文题目: '' }),
      candidate(batchB, { 手机号: '+8613512345678' }),
    ];
    const file = csv(rows);
    const result = await preview(file);
    assert.equal(result.total, 3);
    assert.equal(result.validCount, 3);
    assert.equal(result.invalidCount, 0);
    assert.deepEqual(
      result.rows.map((r) => r.rowNo),
      [2, 3, 4],
    );
    assert.equal(result.rows[2]?.phone, '13512345678');

    const before = await counts();
    const response = await commit(file, 'all');
    assert.equal(response.body.errorCode, 0, response.body.errorMsg);
    assert.deepEqual(response.body.data, { imported: 3, skipped: 0, createdStudents: 3 });
    const after = await counts();
    assert.equal(after.users - before.users, 3);
    assert.equal(after.theses - before.theses, 3);

    const first = await studentOf(rows[0]?.[1] as string);
    assert.ok(first);
    assert.equal(first.role, Role.student);
    assert.equal(first.account, rows[0]?.[2]);
    assert.equal(first.name, rows[0]?.[0]);
    assert.equal(first.major_name, '汉语言文学');
    assert.equal(first.school_name, '华南师范大学');
    assert.equal(first.must_change_password, 0);
    assert.match(first.password_hash, /^scrypt\$/);
    const thesis = await app.database.db
      .selectFrom('theses')
      .selectAll()
      .where('student_id', '=', first.id)
      .executeTakeFirstOrThrow();
    assert.equal(thesis.batch_id, batchAId);
    assert.equal(thesis.title, rows[0]?.[6]);
    assert.equal(thesis.major_name, '汉语言文学');
    const untitled = await studentOf(rows[1]?.[1] as string);
    const untitledThesis = await app.database.db
      .selectFrom('theses')
      .select('title')
      .where('student_id', '=', untitled?.id as number)
      .executeTakeFirstOrThrow();
    assert.equal(untitledThesis.title, '');
    assert.equal((await studentOf(rows[2]?.[1] as string))?.account, '13512345678');

    const audit = await app.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'candidateImport')
      .where('entity_id', '=', batchAId)
      .execute();
    assert.equal(audit.length, 1);
    assert.equal(JSON.parse(audit[0]?.detail_json as string).imported, 2);

    // The same file again: every row is a duplicate, and nothing is created twice.
    const again = await preview(file);
    assert.equal(again.invalidCount, 3);
    assert.deepEqual(again.rows[0]?.errors, [ImportMessage.alreadyInBatch(batchA)]);
    const refused = await commit(file, 'all');
    assert.equal(refused.body.errorCode, ErrorCode.invalidInput);
    assert.equal(refused.body.errorMsg, ImportMessage.invalidRows(3));
    const validOnly = await commit(file, 'valid');
    assert.equal(validOnly.body.errorMsg, ImportMessage.noValidRows);
    assert.deepEqual(await counts(), after);
  });

  it('refuses a mixed file wholesale, and imports only its valid rows when asked', async () => {
    const good1 = candidate(batchA);
    const good2 = candidate(batchB);
    const badPhone = candidate(batchA, { 手机号: '1234567' });
    const unknownBatch = candidate('不存在的批次');
    const missing = candidate(batchA, { 姓名: '', 专业: '' });
    const badExam = candidate(batchA, { 准考证号: '12-34' });
    const file = csv([good1, badPhone, good2, unknownBatch, missing, badExam]);
    const result = await preview(file);
    assert.equal(result.validCount, 2);
    assert.equal(result.invalidCount, 4);
    const errorsOf = (rowNo: number) => result.rows.find((r) => r.rowNo === rowNo)?.errors;
    assert.deepEqual(errorsOf(2), []);
    assert.deepEqual(errorsOf(3), [ImportMessage.phoneFormat]);
    assert.deepEqual(errorsOf(5), [ImportMessage.unknownBatch('不存在的批次')]);
    assert.deepEqual(errorsOf(6), [ImportMessage.required('姓名'), ImportMessage.required('专业')]);
    assert.deepEqual(errorsOf(7), [ImportMessage.examNumberFormat]);

    const before = await counts();
    const refused = await commit(file, 'all');
    assert.equal(refused.body.errorCode, ErrorCode.invalidInput);
    assert.equal(refused.body.errorMsg, ImportMessage.invalidRows(4));
    assert.deepEqual(await counts(), before);

    const partial = await commit(file, 'valid');
    assert.equal(partial.body.errorCode, 0, partial.body.errorMsg);
    assert.deepEqual(partial.body.data, { imported: 2, skipped: 4, createdStudents: 2 });
    assert.ok(await studentOf(good1[1] as string));
    assert.ok(await studentOf(good2[1] as string));
    assert.equal(await studentOf(badPhone[1] as string), undefined);
    assert.equal((await counts()).theses - before.theses, 2);
  });

  it('refuses rows for a closed batch and cells past their length', async () => {
    const closed = `已关闭批次${process.pid}`;
    const closedId = await buildBatch(app, {}, closed);
    await app.database.db.updateTable('batches').set({ status: 'closed' }).where('id', '=', closedId).execute();
    const result = await preview(csv([candidate(closed), candidate(batchA, { 论文题目: '题'.repeat(201) })]));
    assert.deepEqual(result.rows[0]?.errors, [ImportMessage.closedBatch(closed)]);
    assert.deepEqual(result.rows[1]?.errors, [ImportMessage.tooLong('论文题目', 200)]);
  });

  it('refuses cells a spreadsheet would run as formulas, naming the column', async () => {
    const result = await preview(
      csv([
        candidate(batchA, { 姓名: '=HYPERLINK("http://127.0.0.1/x","点我")' }),
        candidate(batchA, { 论文题目: "+cmd|' /C calc'!A0" }),
        candidate(batchA, { 专业: '@SUM(A1:A2)', 主考院校: '\t-2+3' }),
        candidate(batchA, { 论文题目: '论“=”号在公式中的用法' }),
      ]),
    );
    assert.deepEqual(result.rows[0]?.errors, [ImportMessage.formula('姓名')]);
    assert.deepEqual(result.rows[1]?.errors, [ImportMessage.formula('论文题目')]);
    assert.deepEqual(result.rows[2]?.errors, [ImportMessage.formula('专业'), ImportMessage.formula('主考院校')]);
    assert.deepEqual(result.rows[3]?.errors, [], 'an = inside the text is no formula');
  });

  it('reports duplicate exam numbers and phones within the file and against existing accounts', async () => {
    const existing = await buildUser(app, { role: Role.student, examNumber: `07${process.pid % 1000}000001` });
    await app.database.db
      .insertInto('theses')
      .values({
        batch_id: batchAId,
        student_id: existing.id,
        major_name: '汉语言文学',
        title: '',
        advisor: '',
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
    const examNumber = `07${process.pid % 1000}000001`;
    const teacher = await buildUser(app, { role: Role.teacher });
    const twinA = candidate(batchA);
    const twinB = candidate(batchA, { 准考证号: twinA[1] as string });
    const samePhone = candidate(batchA, { 手机号: twinA[2] as string });
    const inBatch = candidate(batchA, { 准考证号: examNumber, 手机号: existing.account });
    const otherPhone = candidate(batchB, { 准考证号: examNumber });
    const nextBatch = candidate(batchB, { 准考证号: examNumber, 手机号: existing.account });
    const teachersPhone = candidate(batchA, { 手机号: teacher.account });
    const file = csv([twinA, twinB, samePhone, inBatch, otherPhone, teachersPhone]);
    const result = await preview(file);
    const errorsOf = (rowNo: number) => result.rows.find((r) => r.rowNo === rowNo)?.errors;
    assert.deepEqual(errorsOf(2), [
      ImportMessage.duplicateExamNumberInFile([2, 3]),
      ImportMessage.duplicatePhoneInFile([2, 4]),
    ]);
    assert.deepEqual(errorsOf(3), [ImportMessage.duplicateExamNumberInFile([2, 3])]);
    assert.deepEqual(errorsOf(4), [ImportMessage.duplicatePhoneInFile([2, 4])]);
    assert.deepEqual(errorsOf(5), [
      ImportMessage.duplicateExamNumberInFile([5, 6]),
      ImportMessage.alreadyInBatch(batchA),
    ]);
    assert.deepEqual(errorsOf(7), [ImportMessage.phoneTaken]);
    assert.equal(result.validCount, 0);

    // The existing candidate's exam number with another phone is refused; with theirs, they join another batch.
    const mismatch = await preview(csv([otherPhone]));
    assert.deepEqual(mismatch.rows[0]?.errors, [ImportMessage.examNumberPhoneMismatch]);
    const join = csv([nextBatch]);
    const joining = await preview(join);
    assert.deepEqual(joining.rows[0]?.errors, []);
    assert.equal(joining.rows[0]?.existingStudent, true);
    const before = await counts();
    const response = await commit(join, 'all');
    assert.deepEqual(response.body.data, { imported: 1, skipped: 0, createdStudents: 0 });
    const after = await counts();
    assert.equal(after.users, before.users);
    assert.equal(after.theses, before.theses + 1);
    const batches = await app.database.db
      .selectFrom('theses')
      .select('batch_id')
      .where('student_id', '=', existing.id)
      .orderBy('batch_id')
      .execute();
    assert.deepEqual(
      batches.map((b) => b.batch_id),
      [batchAId, batchBId].sort((a, b) => a - b),
    );
  });

  it('reads .xlsx files, with numbers typed as numbers and a header in another order', async () => {
    const row = candidate(batchA);
    const header = ['批次', '姓名', '准考证号', '手机号', '专业', '主考院校'];
    const file = await xlsx(
      [[batchA, row[0] as string, row[1] as string, Number(row[2]), '法学', '中山大学'], []],
      header,
    );
    const result = await preview(file, 'candidates.xlsx');
    assert.equal(result.total, 1);
    assert.deepEqual(result.rows[0]?.errors, []);
    assert.equal(result.rows[0]?.phone, row[2]);
    assert.equal(result.rows[0]?.title, '');
    const response = await commit(file, 'all');
    assert.equal(response.body.errorCode, 0, response.body.errorMsg);
    assert.equal((await studentOf(row[1] as string))?.major_name, '法学');
  });

  it('reads a GBK CSV, as Excel on Chinese Windows saves it, with quoted fields', async () => {
    const row = candidate(batchA, { 论文题目: '论"互联网+"背景下的农村电商, 以广东为例' });
    const text = [IMPORT_COLUMNS.join(','), row.map(quote).join(',')].join('\r\n');
    const bytes = gbk(text);
    assert.throws(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    const result = await preview(bytes);
    assert.deepEqual(result.rows[0]?.errors, []);
    assert.equal(result.rows[0]?.name, row[0]);
    assert.equal(result.rows[0]?.title, '论"互联网+"背景下的农村电商, 以广东为例');
    assert.equal(result.rows[0]?.batchName, batchA);
  });

  it('refuses malformed files with a Chinese message and writes nothing', async () => {
    const before = await counts();
    const cases: Array<[Buffer, string, number, string]> = [
      [randomBytes(4096), 'a.xlsx', ErrorCode.fileTypeRejected, ImportMessage.notSpreadsheet],
      [Buffer.from('%PDF-1.7\n\u0000\u0001binary'), 'a.csv', ErrorCode.fileTypeRejected, ImportMessage.notSpreadsheet],
      [
        await xlsx([['张三', '13800138000']], ['名字', '电话']),
        'a.xlsx',
        ErrorCode.invalidInput,
        ImportMessage.missingColumns(['姓名', '准考证号', '手机号', '专业', '主考院校', '批次']),
      ],
      [
        csv([candidate(batchA).slice(0, 5)], IMPORT_COLUMNS.slice(0, 5)),
        'a.csv',
        ErrorCode.invalidInput,
        ImportMessage.missingColumns(['批次']),
      ],
      [Buffer.alloc(0), 'a.csv', ErrorCode.invalidInput, ImportMessage.empty],
      [Buffer.from('\r\n\r\n'), 'a.csv', ErrorCode.invalidInput, ImportMessage.empty],
      [csv([]), 'a.csv', ErrorCode.invalidInput, ImportMessage.noRows],
      [await xlsx([]), 'a.xlsx', ErrorCode.invalidInput, ImportMessage.noRows],
      [Buffer.alloc(5 * 1024 * 1024 + 1, 'a'), 'a.csv', ErrorCode.fileTooLarge, ImportMessage.tooLarge],
      [
        Buffer.from(`${IMPORT_COLUMNS.join(',')}\r\n${candidate(batchA).join(',')}\r\n张三,"0301\r\n李四,0302\r\n`),
        'a.csv',
        ErrorCode.invalidInput,
        ImportMessage.unclosedQuote(3),
      ],
      [
        csv(Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => ['x', 'y', 'z', 'a', 'b', 'c'])),
        'a.csv',
        ErrorCode.invalidInput,
        ImportMessage.tooManyRows,
      ],
    ];
    for (const [bytes, name, code, message] of cases) {
      for (const path of [ImportApiPath.preview, ImportApiPath.commit]) {
        const fields: Record<string, string> =
          path === ImportApiPath.commit ? { sha256: shaOf(bytes), mode: 'valid' } : {};
        const response = await send(path, bytes, fields, admin, name);
        assert.equal(response.body.errorCode, code, `${name} ${message}: ${response.body.errorMsg}`);
        assert.equal(response.body.errorMsg, message);
      }
    }
    // A commit of another file than the one previewed.
    const file = csv([candidate(batchA)]);
    const changed = await commit(file, 'all', shaOf(csv([candidate(batchA)])));
    assert.equal(changed.body.errorMsg, ImportMessage.fileChanged);
    const badMode = await send(ImportApiPath.commit, file, { sha256: shaOf(file), mode: 'some' });
    assert.equal(badMode.body.errorCode, ErrorCode.invalidInput);
    assert.deepEqual(await counts(), before);
  });

  it('imports 10,000 rows in one go', async () => {
    const batch = `万人批次${process.pid}`;
    const batchId = await buildBatch(app, {}, batch);
    const p = String(process.pid % 1000).padStart(3, '0');
    const rows = Array.from({ length: 10_000 }, (_, i) => {
      const n = String(i).padStart(5, '0');
      return [`考生${n}`, `09${p}${n}00`, `159${p}${n}`, '汉语言文学', '华南师范大学', batch, `论题${n}`];
    });
    const file = csv(rows);
    const result = await preview(file);
    assert.equal(result.total, 10_000);
    assert.equal(result.validCount, 10_000);
    const response = await commit(file, 'all');
    assert.equal(response.body.errorCode, 0, response.body.errorMsg);
    assert.deepEqual(response.body.data, { imported: 10_000, skipped: 0, createdStudents: 10_000 });
    const theses = await app.database.db
      .selectFrom('theses')
      .innerJoin('users', 'users.id', 'theses.student_id')
      .select(['users.exam_number', 'users.account', 'theses.title'])
      .where('theses.batch_id', '=', batchId)
      .execute();
    assert.equal(theses.length, 10_000);
    const sample = theses.find((t) => t.exam_number === `09${p}0999900`);
    assert.deepEqual({ ...sample }, { exam_number: `09${p}0999900`, account: `159${p}09999`, title: '论题09999' });
    assert.equal(new Set(theses.map((t) => t.account)).size, 10_000);
  });

  it('answers only admins: roles 1–3 get 1030003 on every import call', async () => {
    const tokens = [
      await app.login('13800000001', undefined, 'student'),
      await app.login('13800000002'),
      await app.login('13800000003'),
    ];
    const file = csv([candidate(batchA)]);
    const before = await counts();
    for (const token of tokens) {
      const previewed = await send(ImportApiPath.preview, file, {}, token);
      assert.equal(previewed.body.errorCode, ErrorCode.forbidden);
      const committed = await send(ImportApiPath.commit, file, { sha256: shaOf(file), mode: 'all' }, token);
      assert.equal(committed.body.errorCode, ErrorCode.forbidden);
      const template = await app.post(api(ImportApiPath.template), { format: 'csv' }, { token });
      assert.equal(template.body.errorCode, ErrorCode.forbidden);
    }
    assert.deepEqual(await counts(), before);
    const anonymous = await app.post(api(ImportApiPath.template), { format: 'csv' });
    assert.equal(anonymous.body.errorCode, ErrorCode.notLoggedIn);
  });
});

describe('candidate file parsing', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and CR, LF or CRLF line ends', () => {
    assert.deepEqual(parseCsv('a,"b,1","say ""hi"""\r\n"multi\nline",x,\rlast,,'), [
      ['a', 'b,1', 'say "hi"'],
      ['multi\nline', 'x', ''],
      ['last', '', ''],
    ]);
  });

  it('drops spaces after a closing quote, and names the row of a quote left open or text after one', () => {
    assert.deepEqual(parseCsv('"张三" ,"0301" \r\n'), [['张三', '0301']]);
    assert.deepEqual(
      parseCsv('a,b"c,"d "'),
      [['a', 'b"c', 'd ']],
      'a quote inside a cell is text; spaces inside quotes stay',
    );
    const refusal = (text: string, message: string) => assert.throws(() => parseCsv(text), { message });
    // Row 3 is the third record: the quoted line break in row 2 does not count as a row.
    refusal('姓名,题目\r\n张三,"第一行\n第二行"\r\n李四,"未闭合\r\n王五,题目\r\n', ImportMessage.unclosedQuote(3));
    refusal('姓名,题目\r\n"张"三,题目\r\n', ImportMessage.textAfterQuote(2));
  });

  it('decodes UTF-8 with and without BOM, UTF-16LE with BOM, and GBK', () => {
    assert.equal(decodeText(Buffer.from('\uFEFF姓名', 'utf8')), '姓名');
    assert.equal(decodeText(Buffer.from('姓名', 'utf8')), '姓名');
    assert.equal(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('姓名', 'utf16le')])), '姓名');
    assert.equal(decodeText(gbk('姓名,准考证号')), '姓名,准考证号');
  });

  it('tells CSV, .xlsx and binary apart by content', async () => {
    assert.equal(sniffSpreadsheet(Buffer.from('姓名,准考证号\r\n', 'utf8')), 'csv');
    assert.equal(sniffSpreadsheet(await xlsx([])), 'xlsx');
    assert.equal(sniffSpreadsheet(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01])), null);
    // A zip that is not a workbook (a DOCX, say) is not taken for one.
    assert.equal(sniffSpreadsheet(Buffer.from('PK\u0003\u0004word/document.xml', 'latin1')), null);
  });

  it('takes a tab-separated Excel "Unicode text" export and header cells marked required or optional', async () => {
    const text = `姓名*\t准考证号*\t手机号*\t专业*\t主考院校*\t批次*\t论文题目（选填）\r\n张三\t030124100099\t13800138000\t法学\t中山大学\t某批次\t\r\n\t\t\t\t\t\t\r\n`;
    const rows = await parseStudentFile(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.rowNo, 2);
    assert.deepEqual(rows[0]?.cells, {
      姓名: '张三',
      准考证号: '030124100099',
      手机号: '13800138000',
      专业: '法学',
      主考院校: '中山大学',
      批次: '某批次',
      论文题目: '',
    });
  });
});
