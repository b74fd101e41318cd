import type { AnnotationInput } from '@zikao/contract/annotation';

/** One step the reviewer can take back. */
export type UndoEntry =
  | { kind: 'create'; annotation: AnnotationInput }
  | { kind: 'edit'; before: AnnotationInput; after: AnnotationInput }
  | { kind: 'delete'; annotation: AnnotationInput };

/** What taking a step back sends: the inverse change. */
export type UndoAction =
  | { type: 'delete'; id: string }
  | { type: 'save'; annotation: AnnotationInput }
  | { type: 'restore'; id: string };

export function inverseOf(entry: UndoEntry): UndoAction {
  if (entry.kind === 'create') return { type: 'delete', id: entry.annotation.id };
  if (entry.kind === 'edit') return { type: 'save', annotation: entry.before };
  return { type: 'restore', id: entry.annotation.id };
}

export function describeUndo(entry: UndoEntry): string {
  if (entry.kind === 'create') return '已撤销新增的批注';
  if (entry.kind === 'edit') return '已撤销对批注的修改';
  return '已恢复删除的批注';
}

/** The last steps, newest first out; bounded so a long session does not grow without end. */
export class UndoStack {
  readonly #entries: UndoEntry[] = [];
  readonly #limit: number;

  constructor(limit = 50) {
    this.#limit = limit;
  }

  push(entry: UndoEntry): void {
    // Typing into a comment produces many edits of one annotation; one undo takes all of them back.
    const last = this.#entries.at(-1);
    if (last?.kind === 'edit' && entry.kind === 'edit' && last.after.id === entry.after.id) {
      this.#entries[this.#entries.length - 1] = { kind: 'edit', before: last.before, after: entry.after };
      return;
    }
    this.#entries.push(entry);
    if (this.#entries.length > this.#limit) this.#entries.shift();
  }

  pop(): UndoEntry | undefined {
    return this.#entries.pop();
  }

  /** Forgets steps about an annotation that changed elsewhere: undoing them would overwrite that change. */
  forget(id: string): void {
    for (let i = this.#entries.length - 1; i >= 0; i--) {
      const entry = this.#entries[i] as UndoEntry;
      const target = entry.kind === 'edit' ? entry.after.id : entry.annotation.id;
      if (target === id) this.#entries.splice(i, 1);
    }
  }

  get size(): number {
    return this.#entries.length;
  }
}
