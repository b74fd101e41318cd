// Candidate import (issue 6, management console): admins upload a CSV or .xlsx of candidates,
// get a per-row preview, then import every row or only the valid ones. The commit re-sends the
// same file (checked by its SHA-256), so no preview state lives on the server between calls.
import { z } from 'zod';

export const ImportApiPath = {
  /** Multipart: `file`. Parses and validates; writes nothing. */
  preview: '/v1/console/candidate/import/preview',
  /** Multipart: `file`, `sha256` (from the preview), `mode` ('all' | 'valid'). */
  commit: '/v1/console/candidate/import/commit',
  /** JSON `{format}`: the template as a file download. */
  template: '/v1/console/candidate/import/template',
} as const;

/** The file's columns in template order; 论文题目 may be left out or left blank. */
export const IMPORT_COLUMNS = ['姓名', '准考证号', '手机号', '专业', '主考院校', '批次', '论文题目'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const IMPORT_REQUIRED_COLUMNS = ['姓名', '准考证号', '手机号', '专业', '主考院校', '批次'] as const;

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;

/** 准考证号: digits or letters, as exam boards print them. */
export const EXAM_NUMBER_PATTERN = /^[0-9A-Za-z]{6,20}$/;

/** Field length limits, matching the users and theses columns. */
export const IMPORT_LIMITS = { name: 50, major: 100, school: 100, title: 200 } as const;

/**
 * Text a spreadsheet program would take for a formula (CSV/formula injection): a cell that starts
 * with = + - @, or with a tab or carriage return before one.
 */
export const SPREADSHEET_FORMULA_START = /^[\t\r]*[=+\-@]/;

/** Every message the import can give, in one place so server, web and tests agree. */
export const ImportMessage = {
  notSpreadsheet: '仅支持 .xlsx 或 .csv 文件（按文件内容识别）',
  tooLarge: `文件超过 ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  empty: '文件内容为空',
  noRows: '文件中没有考生数据',
  tooManyRows: `一次最多导入 ${IMPORT_MAX_ROWS.toLocaleString('en-US')} 行`,
  unreadableXlsx: '无法读取该 Excel 文件，请确认是 .xlsx 格式（不支持 .xls）',
  unclosedQuote: (row: number) => `CSV 第 ${row} 行的引号（"）没有闭合，请检查该行后重新上传`,
  textAfterQuote: (row: number) =>
    `CSV 第 ${row} 行的引号用法不正确：带引号的单元格应整格用引号括起，其中的引号写成两个（""）`,
  missingColumns: (columns: readonly string[]) => `表头不正确，缺少列：${columns.join('、')}（请使用导入模板）`,
  fileChanged: '文件与校验时不一致，请重新上传校验',
  invalidRows: (count: number) => `有 ${count} 行未通过校验，未导入任何数据；请修正后重新上传，或选择仅导入有效行`,
  noValidRows: '没有可导入的有效行',
  raced: '导入期间数据已变化，未导入任何数据，请重新校验',
  required: (column: string) => `${column}不能为空`,
  tooLong: (column: string, max: number) => `${column}不能超过 ${max} 个字`,
  formula: (column: string) => `${column}不能以 = + - @ 开头：表格软件会把它当作公式执行`,
  examNumberFormat: '准考证号应为 6–20 位数字或字母',
  phoneFormat: '手机号格式不正确',
  duplicateExamNumberInFile: (rows: readonly number[]) => `准考证号在文件中重复（第 ${rows.join('、')} 行）`,
  duplicatePhoneInFile: (rows: readonly number[]) => `手机号在文件中重复（第 ${rows.join('、')} 行）`,
  alreadyInBatch: (batch: string) => `准考证号已存在：该考生已在批次「${batch}」中`,
  examNumberPhoneMismatch: '准考证号已存在，但手机号与已有考生不一致',
  phoneTaken: '手机号已被其他账号使用',
  unknownBatch: (batch: string) => `批次「${batch}」不存在`,
  closedBatch: (batch: string) => `批次「${batch}」已关闭`,
} as const;

/** One data row of the file as read, with its problems (none means it will be imported). */
export interface ImportPreviewRow {
  /** The row number in the spreadsheet, header being row 1. */
  rowNo: number;
  name: string;
  examNumber: string;
  phone: string;
  majorName: string;
  schoolName: string;
  batchName: string;
  title: string;
  errors: string[];
  /** An existing candidate (same 准考证号 and phone) who is added to another batch. */
  existingStudent: boolean;
}

export interface ImportPreview {
  fileName: string;
  /** Send back with the commit; the server refuses a different file. */
  sha256: string;
  total: number;
  validCount: number;
  invalidCount: number;
  rows: ImportPreviewRow[];
}

export const importCommitFieldsSchema = z.object({
  sha256: z.string({ error: '不能为空' }).regex(/^[0-9a-f]{64}$/, '格式不正确'),
  mode: z.enum(['all', 'valid'], { error: '须为 all 或 valid' }),
});
export type ImportCommitFields = z.infer<typeof importCommitFieldsSchema>;

export interface ImportResult {
  imported: number;
  skipped: number;
  /** Of the imported rows, how many created a new candidate account. */
  createdStudents: number;
}

export const importTemplateSchema = z.object({
  format: z.enum(['xlsx', 'csv'], { error: '须为 xlsx 或 csv' }),
});
export type ImportTemplateBody = z.infer<typeof importTemplateSchema>;

/** The template's example row, in IMPORT_COLUMNS order. */
export const IMPORT_EXAMPLE_ROW = [
  '张三',
  '030124100099',
  '13800138000',
  '汉语言文学',
  '华南师范大学',
  '2026年下半年',
  '论鲁迅小说中的知识分子形象',
] as const;
