import { z } from 'zod';
import type { AccountStatus, BatchStatus } from './console.ts';
import { listQuerySchema } from './envelope.ts';
import { idSchema, wholeNumber } from './numbers.ts';
import { PRACTICE_STATUS_LABELS, type PracticeStatus } from './practice.ts';
import { REVIEW_LINK_ACTION_LABELS, REVIEW_LINK_STATUS_LABELS, type ReviewLinkStatus } from './review-link.ts';
import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from './review-lists.ts';

/** The audit trail view (issue 6, admin only). */
export const AuditApiPath = {
  /** `{page, pageSize, keyword?, actorId?, action?, entity?, from?, to?, export?}` → `{list, total, page, pageSize}`; `export: 1` gives .xlsx. */
  list: '/v1/audit/list',
  /** The actors and action types present in the trail, for the filters. */
  options: '/v1/audit/options',
} as const;

/**
 * Names of the actions modules write to the audit trail. An action missing here is shown by its
 * code; modules that add actions add their label here.
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  assign: '分配评阅',
  unassign: '退回待分配',
  open: '开始评阅',
  saveDraft: '保存草稿',
  submit: '提交',
  reopen: '重新开放评阅',
  check: '复核',
  resubmit: '考生重新提交',
  create: '创建',
  commentBankCreate: '新增公共评语',
  commentBankUpdate: '修改公共评语',
  commentBankDelete: '删除公共评语',
  candidateImport: '导入考生',
  batchCreate: '新建批次',
  batchUpdate: '修改批次',
  batchClose: '关闭批次',
  accountCreate: '新建账号',
  accountUpdate: '修改账号',
  accountDisable: '停用账号',
  accountEnable: '启用账号',
  accountResetPassword: '重置密码',
  reviewLinkCreate: '生成评阅链接',
  reviewLinkRevoke: '撤销评阅链接',
  reviewLinkOpen: '打开评阅链接',
  reviewLinkUse: '通过评阅链接操作',
  practiceCreate: '新建练习论文',
  practiceUpdate: '修改练习论文',
  practicePublish: '发布练习论文',
  practiceWithdraw: '撤回练习论文',
  practiceRevise: '修订练习论文',
  courseCreate: '新建课程',
  courseUpdate: '修改课程',
  courseCancel: '取消课程',
  courseStart: '开始直播',
  courseEnd: '结束直播',
  carriedPlace: '确认批注位置',
  carriedDismiss: '忽略可能的位置',
};

/** Names of the things an audit entry is about. */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  submission: '论文提交',
  comment_bank: '公共评语',
  user: '账号',
  batch: '批次',
  review_link: '评阅链接',
  practice_thesis: '练习论文',
  course: '直播课程',
};

/** A status an entry records: a submission's, an account's or a batch's, by its entity. */
export type AuditStatus = SubmissionStatus | AccountStatus | BatchStatus | ReviewLinkStatus | PracticeStatus;

/** Names of the statuses entries record, per entity; submissions use their status names. */
export const AUDIT_STATUS_LABELS: Record<string, Record<string, string>> = {
  submission: SUBMISSION_STATUS_LABELS,
  user: { active: '正常', disabled: '已停用' },
  batch: { open: '进行中', closed: '已关闭' },
  review_link: REVIEW_LINK_STATUS_LABELS,
  practice_thesis: PRACTICE_STATUS_LABELS,
};

/** A status in words, or '—' for none. */
export const auditStatusLabel = (entity: string, status: string | null): string =>
  status ? (AUDIT_STATUS_LABELS[entity]?.[status] ?? status) : '—';

export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? action;
export const auditEntityLabel = (entity: string): string => AUDIT_ENTITY_LABELS[entity] ?? entity;

const id = idSchema;
const epochMs = wholeNumber(z.number({ error: '须为时间戳（毫秒）' }).int().min(0, '须为时间戳（毫秒）'));

export const auditListSchema = listQuerySchema.extend({
  actorId: id.optional(),
  action: z.string().max(32, '不能超过 32 个字符').optional(),
  entity: z.string().max(32, '不能超过 32 个字符').optional(),
  /** Inclusive bounds, epoch ms. */
  from: epochMs.optional(),
  to: epochMs.optional(),
});
export type AuditListQuery = z.infer<typeof auditListSchema>;

export interface AuditEntryDto {
  id: number;
  actorId: number | null;
  actorName: string;
  action: string;
  entity: string;
  entityId: number;
  /** What the entry is about in words: a thesis title, a comment's text. */
  subject: string;
  fromStatus: AuditStatus | null;
  toStatus: AuditStatus | null;
  reason: string;
  detail: Record<string, unknown>;
  /** Epoch ms. */
  createdAt: number;
}

export interface AuditOptions {
  actors: Array<{ id: number; name: string }>;
  actions: string[];
  entities: string[];
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** A one-line account of an entry's details, for the view and the export. */
export function auditSummary(entry: Pick<AuditEntryDto, 'action' | 'detail'>): string {
  const { detail } = entry;
  const parts: string[] = [];
  if (entry.action === 'assign') {
    if (text(detail.reviewerName)) parts.push(`评阅教师：${text(detail.reviewerName)}`);
    if (text(detail.previousReviewerName)) parts.push(`原评阅教师：${text(detail.previousReviewerName)}`);
    if (detail.auto === true) parts.push('自动分配');
    if (text(detail.annotationsKept)) parts.push(`保留批注 ${text(detail.annotationsKept)} 条`);
  }
  if (entry.action === 'unassign' && text(detail.reviewerName)) parts.push(`原评阅人：${text(detail.reviewerName)}`);
  if (text(detail.versionNo)) parts.push(`第 ${text(detail.versionNo)} 版`);
  if (text(detail.verdict)) {
    const verdicts: Record<string, string> = { pass: '通过', revise: '退回修改', fail: '不通过' };
    parts.push(`结论：${verdicts[text(detail.verdict)] ?? text(detail.verdict)}`);
  }
  if (text(detail.score)) parts.push(`成绩：${text(detail.score)}`);
  if (text(detail.imported)) parts.push(`导入 ${text(detail.imported)} 人`);
  if (text(detail.fileName)) parts.push(`文件：${text(detail.fileName)}`);
  if (text(detail.category) && entry.action.startsWith('commentBank')) parts.push(`类别：${text(detail.category)}`);
  if (entry.action.startsWith('reviewLink')) {
    const purposes: Record<string, string> = { review: '评阅', check: '复核' };
    if (text(detail.purpose)) parts.push(`用途：${purposes[text(detail.purpose)] ?? text(detail.purpose)}`);
    if (text(detail.label)) parts.push(`对象：${text(detail.label)}`);
    if (text(detail.call)) parts.push(`操作：${REVIEW_LINK_ACTION_LABELS[text(detail.call)] ?? '查看评阅页面'}`);
    if (text(detail.ip)) parts.push(`地址：${text(detail.ip)}`);
  }
  return parts.join('；');
}
