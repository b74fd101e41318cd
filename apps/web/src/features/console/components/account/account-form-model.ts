import {
  ACCOUNT_STATUS_LABELS,
  type AccountCreateInput,
  type AccountDto,
  accountCreateSchema,
  STAFF_ROLES,
} from '@zikao/contract/console';
import { ROLE_LABELS, Role } from '@zikao/contract/roles';

/** The create / edit form's values. Phone and role are fixed once an account exists. */
export interface AccountFormValues {
  name: string;
  phone: string;
  role: number | null;
  majors: string[];
}

export interface FieldProblem {
  name: string;
  message: string;
}

export const STAFF_ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
export const ROLE_FILTER_OPTIONS = [Role.student, ...STAFF_ROLES].map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
}));

/** The phone's problem in Chinese, or null: 11 digits starting 1[3-9], +86 allowed. */
export function phoneProblem(phone: string | undefined | null): string | null {
  const value = (phone ?? '').trim();
  if (!value) return '请输入手机号';
  const result = accountCreateSchema.shape.phone.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? '手机号格式不正确');
}

export function toCreateInput(values: AccountFormValues): AccountCreateInput {
  return {
    name: values.name ?? '',
    phone: (values.phone ?? '').trim(),
    role: (values.role ?? 0) as AccountCreateInput['role'],
    majors: values.majors ?? [],
  };
}

/** Every problem the server would find in a new account, by form field. */
export function createProblems(values: AccountFormValues): FieldProblem[] {
  if (values.role === null || values.role === undefined) {
    return [{ name: 'role', message: '请选择角色' }, ...otherProblems(values, Role.teacher)];
  }
  return otherProblems(values, values.role);
}

function otherProblems(values: AccountFormValues, role: number): FieldProblem[] {
  const result = accountCreateSchema.safeParse(toCreateInput({ ...values, role }));
  if (result.success) return [];
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (seen.has(name)) continue;
    seen.add(name);
    problems.push({ name, message: issue.message });
  }
  return problems;
}

/** The account's state as one label: 已停用, 已锁定, 待改密 or 正常. */
export function accountStateLabel(account: Pick<AccountDto, 'status' | 'lockedUntil' | 'mustChangePassword'>): {
  label: string;
  tone: 'normal' | 'warning' | 'off';
} {
  if (account.status === 'disabled') return { label: ACCOUNT_STATUS_LABELS.disabled, tone: 'off' };
  if (account.lockedUntil > 0) return { label: '已锁定', tone: 'warning' };
  if (account.mustChangePassword) return { label: '待改密', tone: 'warning' };
  return { label: ACCOUNT_STATUS_LABELS.active, tone: 'normal' };
}

/** What the admin may do to an account: never disable or reset their own; edit staff only. */
export function accountActions(account: Pick<AccountDto, 'id' | 'role'>, selfId: number) {
  const self = account.id === selfId;
  return { edit: account.role !== Role.student, toggle: !self, reset: !self };
}
