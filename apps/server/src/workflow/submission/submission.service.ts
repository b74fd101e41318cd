import { gzipSync } from 'node:zlib';
import {
  type CarriedAnnotationDto,
  isSubmissionStatus,
  isWindowOpen,
  parseBatchRules,
  type Stage,
  SUBMISSION_STATUSES,
  type SubmissionDetail,
  type SubmissionListQuery,
  type SubmissionListResult,
  type SubmissionListRow,
  type SubmissionStatus,
  type TopicFields,
  uploadLimitOf,
  type VersionDiff,
} from '@zikao/contract';
import type { SubmissionFilterOptions, SubmissionFiltersQuery } from '@zikao/contract/submission-filters';
import type { Kysely } from 'kysely';
import type { AccessService } from '../../access/access.service.ts';
import { hidesStudent, isAdmin } from '../../access/access-rules.ts';
import { type Redact, redactorOf, redactTopicFields } from '../../access/identity-redaction.ts';
import type { Database } from '../../db/schema.ts';
import { createStructuredDocument } from '../../documents/document/structured-document.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../shared/errors.ts';
import { ok } from '../../shared/http/envelope.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import { paramsKey } from '../../shared/validation.ts';
import type { AuditService } from '../../system/audit/audit.service.ts';
import type { CarryOverRepository } from './carry-over.repository.ts';
import type { CarryOver } from './carry-over.ts';
import { ListCache } from './list-cache.ts';
import type { ReviewRepository } from './review.repository.ts';
import { type SubmissionRepository, searchTextOf } from './submission.repository.ts';
import { toListRow, toReviewDto, visibleAttachmentNames } from './submission-mapper.ts';
import { MESSAGES, transition } from './submission-status.ts';
import { versionDiff } from './text-diff.ts';

/** Rows an export may hold: a whole stage of a large batch, but not an unbounded query. */
export const EXPORT_LIMIT = 20_000;

export interface NewVersion {
  documentId?: number | null | undefined;
  structured?: TopicFields | null | undefined;
  attachments?: Array<{ uploadId: string; name: string }> | undefined;
  plagiarismRate?: number | null | undefined;
}

interface Deps {
  submissions: SubmissionRepository;
  reviews: ReviewRepository;
  access: AccessService;
  audit: AuditService;
  carryOver: CarryOver;
  carried: CarryOverRepository;
  /** Review-list answers kept; 0 turns the cache off. */
  listCacheEntries?: number;
}

/** A list answer's success envelope, serialised once, and gzipped once when first asked for. */
class ListAnswer {
  readonly body: Buffer;
  private compressed: Buffer | null = null;

  constructor(result: SubmissionListResult) {
    this.body = Buffer.from(JSON.stringify(ok(result)));
  }

  get gzip(): Buffer {
    this.compressed ??= gzipSync(this.body);
    return this.compressed;
  }
}

/**
 * The document a new version is held by: its upload, or for structured text (a topic, a plan
 * written as text) a document of its own made in the version's transaction, so that reviewers
 * annotate it and its annotations carry over like a PDF's.
 */
async function documentOf(
  trx: Kysely<Database>,
  ownerId: number,
  stage: Stage,
  version: NewVersion,
): Promise<number | null> {
  if (version.documentId || !version.structured) return version.documentId ?? null;
  return createStructuredDocument(trx, { ownerId, stage, fields: version.structured });
}

/** The query part of each list key, kept per query object (the route shares repeated queries). */
const queryKeys = new WeakMap<SubmissionListQuery, string>();

/**
 * The cached answer's key: the caller and every field of the parsed query, in `paramsKey`'s
 * form (names and strings carry their lengths, so no value can pass for another).
 */
export function listKey(user: Pick<SessionUser, 'id' | 'role'>, query: SubmissionListQuery): string {
  let fields = queryKeys.get(query);
  if (fields === undefined) {
    fields = paramsKey(query) ?? JSON.stringify(query);
    queryKeys.set(query, fields);
  }
  return `${user.id}|${user.role}|${fields}`;
}

/** Submissions: the lists, the detail, the candidate's resubmission and the version diff. */
export class SubmissionService {
  private readonly deps: Deps;
  /** Repeated list calls (paging back, returning from a detail, polling tabs) skip the queries. */
  private readonly listCache: ListCache<ListAnswer> | null;

  constructor(deps: Deps) {
    this.deps = deps;
    const entries = deps.listCacheEntries ?? 2000;
    this.listCache = entries > 0 ? new ListCache({ maxEntries: entries, maxAgeMs: 5000 }) : null;
  }

  /**
   * The list call's whole success envelope as JSON, serialised once per cached answer, or
   * gzipped (also once) for a client that accepts it.
   */
  async listBody(user: SessionUser, query: SubmissionListQuery, gzip = false): Promise<Buffer> {
    const answer = await this.listAnswer(user, query);
    return gzip ? answer.gzip : answer.body;
  }

  /** The cached list body when it is current and known without any read; undefined otherwise. */
  cachedListBody(user: SessionUser, query: SubmissionListQuery, gzip = false): Buffer | undefined {
    const version = this.listCache ? this.deps.submissions.currentListVersion() : undefined;
    const answer = version === undefined ? undefined : this.listCache?.peek(listKey(user, query), version);
    return answer && (gzip ? answer.gzip : answer.body);
  }

  private async listAnswer(user: SessionUser, query: SubmissionListQuery): Promise<ListAnswer> {
    const cache = this.listCache;
    if (!cache) return new ListAnswer(await this.computeList(user, query));
    // The version is taken before computing: a change meanwhile leaves the answer under an old one.
    const { version, exact } = await this.deps.submissions.listVersion();
    const compute = async () => new ListAnswer(await this.computeList(user, query));
    return cache.load(listKey(user, query), version, compute, Date.now(), exact);
  }

  private async computeList(user: SessionUser, query: SubmissionListQuery): Promise<SubmissionListResult> {
    const { rows, total, counts, blind } = await this.query(
      user,
      query,
      query.pageSize,
      (query.page - 1) * query.pageSize,
    );
    return {
      list: rows.map((row) => toListRow(row, hidesStudent(user, blind.has(row.batch_id)))),
      total,
      page: query.page,
      pageSize: query.pageSize,
      counts,
    };
  }

  /** Every row of the list's filters, for the .xlsx export; blind rows carry no candidate. */
  async exportRows(
    user: SessionUser,
    query: SubmissionListQuery,
  ): Promise<Array<{ row: SubmissionListRow; hideStudent: boolean }>> {
    const { rows, blind } = await this.query(user, query, EXPORT_LIMIT, 0);
    return rows.map((row) => {
      const hideStudent = hidesStudent(user, blind.has(row.batch_id));
      return { row: toListRow(row, hideStudent), hideStudent };
    });
  }

  /** The list's batch and major options: only what the caller's own list of the stage holds. */
  filterOptions(user: SessionUser, query: SubmissionFiltersQuery): Promise<SubmissionFilterOptions> {
    return this.deps.submissions.filterOptions(query, {
      reviewerId: isAdmin(user) ? null : user.id,
      blindBatchIds: [],
    });
  }

  private async query(user: SessionUser, query: SubmissionListQuery, limit: number, offset: number) {
    const { submissions } = this.deps;
    const batches = await submissions.batchRules();
    const blind = new Set(batches.filter((b) => parseBatchRules(b.rules_json).blindReview).map((b) => b.id));
    const access = { reviewerId: isAdmin(user) ? null : user.id, blindBatchIds: isAdmin(user) ? [] : [...blind] };
    const [rows, countRows] = await Promise.all([
      submissions.list(query, access, limit, offset),
      submissions.counts(query, access),
    ]);
    const counts = Object.fromEntries(SUBMISSION_STATUSES.map((s) => [s, 0])) as Record<SubmissionStatus, number>;
    for (const row of countRows) counts[row.status] = row.n;
    const total = query.status ? counts[query.status] : countRows.reduce((sum, row) => sum + row.n, 0);
    return { rows, total, counts, blind };
  }

  async detail(user: SessionUser, submissionId: number, open: boolean): Promise<SubmissionDetail> {
    const { submissions, reviews, audit, carryOver } = this.deps;
    await this.deps.access.requireAccess(user, 'submission.review', [submissionId]);
    let context = await this.context(submissionId);
    if (open && context.reviewer_id === user.id && context.status === 'assigned') {
      await this.changeStatus(user, context, 'open', 'reviewing');
      context = await this.context(submissionId);
    }
    await carryOver.carryPending(submissionId, context.reviewer_id);
    const rules = parseBatchRules(context.rules_json);
    const [versions, reviewRows, trail] = await Promise.all([
      submissions.versions(submissionId),
      reviews.forSubmission(submissionId),
      audit.trail('submission', submissionId),
    ]);
    const reviewOf = (versionNo: number) => {
      const row = reviewRows.find((r) => r.version_no === versionNo);
      return row ? toReviewDto(row) : null;
    };
    const current = versions.find((v) => v.version_no === context.current_version);
    const review = reviewOf(context.current_version);
    const rate = review?.plagiarismRate ?? current?.plagiarism_rate ?? null;
    const hide = hidesStudent(user, rules.blindReview);
    // The candidate's free text names nobody under blind review, as the structured document's pages (adr/018).
    const redact = redactorOf(hide ? { name: context.student_name, examNumber: context.exam_number } : null);
    return {
      id: context.id,
      stage: context.stage,
      status: context.status,
      rowVersion: context.row_version,
      // The advisor can name the candidate's school as well as a name would: blind review hides both.
      thesis: {
        id: context.thesis_id,
        title: context.title,
        majorName: context.major_name,
        advisor: hide ? '' : context.advisor,
      },
      student: hide ? null : { name: context.student_name, examNo: context.exam_number ?? '' },
      batch: { id: context.batch_id, name: context.batch_name, rules },
      reviewer: context.reviewer_id === null ? null : { id: context.reviewer_id, name: context.reviewer_name ?? '' },
      currentVersion: context.current_version,
      uploadsUsed: context.uploads_used,
      uploadLimit: uploadLimitOf(rules, context.stage),
      versions: versions.map((v) => ({
        versionNo: v.version_no,
        documentId: v.document_id,
        structured: v.structured_json ? redactTopicFields(JSON.parse(v.structured_json) as TopicFields, redact) : null,
        attachments: attachmentsOf(v.attachments_json, hide),
        plagiarismRate: v.plagiarism_rate,
        submittedAt: v.submitted_at,
        review: reviewOf(v.version_no),
      })),
      review,
      plagiarism: {
        rate,
        threshold: rules.plagiarismThreshold,
        exceeds: rate !== null && rate > rules.plagiarismThreshold,
      },
      carried: await carryOver.summary(versions, context.current_version, isAdmin(user) ? null : user.id),
      history: trail.map((entry) => ({
        action: entry.action,
        // The trail is the submission's own, so its statuses are submission statuses.
        fromStatus: isSubmissionStatus(entry.from_status) ? entry.from_status : null,
        toStatus: isSubmissionStatus(entry.to_status) ? entry.to_status : null,
        // Under blind review the candidate's own entries (submit, resubmit) name nobody.
        actorName: hide && entry.actor_id === context.student_id ? '考生' : (entry.actor_name ?? ''),
        reason: entry.reason,
        createdAt: entry.created_at,
      })),
    };
  }

  /**
   * The candidate's first version of a stage: a new submission, 待分配. The candidate side
   * (issue 6) calls this; tests and the demo seed use it directly.
   */
  async createSubmission(actorId: number | null, thesisId: number, stage: Stage, version: NewVersion): Promise<number> {
    const thesis = await this.deps.submissions.findThesis(thesisId);
    if (!thesis) throw notFound('论文不存在');
    const title = version.structured?.title ?? thesis.title;
    return this.deps.submissions.transaction(async (submissions, trx) => {
      const id = await submissions.insertSubmission({
        thesisId,
        batchId: thesis.batch_id,
        majorName: thesis.major_name,
        stage,
        searchText: searchTextOf(title, thesis.student_name, thesis.exam_number ?? ''),
        titleSearch: title.toLowerCase(),
      });
      const documentId = await documentOf(trx, thesis.student_id, stage, version);
      await submissions.insertVersion(versionValues(id, 1, { ...version, documentId }, 'none'));
      await submissions.advance(
        id,
        { status: 'unassigned', currentVersion: 0 },
        { current_version: 1, uploads_used: 1 },
      );
      await this.deps.audit.record(trx, [
        {
          actorId,
          action: 'submit',
          entity: 'submission',
          entityId: id,
          toStatus: 'unassigned',
          detail: { versionNo: 1 },
        },
      ]);
      return id;
    });
  }

  /**
   * The candidate's new version after 退回修改: back to the same reviewer, annotations carried.
   * `version` must come checked from the candidate side (StudentService.versionOf: the document's
   * kind and first use, attachments named by their uploads); the one route in is the candidate's.
   */
  async resubmit(user: SessionUser, submissionId: number, version: NewVersion): Promise<{ versionNo: number }> {
    const context = await this.deps.submissions.findContext(submissionId);
    if (!context) throw notFound('论文不存在');
    if (context.student_id !== user.id) throw forbidden('无权提交该论文');
    const stage = context.stage;
    if (stage === 'topic' ? !version.structured : !version.documentId) {
      throw invalidInput(stage === 'topic' ? '请填写选题内容' : '请上传论文文件');
    }
    if (version.documentId) {
      const usable = await this.deps.access.allowed(user, 'document.use', [version.documentId]);
      if (!usable.has(version.documentId)) throw forbidden('无权使用该文档');
    }
    const uploadIds = (version.attachments ?? []).map((file) => file.uploadId);
    const uploadOwners = await this.deps.submissions.uploadOwners(uploadIds);
    if (uploadIds.some((id) => uploadOwners.get(id) !== user.id)) throw forbidden('无权使用该附件');
    const rules = parseBatchRules(context.rules_json);
    const step = transition(context.status, {
      type: 'resubmit',
      uploadsLeft: context.uploads_used < uploadLimitOf(rules, stage),
      windowOpen: isWindowOpen(rules, stage, Date.now()),
    });
    if (!step.ok) throw conflict(step.reason);
    const versionNo = context.current_version + 1;
    const title = version.structured?.title ?? context.title;
    await this.deps.submissions.transaction(async (submissions, trx) => {
      const changed = await submissions.advance(
        submissionId,
        { status: 'returned', currentVersion: context.current_version },
        {
          status: step.to,
          current_version: versionNo,
          uploads_used: context.uploads_used + 1,
          submitted_at: Date.now(),
          search_text: searchTextOf(title, context.student_name, context.exam_number ?? ''),
          title_search: title.toLowerCase(),
        },
      );
      if (!changed) throw conflict(MESSAGES.stale);
      const documentId = await documentOf(trx, user.id, stage, version);
      await submissions.insertVersion(
        versionValues(submissionId, versionNo, { ...version, documentId }, documentId ? 'pending' : 'none'),
      );
      await this.deps.audit.record(trx, [
        {
          actorId: user.id,
          action: 'resubmit',
          entity: 'submission',
          entityId: submissionId,
          fromStatus: 'returned',
          toStatus: step.to,
          detail: { versionNo },
        },
      ]);
    });
    await this.deps.carryOver.carryPending(submissionId, context.reviewer_id);
    return { versionNo };
  }

  /** Page texts of two versions and their line diff. */
  async diff(user: SessionUser, submissionId: number, fromVersion: number, toVersion: number): Promise<VersionDiff> {
    await this.deps.access.requireAccess(user, 'submission.review', [submissionId]);
    const versions = await this.deps.submissions.versions(submissionId);
    const redact = await this.redactorFor(user, submissionId);
    const pagesOf = async (versionNo: number): Promise<string[]> => {
      const version = versions.find((v) => v.version_no === versionNo);
      if (!version) throw notFound(`第 ${versionNo} 版不存在`);
      if (version.structured_json) {
        const fields = redactTopicFields(JSON.parse(version.structured_json) as TopicFields, redact);
        return [[fields.title, fields.rationale, fields.outline, fields.references].join('\n')];
      }
      if (version.document_id === null) return [];
      return (await this.deps.carried.pageTexts(version.document_id)).map((page) => page.text);
    };
    const [fromPages, toPages] = await Promise.all([pagesOf(fromVersion), pagesOf(toVersion)]);
    return versionDiff({ versionNo: fromVersion, pages: fromPages }, { versionNo: toVersion, pages: toPages });
  }

  /** Ticks a carried point as addressed (or not, or clears the tick). */
  markCarried(user: SessionUser, annotationId: string, addressed: boolean | null): Promise<CarriedAnnotationDto> {
    return this.deps.carryOver.mark(user, annotationId, addressed);
  }

  /** How this viewer reads the candidate's free text in a submission (identity-redaction.ts). */
  private async redactorFor(user: SessionUser, submissionId: number): Promise<Redact> {
    const context = await this.context(submissionId);
    const hide = hidesStudent(user, parseBatchRules(context.rules_json).blindReview);
    return redactorOf(hide ? { name: context.student_name, examNumber: context.exam_number } : null);
  }

  private async context(submissionId: number) {
    const context = await this.deps.submissions.findContext(submissionId);
    if (!context) throw notFound('论文不存在');
    return context;
  }

  private async changeStatus(
    user: SessionUser,
    context: { id: number; status: SubmissionStatus; current_version: number },
    action: string,
    to: SubmissionStatus,
  ): Promise<void> {
    await this.deps.submissions.transaction(async (submissions, trx) => {
      const changed = await submissions.advance(
        context.id,
        { status: context.status, currentVersion: context.current_version },
        { status: to },
      );
      if (!changed) return;
      await this.deps.audit.record(trx, [
        {
          actorId: user.id,
          action,
          entity: 'submission',
          entityId: context.id,
          fromStatus: context.status,
          toStatus: to,
        },
      ]);
    });
  }
}

/** A version's stored files as the viewer may see them: named neutrally under blind review. */
function attachmentsOf(json: string, hide: boolean): Array<{ uploadId: string; name: string }> {
  const files = JSON.parse(json) as Array<{ uploadId: string; name: string; kind?: string }>;
  const names = visibleAttachmentNames(files, hide);
  return files.map((file, i) => ({ ...file, name: names[i] as string }));
}

function versionValues(submissionId: number, versionNo: number, version: NewVersion, carryState: 'none' | 'pending') {
  return {
    submissionId,
    versionNo,
    documentId: version.documentId ?? null,
    structuredJson: version.structured ? JSON.stringify(version.structured) : null,
    attachmentsJson: JSON.stringify(version.attachments ?? []),
    plagiarismRate: version.plagiarismRate ?? null,
    carryState,
    submittedAt: Date.now(),
  };
}
