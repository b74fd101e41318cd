import assert from 'node:assert/strict';
import { it } from 'node:test';
import { filenameFromContentDisposition } from './content-disposition.ts';

it('prefers filename* over filename', () => {
  const header = `attachment; filename="a.xlsx"; filename*=UTF-8''%E9%80%89%E9%A2%98.xlsx`;
  assert.equal(filenameFromContentDisposition(header), '选题.xlsx');
});

it('falls back to the quoted or bare filename, then to the fallback', () => {
  assert.equal(filenameFromContentDisposition('attachment; filename="report 1.xlsx"'), 'report 1.xlsx');
  assert.equal(filenameFromContentDisposition('attachment; filename=plain.csv'), 'plain.csv');
  assert.equal(filenameFromContentDisposition(null, '导出.xlsx'), '导出.xlsx');
  assert.equal(filenameFromContentDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="ok.xlsx"`), 'ok.xlsx');
});
