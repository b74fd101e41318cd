import { type ListResult, Role } from '@zikao/contract';
import { type ProxyCall, proxyCallOfPath } from '@zikao/contract/endpoints/proxy';
import {
  adminReviewPagePath,
  linkCredentialSchema,
  REVIEW_LINK_ACTION_LABELS,
  REVIEW_LINK_PURPOSE_LABELS,
  REVIEW_LINK_SESSION_GAP_MS,
  type ReviewLinkContext,
  type ReviewLinkCreated,
  type ReviewLinkDto,
  type ReviewLinkListQuery,
  type ReviewLinkStatus,
  type reviewLinkCreateSchema,
} from '@zikao/contract/review-link';
import { SUBMISSION_STATUS_LABELS } from '@zikao/contract/review-lists';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AccessService } from '../../access/access.service.ts';
import { DEMO_LINK_REFUSED, isRefusedDemo } from '../../access/demo-accounts.ts';
import type { LinkScope } from '../../access/link-rules.ts';
import type { Database } from '../../db/schema.ts';
import type { AccountService } from '../../identity/accounts/account.service.ts';
import { badReviewLink, conflict, notFound } from '../../shared/errors.ts';
import type { LinkAuthenticator, LinkCaller, LinkGrant, LinkUse, SessionUser } from '../../shared/request-context.ts';
import type { AuditEntry, AuditService } from '../../system/audit/audit.service.ts';
import type { AssignmentService } from '../assignment/assignment.service.ts';
import type { ReviewStep, ReviewStepListener } from '../review/review.service.ts';
import { SubmissionRepository } from '../submission/submission.repository.ts';
import { transition } from '../submission/submission-status.ts';
import { linkSignature, linkSignatureMatches } from './link-signature.ts';
import type { ReviewLinkRepository, ReviewLinkRow } from './review-link.repository.ts';

const DAY_MS = 86_400_000;

type CreateInput = z.output<typeof reviewLinkCreateSchema>;
type Context = NonNullable<Awaited<ReturnType<SubmissionRepository['findContext']>>>;
type ListedRow = NonNullable<Awaited<ReturnType<ReviewLinkRepository['listedOne']>>>;

/** A link's status at `now`: revoked, else completed, else expired, else active. */
export function linkStatus(row: Pick<ReviewLinkRow, 'revoked_at' | 'completed_at' | 'expires_at'>, now: number) {
  if (row.revoked_at !== null) return 'revoked' as const;
  if (row.completed_at !== null) return 'completed' as const;
  return row.expires_at <= now ? ('expired' as const) : ('active' as const);
}

interface Deps {
  links: ReviewLinkRepository;
  submissions: SubmissionRepository;
  accounts: AccountService;
  assignments: AssignmentService;
  access: AccessService;
  audit: AuditService;
  /** The HMAC key (`loadLinkSecret`); never stored in the database. */
  secret: Buffer;
  /** A deployment (NODE_ENV=production): links made by or acting as a demo account are refused (adr/028). */
  deployment: boolean;
  now?: () => number;
}

/**
 * Review links (issue 13, adr/011): signed, expiring links to the admin review pages, for an
 * external reviewer (评阅) or the admin check (复核). It makes, lists and revokes them, verifies
 * a comment-proxy call's credential (the auth hook's `LinkAuthenticator`), records every use,
 * and marks a link done when its review is submitted or its check made.
 */
export class ReviewLinkService implements LinkAuthenticator, ReviewStepListener {
  private readonly deps: Deps;
  private readonly now: () => number;

  constructor(deps: Deps) {
    this.deps = deps;
    this.now = deps.now ?? Date.now;
  }

  /**
   * Admin: a link for one submission. 评阅 assigns the submission to an external reviewer named by
   * the label (a new one, unless it is already with that expert), through the assignment service;
   * 复核 needs a submission 待复核 and acts as its creator.
   *
   * All of it is one transaction that first write-locks the submission (issue 32 §4.5): creates
   * for one submission run one after another, on any instance, each deciding on the reviewer the
   * one before left. Links made at once for one expert share one account, and a create that is
   * refused takes its account back with it. Every read inside goes through the transaction, so it
   * holds one connection of the pool, whatever waits on the lock.
   */
  async create(admin: SessionUser, input: CreateInput): Promise<ReviewLinkCreated> {
    const { links, submissions, audit } = this.deps;
    const submission = await submissions.findContext(input.submissionId);
    if (!submission) throw notFound('论文不存在');
    const label = input.label?.trim() ?? '';
    const now = this.now();
    const expiresAt = now + input.expiresInDays * DAY_MS;
    const id = await links.transaction(async (repository, trx) => {
      const locked = await repository.lockSubmission(submission.id);
      if (!locked) throw notFound('论文不存在');
      let reviewerUserId: number | null = null;
      if (input.purpose === 'check') {
        if (locked.status !== 'awaiting_check') {
          throw conflict(`只有待复核的论文可以生成复核链接，该论文当前为“${SUBMISSION_STATUS_LABELS[locked.status]}”`);
        }
      } else {
        const step = transition(locked.status, { type: 'assign' });
        if (!step.ok) throw conflict(`该论文不能交给外审专家评阅：${step.reason}`);
        reviewerUserId = await this.externalReviewerFor(admin, locked, label, trx);
      }
      const created = await repository.insert({
        submission_id: submission.id,
        purpose: input.purpose,
        label,
        reviewer_user_id: reviewerUserId,
        created_by: admin.id,
        created_at: now,
        expires_at: expiresAt,
        revoked_at: null,
        revoked_by: null,
        completed_at: null,
        last_used_at: null,
      });
      // The submission is now with this expert: links for an earlier one would only be refused.
      const replaced =
        reviewerUserId === null
          ? []
          : await repository.revokeOtherReviewLinks(submission.id, reviewerUserId, admin.id, now);
      const subject = `《${submission.title}》${REVIEW_LINK_PURPOSE_LABELS[input.purpose]}链接${label ? `（${label}）` : ''}`;
      await audit.record(trx, [
        {
          actorId: admin.id,
          action: 'reviewLinkCreate',
          entity: 'review_link',
          entityId: created,
          toStatus: 'active',
          detail: { subject, submissionId: submission.id, purpose: input.purpose, label, expiresAt },
        },
        ...replaced.map((old) => ({
          actorId: admin.id,
          action: 'reviewLinkRevoke',
          entity: 'review_link',
          entityId: old,
          fromStatus: 'active' as const,
          toStatus: 'revoked' as const,
          reason: '论文已交给另一位外审专家',
          detail: { subject: `《${submission.title}》评阅链接`, submissionId: submission.id, purpose: 'review' },
        })),
      ]);
      return created;
    });
    const url = this.url(
      { id, submission_id: submission.id, purpose: input.purpose, expires_at: expiresAt },
      submission,
    );
    return { id, url, expiresAt };
  }

  async list(query: ReviewLinkListQuery): Promise<ListResult<ReviewLinkDto>> {
    const now = this.now();
    const { rows, total } = await this.deps.links.list(query, now);
    return { list: rows.map((row) => this.toDto(row, now)), total, page: query.page, pageSize: query.pageSize };
  }

  /**
   * Admin: the link stops working at once (1030004 评阅链接已撤销); revoking it again changes nothing.
   * Revoking the last working 评阅 link of the expert a submission is with also releases it (issue
   * 32 §1.5): back to 待分配, no reviewer, the expert kept as `released_reviewer_id` so the lists ask
   * for a 改派 and the next assignment takes over the expert's annotations. The revoke and the
   * release are one transaction that first write-locks the submission, as a create does, so a
   * create for it waits for both or neither.
   */
  async revoke(admin: SessionUser, id: number): Promise<ReviewLinkDto & { released: boolean }> {
    const { links, audit } = this.deps;
    const row = await links.listedOne(id);
    if (!row) throw notFound('评阅链接不存在');
    const now = this.now();
    let released = false;
    if (row.revoked_at === null) {
      released = await links.transaction(async (repository, trx) => {
        const locked = await repository.lockSubmission(row.submission_id);
        if (!(await repository.revoke(id, admin.id, now))) return false;
        const entries: AuditEntry[] = [
          {
            actorId: admin.id,
            action: 'reviewLinkRevoke',
            entity: 'review_link',
            entityId: id,
            fromStatus: linkStatus(row, now),
            toStatus: 'revoked',
            detail: {
              subject: `《${row.title}》${REVIEW_LINK_PURPOSE_LABELS[row.purpose]}链接${row.label ? `（${row.label}）` : ''}`,
              submissionId: row.submission_id,
              purpose: row.purpose,
              label: row.label,
            },
          },
        ];
        const expert = row.purpose === 'review' ? row.reviewer_user_id : null;
        const release =
          expert !== null &&
          locked !== undefined &&
          locked.reviewer_id === expert &&
          transition(locked.status, { type: 'assign' }).ok &&
          !(await repository.hasLiveReviewLink(row.submission_id, expert, now));
        if (release && locked) {
          const submissions = new SubmissionRepository(trx);
          const current = await submissions.findById(locked.id);
          if (!current) return false;
          const changed = await submissions.advance(
            locked.id,
            { status: current.status, currentVersion: current.current_version },
            { status: 'unassigned', reviewer_id: null, released_reviewer_id: expert },
          );
          if (!changed) throw conflict('论文状态已变化，请刷新后再试');
          entries.push({
            actorId: admin.id,
            action: 'unassign',
            entity: 'submission',
            entityId: locked.id,
            fromStatus: current.status,
            toStatus: 'unassigned',
            reason: '评阅链接已撤销，请改派',
            detail: { reviewerId: expert, reviewerName: row.label },
          });
        }
        await audit.record(trx, entries);
        return release;
      });
    }
    const after = await links.listedOne(id);
    if (!after) throw notFound('评阅链接不存在');
    return { ...this.toDto(after, now), released };
  }

  /**
   * A comment-proxy call's credential (`lid`, `exp`, `linkSig`): 1030004 评阅链接无效 when it is
   * missing or does not match (a changed secret voids every link), 评阅链接已撤销, 评阅链接已过期.
   * A link that passes is used: the link counts it; the audit trail gets the session's opening (the
   * first use after a rest of `REVIEW_LINK_SESSION_GAP_MS`) and each action, with the address.
   */
  async authenticate(params: unknown, use: LinkUse): Promise<LinkCaller> {
    const { links, accounts, audit } = this.deps;
    const parsed = linkCredentialSchema.safeParse(params);
    if (!parsed.success) throw badReviewLink();
    const credential = parsed.data;
    const row = await links.find(credential.lid);
    if (
      !row ||
      row.expires_at !== credential.exp ||
      !linkSignatureMatches(this.deps.secret, signed(row), credential.linkSig)
    ) {
      throw badReviewLink();
    }
    if (row.revoked_at !== null) throw badReviewLink('评阅链接已撤销');
    const now = this.now();
    if (row.expires_at <= now) throw badReviewLink('评阅链接已过期');
    const actor = await accounts.linkActor(row.purpose === 'review' ? (row.reviewer_user_id ?? 0) : row.created_by);
    // A 复核 link acts as its creator only while they are an admin with an enabled account.
    if (!actor || (row.purpose === 'check' && actor.role !== Role.admin)) throw badReviewLink('评阅链接已失效');
    if (isRefusedDemo(this.deps.deployment, actor.row, { demo: row.creator_demo })) {
      throw badReviewLink(DEMO_LINK_REFUSED);
    }
    const call = proxyCallOfPath(use.path);
    const action = call ? REVIEW_LINK_ACTION_LABELS[call] : undefined;
    await links.transaction(async (repository, trx) => {
      const session = await repository.touch(row.id, now, REVIEW_LINK_SESSION_GAP_MS);
      // Revoked (or run out) since it was read: the same answers as above.
      if (session === null) {
        const latest = await repository.find(row.id);
        throw badReviewLink(latest?.revoked_at === null ? '评阅链接已过期' : '评阅链接已撤销');
      }
      // The trail gets a session's opening and each action, not every read (issue 32 §3).
      const detail = {
        subject: `《${row.title}》${REVIEW_LINK_PURPOSE_LABELS[row.purpose]}链接${row.label ? `（${row.label}）` : ''}`,
        submissionId: row.submission_id,
        purpose: row.purpose,
        label: row.label,
        ip: use.ip,
      };
      const entries: AuditEntry[] = [];
      if (session === 'opened') {
        entries.push({ actorId: actor.id, action: 'reviewLinkOpen', entity: 'review_link', entityId: row.id, detail });
      }
      if (action !== undefined) {
        entries.push({
          actorId: actor.id,
          action: 'reviewLinkUse',
          entity: 'review_link',
          entityId: row.id,
          detail: { ...detail, call },
        });
      }
      if (entries.length > 0) await audit.record(trx, entries);
    });
    return { grant: grantOf(row), actor };
  }

  /** 1030004 评阅链接已撤销 when the link has been revoked since its call was authenticated. */
  async requireNotRevoked(caller: LinkCaller): Promise<void> {
    const row = await this.deps.links.find(caller.grant.id);
    if (row?.revoked_at !== null) throw badReviewLink('评阅链接已撤销');
  }

  /** What the page learns of its link. */
  context(caller: LinkCaller): ReviewLinkContext {
    const { grant } = caller;
    return {
      linkId: grant.id,
      submissionId: grant.submissionId,
      purpose: grant.purpose,
      label: grant.label,
      expiresAt: grant.expiresAt,
      completed: grant.completed,
    };
  }

  /** 1030003 unless the link may make this call on these ids (the access module's link rules). */
  guard(caller: LinkCaller, call: ProxyCall, scope: LinkScope): Promise<void> {
    return this.deps.access.requireLinkScope(caller.grant, call, scope);
  }

  /**
   * A review step, after its commit: a submitted review completes its reviewer's 评阅 links; a
   * check, passed or returned, completes the submission's 复核 links; a review sent back reopens
   * its reviewer's 评阅 links, so the expert revises it through the same link while it lasts.
   */
  async reviewStepped(step: ReviewStep): Promise<void> {
    const { links } = this.deps;
    const now = this.now();
    if (step.action === 'submit') {
      if (step.reviewerId !== null) await links.complete(step.submissionId, 'review', now, step.reviewerId);
      return;
    }
    await links.complete(step.submissionId, 'check', now);
    if (step.action === 'reopen' && step.reviewerId !== null) {
      await links.reopenReviewLinks(step.submissionId, step.reviewerId);
    }
  }

  /**
   * The expert of a 评阅 link, in the create's transaction (the submission locked): the
   * submission's reviewer if it is already this expert, else a new one assigned to it.
   */
  private async externalReviewerFor(
    admin: SessionUser,
    submission: { id: number; reviewer_id: number | null },
    label: string,
    trx: Kysely<Database>,
  ): Promise<number> {
    const { accounts, assignments } = this.deps;
    if (submission.reviewer_id !== null) {
      const current = await accounts.person(submission.reviewer_id, trx);
      if (current?.external && !current.disabled && current.name === label) return current.id;
    }
    const expert = await accounts.createExternalReviewer(admin, label, trx);
    await assignments.assign(admin, [submission.id], expert.id, trx);
    return expert.id;
  }

  private url(
    row: Pick<ReviewLinkRow, 'id' | 'submission_id' | 'purpose' | 'expires_at'>,
    submission: { stage: Context['stage'] },
  ): string {
    const query = new URLSearchParams({
      lid: String(row.id),
      exp: String(row.expires_at),
      sig: linkSignature(this.deps.secret, signed(row)),
    });
    return `${adminReviewPagePath(submission.stage, row.submission_id)}?${query}`;
  }

  private toDto(row: ListedRow, now: number): ReviewLinkDto {
    const status: ReviewLinkStatus = linkStatus(row, now);
    return {
      id: row.id,
      submissionId: row.submission_id,
      stage: row.stage,
      thesisTitle: row.title,
      purpose: row.purpose,
      label: row.label,
      creatorName: row.creator_name,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      status,
      useCount: row.use_count,
      lastUsedAt: row.last_used_at,
      url: status === 'active' ? this.url(row, row) : null,
    };
  }
}

const signed = (row: Pick<ReviewLinkRow, 'id' | 'submission_id' | 'purpose' | 'expires_at'>) => ({
  lid: row.id,
  submissionId: row.submission_id,
  purpose: row.purpose,
  exp: row.expires_at,
});

function grantOf(row: ReviewLinkRow): LinkGrant {
  return {
    id: row.id,
    submissionId: row.submission_id,
    purpose: row.purpose,
    label: row.label,
    expiresAt: row.expires_at,
    completed: row.completed_at !== null,
  };
}
