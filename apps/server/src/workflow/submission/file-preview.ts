import { open } from 'node:fs/promises';
import { FILE_PREVIEW_LIMITS, type FilePreview, type PreviewSheet } from '@zikao/contract/thesis-sheet';
import { parse } from 'csv-parse/sync';
import { listZip } from '../../documents/document/zip-inspector.ts';
import { loadExcelJS } from '../../shared/exceljs.ts';

/** How much of a CSV is read for its preview: its first rows are enough, whatever its size. */
const CSV_PREVIEW_BYTES = 2 * 1024 * 1024;

const { sheets: MAX_SHEETS, rows: MAX_ROWS, columns: MAX_COLUMNS, cellChars: MAX_CELL } = FILE_PREVIEW_LIMITS;

/** A cell as text, cut to the preview's width. */
function cellText(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (value instanceof Date) text = value.toISOString().slice(0, 10);
  else if (typeof value === 'object') {
    const cell = value as { richText?: Array<{ text: string }>; result?: unknown; text?: unknown; error?: string };
    if (cell.richText) text = cell.richText.map((part) => part.text).join('');
    else if ('result' in cell) text = cellText(cell.result);
    else if (cell.text !== undefined) text = cellText(cell.text);
    else if (cell.error) text = cell.error;
    else text = '';
  } else if (typeof value === 'number' && !Number.isInteger(value)) {
    // A computed ratio (0.2457627118…) reads better cut to four decimals.
    text = String(Number(value.toFixed(4)));
  } else text = String(value);
  const chars = [...text];
  return chars.length > MAX_CELL ? `${chars.slice(0, MAX_CELL).join('')}…` : text;
}

/** Rows cut to the preview's limits; says whether anything was left out. */
function bounded(rows: unknown[][]): { rows: string[][]; truncated: boolean } {
  let truncated = rows.length > MAX_ROWS;
  const kept = rows.slice(0, MAX_ROWS).map((row) => {
    if (row.length > MAX_COLUMNS) truncated = true;
    return row.slice(0, MAX_COLUMNS).map(cellText);
  });
  return { rows: kept, truncated };
}

/** The first rows of a CSV file, UTF-8 (with or without a BOM) or GB18030. */
export async function previewCsv(file: string, name: string): Promise<FilePreview> {
  const handle = await open(file, 'r');
  let bytes: Buffer;
  let whole: boolean;
  try {
    const buffer = Buffer.alloc(CSV_PREVIEW_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, CSV_PREVIEW_BYTES, 0);
    whole = bytesRead < CSV_PREVIEW_BYTES;
    bytes = buffer.subarray(0, whole ? bytesRead : buffer.lastIndexOf(0x0a) + 1);
  } finally {
    await handle.close();
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('gb18030').decode(bytes);
  }
  const records = parse(text, {
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    to_line: MAX_ROWS + 1,
  }) as string[][];
  const table = bounded(records);
  const sheet: PreviewSheet = { name, rows: table.rows, truncated: table.truncated || !whole };
  return { kind: 'table', sheets: [sheet], truncated: sheet.truncated };
}

/**
 * The first rows of each worksheet of an .xlsx file, read as a stream and left as soon as the
 * limits are reached (the upload was already checked against decompression bombs).
 */
export async function previewXlsx(file: string): Promise<FilePreview> {
  const ExcelJS = await loadExcelJS();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // Styles tell a date from a number.
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const sheets: PreviewSheet[] = [];
  let truncated = false;
  for await (const worksheet of reader) {
    if (sheets.length === MAX_SHEETS) {
      truncated = true;
      break;
    }
    const rows: unknown[][] = [];
    let more = false;
    for await (const row of worksheet) {
      if (rows.length === MAX_ROWS) {
        more = true;
        break;
      }
      // row.values is 1-based: index 0 is always empty.
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      rows.push(Array.from(values, (value) => value));
    }
    const table = bounded(rows);
    const name = (worksheet as unknown as { name?: string }).name;
    sheets.push({ name: name || `工作表${sheets.length + 1}`, rows: table.rows, truncated: table.truncated || more });
    truncated ||= table.truncated || more;
  }
  return { kind: 'table', sheets, truncated };
}

/** The files of a ZIP archive by name and size (nothing is inflated). */
export async function previewZip(file: string): Promise<FilePreview | null> {
  const entries = await listZip(file);
  if (!entries) return null;
  const files = entries.filter((entry) => !entry.name.endsWith('/'));
  return {
    kind: 'archive',
    entries: files.slice(0, FILE_PREVIEW_LIMITS.entries),
    totalEntries: files.length,
    truncated: files.length > FILE_PREVIEW_LIMITS.entries,
  };
}
