import { Role } from '@zikao/contract';
import type { AssignmentOptions, AutoAssignPreview, AutoAssignPreviewQuery } from '@zikao/contract/assignment';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AccountService } from '../../identity/accounts/account.service.ts';
import { conflict, invalidInput, notFound } from '../../shared/errors.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import type { AuditEntry, AuditService } from '../../system/audit/audit.service.ts';
import { ReviewRepository } from '../submission/review.repository.ts';
import { SubmissionRepository, type SubmissionRow } from '../submission/submission.repository.ts';
import { transition } from '../submission/submission-status.ts';
import { AssignmentRepository } from './assignment.repository.ts';
import { planAutoAssignment } from './auto-assign.ts';

/** Whose work a new assignment takes over: the current reviewer, or the one a revoked link released. */
const previousReviewer = (row: SubmissionRow): number | null => row.reviewer_id ?? row.released_reviewer_id;

interface Pair {
  row: SubmissionRow;
  reviewer: { id: number; name: string };
}

/**
 * Assignment of submissions to reviewers, by an admin: by hand (one reviewer for one or many
 * submissions) or automatically (by major and current load, previewed first). Each call assigns
 * all or none, in one transaction with its audit rows. Reassigning keeps the annotations: they
 * move to the new reviewer, and the previous one loses access with the assignment.
 */
export class AssignmentService {
  private readonly submissions: SubmissionRepository;
  private readonly accounts: AccountService;
  private readonly assignments: AssignmentRepository;
  private readonly audit: AuditService;

  constructor(deps: {
    submissions: SubmissionRepository;
    accounts: AccountService;
    assignments: AssignmentRepository;
    audit: AuditService;
  }) {
    this.audit = deps.audit;
    this.submissions = deps.submissions;
    this.accounts = deps.accounts;
    this.assignments = deps.assignments;
  }

  /**
   * Assigns submissions to one reviewer. `within`: in the caller's transaction (a review link's
   * create, which has locked the submission and may have just made the reviewer), every read
   * included, so the assignment commits or rolls back with the caller's work.
   */
  async assign(
    user: SessionUser,
    submissionIds: readonly number[],
    reviewerId: number,
    within?: Kysely<Database>,
  ): Promise<{ assigned: number }> {
    const reviewer = await this.accounts.person(reviewerId, within);
    // Only reviewer accounts, as automatic assignment takes (issue 19 §6): not teachers, not admins.
    if (!reviewer || reviewer.disabled || reviewer.role !== Role.reviewer) {
      throw invalidInput('所选评阅教师不可用');
    }
    const ids = [...new Set(submissionIds)];
    const rows = await (within ? new SubmissionRepository(within) : this.submissions).findMany(ids);
    if (rows.length !== ids.length) throw notFound('论文不存在');
    await this.apply(
      user,
      rows.map((row) => ({ row, reviewer })),
      { auto: false },
      within,
    );
    return { assigned: rows.length };
  }

  async options(): Promise<AssignmentOptions> {
    const [batches, majors, reviewers] = await Promise.all([
      this.assignments.batches(),
      this.assignments.majors(),
      this.assignments.reviewers(),
    ]);
    return { batches, majors, reviewers };
  }

  /** The automatic plan for the unassigned submissions in scope. Writes nothing. */
  async preview(query: AutoAssignPreviewQuery): Promise<AutoAssignPreview> {
    const [rows, reviewers] = await Promise.all([
      this.assignments.unassigned(query),
      this.assignments.reviewers(query.reviewerIds),
    ]);
    const plan = planAutoAssignment(
      rows.map((row) => ({ id: row.id, major: row.major_name })),
      reviewers,
    );
    const names = new Map(reviewers.map((r) => [r.id, r.name]));
    const items = rows.map((row) => {
      const reviewerId = plan.reviewerOf.get(row.id) ?? null;
      return {
        submissionId: row.id,
        title: row.title,
        studentName: row.student_name,
        examNo: row.exam_number ?? '',
        majorName: row.major_name,
        batchName: row.batch_name,
        stage: row.stage,
        reviewerId,
        reviewerName: reviewerId === null ? '' : (names.get(reviewerId) ?? ''),
        reason:
          reviewerId === null
            ? (plan.unassigned.get(row.id) ?? (reviewers.length === 0 ? '没有可用的评阅教师' : ''))
            : '',
      };
    });
    const assignable = items.filter((item) => item.reviewerId !== null).length;
    return {
      items,
      reviewers: reviewers.map((reviewer) => {
        const loadAfter = plan.loadAfter.get(reviewer.id) ?? reviewer.load;
        return { ...reviewer, loadAfter, added: loadAfter - reviewer.load };
      }),
      assignable,
      unassignable: items.length - assignable,
    };
  }

  /**
   * Applies a previewed plan. Each pair is checked again: the submission must still be
   * unassigned and the reviewer an active reviewer of its major.
   */
  async applyPlan(
    user: SessionUser,
    assignments: ReadonlyArray<{ submissionId: number; reviewerId: number }>,
  ): Promise<{ assigned: number }> {
    const ids = assignments.map((a) => a.submissionId);
    if (new Set(ids).size !== ids.length) throw invalidInput('同一篇论文出现了多次');
    const rows = await this.submissions.findMany(ids);
    if (rows.length !== ids.length) throw notFound('论文不存在');
    const reviewers = new Map(
      (await this.assignments.reviewers([...new Set(assignments.map((a) => a.reviewerId))])).map((r) => [r.id, r]),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const pairs: Pair[] = assignments.map(({ submissionId, reviewerId }) => {
      const row = byId.get(submissionId) as SubmissionRow;
      const reviewer = reviewers.get(reviewerId);
      if (!reviewer) throw invalidInput('所选评阅教师不可用，请重新预览');
      if (row.status !== 'unassigned') throw conflict(`论文（编号 ${row.id}）已分配，请重新预览`);
      if (!reviewer.majors.includes(row.major_name.trim())) {
        throw invalidInput(`${reviewer.name} 不负责“${row.major_name}”专业，请重新预览`);
      }
      return { row, reviewer };
    });
    await this.apply(user, pairs, { auto: true });
    return { assigned: pairs.length };
  }

  private async apply(
    user: SessionUser,
    pairs: readonly Pair[],
    detail: { auto: boolean },
    within?: Kysely<Database>,
  ): Promise<void> {
    for (const { row } of pairs) {
      const step = transition(row.status, { type: 'assign' });
      if (!step.ok) throw conflict(`论文（编号 ${row.id}）${step.reason}`);
    }
    const previousNames = new Map<number, string>();
    for (const id of new Set(
      pairs.flatMap(({ row }) => {
        const previous = previousReviewer(row);
        return previous === null ? [] : [previous];
      }),
    )) {
      previousNames.set(id, (await this.accounts.person(id, within))?.name ?? '');
    }
    const write = async (submissions: SubmissionRepository, trx: Kysely<Database>) => {
      const assignments = new AssignmentRepository(trx);
      const reviews = new ReviewRepository(trx);
      const audit: AuditEntry[] = [];
      for (const { row, reviewer } of pairs) {
        const changed = await submissions.advance(
          row.id,
          { status: row.status, currentVersion: row.current_version },
          { status: 'assigned', reviewer_id: reviewer.id, released_reviewer_id: null },
        );
        if (!changed) throw conflict(`论文（编号 ${row.id}）状态已变化，请刷新后再试`);
        await reviews.dropDraftsNotBy([row.id], reviewer.id);
        const previous = previousReviewer(row);
        const annotationsKept =
          previous !== null && previous !== reviewer.id
            ? await assignments.transferAnnotations(row.id, previous, reviewer.id)
            : 0;
        audit.push({
          actorId: user.id,
          action: 'assign',
          entity: 'submission',
          entityId: row.id,
          fromStatus: row.status,
          toStatus: 'assigned',
          detail: {
            reviewerId: reviewer.id,
            reviewerName: reviewer.name,
            previousReviewerId: previous,
            previousReviewerName: previous === null ? '' : (previousNames.get(previous) ?? ''),
            auto: detail.auto,
            ...(annotationsKept > 0 ? { annotationsKept } : {}),
          },
        });
      }
      await this.audit.record(trx, audit);
    };
    if (within) await write(new SubmissionRepository(within), within);
    else await this.submissions.transaction(write);
  }
}
