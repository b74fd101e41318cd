import { z } from 'zod';
import { normalizePhone, PHONE_PATTERN } from './auth.ts';
import { listQuerySchema } from './envelope.ts';
import { idSchema, wholeNumber } from './numbers.ts';
import { type BatchRules, batchRulesSchema, STAGE_LABELS, STAGES } from './review.ts';
import { Role } from './roles.ts';

/** Management console calls (issue 6, section 2): batches and accounts. Admins only. */
export const ConsoleApiPath = {
  batchList: '/v1/console/batch/list',
  batchSave: '/v1/console/batch/save',
  batchClose: '/v1/console/batch/close',
  accountList: '/v1/console/account/list',
  accountMajors: '/v1/console/account/majors',
  accountCreate: '/v1/console/account/create',
  accountUpdate: '/v1/console/account/update',
  accountDisable: '/v1/console/account/disable',
  accountResetPassword: '/v1/console/account/resetPassword',
} as const;

// ---------------------------------------------------------------- batches

export const BATCH_STATUSES = ['open', 'closed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export const BATCH_STATUS_LABELS: Record<BatchStatus, string> = { open: '进行中', closed: '已关闭' };

export const BATCH_NAME_MAX = 50;
export const DEFAULT_UPLOAD_LIMIT = 4;
export const DEFAULT_PLAGIARISM_THRESHOLD = 30;
export const DEFAULT_MIN_COMMENT_LENGTH = 50;
/** The review comment itself is limited to 5000 characters. */
export const MIN_COMMENT_LENGTH_MAX = 5000;

/** One rule problem, with the form field it belongs to, e.g. `['windows', 'plan']`. */
export interface RuleProblem {
  path: Array<string | number>;
  message: string;
}

/** The rules an admin edits: everything but `closedAt`, which only closing a batch sets. */
export type EditableBatchRules = Omit<BatchRules, 'closedAt'>;

/**
 * The checks zod's field types cannot express, shared by the server and the batch form:
 * each window starts before it ends, each stage starts no earlier than the stage before it,
 * rubric items have distinct names.
 */
export function batchRuleProblems(rules: {
  windows: EditableBatchRules['windows'];
  rubric: ReadonlyArray<{ label: string }>;
}): RuleProblem[] {
  const problems: RuleProblem[] = [];
  let previous: { stage: (typeof STAGES)[number]; start: number } | null = null;
  for (const stage of STAGES) {
    const window = rules.windows[stage];
    if (!window) continue;
    const { start, end } = window;
    if (start !== null && end !== null && start >= end) {
      problems.push({ path: ['windows', stage], message: `${STAGE_LABELS[stage]}的开始时间须早于结束时间` });
    }
    if (start === null) continue;
    if (previous && start < previous.start) {
      problems.push({
        path: ['windows', stage],
        message: `${STAGE_LABELS[stage]}的开始时间不能早于${STAGE_LABELS[previous.stage]}的开始时间`,
      });
    }
    previous = { stage, start };
  }
  const seen = new Set<string>();
  rules.rubric.forEach((item, index) => {
    const label = item.label.trim();
    if (seen.has(label)) problems.push({ path: ['rubric', index, 'label'], message: `评分项“${label}”重复` });
    seen.add(label);
  });
  return problems;
}

const count = (label: string, min: number) =>
  z
    .number({ error: `${label}须为数字` })
    .int(`${label}须为整数`)
    .min(min, `${label}不能小于 ${min}`);

const stageWindowInput = z.object({
  start: z.number({ error: '须为时间' }).int().nullable().default(null),
  end: z.number({ error: '须为时间' }).int().nullable().default(null),
});
const perStage = <T extends z.ZodType>(schema: T) =>
  z.object({ topic: schema, plan: schema, draft: schema, final: schema, retest: schema }).partial();

export const rubricItemInputSchema = z.object({
  key: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, '须为 1–32 位字母、数字、- 或 _'),
  label: z
    .string({ error: '评分项名称不能为空' })
    .trim()
    .min(1, '评分项名称不能为空')
    .max(50, '评分项名称不能超过 50 个字'),
  weight: z.number({ error: '权重须为数字' }).positive('权重须大于 0').max(100, '权重不能大于 100'),
  max: z.number({ error: '满分须为数字' }).positive('满分须大于 0').max(1000, '满分不能大于 1000'),
});

/** The rules as the batch form sends them, with Chinese messages; defaults as in `batchRulesSchema`. */
export const editableRulesSchema = z
  .object({
    windows: perStage(stageWindowInput).default({}),
    uploadLimit: count('上传次数', 1).max(100, '上传次数不能大于 100').default(DEFAULT_UPLOAD_LIMIT),
    uploadLimits: perStage(count('上传次数', 1).max(100, '上传次数不能大于 100')).default({}),
    plagiarismThreshold: z
      .number({ error: '查重阈值须为数字' })
      .min(0, '查重阈值不能小于 0')
      .max(100, '查重阈值不能大于 100')
      .default(DEFAULT_PLAGIARISM_THRESHOLD),
    minCommentLength: count('评语最少字数', 0)
      .max(MIN_COMMENT_LENGTH_MAX, `评语最少字数不能大于 ${MIN_COMMENT_LENGTH_MAX}`)
      .default(DEFAULT_MIN_COMMENT_LENGTH),
    blindReview: z.boolean().default(false),
    rubric: z.array(rubricItemInputSchema).max(20, '评分项最多 20 项').default([]),
    adminCheck: z.boolean().default(false),
  })
  .superRefine((rules, context) => {
    for (const problem of batchRuleProblems(rules)) context.addIssue({ code: 'custom', ...problem });
  });

export const batchListSchema = listQuerySchema.extend({
  status: z.enum(BATCH_STATUSES, { error: '须为 open 或 closed' }).optional(),
  sort: z
    .enum(['createdAt', 'name', 'thesisCount'], { error: '须为 createdAt、name 或 thesisCount' })
    .default('createdAt'),
  order: z.enum(['asc', 'desc'], { error: '须为 asc 或 desc' }).default('desc'),
});
export type BatchListQuery = z.infer<typeof batchListSchema>;

const id = idSchema;

export const batchSaveSchema = z.object({
  /** Absent to create a batch. */
  id: id.optional(),
  name: z
    .string({ error: '批次名称不能为空' })
    .trim()
    .min(1, '批次名称不能为空')
    .max(BATCH_NAME_MAX, `批次名称不能超过 ${BATCH_NAME_MAX} 个字`),
  rules: editableRulesSchema,
});
export type BatchSaveInput = z.input<typeof batchSaveSchema>;

export const batchRefSchema = z.object({ id });

export interface BatchDto {
  id: number;
  name: string;
  status: BatchStatus;
  rules: BatchRules;
  thesisCount: number;
  submissionCount: number;
  closedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** The rules of a new batch: every default, no windows. */
export const defaultBatchRules = (): EditableBatchRules => {
  const { closedAt: _closed, ...rules } = batchRulesSchema.parse({});
  return rules;
};

// ---------------------------------------------------------------- accounts

export const ACCOUNT_STATUSES = ['active', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = { active: '正常', disabled: '已停用' };

/** Roles an admin may create here; candidates come in through the import. */
export const STAFF_ROLES = [Role.teacher, Role.reviewer, Role.admin] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const roleSchema = wholeNumber(
  z
    .number({ error: '须为数字' })
    .int()
    // `.int()` above makes the range check a sound narrowing to a signed-in role.
    .refine((value): value is Role => value >= Role.student && value <= Role.admin, '不是已知的角色'),
);

export const accountListSchema = listQuerySchema.extend({
  role: roleSchema.optional(),
  status: z.enum(ACCOUNT_STATUSES, { error: '须为 active 或 disabled' }).optional(),
  sort: z.enum(['createdAt', 'name', 'account'], { error: '须为 createdAt、name 或 account' }).default('createdAt'),
  order: z.enum(['asc', 'desc'], { error: '须为 asc 或 desc' }).default('desc'),
});
export type AccountListQuery = z.infer<typeof accountListSchema>;

export const ACCOUNT_NAME_MAX = 30;
const accountName = z
  .string({ error: '姓名不能为空' })
  .trim()
  .min(1, '姓名不能为空')
  .max(ACCOUNT_NAME_MAX, `姓名不能超过 ${ACCOUNT_NAME_MAX} 个字`);
const majors = z
  .array(z.string().trim().min(1, '专业名称不能为空').max(100, '专业名称不能超过 100 个字'))
  .max(30, '专业最多 30 个')
  .default([])
  .transform((list) => [...new Set(list)]);
const staffRole = z.union([z.literal(Role.teacher), z.literal(Role.reviewer), z.literal(Role.admin)], {
  error: '只能创建教师、评阅教师或管理员',
});

/** Reviewers need at least one major: automatic assignment matches on it. */
const reviewerNeedsMajors = (value: { role: number; majors: string[] }, context: z.RefinementCtx) => {
  if (value.role === Role.reviewer && value.majors.length === 0) {
    context.addIssue({ code: 'custom', path: ['majors'], message: '评阅教师至少选择一个专业' });
  }
};

export const accountCreateSchema = z
  .object({
    name: accountName,
    phone: z
      .string({ error: '手机号不能为空' })
      .trim()
      .regex(PHONE_PATTERN, '手机号格式不正确')
      .transform(normalizePhone),
    role: staffRole,
    majors,
  })
  .superRefine(reviewerNeedsMajors);
export type AccountCreateInput = z.input<typeof accountCreateSchema>;

export const accountUpdateSchema = z.object({ userId: id, name: accountName, majors });
export const accountDisableSchema = z.object({ userId: id, disabled: z.boolean({ error: '须为 true 或 false' }) });
export const accountRefSchema = z.object({ userId: id });

export interface AccountDto {
  id: number;
  name: string;
  /** The sign-in account: the phone. */
  account: string;
  role: Role;
  status: AccountStatus;
  mustChangePassword: boolean;
  /** Locked after failed sign-ins until this time; 0 when not locked. */
  lockedUntil: number;
  /** Majors a reviewer is assigned by; a candidate's own major. */
  majors: string[];
  examNumber: string | null;
  createdAt: number;
}

/** Shown to the admin once; the account must change it at its next sign-in. */
export interface TemporaryPasswordResult {
  account: AccountDto;
  temporaryPassword: string;
}
