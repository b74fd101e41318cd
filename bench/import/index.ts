/**
 * Candidate import benchmark: a 10,000-row CSV previewed (parse and check every row) and then
 * imported (10,000 student accounts and theses in one transaction), through the real app's
 * routes on a fresh database: SQLite, or PostgreSQL when DATABASE_URL is set. Prints one JSON
 * line; the budget is import under 10 s. xlsx_preview_ms is the same file as .xlsx. Median of RUNS runs, each on its own batch.
 */
import { createHash } from 'node:crypto';
import { IMPORT_COLUMNS, ImportApiPath, type ImportPreview, type ImportResult } from '@zikao/contract/student-import';
import ExcelJS from 'exceljs';
import { buildBatch } from '../../apps/server/src/test/factories.ts';
import { createTestApp } from '../../apps/server/src/test/test-app.ts';

const ROWS = 10_000;
const RUNS = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number;

function studentsCsv(run: number, batch: string): Buffer {
  const lines = [IMPORT_COLUMNS.join(',')];
  for (let i = 0; i < ROWS; i++) {
    const n = String(i).padStart(5, '0');
    lines.push(`考生${n},08${run}0${n}0000,15${run}0${n}01,汉语言文学,华南师范大学,${batch},自学考试论文题目${n}`);
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

async function asXlsx(csv: Buffer): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('考生');
  for (const line of csv
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n'))
    if (line) sheet.addRow(line.split(','));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const app = await createTestApp({ LOG_LEVEL: 'warn' });
try {
  const token = await app.login('13800000004');
  const send = async <T>(path: string, file: Buffer, fields: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', new Blob([new Uint8Array(file)]), 'candidates.csv');
    const response = await app.upload<T>(`/api${path}`, form, { token });
    if (response.body.errorCode !== 0) throw new Error(`${path}: ${response.body.errorMsg}`);
    return response.body.data;
  };
  const previewTimes: number[] = [];
  const xlsxPreviewTimes: number[] = [];
  const importTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const batch = `基准批次${run}`;
    await buildBatch(app, {}, batch);
    const file = studentsCsv(run, batch);
    let started = performance.now();
    const preview = await send<ImportPreview>(ImportApiPath.preview, file);
    previewTimes.push(performance.now() - started);
    if (preview.validCount !== ROWS)
      throw new Error(`expected ${ROWS} valid rows, got ${preview.validCount}: ${preview.rows[0]?.errors}`);
    const workbook = await asXlsx(file);
    started = performance.now();
    await send<ImportPreview>(ImportApiPath.preview, workbook);
    xlsxPreviewTimes.push(performance.now() - started);
    started = performance.now();
    const result = await send<ImportResult>(ImportApiPath.commit, file, {
      sha256: createHash('sha256').update(file).digest('hex'),
      mode: 'all',
    });
    importTimes.push(performance.now() - started);
    if (result.imported !== ROWS) throw new Error(`expected ${ROWS} imported, got ${result.imported}`);
  }
  console.log(
    JSON.stringify({
      rows: ROWS,
      database: app.database.dialect,
      preview_ms: Math.round(median(previewTimes)),
      import_ms: Math.round(median(importTimes)),
      xlsx_preview_ms: Math.round(median(xlsxPreviewTimes)),
      budget_ms: 10_000,
    }),
  );
} finally {
  await app.close();
}
