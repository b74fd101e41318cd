import { fieldLabel } from '@zikao/contract/field-labels';
import { z } from 'zod';
import { invalidInput } from './errors.ts';
import { KeyedMemo } from './keyed-memo.ts';

z.config(z.locales.zhCN());
// Where a schema gives no message of its own, say it as a form would, not as zod's locale does
// ("无效输入：期望 string，实际接收 数字"); the field's name goes before it (`issueMessage`).
z.config({ customError: plainMessage });

function plainMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? '不能为空' : '格式不正确';
    case 'invalid_format':
    case 'invalid_value':
    case 'invalid_union':
      return issue.code === 'invalid_value' ? '不是可选的值' : '格式不正确';
    case 'too_big':
    case 'too_small': {
      const bound = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum);
      const big = issue.code === 'too_big';
      if (issue.origin === 'string')
        return big ? `不能超过 ${bound} 个字符` : bound <= 1 ? '不能为空' : `不能少于 ${bound} 个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return big ? `不能超过 ${bound} 项` : `至少 ${bound} 项`;
      return big ? `不能大于 ${bound}` : `不能小于 ${bound}`;
    }
    default:
      return undefined;
  }
}

/**
 * Parses input against a schema, or throws 1000001 naming the first bad field in Chinese,
 * e.g. "参数错误：手机号格式不正确"; a field without a Chinese name is left unnamed, never spelt
 * as its code (issue 32 §3).
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw invalidInput(issueMessage(issue?.path ?? [], issue?.message ?? '不合法', issue?.code === 'custom'));
}

/**
 * "手机号格式不正确": the field's Chinese name before a check's message. A schema's own sentence
 * (a refinement, `whole`) is written to be read alone and keeps its words.
 */
export function issueMessage(path: ReadonlyArray<PropertyKey>, message: string, whole = false): string {
  const label = path.length === 0 ? '请求内容' : fieldLabel(path);
  // A request ("请填写课程名称") names what it asks for.
  if (whole || !label || message.startsWith(label) || message.startsWith('请')) return message;
  return `${label}${message}`;
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
