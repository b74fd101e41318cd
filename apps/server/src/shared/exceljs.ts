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
