import { adminEndpoints } from '@zikao/contract/endpoints';
import { IMPORT_COLUMNS, IMPORT_EXAMPLE_ROW } from '@zikao/contract/student-import';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidInput } from '../../shared/errors.ts';
import { loadExcelJS, workbookBytes } from '../../shared/exceljs.ts';
import { attachment, XLSX_TYPE } from '../../shared/http/attachment.ts';
import { serve } from '../../shared/http/serve.ts';
import { type ImportService, receiveImportFile } from './import.service.ts';

const TEMPLATE_NAME = '考生导入模板';

function upload(request: FastifyRequest) {
  if (!request.isMultipart()) throw invalidInput('请以 multipart/form-data 格式上传文件');
  const signature = request.pendingSignature;
  if (!signature) throw invalidInput('缺少签名');
  return receiveImportFile(request.parts(), signature);
}

/** The template: the header row and one example row; 准考证号 and 手机号 as text, so Excel keeps leading zeros. */
async function templateXlsx(): Promise<Buffer> {
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '自考在线';
  const sheet = workbook.addWorksheet('考生');
  sheet.columns = IMPORT_COLUMNS.map((header, i) => ({
    header,
    key: header,
    width: i === IMPORT_COLUMNS.length - 1 ? 36 : 16,
    style: header === '准考证号' || header === '手机号' ? { numFmt: '@' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow([...IMPORT_EXAMPLE_ROW]);
  return await workbookBytes(workbook);
}

function templateCsv(): Buffer {
  // UTF-8 with BOM, so Excel on Chinese Windows opens it without garbling.
  const lines = [IMPORT_COLUMNS.join(','), IMPORT_EXAMPLE_ROW.join(',')];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** Candidate import for admins: template download, preview (writes nothing), commit. */
export function registerImportRoutes(app: FastifyInstance, deps: { imports: ImportService }): void {
  const { imports } = deps;

  serve(app, adminEndpoints.importTemplate, async ({ format }, { reply }) => {
    if (format === 'csv')
      return attachment(reply, `${TEMPLATE_NAME}.csv`, 'text/csv; charset=utf-8').send(templateCsv());
    return attachment(reply, `${TEMPLATE_NAME}.xlsx`, XLSX_TYPE).send(await templateXlsx());
  });

  // The service reads the form and checks the signature over its fields; the commit parses them
  // with the endpoint's schema (`importCommitFieldsSchema`).
  serve(app, adminEndpoints.importPreview, async (_input, { request }) => imports.preview(await upload(request)));

  serve(app, adminEndpoints.importCommit, async (_input, { user, request }) =>
    imports.commit(user, await upload(request)),
  );
}
