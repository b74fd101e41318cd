import { z } from 'zod';
import { invalidInput } from './errors.ts';

z.config(z.locales.zhCN());

/**
 * Parses input against a schema, or throws 1000001 naming the first bad field in Chinese,
 * e.g. "参数错误：phone 格式不正确".
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : '请求体';
  throw invalidInput(`${field} ${issue?.message ?? '不合法'}`);
}
