import type { DiffOp } from '@zikao/contract/review';

export interface DiffCell {
  /** 1-based line number on its side. */
  no: number;
  text: string;
  kind: 'equal' | 'delete' | 'insert';
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
      rows.push({
        type: 'line',
        left: l === undefined ? null : { no: ++left, text: l, kind: 'delete' },
        right: r === undefined ? null : { no: ++right, text: r, kind: 'insert' },
      });
    }
  }
  return rows;
}
