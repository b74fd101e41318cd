import { z } from 'zod';

/**
 * A whole number written in plain decimal, as a query string or a path carries it: `6`, `0`, `-3`.
 * Not `" 6 "`, `"0x6"`, `"6e0"`, `"06"` or `""`, which `Number()` (and so `z.coerce`) would take.
 */
const DECIMAL_INTEGER = /^-?(?:0|[1-9][0-9]{0,15})$/;

/** A query's or a path's decimal string as its number; every other value is left for the schema to judge. */
function fromDecimalString(value: unknown): unknown {
  return typeof value === 'string' && DECIMAL_INTEGER.test(value) ? Number(value) : value;
}

/**
 * An integer field that also arrives as a query or path string: a JSON number, or a string of plain
 * decimal digits. Unlike `z.coerce.number()` it refuses `true`, `[6]`, `" 6 "`, `"0x6"` and `"6e0"`,
 * which `Number()` turns into numbers (issue 19 §6: `{userId: true}` reset user 1's password).
 * `inner` holds the field's own range and messages, e.g. `wholeNumber(z.number().int().min(0).max(1))`.
 */
export function wholeNumber<T extends z.ZodType<number, number>>(inner: T) {
  return z.preprocess(fromDecimalString, inner);
}

/** A row id: a strict positive integer (see `wholeNumber`), refused with 1000001 otherwise. */
export const idSchema = wholeNumber(
  z.number({ error: '须为正整数' }).int('须为正整数').positive('须为正整数').max(Number.MAX_SAFE_INTEGER, '须为正整数'),
);

/** A 0/1 flag as a query carries it. */
export const flagSchema = wholeNumber(
  z.number({ error: '须为 0 或 1' }).int('须为 0 或 1').min(0, '须为 0 或 1').max(1, '须为 0 或 1'),
);
