import { type BatchDto, batchListSchema, batchRefSchema, batchSaveSchema, ConsoleApiPath } from '../console.ts';
import { post } from '../endpoint.ts';
import type { ListResult } from '../envelope.ts';
import { Access } from './access.ts';

/** The admin area: batches and the candidate import. */
export const adminEndpoints = {
  batchList: post<ListResult<BatchDto>>()({
    path: ConsoleApiPath.batchList,
    input: batchListSchema,
    access: Access.admins,
  }),
  batchSave: post<BatchDto>()({ path: ConsoleApiPath.batchSave, input: batchSaveSchema, access: Access.admins }),
  batchClose: post<BatchDto>()({ path: ConsoleApiPath.batchClose, input: batchRefSchema, access: Access.admins }),
};
