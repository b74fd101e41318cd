import { z } from 'zod';
import { invalidInput } from './errors.ts';
import { KeyedMemo } from './keyed-memo.ts';

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

/** The longest parameter key a memo keeps: a list query is far shorter, a body of long text is not kept. */
export const MEMO_KEY_MAX = 1024;

/**
 * `parseInput` for a call repeated with the same parameters (a list polled, paged back and forth):
 * a valid input's result is kept by its `paramsKey`, frozen and shared, up to `maxEntries`.
 * Invalid input is parsed every time, so its message is always the schema's own, and input
 * whose key is longer than `MEMO_KEY_MAX` characters is never kept.
 */
export class ParsedInputMemo<T extends z.ZodType> {
  private readonly schema: T;
  private readonly parsed: KeyedMemo<z.infer<T>>;

  constructor(schema: T, maxEntries = 1000) {
    this.schema = schema;
    this.parsed = new KeyedMemo(maxEntries, MEMO_KEY_MAX);
  }

  /** `key`, when given, must be `paramsKey(input)`: the signature check takes it once per call. */
  parse(input: unknown, key: string | undefined = paramsKey(input)): z.infer<T> {
    return this.parsed.get(key, () => Object.freeze(parseInput(this.schema, input)) as z.infer<T>);
  }
}
