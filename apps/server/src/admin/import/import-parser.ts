import { ErrorCode } from '@zikao/contract/errors';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_REQUIRED_COLUMNS,
  type ImportColumn,
  ImportMessage,
} from '@zikao/contract/student-import';
import { CsvError, type CsvErrorCode, parse } from 'csv-parse/sync';
import type { CellValue } from 'exceljs';
import { AppError, fileTypeRejected } from '../../shared/errors.ts';
import { loadExcelJS } from '../../shared/exceljs.ts';

/** 1000001 with the message alone: the admin reads it as it is, without the 参数错误 prefix. */
export const badFile = (message: string) => new AppError(ErrorCode.invalidInput, message);

/** One data row of the file: the spreadsheet row number and its cells by column name. */
export interface ParsedRow {
  rowNo: number;
  cells: Record<ImportColumn, string>;
}

export type SpreadsheetFormat = 'xlsx' | 'csv';

// A 5 MB .xlsx of 20,000 candidates inflates to a few tens of MB; a decompression bomb goes far past this.
const MAX_XLSX_INFLATED_BYTES = 100 * 1024 * 1024;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const UTF8_BOM = [0xef, 0xbb, 0xbf];
const UTF16LE_BOM = [0xff, 0xfe];

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((byte, i) => bytes[i] === byte);

/** Tab, LF and CR are the only control characters a CSV holds; binary data has others. */
function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/**
 * Tells .xlsx from CSV by content, whatever the file is called: a zip holding `xl/` parts is a
 * workbook; text without control characters is CSV; anything else is refused (null).
 */
export function sniffSpreadsheet(bytes: Buffer): SpreadsheetFormat | null {
  if (startsWith(bytes, ZIP_MAGIC)) return bytes.includes('xl/') ? 'xlsx' : null;
  if (startsWith(bytes, UTF16LE_BOM)) return 'csv';
  const text = decodeText(bytes);
  return hasControlCharacters(text) ? null : 'csv';
}

/**
 * Decodes CSV bytes: UTF-8 with or without BOM, UTF-16LE with BOM (Excel's "Unicode text"),
 * and otherwise GB18030, the superset of the GBK that Excel writes on Chinese Windows.
 */
export function decodeText(bytes: Buffer): string {
  if (startsWith(bytes, UTF8_BOM)) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (startsWith(bytes, UTF16LE_BOM)) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** Any of the three line ends, mixed in one file as hand-edited CSVs have them; CRLF first so it is one end. */
const LINE_ENDS = ['\r\n', '\n', '\r'];

/** With quotes and row lengths relaxed, these are the only faults csv-parse finds in text. */
const CSV_FAULTS: Partial<Record<CsvErrorCode, (row: number) => string>> = {
  CSV_QUOTE_NOT_CLOSED: ImportMessage.unclosedQuote,
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: ImportMessage.textAfterQuote,
};

/**
 * RFC 4180 records (csv-parse): quoted fields may hold the delimiter, doubled quotes and line
 * breaks; CRLF, LF or CR end a record; a stray quote inside an unquoted field is kept as text;
 * rows may differ in length; spaces at the end of a field are dropped (cells are trimmed anyway),
 * so `"张三" ,` reads as 张三. Stops once `maxRecords` records are read. A quote left open, or text
 * after a closing quote, is refused with the spreadsheet row it is in, in words the admin reads.
 */
export function parseCsv(text: string, delimiter = ',', maxRecords = Number.POSITIVE_INFINITY): string[][] {
  try {
    return parse(text, {
      delimiter,
      record_delimiter: LINE_ENDS,
      relax_quotes: true,
      relax_column_count: true,
      rtrim: true,
      ...(Number.isFinite(maxRecords) ? { to: maxRecords } : {}),
    });
  } catch (error) {
    const message = error instanceof CsvError ? CSV_FAULTS[error.code] : undefined;
    if (!message) throw error;
    // `records` counts the records completed before the faulty one; rows are 1-based.
    throw badFile(message(Number((error as CsvError).records) + 1));
  }
}

/** Sum of the uncompressed sizes in a zip's central directory, or null when it cannot be read. */
function zipInflatedBytes(bytes: Buffer): number | null {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > bytes.length) return null;
  const entries = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) return null;
    total += bytes.readUInt32LE(offset + 24);
    offset += 46 + bytes.readUInt16LE(offset + 28) + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  return total;
}

function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value.result ?? null) as CellValue);
  if ('text' in value) return cellText(value.text as CellValue);
  return '';
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const inflated = zipInflatedBytes(bytes);
  if (inflated === null) throw fileTypeRejected(ImportMessage.unreadableXlsx);
  if (inflated > MAX_XLSX_INFLATED_BYTES) throw badFile('文件解压后过大，请拆分后分批导入');
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw fileTypeRejected(ImportMessage.unreadableXlsx);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const records: string[][] = [];
  // Row numbers are kept: the preview names the row the admin sees in Excel.
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const values: string[] = [];
    for (let column = 1; column <= row.cellCount; column++) values.push(cellText(row.getCell(column).value));
    records[rowNumber - 1] = values;
  });
  for (let i = 0; i < records.length; i++) records[i] ??= [];
  return records;
}

/** Header cells as written by people: BOM, spaces, a `*` for required, a "(选填)" suffix. */
function headerName(cell: string): string {
  return cell
    .replace(/^\uFEFF/, '')
    .replace(/[\s*＊]/g, '')
    .replace(/[（(]选填[)）]$/, '');
}

/**
 * Reads a candidate file into rows keyed by column name. Refuses (1070002 / 1000001, Chinese
 * messages from the contract) a file that is not .xlsx or CSV, has the wrong header, no data
 * rows or more than IMPORT_MAX_ROWS rows. Blank rows are skipped.
 */
export async function parseStudentFile(bytes: Buffer): Promise<ParsedRow[]> {
  if (bytes.length === 0) throw badFile(ImportMessage.empty);
  const format = sniffSpreadsheet(bytes);
  if (!format) throw fileTypeRejected(ImportMessage.notSpreadsheet);
  let records: string[][];
  if (format === 'xlsx') {
    records = await readXlsx(bytes);
  } else {
    const text = decodeText(bytes);
    const firstLine = text.slice(0, text.search(/\r|\n|$/));
    const delimiter = firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
    // Two records past the limit are enough to tell that it is exceeded, blank ones aside.
    records = parseCsv(text, delimiter, IMPORT_MAX_ROWS * 2 + 2);
  }
  const headerIndex = records.findIndex((record) => record.some((cell) => cell.trim() !== ''));
  if (headerIndex < 0) throw badFile(ImportMessage.empty);
  const header = (records[headerIndex] as string[]).map(headerName);
  const columnIndex = new Map<ImportColumn, number>();
  for (const column of IMPORT_COLUMNS) {
    const index = header.indexOf(column);
    if (index >= 0) columnIndex.set(column, index);
  }
  const missing = IMPORT_REQUIRED_COLUMNS.filter((column) => !columnIndex.has(column));
  if (missing.length > 0) throw badFile(ImportMessage.missingColumns(missing));

  const rows: ParsedRow[] = [];
  for (let i = headerIndex + 1; i < records.length; i++) {
    const record = records[i] as string[];
    if (record.every((cell) => cell.trim() === '')) continue;
    if (rows.length >= IMPORT_MAX_ROWS) throw badFile(ImportMessage.tooManyRows);
    const cells = {} as Record<ImportColumn, string>;
    for (const column of IMPORT_COLUMNS) {
      const index = columnIndex.get(column);
      cells[column] = index === undefined ? '' : (record[index] ?? '').trim();
    }
    rows.push({ rowNo: i + 1, cells });
  }
  if (rows.length === 0) throw badFile(ImportMessage.noRows);
  return rows;
}
