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

/**
 * The parameters of a JSON body, a query or a parsed input as one string that tells apart every
 * name, value and type, leaving out the signature's `t` and `sig`; undefined when a value is an
 * object or array, which are not memoised.
 */
export function paramsKey(input: unknown): string | undefined {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input === undefined ? '' : undefined;
  const record = input as Record<string, unknown>;
  let key = '';
  for (const name of Object.keys(record)) {
    const value = record[name];
    // An undefined value is an absent one, as in JSON and to zod.
    if (name === 't' || name === 'sig' || value === undefined) continue;
    key += `${name.length}:${name}`;
    if (typeof value === 'string') key += `s${value.length}:${value}`;
    else if (typeof value === 'number') key += `n${value};`;
    else if (typeof value === 'boolean') key += value ? 'T' : 'F';
    else if (value === null) key += 'N';
    else return undefined;
  }
  return key;
}

/**
 * `parseInput` for a call repeated with the same parameters (a list polled, paged back and forth):
 * a valid input's result is kept by its `paramsKey`, frozen and shared, up to `maxEntries`.
 * Invalid input is parsed every time, so its message is always the schema's own.
 */
export class ParsedInputMemo<T extends z.ZodType> {
  private readonly schema: T;
  private readonly maxEntries: number;
  private readonly parsed = new Map<string, z.infer<T>>();

  constructor(schema: T, maxEntries = 1000) {
    this.schema = schema;
    this.maxEntries = maxEntries;
  }

  parse(input: unknown): z.infer<T> {
    const key = paramsKey(input);
    if (key === undefined) return parseInput(this.schema, input);
    const known = this.parsed.get(key);
    if (known !== undefined) return known;
    const value = Object.freeze(parseInput(this.schema, input)) as z.infer<T>;
    if (this.parsed.size >= this.maxEntries) this.parsed.delete(this.parsed.keys().next().value as string);
    this.parsed.set(key, value);
    return value;
  }
}
