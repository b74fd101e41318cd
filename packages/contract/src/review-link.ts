import { z } from 'zod';
import { listQuerySchema } from './envelope.ts';
import { idSchema, wholeNumber } from './numbers.ts';
import type { Stage } from './review.ts';

/**
 * Review links (评阅链接, issue 13): signed, expiring links to the admin review pages, for an
 * outside expert (外审专家) with no account, or for the admin check (复核).
 */
export const REVIEW_LINK_PURPOSES = ['review', 'check'] as const;
export type ReviewLinkPurpose = (typeof REVIEW_LINK_PURPOSES)[number];
export const REVIEW_LINK_PURPOSE_LABELS: Record<ReviewLinkPurpose, string> = { review: '评阅', check: '复核' };

export const REVIEW_LINK_STATUSES = ['active', 'expired', 'revoked', 'completed'] as const;
export type ReviewLinkStatus = (typeof REVIEW_LINK_STATUSES)[number];
/**
 * The calls of a review link's page that the audit trail records one by one (issue 32 §3): what
 * the expert or the checking admin does. Reads (the PDF's byte ranges, the lists) are not
 * recorded; a session's opening is (`reviewLinkOpen`). Keyed by the proxy call's name.
 */
export const REVIEW_LINK_ACTION_LABELS: Record<string, string> = {
  annotationSave: '保存批注',
  annotationDelete: '删除批注',
  annotationRestore: '恢复批注',
  annotationReply: '回复批注',
  reviewSave: '保存评阅草稿',
  reviewSubmit: '提交评阅',
  reviewCheck: '复核通过',
  reviewReopen: '退回评阅人',
};

/** How long a link may rest before its next call counts as a new session (an opening) in the trail. */
export const REVIEW_LINK_SESSION_GAP_MS = 30 * 60_000;

export const REVIEW_LINK_STATUS_LABELS: Record<ReviewLinkStatus, string> = {
  active: '有效',
  expired: '已过期',
  revoked: '已撤销',
  completed: '已完成',
};

/** Days a link lasts: 1 to 30, 7 by default. */
export const REVIEW_LINK_DAYS = { min: 1, max: 30, default: 7 } as const;

export const ReviewLinkPath = {
  create: '/v1/console/reviewLink/create',
  list: '/v1/console/reviewLink/list',
  revoke: '/v1/console/reviewLink/revoke',
} as const;

/**
 * The admin review page of a submission's stage (seed §2): the topic page, the retest page, or the
 * thesis page for a plan, a draft and a final. A link is this path with its credential in the query.
 */
export function adminReviewPagePath(stage: Stage, submissionId: number): string {
  const page = stage === 'topic' ? 'topic' : stage === 'retest' ? 'thesisRetest' : 'thesis';
  return `/admin/${page}/review/${submissionId}`;
}

const id = idSchema;

export const reviewLinkCreateSchema = z
  .object({
    submissionId: id,
    purpose: z.enum(REVIEW_LINK_PURPOSES, { error: '须为 review（评阅）或 check（复核）' }),
    expiresInDays: wholeNumber(
      z
        .number({ error: '须为数字' })
        .int('须为整数')
        .min(REVIEW_LINK_DAYS.min, `有效期至少 ${REVIEW_LINK_DAYS.min} 天`)
        .max(REVIEW_LINK_DAYS.max, `有效期最多 ${REVIEW_LINK_DAYS.max} 天`),
    ).default(REVIEW_LINK_DAYS.default),
    /** Who the link is for: the expert's name and unit, e.g. 王教授（某某大学）. Required for 评阅. */
    label: z.string().trim().max(80, '不能超过 80 个字符').optional(),
  })
  .refine((input) => input.purpose !== 'review' || Boolean(input.label), {
    message: '请填写评阅专家的姓名和单位',
    path: ['label'],
  });
export type ReviewLinkCreateInput = z.input<typeof reviewLinkCreateSchema>;

export interface ReviewLinkCreated {
  id: number;
  /** The admin review page's path with the credential in its query, e.g. `/admin/thesis/review/12?lid=…&exp=…&sig=…`. */
  url: string;
  expiresAt: number;
}

export const reviewLinkListSchema = listQuerySchema.extend({
  submissionId: id.optional(),
  status: z.enum(REVIEW_LINK_STATUSES, { error: '状态不正确' }).optional(),
});
export type ReviewLinkListQuery = z.infer<typeof reviewLinkListSchema>;

export const reviewLinkRefSchema = z.object({ id });

export interface ReviewLinkDto {
  id: number;
  submissionId: number;
  stage: Stage;
  thesisTitle: string;
  purpose: ReviewLinkPurpose;
  label: string;
  creatorName: string;
  createdAt: number;
  expiresAt: number;
  status: ReviewLinkStatus;
  useCount: number;
  lastUsedAt: number | null;
  /** The link again, to copy, while it is active; null otherwise. */
  url: string | null;
}

/**
 * The credential a comment-proxy call carries: the page URL's `lid`, `exp` and `sig`, merged into
 * every body and into the query of GET and file URLs (seed §7). The request signature owns the
 * names `t` and `sig`, so the client sends the page's `sig` as `linkSig`.
 */
export const linkCredentialSchema = z.object({
  lid: id,
  exp: wholeNumber(z.number({ error: '须为时间戳（毫秒）' }).int().positive()),
  linkSig: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, '格式不正确'),
});
export type LinkCredential = z.infer<typeof linkCredentialSchema>;

/** What a link's page learns of it: its purpose, the submission, and whether it is still usable. */
export interface ReviewLinkContext {
  linkId: number;
  submissionId: number;
  purpose: ReviewLinkPurpose;
  label: string;
  expiresAt: number;
  /** A 评阅 link whose review is submitted, or a 复核 link whose check is done: read-only. */
  completed: boolean;
}
