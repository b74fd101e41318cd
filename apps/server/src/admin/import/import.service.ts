import { createHash } from 'node:crypto';
import type { Multipart } from '@fastify/multipart';
import { normalizePhone, PHONE_PATTERN } from '@zikao/contract';
import {
  EXAM_NUMBER_PATTERN,
  IMPORT_LIMITS,
  IMPORT_MAX_BYTES,
  type ImportCommitFields,
  ImportMessage,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportResult,
  importCommitFieldsSchema,
  SPREADSHEET_FORMULA_START,
} from '@zikao/contract/student-import';
import { conflict, fileTooLarge, invalidInput, noFile } from '../../shared/errors.ts';
import { hashPassword } from '../../shared/passwords.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import { checkSignature } from '../../shared/signature-hook.ts';
import { randomToken } from '../../shared/tokens.ts';
import { parseInput } from '../../shared/validation.ts';
import type { AuditService } from '../../system/audit/audit.service.ts';
import { type ImportRepository, isUniqueViolation } from './import.repository.ts';
import { badFile, type ParsedRow, parseStudentFile } from './import-parser.ts';

export interface ImportFile {
  name: string;
  bytes: Buffer;
  sha256: string;
  fields: Record<string, unknown>;
}

/** A checked row plus what the commit needs: the batch id and, for an existing candidate, their id. */
interface CheckedRow extends ImportPreviewRow {
  batchId: number | null;
  studentId: number | null;
}

const length = (text: string) => Array.from(text).length;

/**
 * Reads the one multipart file into memory (at most IMPORT_MAX_BYTES; the rest is drained and
 * the file refused) and verifies the signature over the query and the form fields.
 */
export async function receiveImportFile(
  parts: AsyncIterableIterator<Multipart>,
  signature: { params: Record<string, unknown>; t: string; sig: string },
): Promise<ImportFile> {
  const fields: Record<string, unknown> = {};
  let file: ImportFile | null = null;
  let tooLarge = false;
  for await (const part of parts) {
    if (part.type === 'field') {
      fields[part.fieldname] = part.value;
      continue;
    }
    if (file) throw invalidInput('一次只能上传一个文件');
    const chunks: Buffer[] = [];
    let size = 0;
    const hash = createHash('sha256');
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > IMPORT_MAX_BYTES) {
        tooLarge = true;
        continue;
      }
      hash.update(chunk);
      chunks.push(chunk);
    }
    if (part.file.truncated) tooLarge = true;
    file = { name: part.filename, bytes: Buffer.concat(chunks), sha256: hash.digest('hex'), fields };
  }
  checkSignature({ ...signature.params, ...fields }, signature.t, signature.sig);
  if (tooLarge) throw fileTooLarge(ImportMessage.tooLarge);
  if (!file) throw noFile();
  return file;
}

/** Checks a parsed file against itself and the database: the per-row preview. */
async function checkRows(repository: ImportRepository, parsed: readonly ParsedRow[]): Promise<CheckedRow[]> {
  const rows: CheckedRow[] = parsed.map(({ rowNo, cells }) => ({
    rowNo,
    name: cells.姓名,
    examNumber: cells.准考证号,
    phone: normalizePhone(cells.手机号.replace(/[\s-]/g, '')),
    majorName: cells.专业,
    schoolName: cells.主考院校,
    batchName: cells.批次,
    title: cells.论文题目,
    errors: [],
    existingStudent: false,
    batchId: null,
    studentId: null,
  }));

  const byExamNumber = new Map<string, number[]>();
  const byPhone = new Map<string, number[]>();
  for (const row of rows) {
    const required: Array<[string, string]> = [
      ['姓名', row.name],
      ['准考证号', row.examNumber],
      ['手机号', row.phone],
      ['专业', row.majorName],
      ['主考院校', row.schoolName],
      ['批次', row.batchName],
    ];
    for (const [column, value] of required) if (!value) row.errors.push(ImportMessage.required(column));
    const limits: Array<[string, string, number]> = [
      ['姓名', row.name, IMPORT_LIMITS.name],
      ['专业', row.majorName, IMPORT_LIMITS.major],
      ['主考院校', row.schoolName, IMPORT_LIMITS.school],
      ['论文题目', row.title, IMPORT_LIMITS.title],
    ];
    for (const [column, value, max] of limits) {
      if (length(value) > max) row.errors.push(ImportMessage.tooLong(column, max));
    }
    for (const [column, value] of [...limits, ['批次', row.batchName] as const]) {
      if (SPREADSHEET_FORMULA_START.test(value)) row.errors.push(ImportMessage.formula(column));
    }
    if (row.examNumber && !EXAM_NUMBER_PATTERN.test(row.examNumber)) row.errors.push(ImportMessage.examNumberFormat);
    if (row.phone && !PHONE_PATTERN.test(row.phone)) row.errors.push(ImportMessage.phoneFormat);
    if (row.examNumber) byExamNumber.set(row.examNumber, [...(byExamNumber.get(row.examNumber) ?? []), row.rowNo]);
    if (row.phone) byPhone.set(row.phone, [...(byPhone.get(row.phone) ?? []), row.rowNo]);
  }
  for (const row of rows) {
    const sameExam = byExamNumber.get(row.examNumber) ?? [];
    if (sameExam.length > 1) row.errors.push(ImportMessage.duplicateExamNumberInFile(sameExam));
    const samePhone = byPhone.get(row.phone) ?? [];
    if (samePhone.length > 1) row.errors.push(ImportMessage.duplicatePhoneInFile(samePhone));
  }

  const batches = new Map(
    (await repository.batchesByName([...new Set(rows.map((r) => r.batchName).filter(Boolean))])).map((b) => [
      b.name,
      b,
    ]),
  );
  const examOwners = new Map(
    (await repository.usersByExamNumber([...byExamNumber.keys()])).map((user) => [user.examNumber, user]),
  );
  const phoneOwners = new Map((await repository.usersByAccount([...byPhone.keys()])).map((u) => [u.account, u]));
  const enrolled = new Set(
    (await repository.thesisBatches([...examOwners.values()].map((u) => u.id))).map(
      (t) => `${t.studentId}:${t.batchId}`,
    ),
  );

  for (const row of rows) {
    const batch = batches.get(row.batchName);
    if (row.batchName && !batch) row.errors.push(ImportMessage.unknownBatch(row.batchName));
    else if (batch?.status === 'closed') row.errors.push(ImportMessage.closedBatch(row.batchName));
    row.batchId = batch?.id ?? null;

    const owner = row.examNumber ? examOwners.get(row.examNumber) : undefined;
    if (owner) {
      if (batch && enrolled.has(`${owner.id}:${batch.id}`)) {
        row.errors.push(ImportMessage.alreadyInBatch(batch.name));
      } else if (owner.account !== row.phone) {
        row.errors.push(ImportMessage.examNumberPhoneMismatch);
      } else {
        row.existingStudent = true;
        row.studentId = owner.id;
      }
    } else if (row.phone && phoneOwners.has(row.phone)) {
      row.errors.push(ImportMessage.phoneTaken);
    }
  }
  return rows;
}

const toPreviewRow = ({ batchId: _b, studentId: _s, ...row }: CheckedRow): ImportPreviewRow => row;

/** Candidate import: parse, check every row, and create accounts and theses in one transaction. */
export class ImportService {
  private readonly repository: ImportRepository;
  private readonly audit: AuditService;

  constructor(deps: { repository: ImportRepository; audit: AuditService }) {
    this.audit = deps.audit;
    this.repository = deps.repository;
  }

  async preview(file: ImportFile): Promise<ImportPreview> {
    const rows = await checkRows(this.repository, await parseStudentFile(file.bytes));
    const invalidCount = rows.filter((row) => row.errors.length > 0).length;
    return {
      fileName: file.name,
      sha256: file.sha256,
      total: rows.length,
      validCount: rows.length - invalidCount,
      invalidCount,
      rows: rows.map(toPreviewRow),
    };
  }

  /**
   * Imports the file previewed before (same SHA-256), checked again inside the transaction.
   * `all` refuses the whole file while any row is invalid; `valid` skips the invalid rows.
   */
  async commit(user: SessionUser, file: ImportFile): Promise<ImportResult> {
    const fields: ImportCommitFields = parseInput(importCommitFieldsSchema, file.fields);
    if (fields.sha256 !== file.sha256) throw badFile(ImportMessage.fileChanged);
    const parsed = await parseStudentFile(file.bytes);
    // Imported candidates sign in by SMS code; the password is random and never known to anyone.
    // One hash per import: scrypt per row would take minutes for 10,000 rows.
    const passwordHash = await hashPassword(randomToken());
    try {
      return await this.repository.transaction(async (repository, trx) => {
        await repository.lockBatches([...new Set(parsed.map((row) => row.cells.批次).filter(Boolean))]);
        const rows = await checkRows(repository, parsed);
        const valid = rows.filter((row) => row.errors.length === 0);
        const skipped = rows.length - valid.length;
        if (fields.mode === 'all' && skipped > 0) throw badFile(ImportMessage.invalidRows(skipped));
        if (valid.length === 0) throw badFile(ImportMessage.noValidRows);
        const now = Date.now();
        const created = valid.filter((row) => !row.existingStudent);
        const ids = await repository.insertStudents(created, passwordHash, now);
        await repository.insertTheses(
          valid.map((row) => ({
            batchId: row.batchId as number,
            studentId: row.studentId ?? (ids.get(row.examNumber) as number),
            majorName: row.majorName,
            title: row.title,
          })),
          now,
        );
        const perBatch = new Map<number, number>();
        for (const row of valid) perBatch.set(row.batchId as number, (perBatch.get(row.batchId as number) ?? 0) + 1);
        await this.audit.record(
          trx,
          [...perBatch].map(([batchId, imported]) => ({
            actorId: user.id,
            action: 'candidateImport',
            entity: 'batch',
            entityId: batchId,
            detail: { imported, fileName: file.name, sha256: file.sha256 },
          })),
        );
        return { imported: valid.length, skipped, createdStudents: created.length };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(ImportMessage.raced);
      throw error;
    }
  }
}
