import {
  ANNOTATION_LIMITS,
  type AnnotationDto,
  type AnnotationInput,
  type AnnotationReplyDto,
  annotationLimitMessage,
  isAnnotationLimitMessage,
} from '@zikao/contract/annotation';
import {
  applyPending,
  type LocalAuthor,
  type NewOutboxOp,
  type OutboxOp,
  opTarget,
  toInput,
  type WorkspaceAnnotation,
} from './annotation-model.ts';
import { classifyFailure } from './failure.ts';
import { Outbox, type OutboxStore } from './outbox.ts';
import { describeUndo, inverseOf, type UndoEntry, UndoStack } from './undo.ts';

export type SaveState = 'saved' | 'saving' | 'offline';

export interface WorkspaceSnapshot {
  loaded: boolean;
  error: string | null;
  annotations: WorkspaceAnnotation[];
  pendingCount: number;
  saveState: SaveState;
  /** Changes an earlier visit left unsent, found when the workspace opened. */
  restoredCount: number;
  canUndo: boolean;
}

export interface ControllerDeps {
  documentId: number;
  author: LocalAuthor;
  store: OutboxStore;
  list(documentId: number): Promise<AnnotationDto[]>;
  send(op: OutboxOp): Promise<unknown>;
  notify(kind: 'success' | 'info' | 'warning' | 'error', text: string): void;
  online?(): boolean;
}

const CONFLICT_TEXT = '该批注已在其他窗口或由他人修改，已载入最新内容';

/**
 * The annotations of one document as the reviewer sees them: the server's list with the local
 * autosave queue laid over it, plus undo. React reads it through `subscribe`/`snapshot`.
 */
export class WorkspaceController {
  readonly #deps: ControllerDeps;
  readonly #outbox: Outbox;
  readonly #undo = new UndoStack();
  readonly #listeners = new Set<() => void>();
  #server = new Map<string, AnnotationDto>();
  readonly #graveyard = new Map<string, AnnotationDto>();
  #snapshot: WorkspaceSnapshot = {
    loaded: false,
    error: null,
    annotations: [],
    pendingCount: 0,
    saveState: 'saved',
    restoredCount: 0,
    canUndo: false,
  };

  constructor(deps: ControllerDeps) {
    this.#deps = deps;
    this.#outbox = new Outbox({
      documentId: deps.documentId,
      store: deps.store,
      send: deps.send,
      classify: classifyFailure,
      onChange: () => this.#publish(),
      onSaved: (op, result) => this.#confirmed(op, result),
      onConflict: (op, error) => {
        this.#undo.forget(opTarget(op));
        // A new mark past a cap the local list could not see (others' marks, another tab) is 1080001 too.
        const message = error instanceof Error ? error.message : '';
        deps.notify('warning', isAnnotationLimitMessage(message) ? message : CONFLICT_TEXT);
        void this.refresh();
      },
      onRejected: (_op, error) => {
        deps.notify('error', `批注未能保存：${error instanceof Error ? error.message : String(error)}`);
        void this.refresh();
      },
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  snapshot = (): WorkspaceSnapshot => this.#snapshot;

  /** Loads the queue first (it works offline), then the server's list. */
  async load(): Promise<void> {
    let restored: OutboxOp[] = [];
    try {
      restored = await this.#outbox.init();
    } catch {
      // No IndexedDB (private mode): the queue still works in memory for this visit.
    }
    this.#snapshot = { ...this.#snapshot, restoredCount: restored.length };
    try {
      await this.refresh();
    } catch (error) {
      this.#snapshot = {
        ...this.#snapshot,
        loaded: true,
        error: error instanceof Error ? error.message : '批注加载失败',
      };
      this.#publish();
    }
  }

  /** Refetches the server's list (after a conflict, or when another tab may have changed it). */
  async refresh(): Promise<void> {
    const list = await this.#deps.list(this.#deps.documentId);
    this.#server = new Map(list.map((item) => [item.id, item]));
    this.#snapshot = { ...this.#snapshot, loaded: true, error: null };
    this.#publish();
  }

  /** Sends the queue at once (the browser is back online). */
  retryNow(): void {
    this.#outbox.retryNow();
  }

  dispose(): void {
    this.#outbox.dispose();
    this.#listeners.clear();
  }

  find(id: string): WorkspaceAnnotation | undefined {
    return this.#snapshot.annotations.find((item) => item.id === id);
  }

  async create(annotation: AnnotationInput): Promise<void> {
    // The server refuses a mark past the caps (issue 32 §4.3); say so now instead of after the send.
    const live = this.#snapshot.annotations;
    const full =
      live.length >= ANNOTATION_LIMITS.perDocument
        ? 'document'
        : live.filter((item) => item.pageIndex === annotation.pageIndex).length >= ANNOTATION_LIMITS.perPage
          ? 'page'
          : null;
    if (full) {
      this.#deps.notify('warning', annotationLimitMessage(full, annotation.pageIndex));
      return;
    }
    this.#undo.push({ kind: 'create', annotation });
    await this.#enqueue({ documentId: this.#deps.documentId, type: 'save', annotation, baseRevision: 0 });
  }

  async update(after: AnnotationInput): Promise<void> {
    const current = this.find(after.id);
    if (!current) return;
    this.#undo.push({ kind: 'edit', before: toInput(current), after });
    await this.#enqueue({
      documentId: this.#deps.documentId,
      type: 'save',
      annotation: after,
      baseRevision: current.revision,
    });
  }

  async remove(id: string): Promise<void> {
    const current = this.find(id);
    if (!current) return;
    this.#graveyard.set(id, current);
    this.#undo.push({ kind: 'delete', annotation: toInput(current) });
    await this.#enqueue({ documentId: this.#deps.documentId, type: 'delete', id, baseRevision: current.revision });
  }

  async reply(annotationId: string, comment: string): Promise<void> {
    await this.#enqueue({ documentId: this.#deps.documentId, type: 'reply', annotationId, comment });
  }

  /** Takes the last step back; returns what was undone, or null when there is nothing. */
  async undo(): Promise<string | null> {
    const entry: UndoEntry | undefined = this.#undo.pop();
    if (!entry) return null;
    const action = inverseOf(entry);
    const documentId = this.#deps.documentId;
    if (action.type === 'delete') {
      const current = this.find(action.id);
      if (current) {
        this.#graveyard.set(action.id, current);
        await this.#enqueue({ documentId, type: 'delete', id: action.id, baseRevision: current.revision });
      }
    } else if (action.type === 'save') {
      const current = this.find(action.annotation.id);
      if (current) {
        await this.#enqueue({
          documentId,
          type: 'save',
          annotation: action.annotation,
          baseRevision: current.revision,
        });
      }
    } else {
      const gone = this.#graveyard.get(action.id);
      await this.#enqueue({ documentId, type: 'restore', id: action.id, baseRevision: gone?.revision ?? 0 });
    }
    return describeUndo(entry);
  }

  async #enqueue(op: NewOutboxOp): Promise<void> {
    await this.#outbox.enqueue(op);
  }

  #confirmed(op: OutboxOp, result: unknown): void {
    if (op.type === 'reply') {
      const reply = result as AnnotationReplyDto | null;
      const target = this.#server.get(op.annotationId);
      if (reply && target) this.#server.set(target.id, { ...target, replies: [...target.replies, reply] });
    } else if (op.type === 'delete') {
      const gone = this.#server.get(op.id);
      const dto = result as AnnotationDto | null;
      if (gone) this.#graveyard.set(op.id, dto ?? gone);
      this.#server.delete(op.id);
    } else {
      const dto = result as AnnotationDto | null;
      if (dto) this.#server.set(dto.id, dto);
    }
    this.#publish();
  }

  #publish(): void {
    const pending = this.#outbox.pending;
    const online = this.#deps.online?.() ?? true;
    const state = this.#outbox.state;
    const saveState: SaveState = pending.length === 0 ? 'saved' : state === 'offline' || !online ? 'offline' : 'saving';
    this.#snapshot = {
      ...this.#snapshot,
      annotations: applyPending([...this.#server.values()], pending, this.#deps.author, Date.now(), this.#graveyard),
      pendingCount: pending.length,
      saveState,
      canUndo: this.#undo.size > 0,
    };
    for (const listener of this.#listeners) listener();
  }
}
