import { z } from 'zod';
import { wholeNumber } from './numbers.ts';

/** Every response: `{ errorCode, errorMsg, data }`. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ errorCode: z.number().int(), errorMsg: z.string(), data });

export interface Envelope<T> {
  errorCode: number;
  errorMsg: string;
  data: T;
}

/** The one list shape: `{page, pageSize, keyword?, …filters}` → `{list, total, page, pageSize}`. */
export const listQuerySchema = z.object({
  page: wholeNumber(z.number().int().min(1, '必须大于等于 1')).default(1),
  pageSize: wholeNumber(z.number().int().min(1, '必须大于等于 1').max(100, '不能超过 100')).default(20),
  keyword: z.string().max(100, '不能超过 100 个字符').optional(),
  export: wholeNumber(z.number().int().min(0).max(1)).optional(),
});

export interface ListResult<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}
