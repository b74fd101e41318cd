import {
  type BatchDto,
  type BatchSaveInput,
  batchRuleProblems,
  batchSaveSchema,
  DEFAULT_UPLOAD_LIMIT,
  defaultBatchRules,
  type EditableBatchRules,
} from '@zikao/contract/console';
import { type RubricItem, STAGES, type Stage } from '@zikao/contract/review';

/** A stage window in the form: [start, end] in epoch ms, or null for "always open". */
export type WindowValue = [number, number] | null;

export interface RubricRow {
  key: string;
  label: string;
  weight: number | null;
  max: number | null;
}

/** The batch form's values: the rules laid out one field per input. */
export interface BatchFormValues {
  name: string;
  windows: Record<Stage, WindowValue>;
  uploadLimits: Record<Stage, number | null>;
  plagiarismThreshold: number | null;
  minCommentLength: number | null;
  blindReview: boolean;
  adminCheck: boolean;
  rubric: RubricRow[];
}

/** A problem for one form field, by its antd name path. */
export interface FieldProblem {
  name: Array<string | number>;
  message: string;
}

const perStage = <T>(value: (stage: Stage) => T): Record<Stage, T> =>
  Object.fromEntries(STAGES.map((stage) => [stage, value(stage)])) as Record<Stage, T>;

/** The form's starting values: a batch's rules, or every default for a new batch. */
export function initialFormValues(batch?: Pick<BatchDto, 'name' | 'rules'> | null): BatchFormValues {
  const rules = batch?.rules ?? defaultBatchRules();
  return {
    name: batch?.name ?? '',
    windows: perStage((stage) => {
      const window = rules.windows[stage];
      return window && window.start !== null && window.end !== null ? [window.start, window.end] : null;
    }),
    uploadLimits: perStage((stage) => rules.uploadLimits[stage] ?? rules.uploadLimit),
    plagiarismThreshold: rules.plagiarismThreshold,
    minCommentLength: rules.minCommentLength,
    blindReview: rules.blindReview,
    adminCheck: rules.adminCheck,
    rubric: rules.rubric.map((item) => ({ ...item })),
  };
}

function windowsOf(values: Partial<Record<Stage, WindowValue>>): EditableBatchRules['windows'] {
  const windows: EditableBatchRules['windows'] = {};
  for (const stage of STAGES) {
    const window = values[stage];
    if (window) windows[stage] = { start: window[0], end: window[1] };
  }
  return windows;
}

/** What the save call gets. Empty numbers stay empty, so the schema names them. */
export function toSaveInput(values: BatchFormValues, id?: number): BatchSaveInput {
  const windows = windowsOf(values.windows);
  const uploadLimits = perStage((stage) => values.uploadLimits[stage] ?? Number.NaN);
  return {
    ...(id === undefined ? {} : { id }),
    name: values.name,
    rules: {
      windows,
      uploadLimit: DEFAULT_UPLOAD_LIMIT,
      uploadLimits,
      plagiarismThreshold: values.plagiarismThreshold ?? Number.NaN,
      minCommentLength: values.minCommentLength ?? Number.NaN,
      blindReview: values.blindReview,
      adminCheck: values.adminCheck,
      rubric: values.rubric.map((row) => ({
        key: row.key,
        label: row.label ?? '',
        weight: row.weight ?? Number.NaN,
        max: row.max ?? Number.NaN,
      })),
    },
  };
}

/**
 * Every problem the server would find, by form field: the contract's schema and its cross-field
 * rules (window order, distinct rubric names). The name's uniqueness only the server knows.
 */
export function formProblems(values: BatchFormValues): FieldProblem[] {
  const input = toSaveInput(values);
  const result = batchSaveSchema.safeParse(input);
  if (result.success) return [];
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  const add = (name: Array<string | number>, message: string) => {
    const key = JSON.stringify(name);
    if (seen.has(key)) return;
    seen.add(key);
    problems.push({ name, message });
  };
  for (const issue of result.error.issues) {
    const path = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
    add(path[0] === 'rules' ? path.slice(1) : path, issue.message);
  }
  // zod skips the cross-field rules while any field is wrong; the form shows them all at once.
  const rubric = values.rubric.map((row) => ({ label: row.label ?? '' }));
  for (const problem of batchRuleProblems({ windows: windowsOf(values.windows), rubric })) {
    add(problem.path, problem.message);
  }
  return problems;
}

/** The order problem of one stage's window, given every window; null when it is fine. */
export function windowProblem(windows: Partial<Record<Stage, WindowValue>>, stage: Stage): string | null {
  const problem = batchRuleProblems({ windows: windowsOf(windows), rubric: [] }).find((p) => p.path[1] === stage);
  return problem?.message ?? null;
}

/** Whether a rubric label repeats an earlier item's. */
export function duplicateRubricLabel(rubric: readonly Pick<RubricRow, 'label'>[], index: number): boolean {
  const label = rubric[index]?.label?.trim();
  if (!label) return false;
  return rubric.slice(0, index).some((row) => row.label?.trim() === label);
}

/** Sum of the rubric weights; the score is each item's share weighted by these. */
export function rubricWeightTotal(rubric: readonly Pick<RubricRow, 'weight'>[]): number {
  return rubric.reduce((sum, row) => sum + (Number.isFinite(row.weight) ? Number(row.weight) : 0), 0);
}

/** A key for a new rubric item that no item uses; keys of saved items never change (reviews store scores by key). */
export function nextRubricKey(rubric: readonly Pick<RubricItem, 'key'>[]): string {
  const used = new Set(rubric.map((row) => row.key));
  let n = rubric.length + 1;
  while (used.has(`item${n}`)) n += 1;
  return `item${n}`;
}
