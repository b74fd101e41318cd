import { type BatchRules, STAGE_LABELS, type Stage, type SubmissionStatus, type Verdict } from '@zikao/contract';
import type { WindowState } from '@zikao/contract/student';

/** How a stage ended for the candidate, from the submission status and its released verdict. */
export function outcomeOf(
  status: SubmissionStatus,
  releasedVerdict: Verdict | null,
): 'passed' | 'failed' | 'returned' | 'inReview' {
  if (status === 'passed') return 'passed';
  if (status === 'failed') return 'failed';
  if (status === 'returned') return 'returned';
  if (status === 'checked') return releasedVerdict === 'fail' ? 'failed' : 'passed';
  return 'inReview';
}

const SHANGHAI = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2026-12-01 08:00` in Beijing time, as candidates read deadlines. */
export function formatBeijing(ms: number): string {
  const part = (type: string) => SHANGHAI.formatToParts(ms).find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** The batch's closing time, when an admin has closed it (a rule the console may set). */
function closedAtOf(rules: BatchRules): number | null {
  const value = (rules as BatchRules & { closedAt?: number | null }).closedAt;
  return typeof value === 'number' ? value : null;
}

export function windowOf(rules: BatchRules, stage: Stage): { start: number | null; end: number | null } {
  const window = rules.windows[stage];
  return { start: window?.start ?? null, end: window?.end ?? null };
}

export function windowStateOf(rules: BatchRules, stage: Stage, now: number): WindowState {
  const closedAt = closedAtOf(rules);
  if (closedAt !== null && now >= closedAt) return 'closed';
  const { start, end } = windowOf(rules, stage);
  if (start !== null && now < start) return 'notStarted';
  if (end !== null && now > end) return 'closed';
  return 'open';
}

/** Why the window refuses a submission now, with its dates; null when it is open. */
export function windowReason(rules: BatchRules, stage: Stage, now: number): string | null {
  const state = windowStateOf(rules, stage, now);
  const label = STAGE_LABELS[stage];
  const { start, end } = windowOf(rules, stage);
  if (state === 'notStarted') return `${label}提交时间未开始（${formatBeijing(start as number)} 开始）`;
  if (state === 'closed') {
    const closedAt = closedAtOf(rules);
    if (closedAt !== null && now >= closedAt && (end === null || closedAt < end)) {
      return `${label}提交已截止（批次已于 ${formatBeijing(closedAt)} 关闭）`;
    }
    return `${label}提交已截止（截止时间 ${formatBeijing(end as number)}）`;
  }
  return null;
}

export const limitReason = (limit: number) => `已用完 ${limit} 次上传机会`;

/** Why a submitted stage cannot be submitted again, by how it stands. */
export function submittedReason(stage: Stage, outcome: ReturnType<typeof outcomeOf>): string | null {
  const label = STAGE_LABELS[stage];
  // Any of 待分配, 待评阅, 评阅中 and 待复核: words that hold for each, beside the status the candidate sees.
  if (outcome === 'inReview') return `${label}已提交，等待评阅结果，不能重复提交`;
  if (outcome === 'passed') return `${label}已通过评阅，无需再次提交`;
  if (outcome === 'failed') return `${label}未通过评阅，不能再次提交`;
  return null;
}

/** Facts about the other stages that a stage's prerequisite reads. */
export type StageOutcomes = Partial<Record<Stage, ReturnType<typeof outcomeOf>>>;

/**
 * The stage order (see the contract's candidate.ts): null when the stage may be submitted,
 * otherwise why not.
 */
export function orderReason(stage: Stage, outcomes: StageOutcomes): string | null {
  switch (stage) {
    case 'topic':
      return null;
    case 'plan':
      if (outcomes.topic !== 'passed') return '请先通过选题评阅，再提交论文计划';
      // The optional plan comes before the draft: once the draft is in, it is too late for one.
      if (outcomes.draft !== undefined) return '论文初稿已提交，不能再提交论文计划';
      return null;
    case 'draft':
      if (outcomes.topic !== 'passed') return '请先通过选题评阅，再提交论文初稿';
      if (outcomes.plan !== undefined && outcomes.plan !== 'passed') return '请先通过论文计划评阅，再提交论文初稿';
      return null;
    case 'final':
      return outcomes.draft === 'passed' ? null : '请先通过论文初稿评阅，再提交定稿';
    case 'retest':
      return outcomes.final === 'failed' ? null : '复试仅适用于定稿未通过的考生';
  }
}
