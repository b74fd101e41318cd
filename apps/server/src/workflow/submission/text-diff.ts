import type { DiffOp, VersionDiff } from '@zikao/contract';
import { diffArrays } from 'diff';

/** Beyond this many edits the middle is reported as one replacement: the texts barely match. */
const MAX_EDITS = 4000;

/**
 * Line diff of two texts (jsdiff's Myers O(ND)), as runs of equal, deleted and inserted lines.
 * Common leading and trailing lines are trimmed first, which keeps resubmissions cheap.
 */
export function diffLines(before: readonly string[], after: readonly string[]): DiffOp[] {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  ) {
    tail++;
  }
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  const ops: DiffOp[] = [];
  const push = (op: DiffOp['op'], lines: readonly string[]) => {
    if (lines.length === 0) return;
    const last = ops[ops.length - 1];
    if (last && last.op === op) last.lines.push(...lines);
    else ops.push({ op, lines: [...lines] });
  };
  push('equal', before.slice(0, head));
  // Lines with no copy on the other side must change; past the cap the search is skipped, not run out.
  const changes = unmatchedLines(a, b) > MAX_EDITS ? undefined : diffArrays(a, b, { maxEditLength: MAX_EDITS });
  if (changes) {
    for (const change of changes) push(opOf(change), change.value);
  } else {
    push('delete', a);
    push('insert', b);
  }
  push('equal', before.slice(before.length - tail));
  return ops;
}

/** Lines of either side left over once each is paired with an equal line of the other: a lower bound of the edits. */
function unmatchedLines(a: readonly string[], b: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const line of a) counts.set(line, (counts.get(line) ?? 0) + 1);
  let unmatched = 0;
  for (const line of b) {
    const left = counts.get(line);
    if (left) counts.set(line, left - 1);
    else unmatched++;
  }
  for (const left of counts.values()) unmatched += left;
  return unmatched;
}

const opOf = (change: { added: boolean; removed: boolean }): DiffOp['op'] =>
  change.added ? 'insert' : change.removed ? 'delete' : 'equal';

/** Two versions' page texts and the line diff between them, with line counts per kind. */
export function versionDiff(
  from: { versionNo: number; pages: string[] },
  to: { versionNo: number; pages: string[] },
): VersionDiff {
  const ops = diffLines(from.pages.join('\n').split('\n'), to.pages.join('\n').split('\n'));
  const stats = { inserted: 0, deleted: 0, equal: 0 };
  for (const op of ops)
    stats[op.op === 'insert' ? 'inserted' : op.op === 'delete' ? 'deleted' : 'equal'] += op.lines.length;
  return { from, to, ops, stats };
}
