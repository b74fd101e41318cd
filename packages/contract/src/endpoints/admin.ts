import { type BatchDto, batchListSchema, batchRefSchema, batchSaveSchema, ConsoleApiPath } from '../console.ts';
import { post } from '../endpoint.ts';
import type { ListResult } from '../envelope.ts';
import {
  ImportApiPath,
  type ImportPreview,
  type ImportResult,
  importCommitFieldsSchema,
  importTemplateSchema,
} from '../student-import.ts';
import { Access } from './access.ts';
import { emptyInputSchema } from './empty.ts';

/** Admins uploading a form: the handler checks the signature once the fields are read. */
const adminUpload = { roles: Access.admins.roles, signature: 'multipart' } as const;

/** The admin area: batches and the candidate import. */
export const adminEndpoints = {
  batchList: post<ListResult<BatchDto>>()({
    path: ConsoleApiPath.batchList,
    input: batchListSchema,
    access: Access.admins,
  }),
  batchSave: post<BatchDto>()({ path: ConsoleApiPath.batchSave, input: batchSaveSchema, access: Access.admins }),
  batchClose: post<BatchDto>()({ path: ConsoleApiPath.batchClose, input: batchRefSchema, access: Access.admins }),
  /** Multipart: the `file`. Parses and checks every row; writes nothing. */
  importPreview: post<ImportPreview>()({
    path: ImportApiPath.preview,
    input: emptyInputSchema,
    form: 'multipart',
    access: adminUpload,
  }),
  /** Multipart: the same `file` again, its `sha256` from the preview and the `mode`. */
  importCommit: post<ImportResult>()({
    path: ImportApiPath.commit,
    input: importCommitFieldsSchema,
    form: 'multipart',
    access: adminUpload,
  }),
  /** The template as a file download (.xlsx or .csv). */
  importTemplate: post<never>()({
    path: ImportApiPath.template,
    input: importTemplateSchema,
    body: 'file',
    access: Access.admins,
  }),
};
