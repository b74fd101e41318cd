import type { DiffOp, VersionDiff } from '@zikao/contract';

/** Beyond this many edits the middle is reported as one replacement: the texts barely match. */
const MAX_EDITS = 4000;

/**
 * Line diff of two texts (Myers' O(ND) algorithm), as runs of equal, deleted and inserted lines.
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
  for (const [op, line] of middle(a, b)) push(op, [line]);
  push('equal', before.slice(before.length - tail));
  return ops;
}

function middle(a: readonly string[], b: readonly string[]): Array<[DiffOp['op'], string]> {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= Math.min(max, MAX_EDITS); d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number))
          ? (v[offset + k + 1] as number)
          : (v[offset + k - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
    if (found >= 0) break;
  }
  if (found < 0) {
    return [
      ...a.map((line) => ['delete', line] as [DiffOp['op'], string]),
      ...b.map((line) => ['insert', line] as [DiffOp['op'], string]),
    ];
  }
  const steps: Array<[DiffOp['op'], string]> = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const vd = trace[d] as Int32Array;
    const k = x - y;
    const prevK =
      k === -d || (k !== d && (vd[offset + k - 1] as number) < (vd[offset + k + 1] as number)) ? k + 1 : k - 1;
    const prevX = vd[offset + prevK] as number;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      steps.push(['equal', a[--x] as string]);
      y--;
    }
    if (x === prevX) steps.push(['insert', b[--y] as string]);
    else steps.push(['delete', a[--x] as string]);
  }
  while (x > 0 && y > 0) {
    steps.push(['equal', a[--x] as string]);
    y--;
  }
  return steps.reverse();
}

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
