import { INVALID_INPUT_TEXT } from '../config/constants.ts';

export interface PromptRule {
  /** The whole input must match. */
  pattern?: RegExp;
  /** Extra check; return false to reject. */
  validator?: (value: string) => boolean;
  required?: boolean;
}

/** The prompt dialog's verdict on an input: null when accepted, otherwise 输入的数据不合法! (seed 5). */
export function promptInputProblem(value: string, rule: PromptRule = {}): string | null {
  if (rule.required && value.trim() === '') return INVALID_INPUT_TEXT;
  if (rule.pattern && !rule.pattern.test(value)) return INVALID_INPUT_TEXT;
  if (rule.validator && !rule.validator(value)) return INVALID_INPUT_TEXT;
  return null;
}
