import type { AnnotationDto, AnnotationInput, AnnotationReplyDto, AnnotationStamp } from '@zikao/contract/annotation';

/** What the workspace shows: the server's annotation, or a local one still waiting to be sent. */
export interface WorkspaceAnnotation extends AnnotationDto {
  /** A change to it is queued locally and not yet confirmed by the server. */
  pending: boolean;
}

/** A queued change. `seq` orders the queue; it is unique across tabs (time-based). */
export type OutboxOp =
  | { seq: number; documentId: number; type: 'save'; annotation: AnnotationInput; baseRevision: number }
  | { seq: number; documentId: number; type: 'delete'; id: string; baseRevision: number }
  | { seq: number; documentId: number; type: 'restore'; id: string; baseRevision: number }
  | { seq: number; documentId: number; type: 'reply'; annotationId: string; comment: string };

export type NewOutboxOp = OutboxOp extends infer T ? (T extends OutboxOp ? Omit<T, 'seq'> : never) : never;

/** The annotation an op is about. */
export function opTarget(op: OutboxOp | NewOutboxOp): string {
  if (op.type === 'save') return op.annotation.id;
  if (op.type === 'reply') return op.annotationId;
  return op.id;
}

export function toInput(annotation: AnnotationDto): AnnotationInput {
  return {
    id: annotation.id,
    kind: annotation.kind,
    category: annotation.category,
    severity: annotation.severity,
    comment: annotation.comment,
    stamp: annotation.stamp as AnnotationStamp | null,
    pageIndex: annotation.pageIndex,
    selectors: annotation.selectors,
    // A suggestion's wording and a drawn mark's strokes go back with it (undo resends the input).
    ...(annotation.suggestion != null ? { suggestion: annotation.suggestion } : {}),
    ...(annotation.shape != null ? { shape: annotation.shape } : {}),
  };
}

export interface LocalAuthor {
  id: number;
  name: string;
  role: number;
}

/**
 * The server's annotations with the queued changes laid over them, in queue order: what the
 * reviewer last did is what they see, even after a reload while offline.
 */
export function applyPending(
  server: readonly AnnotationDto[],
  ops: readonly OutboxOp[],
  author: LocalAuthor,
  now: number = Date.now(),
  /** Annotations deleted earlier in this visit, so a queued restore can show them again. */
  graveyard: ReadonlyMap<string, AnnotationDto> = new Map(),
): WorkspaceAnnotation[] {
  const byId = new Map<string, WorkspaceAnnotation>();
  for (const dto of server) byId.set(dto.id, { ...dto, pending: false });
  const deleted = new Map<string, WorkspaceAnnotation>();
  let localReplyId = -1;
  for (const op of ops) {
    if (op.type === 'save') {
      const existing = byId.get(op.annotation.id) ?? deleted.get(op.annotation.id);
      const base: WorkspaceAnnotation = existing ?? {
        ...op.annotation,
        documentId: op.documentId,
        revision: 0,
        authorId: author.id,
        authorName: author.name,
        createdAt: now,
        updatedAt: now,
        replies: [],
        pending: true,
      };
      byId.set(op.annotation.id, { ...base, ...op.annotation, pending: true });
    } else if (op.type === 'delete') {
      const existing = byId.get(op.id);
      if (existing) deleted.set(op.id, existing);
      byId.delete(op.id);
    } else if (op.type === 'restore') {
      const existing = deleted.get(op.id) ?? graveyard.get(op.id);
      if (existing) byId.set(op.id, { ...existing, pending: true });
      deleted.delete(op.id);
    } else {
      const target = byId.get(op.annotationId);
      if (!target) continue;
      const reply: AnnotationReplyDto = {
        id: localReplyId--,
        annotationId: op.annotationId,
        authorId: author.id,
        authorName: author.name,
        authorRole: author.role,
        comment: op.comment,
        createdAt: now,
      };
      byId.set(op.annotationId, { ...target, replies: [...target.replies, reply], pending: true });
    }
  }
  return sortAnnotations([...byId.values()]);
}

/** Reading order: by page, then by where on the page (text offset or box top), then by creation. */
export function sortAnnotations<T extends AnnotationDto>(list: T[]): T[] {
  return list.sort((a, b) => a.pageIndex - b.pageIndex || positionKey(a) - positionKey(b) || a.createdAt - b.createdAt);
}

function positionKey(annotation: AnnotationDto): number {
  for (const selector of annotation.selectors) {
    if (selector.type === 'TextPositionSelector') return selector.start;
    if (selector.type === 'FragmentSelector') {
      const match = /viewrect=[\d.]+,([\d.]+)/.exec(selector.value);
      return match ? Number(match[1]) : 0;
    }
  }
  return 0;
}
