import type { DiffOp } from '@zikao/contract/review';
import { diffChars } from 'diff';

export interface DiffCell {
  /** 1-based line number on its side. */
  no: number;
  text: string;
  kind: 'equal' | 'delete' | 'insert';
  /** For a changed line facing its replacement: the text in runs, the changed characters marked. */
  runs?: InlineRun[];
}

/** A run of a changed line's text; `changed` runs were taken out (left) or put in (right). */
export interface InlineRun {
  text: string;
  changed: boolean;
}

/** Lines longer than this together are marked whole: the character diff would cost too much. */
const INLINE_MAX_LENGTH = 4000;

/**
 * The characters a changed line lost and its replacement gained, by code point: Chinese has no
 * spaces, so a word diff would mark the whole sentence. Past `maxEdits` the lines are too unlike
 * to mark within, and null says so (each side is then marked whole).
 */
export function inlineChanges(
  before: string,
  after: string,
  maxEdits = 200,
): { left: InlineRun[]; right: InlineRun[] } | null {
  if (before.length + after.length > INLINE_MAX_LENGTH) return null;
  const changes = diffChars(before, after, { maxEditLength: maxEdits });
  if (!changes) return null;
  const left: InlineRun[] = [];
  const right: InlineRun[] = [];
  for (const change of changes) {
    if (!change.added) left.push({ text: change.value, changed: change.removed });
    if (!change.removed) right.push({ text: change.value, changed: change.added });
  }
  return { left, right };
}

export type DiffRow =
  | { type: 'line'; left: DiffCell | null; right: DiffCell | null }
  | { type: 'fold'; hidden: number };

/**
 * Side-by-side rows of a line diff: equal lines face each other, a deleted run faces the inserted
 * run that follows it line by line (a changed passage), and the rest face a blank. Equal runs
 * longer than twice the context are folded, keeping `context` lines either side of each change.
 */
export function sideBySide(ops: readonly DiffOp[], context = Number.POSITIVE_INFINITY): DiffRow[] {
  const rows: DiffRow[] = [];
  let left = 0;
  let right = 0;
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i] as DiffOp;
    if (op.op === 'equal') {
      const lines = op.lines;
      const keepHead = i === 0 ? 0 : context;
      const keepTail = i === ops.length - 1 ? 0 : context;
      const foldable = Number.isFinite(context) && lines.length > keepHead + keepTail;
      const fold = foldable ? lines.length - keepHead - keepTail : 0;
      lines.forEach((text, index) => {
        left++;
        right++;
        if (fold > 0 && index >= keepHead && index < lines.length - keepTail) {
          if (index === keepHead) rows.push({ type: 'fold', hidden: fold });
          return;
        }
        rows.push({
          type: 'line',
          left: { no: left, text, kind: 'equal' },
          right: { no: right, text, kind: 'equal' },
        });
      });
      continue;
    }
    const deleted = op.op === 'delete' ? op.lines : [];
    const next = ops[i + 1];
    const inserted = op.op === 'insert' ? op.lines : next?.op === 'insert' ? next.lines : [];
    if (op.op === 'delete' && next?.op === 'insert') i++;
    for (let k = 0; k < Math.max(deleted.length, inserted.length); k++) {
      const l = deleted[k];
      const r = inserted[k];
      const inline = l !== undefined && r !== undefined ? inlineChanges(l, r) : null;
      rows.push({
        type: 'line',
        left:
          l === undefined ? null : { no: ++left, text: l, kind: 'delete', ...(inline ? { runs: inline.left } : {}) },
        right:
          r === undefined ? null : { no: ++right, text: r, kind: 'insert', ...(inline ? { runs: inline.right } : {}) },
      });
    }
  }
  return rows;
}
