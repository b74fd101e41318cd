import { randomUUID } from 'node:crypto';
import { DocumentText, locate, type PagePart, type Reanchored, reanchor, type Selector } from '@zikao/anchoring';
import {
  type AnnotationShape,
  type CarriedAnnotationDto,
  type CarriedCandidateDto,
  type CarriedSummary,
  type CarryStatus,
  isDrawnMark,
} from '@zikao/contract';
import type { Selectable } from 'kysely';
import type { AccessService } from '../../access/access.service.ts';
import { mayEditAnnotation } from '../../access/access-rules.ts';
import type { AnnotationsTable } from '../../db/schema.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../shared/errors.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import type { AuditService } from '../../system/audit/audit.service.ts';
import { type CarriedCopy, CarryOverRepository, type StoredCandidate } from './carry-over.repository.ts';
import { followText, type PageBoxes } from './carry-over-shape.ts';
import type { SubmissionRepository, VersionRow } from './submission.repository.ts';

type AnnotationRow = Selectable<AnnotationsTable>;

/**
 * Carries the reviewer's annotations of the previous version onto a resubmitted version, once its
 * document is ready: each copy is re-anchored and marked found, moved (with a confidence) or
 * orphaned. Orphans keep their old selectors, so they are listed rather than lost.
 *
 * Text marks (highlight, underline, strike-out, replace, insert) carry alike, their suggestion
 * with them. A drawn mark (pen, line, arrow, ellipse) carries by page and position: with text
 * under it (its TextQuoteSelector) it follows that text, found, moved or orphaned, its strokes and
 * viewrect moved by as much as the text moved on the page (or onto another page); with none it
 * stays where it was and is `unverified` (需核对) for the reviewer to check (adr/023).
 */
export class CarryOver {
  private readonly repository: CarryOverRepository;
  private readonly submissions: SubmissionRepository;
  private readonly access: AccessService;
  private readonly audit: AuditService;

  constructor(deps: {
    repository: CarryOverRepository;
    submissions: SubmissionRepository;
    access: AccessService;
    audit: AuditService;
  }) {
    this.repository = deps.repository;
    this.submissions = deps.submissions;
    this.access = deps.access;
    this.audit = deps.audit;
  }

  /**
   * Carries every pending version of the submission whose document is ready. Safe to call often
   * and concurrently: the carry of one version is claimed once, in the transaction that writes it.
   */
  async carryPending(submissionId: number, reviewerId: number | null): Promise<void> {
    const versions = await this.submissions.versions(submissionId);
    for (const version of versions) {
      if (version.carry_state !== 'pending' || version.document_id === null) continue;
      const previous = [...versions].reverse().find((v) => v.version_no < version.version_no && v.document_id !== null);
      if (!previous || reviewerId === null) continue;
      await this.carry(previous, version, reviewerId);
    }
  }

  private async carry(previous: VersionRow, next: VersionRow, reviewerId: number): Promise<void> {
    const documentId = next.document_id as number;
    if ((await this.repository.documentStatus(documentId))?.status !== 'ready') return;
    const sources = await this.repository.liveAnnotations(previous.document_id as number, reviewerId);
    const [pages, previousPages] = await Promise.all([
      this.repository.pageTexts(documentId),
      this.repository.pageTexts(previous.document_id as number),
    ]);
    const doc = new DocumentText(pages.map((page) => page.text));
    // The version the points were made on: an orphan whose old text reads on unchanged around a
    // copy of its quote is placed there (adr/017), not left for the reviewer to find.
    const report = reanchor(
      doc,
      sources.map((row) => ({ id: row.id, target: JSON.parse(row.selectors_json) as Selector[] })),
      { previous: new DocumentText(previousPages.map((page) => page.text)) },
    );
    // Drawn marks over text follow it on the page: that needs both versions' text geometry.
    const drawnOverText = sources.some(
      (row) => isDrawnMark(row.kind) && row.selectors_json.includes('"TextQuoteSelector"'),
    );
    const geometry = drawnOverText ? await this.drawnGeometry(previous.document_id as number, documentId) : null;
    const copies: CarriedCopy[] = report.results.map((result, i) => {
      const source = sources[i] as (typeof sources)[number];
      let pageIndex = Math.min(source.page_index, Math.max(0, doc.pageCount - 1));
      if (result.anchor?.kind === 'text') pageIndex = doc.pageAt(result.anchor.start);
      else if (result.anchor?.kind === 'area') pageIndex = result.anchor.page;
      const copy: CarriedCopy = {
        id: randomUUID(),
        documentId,
        authorId: reviewerId,
        source,
        pageIndex,
        selectorsJson: JSON.stringify(result.selectors),
        shapeJson: source.shape_json,
        status: result.status,
        confidence: Math.round(result.confidence * 1000) / 1000,
        candidatesJson:
          result.status === 'orphaned' && result.candidates.length > 0
            ? JSON.stringify(
                result.candidates.map(
                  (candidate): StoredCandidate => ({
                    selectors: candidate.selectors,
                    pageIndex: candidate.parts[0]?.page ?? doc.pageAt(candidate.start),
                    text: candidate.text,
                    confidence: candidate.confidence,
                    exact: candidate.exact,
                  }),
                ),
              )
            : null,
      };
      return isDrawnMark(source.kind) ? carryDrawn(copy, result, doc, geometry) : copy;
    });
    await this.submissions.transaction(async (submissions, trx) => {
      if (!(await submissions.claimCarry(next.id))) return;
      await new CarryOverRepository(trx).insertCopies(copies);
    });
  }

  private async drawnGeometry(previousDocumentId: number, documentId: number): Promise<DrawnGeometry> {
    const read = async (id: number) => {
      const rows = await this.repository.pageGeometry(id);
      return {
        doc: new DocumentText(rows.map((row) => row.text)),
        pages: rows.map(
          (row): PageBoxes => ({
            width: row.width,
            height: row.height,
            boxes: JSON.parse(row.geometry_json) as PageBoxes['boxes'],
          }),
        ),
      };
    };
    const [before, after] = await Promise.all([read(previousDocumentId), read(documentId)]);
    return { oldDoc: before.doc, oldPages: before.pages, newPages: after.pages };
  }

  /** Ticks a carried point as addressed (or not, or clears the tick); its author only. */
  async mark(user: SessionUser, annotationId: string, addressed: boolean | null): Promise<CarriedAnnotationDto> {
    const row = await this.repository.findAnnotation(annotationId);
    if (!row || row.deleted || row.carried_from_id === null) throw notFound('批注不存在');
    if (!(await this.access.allowed(user, 'document.annotate', [row.document_id])).has(row.document_id)) {
      throw forbidden('无权批注该文档');
    }
    if (!mayEditAnnotation(user, row)) throw forbidden('只能标记自己的批注');
    const value = addressed === null ? null : addressed ? 1 : 0;
    await this.repository.setAddressed(annotationId, value);
    return toCarriedDto({ ...row, addressed: value });
  }

  /**
   * Places an orphaned carried point at one of its candidates (可能的位置), or dismisses them all
   * (`candidate` null: it stays an orphan, listed with its old quote); its author only, while the
   * review is open. Recorded in the audit trail.
   */
  async place(user: SessionUser, annotationId: string, candidate: number | null): Promise<CarriedAnnotationDto> {
    const row = await this.repository.findAnnotation(annotationId);
    if (!row || row.deleted || row.carried_from_id === null) throw notFound('批注不存在');
    if (!(await this.access.allowed(user, 'document.annotate', [row.document_id])).has(row.document_id)) {
      throw forbidden('无权批注该文档');
    }
    if (!mayEditAnnotation(user, row)) throw forbidden('只能确认自己的批注');
    const candidates = storedCandidates(row.carry_candidates_json);
    if (row.carry_status !== 'orphaned' || candidates.length === 0) throw conflict('该批注没有待确认的位置');
    const chosen = candidate === null ? null : candidates[candidate];
    if (candidate !== null && !chosen) throw invalidInput('没有这个位置');
    const placement = chosen
      ? {
          selectorsJson: JSON.stringify(chosen.selectors),
          pageIndex: chosen.pageIndex,
          confidence: chosen.confidence,
          ...(chosen.shapeJson ? { shapeJson: chosen.shapeJson } : {}),
        }
      : null;
    const submissionId = await this.repository.submissionOf(row.document_id);
    await this.submissions.transaction(async (_submissions, trx) => {
      await new CarryOverRepository(trx).place(annotationId, placement);
      if (submissionId !== null) {
        await this.audit.record(trx, [
          {
            actorId: user.id,
            action: chosen ? 'carriedPlace' : 'carriedDismiss',
            entity: 'submission',
            entityId: submissionId,
            detail: {
              annotationId,
              ...(chosen ? { page: chosen.pageIndex + 1, text: chosen.text, confidence: chosen.confidence } : {}),
            },
          },
        ]);
      }
    });
    const updated = await this.repository.findAnnotation(annotationId);
    return toCarriedDto(updated ?? row);
  }

  /** The carried points on a version's document, with counts for the review screen. */
  async summary(
    versions: readonly VersionRow[],
    versionNo: number,
    authorId: number | null,
  ): Promise<CarriedSummary | null> {
    const version = versions.find((v) => v.version_no === versionNo);
    if (!version || version.document_id === null || version.carry_state !== 'done') return null;
    const from = [...versions].reverse().find((v) => v.version_no < versionNo && v.document_id !== null);
    const rows = await this.repository.carried(version.document_id, authorId);
    const items = rows.map(toCarriedDto);
    const counts: Record<CarryStatus, number> = { found: 0, moved: 0, orphaned: 0, unverified: 0 };
    for (const item of items) counts[item.status]++;
    return {
      versionNo,
      fromVersionNo: from?.version_no ?? versionNo - 1,
      counts,
      addressed: items.filter((item) => item.addressed === true).length,
      items,
    };
  }
}

export function toCarriedDto(row: AnnotationRow): CarriedAnnotationDto {
  const selectors = JSON.parse(row.selectors_json) as Selector[];
  const quote = selectors.find((selector) => selector.type === 'TextQuoteSelector');
  return {
    id: row.id,
    carriedFromId: row.carried_from_id ?? '',
    status: row.carry_status ?? 'orphaned',
    confidence: row.carry_confidence ?? 0,
    addressed: row.addressed === null ? null : row.addressed === 1,
    pageIndex: row.page_index,
    quote: quote?.type === 'TextQuoteSelector' ? quote.exact : '',
    comment: row.comment,
    writtenAt: Number(row.created_at),
    candidates: storedCandidates(row.carry_candidates_json).map(
      (candidate): CarriedCandidateDto => ({
        pageIndex: candidate.pageIndex,
        text: candidate.text,
        confidence: candidate.confidence,
        exact: candidate.exact,
      }),
    ),
    kind: row.kind,
    suggestion: row.suggestion,
  };
}

interface DrawnGeometry {
  oldDoc: DocumentText;
  oldPages: PageBoxes[];
  newPages: PageBoxes[];
}

/**
 * A drawn mark's copy. Without text under it, it keeps its page and position (its page fragment,
 * on the same page where the new version still has it) and is `unverified`: 需核对. With text, it
 * follows its text: found or moved, its fragment and strokes moved with the text; orphaned when
 * the text is gone, its candidates (可能的位置) each holding the fragment and strokes moved there.
 */
function carryDrawn(
  copy: CarriedCopy,
  result: Reanchored,
  doc: DocumentText,
  geometry: DrawnGeometry | null,
): CarriedCopy {
  const oldSelectors = JSON.parse(copy.source.selectors_json) as Selector[];
  const hasText = oldSelectors.some((selector) => selector.type === 'TextQuoteSelector');
  if (!hasText) {
    // locate() keeps a page fragment found while its page exists; a page that is gone orphans it.
    return result.status === 'orphaned' ? copy : { ...copy, status: 'unverified', confidence: 0 };
  }
  const shape = copy.shapeJson === null ? null : (JSON.parse(copy.shapeJson) as AnnotationShape);
  if (!shape || !geometry) {
    // Not expected (a drawn mark has strokes; geometry is read when one has text): keep it drawn
    // where it was, with its page fragment, rather than lose the fragment to the text selectors.
    const fragment = oldSelectors.find((selector) => selector.type === 'FragmentSelector');
    return result.anchor?.kind === 'text' && fragment
      ? { ...copy, selectorsJson: JSON.stringify([...result.selectors, fragment]) }
      : copy;
  }
  const oldAnchor = locate(geometry.oldDoc, oldSelectors).anchor;
  const oldPart: PagePart | undefined = oldAnchor?.kind === 'text' ? oldAnchor.parts[0] : undefined;
  const follow = (newTextSelectors: readonly Selector[], newPart: PagePart) =>
    followText({
      oldSelectors,
      newTextSelectors,
      shape,
      oldPages: geometry.oldPages,
      newPages: geometry.newPages,
      oldPart,
      newPart,
    });
  if (result.anchor?.kind === 'text') {
    const part = result.anchor.parts[0] ?? { page: doc.pageAt(result.anchor.start), start: 0, end: 0 };
    const moved = follow(result.selectors, part);
    return {
      ...copy,
      selectorsJson: JSON.stringify(moved.selectors),
      shapeJson: JSON.stringify(moved.shape),
      pageIndex: moved.pageIndex,
    };
  }
  if (result.status === 'orphaned' && result.candidates.length > 0) {
    const candidates = result.candidates.map((candidate): StoredCandidate => {
      const part = candidate.parts[0] ?? { page: doc.pageAt(candidate.start), start: 0, end: 0 };
      const moved = follow(candidate.selectors, part);
      return {
        selectors: moved.selectors,
        pageIndex: moved.pageIndex,
        text: candidate.text,
        confidence: candidate.confidence,
        exact: candidate.exact,
        shapeJson: JSON.stringify(moved.shape),
      };
    });
    return { ...copy, candidatesJson: JSON.stringify(candidates) };
  }
  return copy;
}

function storedCandidates(json: string | null): StoredCandidate[] {
  if (json === null) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as StoredCandidate[]) : [];
  } catch {
    return [];
  }
}
