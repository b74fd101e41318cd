import { SPREADSHEET_FORMULA_START } from '@zikao/contract/student-import';
import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

/**
 * exceljs, loaded on first use. Importing it costs about 0.3 s of start-up, a fifth of the
 * server's; it serves exports, imports and previews, which most processes (every conversion
 * worker, a server between exports) never run.
 */
export function loadExcelJS(): Promise<typeof ExcelJS> {
  if (!loading) loading = import('exceljs').then((module) => module.default);
  return loading;
}

/**
 * The workbook's bytes, with every text cell that a spreadsheet program would run as a formula
 * (it starts with = + - @) written with a leading apostrophe: shown as text, never evaluated, even
 * after the cell is edited. Every .xlsx the app writes goes through here.
 */
export async function workbookBytes(workbook: ExcelJS.Workbook): Promise<Buffer> {
  for (const sheet of workbook.worksheets) {
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        if (typeof cell.value === 'string' && SPREADSHEET_FORMULA_START.test(cell.value)) cell.value = `'${cell.value}`;
      });
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
