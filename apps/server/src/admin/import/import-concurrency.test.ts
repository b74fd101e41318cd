import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, Role } from '@zikao/contract';
import { IMPORT_COLUMNS, ImportApiPath, ImportMessage, type ImportResult } from '@zikao/contract/student-import';
import { buildBatch, buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 19 §3: one import file committed many times at once (a double click, two admins, two
 * instances) is imported once: no candidate or thesis twice, one audit entry per batch, and every
 * other commit refused with a clear message, never a server error.
 */
const BURST = 20;
const NEW_ROWS = 30;

const shaOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const csv = (rows: string[][]) =>
  Buffer.from(`\uFEFF${[IMPORT_COLUMNS, ...rows].map((r) => r.join(',')).join('\r\n')}\r\n`, 'utf8');

describe('the candidate import commit under a burst, on two instances', () => {
  let apps: TestApp[] = [];
  let admin: string;
  let batchName: string;
  let batchId: number;
  let existing: { id: number; account: string; examNumber: string };

  before(async () => {
    const first = await createTestApp();
    apps = [first, await createTestApp({}, { sameDatabaseAs: first })];
    admin = await first.login('13800000004');
    batchName = `并发导入批次${process.pid}`;
    batchId = await buildBatch(first, {}, batchName);
    const examNumber = `0777${String(process.pid % 10000).padStart(4, '0')}0001`;
    const user = await buildUser(first, { role: Role.student, name: '已有考生', examNumber });
    existing = { id: user.id, account: user.account, examNumber };
  });
  after(async () => {
    for (const app of apps.toReversed()) await app.close();
  });
  const app = () => apps[0] as TestApp;

  /** New candidates, and one who is already a candidate (of no batch yet): a thesis of theirs is added. */
  function importFile(): Buffer {
    const p = String(process.pid % 1000).padStart(3, '0');
    const rows = Array.from({ length: NEW_ROWS }, (_, i) => {
      const n = String(i).padStart(5, '0');
      return [`考生${n}`, `06${p}${n}99`, `135${p}${n}`, '汉语言文学', '华南师范大学', batchName, `并发论题${n}`];
    });
    rows.push([
      '已有考生',
      existing.examNumber,
      existing.account,
      '汉语言文学',
      '华南师范大学',
      batchName,
      '已有考生的论题',
    ]);
    return csv(rows);
  }

  const count = async (table: 'users' | 'theses') =>
    Number(
      (
        await app()
          .database.db.selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it(`imports the file once when ${BURST} commits of it arrive at once`, async () => {
    const file = importFile();
    const [usersBefore, thesesBefore] = [await count('users'), await count('theses')];
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => {
        const form = new FormData();
        form.append('sha256', shaOf(file));
        form.append('mode', i % 2 === 0 ? 'all' : 'valid');
        form.append('file', new Blob([new Uint8Array(file)]), '考生名单.csv');
        return (apps[i % apps.length] as TestApp).upload<ImportResult>(`/api${ImportApiPath.commit}`, form, {
          token: admin,
        });
      }),
    );
    const won = answers.filter((a) => a.body.errorCode === 0);
    assert.equal(won.length, 1, JSON.stringify(answers.map((a) => a.body)));
    assert.deepEqual(won[0]?.body.data, { imported: NEW_ROWS + 1, skipped: 0, createdStudents: NEW_ROWS });
    const refusals = new Set([ImportMessage.raced, ImportMessage.invalidRows(NEW_ROWS + 1), ImportMessage.noValidRows]);
    for (const answer of answers.filter((a) => a.body.errorCode !== 0)) {
      assert.notEqual(answer.body.errorCode, ErrorCode.internal, answer.body.errorMsg);
      assert.ok(refusals.has(answer.body.errorMsg), answer.body.errorMsg);
    }

    assert.equal(await count('users'), usersBefore + NEW_ROWS);
    assert.equal(await count('theses'), thesesBefore + NEW_ROWS + 1);
    const theses = await app()
      .database.db.selectFrom('theses')
      .select('student_id')
      .where('batch_id', '=', batchId)
      .execute();
    assert.equal(new Set(theses.map((t) => t.student_id)).size, NEW_ROWS + 1, 'one thesis per candidate');
    const audits = await app()
      .database.db.selectFrom('audit_log')
      .select('detail_json')
      .where('action', '=', 'candidateImport')
      .where('entity_id', '=', batchId)
      .execute();
    assert.equal(audits.length, 1, 'one import recorded');
  });
});
