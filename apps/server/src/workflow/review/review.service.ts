import {
  type BatchRules,
  commentLength,
  PASS_SCORE,
  parseBatchRules,
  type ReviewDto,
  type ReviewInput,
  rubricTotal,
  SCORED_STAGES,
  type Stage,
  type SubmissionStatus,
  type Verdict,
} from '@zikao/contract';
import type { Kysely } from 'kysely';
import type { AccessService } from '../../access/access.service.ts';
import type { Database } from '../../db/schema.ts';
import type { ReviewCompletedListener } from '../../notices/review-notifier.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../shared/errors.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import type { AuditService } from '../../system/audit/audit.service.ts';
import { type ReviewFields, ReviewRepository } from '../submission/review.repository.ts';
import type { SubmissionRepository } from '../submission/submission.repository.ts';
import { toReviewDto } from '../submission/submission-mapper.ts';
import { MESSAGES, type SubmissionEvent, transition } from '../submission/submission-status.ts';

type Context = NonNullable<Awaited<ReturnType<SubmissionRepository['findContext']>>>;

/** A review step, as those who follow reviews hear of it after its commit. */
export interface ReviewStep {
  action: 'submit' | 'check' | 'reopen';
  submissionId: number;
  /** The submission's reviewer. */
  reviewerId: number | null;
}

/** Hears of each review step after its commit: the review links mark their work done (adr/011). */
export interface ReviewStepListener {
  reviewStepped(step: ReviewStep): Promise<void>;
}

/** Keeps the statistics in step with each submit, reopen and check, inside its transaction (adr/014). */
export interface ReviewStatisticsHook {
  refresh(trx: Kysely<Database>, submissionIds: readonly number[]): Promise<void>;
}

/**
 * Reviews: drafts, the final submit, and the admin's reopen and check. Every status change is
 * a conditional update on the submission (status and current version), so of two concurrent
 * requests one wins and the other gets 1080001; the audit row is written in the same transaction.
 */
export class ReviewService {
  private readonly submissions: SubmissionRepository;
  private readonly reviews: ReviewRepository;
  private readonly audit: AuditService;
  private readonly access: AccessService;
  /** Hears of verdicts the candidate may see (the notice and SMS), inside the review's transaction. */
  private readonly notify: ReviewCompletedListener | undefined;
  private readonly steps: ReviewStepListener | undefined;
  private readonly statistics: ReviewStatisticsHook | undefined;

  constructor(deps: {
    submissions: SubmissionRepository;
    reviews: ReviewRepository;
    audit: AuditService;
    access: AccessService;
    notify?: ReviewCompletedListener;
    steps?: ReviewStepListener;
    statistics?: ReviewStatisticsHook;
  }) {
    this.audit = deps.audit;
    this.access = deps.access;
    this.submissions = deps.submissions;
    this.reviews = deps.reviews;
    this.notify = deps.notify;
    this.steps = deps.steps;
    this.statistics = deps.statistics;
  }

  async save(user: SessionUser, input: ReviewInput): Promise<ReviewDto> {
    const context = await this.reviewable(user, input.submissionId, input.versionNo);
    const rules = parseBatchRules(context.rules_json);
    const step = this.step(context, { type: 'saveDraft' });
    const fields = await this.fields(context, rules, input);
    await this.write(user, context, step, 'saveDraft', async (reviews) => {
      await reviews.upsert(context.id, input.versionNo, user.id, fields, 'draft');
    });
    return this.one(context.id, input.versionNo);
  }

  async submit(
    user: SessionUser,
    input: ReviewInput & { verdict: Verdict },
  ): Promise<{ status: SubmissionStatus; review: ReviewDto }> {
    const context = await this.reviewable(user, input.submissionId, input.versionNo);
    const rules = parseBatchRules(context.rules_json);
    const stage = context.stage;
    const fields = await this.fields(context, rules, input);
    const step = this.step(context, { type: 'submit', verdict: input.verdict, stage, adminCheck: rules.adminCheck });
    validateFinal(stage, rules, fields, input.verdict);
    await this.write(
      user,
      context,
      step,
      'submit',
      async (reviews, trx) => {
        await reviews.upsert(context.id, input.versionNo, user.id, fields, 'submitted');
        // 待复核 is not final yet: the candidate hears of it once the admin has checked it.
        if (step !== 'awaiting_check') await this.completed(trx, context, step, input.verdict, fields.score);
      },
      { verdict: input.verdict, score: fields.score },
    );
    // The SMS is in the outbox, committed with the review: the reviewer's answer does not wait for
    // the SMS gateway (a slow one would hold every submit up to its timeout). deliver() never rejects.
    void this.notify?.deliver?.();
    await this.steps?.reviewStepped({ action: 'submit', submissionId: context.id, reviewerId: user.id });
    return { status: step, review: await this.one(context.id, input.versionNo) };
  }

  /**
   * Admin: back to 评阅中, so the reviewer can change a submitted review (重新开放, or 退回评阅人
   * on the check page); the reviewer is told why.
   */
  async reopen(user: SessionUser, submissionId: number, reason: string): Promise<{ status: SubmissionStatus }> {
    const context = await this.context(submissionId);
    const step = this.step(context, { type: 'reopen' });
    await this.write(
      user,
      context,
      step,
      'reopen',
      async (reviews, trx) => {
        await reviews.setState(context.id, context.current_version, 'draft');
        if (context.reviewer_id === null) return;
        await this.notify?.reviewReturned?.(trx, {
          submissionId: context.id,
          reviewerId: context.reviewer_id,
          stage: context.stage,
          title: context.title,
          reason,
        });
      },
      {},
      reason,
    );
    await this.steps?.reviewStepped({ action: 'reopen', submissionId: context.id, reviewerId: context.reviewer_id });
    return { status: step };
  }

  /** Admin: confirms a verdict that waits for the check. */
  async check(user: SessionUser, submissionId: number): Promise<{ status: SubmissionStatus }> {
    const context = await this.context(submissionId);
    const step = this.step(context, { type: 'check' });
    await this.write(user, context, step, 'check', async (reviews, trx) => {
      const review = await reviews.find(context.id, context.current_version);
      await this.completed(trx, context, step, review?.verdict ?? null, review?.score ?? null);
    });
    void this.notify?.deliver?.();
    await this.steps?.reviewStepped({ action: 'check', submissionId: context.id, reviewerId: context.reviewer_id });
    return { status: step };
  }

  /** Inside the review's transaction: the candidate's notice, and the SMS queued for after the commit. */
  private async completed(
    trx: Kysely<Database>,
    context: Context,
    status: SubmissionStatus,
    verdict: Verdict | null,
    score: number | null,
  ) {
    await this.notify?.reviewCompleted(trx, {
      submissionId: context.id,
      studentId: context.student_id,
      stage: context.stage,
      title: context.title,
      status,
      verdict,
      score,
    });
  }

  private async reviewable(user: SessionUser, submissionId: number, versionNo: number): Promise<Context> {
    await this.access.requireAccess(user, 'submission.review', [submissionId]);
    const context = await this.context(submissionId);
    if (context.reviewer_id !== user.id) throw forbidden('该论文未分配给您评阅');
    if (versionNo !== context.current_version) throw conflict(MESSAGES.stale);
    return context;
  }

  private async context(submissionId: number): Promise<Context> {
    const context = await this.submissions.findContext(submissionId);
    if (!context) throw notFound('论文不存在');
    return context;
  }

  private step(context: Context, event: SubmissionEvent): SubmissionStatus {
    const result = transition(context.status, event);
    if (!result.ok) throw conflict(result.reason);
    return result.to;
  }

  /** The review's stored fields; rubric items are checked and, on scored stages, make the score. */
  private async fields(context: Context, rules: BatchRules, input: ReviewInput): Promise<ReviewFields> {
    const existing = await this.reviews.find(context.id, input.versionNo);
    const rubric = input.rubric ?? (existing ? (JSON.parse(existing.rubric_json) as Record<string, number>) : {});
    for (const [key, value] of Object.entries(rubric)) {
      const item = rules.rubric.find((r) => r.key === key);
      if (!item) throw invalidInput(`rubric.${key} 不是评分表中的项目`);
      if (value > item.max) throw invalidInput(`rubric.${key} 不能超过 ${item.max} 分`);
    }
    const scored = SCORED_STAGES.includes(context.stage);
    let score = input.score !== undefined ? input.score : (existing?.score ?? null);
    if (scored && rules.rubric.length > 0 && Object.keys(rubric).length > 0) score = rubricTotal(rules.rubric, rubric);
    if (!scored) score = null;
    return {
      verdict: input.verdict !== undefined ? input.verdict : (existing?.verdict ?? null),
      score,
      rubric_json: JSON.stringify(rubric),
      comment: input.comment ?? existing?.comment ?? '',
      plagiarism_rate: input.plagiarismRate !== undefined ? input.plagiarismRate : (existing?.plagiarism_rate ?? null),
      time_spent_ms: Math.max(input.timeSpentMs ?? 0, existing?.time_spent_ms ?? 0),
    };
  }

  private async write(
    user: SessionUser,
    context: Context,
    to: SubmissionStatus,
    action: string,
    apply: (reviews: ReviewRepository, trx: Kysely<Database>) => Promise<void>,
    detail: Record<string, unknown> = {},
    reason = '',
  ): Promise<void> {
    await this.submissions.transaction(async (submissions, trx) => {
      const changed = await submissions.advance(
        context.id,
        { status: context.status, currentVersion: context.current_version },
        { status: to },
      );
      if (!changed) {
        const now = await submissions.findById(context.id);
        throw conflict(
          now && now.current_version !== context.current_version
            ? MESSAGES.stale
            : transitionReason(now?.status ?? context.status, action),
        );
      }
      await apply(new ReviewRepository(trx), trx);
      // The statistics count submitted reviews and their outcome: a draft's save changes neither.
      if (action !== 'saveDraft') await this.statistics?.refresh(trx, [context.id]);
      if (to !== context.status || action !== 'saveDraft') {
        await this.audit.record(trx, [
          {
            actorId: user.id,
            action,
            entity: 'submission',
            entityId: context.id,
            fromStatus: context.status,
            toStatus: to,
            reason,
            detail: { versionNo: context.current_version, ...detail },
          },
        ]);
      }
    });
  }

  private async one(submissionId: number, versionNo: number): Promise<ReviewDto> {
    const row = (await this.reviews.forSubmission(submissionId)).find((r) => r.version_no === versionNo);
    if (!row) throw notFound('评阅不存在');
    return toReviewDto(row);
  }
}

/** Why a status change lost a race: what the status machine says about the status it found. */
function transitionReason(status: SubmissionStatus, action: string): string {
  if (action === 'saveDraft' || action === 'submit') {
    const result = transition(status, { type: 'saveDraft' });
    if (!result.ok) return result.reason;
  }
  return '论文状态已变化，请刷新后再试';
}

/** The rules a submitted review must meet: comment length, and a score that fits the verdict. */
function validateFinal(stage: Stage, rules: BatchRules, fields: ReviewFields, verdict: Verdict): void {
  const length = commentLength(fields.comment);
  if (length < rules.minCommentLength) {
    throw invalidInput(`评语至少需要 ${rules.minCommentLength} 个字，当前 ${length} 个字`);
  }
  if (!SCORED_STAGES.includes(stage)) return;
  if (rules.rubric.length > 0) {
    const scores = JSON.parse(fields.rubric_json) as Record<string, number>;
    const missing = rules.rubric.find((item) => scores[item.key] === undefined);
    if (missing) throw invalidInput(`请为评分项“${missing.label}”打分`);
  }
  if (fields.score === null) throw invalidInput('定稿和复试须填写成绩');
  if (verdict === 'pass' && fields.score < PASS_SCORE) {
    throw invalidInput(`成绩 ${fields.score} 分不及格，结论不能为通过`);
  }
  if (verdict === 'fail' && fields.score >= PASS_SCORE) {
    throw invalidInput(`成绩 ${fields.score} 分已及格，结论不能为不通过`);
  }
}
