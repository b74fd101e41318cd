import {
  PRACTICE_PROGRESS_LABELS,
  type PracticeProgress,
  type PracticeThesisDto,
  practiceProgress,
} from '@zikao/contract/practice';
import type { Stage, SubmissionStatus } from '@zikao/contract/review';
import { formatBeijing, sameBeijingDay, withZoneNote } from '../../../shared/utils/beijing-time.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Where a stage's submission is reviewed (seed section 2). The review feature has the same map;
 * features do not import each other, and these five paths are fixed by the seed.
 */
export function reviewPathOf(stage: Stage, id: number): string {
  switch (stage) {
    case 'topic':
      return `/annotate/topic/review/${id}`;
    case 'plan':
      return `/thesisPlan/review/${id}`;
    case 'draft':
      return `/annotate/thesis/reviews/${id}`;
    case 'final':
      return `/annotate/thesis/finally/${id}`;
    case 'retest':
      return `/annotate/thesisRetest/${id}`;
  }
}

/** A stage's review list, for its count on the reviewer's home. */
export const STAGE_LIST_PATHS: Record<Stage, string> = {
  topic: '/annotate/topic/list',
  plan: '/thesisPlan/list',
  draft: '/annotate/thesis/list',
  final: '/annotate/thesis/finally/list',
  retest: '/annotate/thesisRetest/list',
};

/** How long something has waited, in words: 不到 1 小时, 5 小时, 3 天. */
export function durationText(ms: number): string {
  if (ms < HOUR) return '不到 1 小时';
  if (ms < DAY) return `${Math.floor(ms / HOUR)} 小时`;
  return `${Math.floor(ms / DAY)} 天`;
}

/** `已等待 3 天` since `from`, on the server's clock. */
export function waitedText(from: number, now: number): string {
  return `已等待 ${durationText(Math.max(0, now - from))}`;
}

export type DueState = { tone: 'red' | 'orange' | 'grey'; text: string };

/** A review's due date as the reviewer reads it: 超期 4 天, 2 天后到期, 12 天后到期. */
export function dueState(dueAt: number, now: number): DueState {
  if (dueAt <= now) return { tone: 'red', text: `超期 ${durationText(now - dueAt)}` };
  const left = dueAt - now;
  if (left < DAY) return { tone: 'orange', text: '今天到期' };
  const days = Math.ceil(left / DAY);
  return { tone: days <= 3 ? 'orange' : 'grey', text: `${days} 天后到期` };
}

/** The parts of an open batch's progress bar, in the order a submission passes them. */
export interface ProgressPart {
  key: 'unassigned' | 'inReview' | 'awaitingCheck' | 'returned' | 'done';
  label: string;
  count: number;
  color: string;
}

const PART_COLORS = {
  unassigned: '#94a3b8',
  inReview: '#2563eb',
  awaitingCheck: '#7c3aed',
  returned: '#ea580c',
  done: '#16a34a',
} as const;

/** A batch's submissions by status, grouped as the progress bar shows them. */
export function progressParts(counts: Record<SubmissionStatus, number>): ProgressPart[] {
  return [
    { key: 'unassigned', label: '待分配', count: counts.unassigned, color: PART_COLORS.unassigned },
    { key: 'inReview', label: '评阅中', count: counts.assigned + counts.reviewing, color: PART_COLORS.inReview },
    { key: 'awaitingCheck', label: '待复核', count: counts.awaiting_check, color: PART_COLORS.awaitingCheck },
    { key: 'returned', label: '退回修改', count: counts.returned, color: PART_COLORS.returned },
    { key: 'done', label: '已完成', count: counts.passed + counts.failed + counts.checked, color: PART_COLORS.done },
  ];
}

/** Whole percent of a part, 0 when there is nothing. */
export function percentOf(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}

/**
 * `14:00–16:00` of a course in Beijing time; the date too when it is not Beijing's today, and
 * labelled 北京时间 on a device on another zone.
 */
export function courseTimeText(startAt: number, endAt: number, now: number): string {
  const day = sameBeijingDay(startAt, now) ? '' : formatBeijing(startAt, 'M月D日 ');
  return withZoneNote(`${day}${formatBeijing(startAt, 'HH:mm')}–${formatBeijing(endAt, 'HH:mm')}`, startAt);
}

/** Whether a course is on Beijing's today (started or starts today, or is live now). */
export function isToday(course: { startAt: number; status: string }, now: number): boolean {
  return course.status === 'live' || sameBeijingDay(course.startAt, now);
}

/**
 * `共 4 篇练习论文：已练习 3 篇，未完成 1 篇`, in the practice list's words for each thesis
 * (`practiceProgress`), so the home never says all are done beside a 未练习 in the list.
 */
export function practiceSummaryText(
  theses: ReadonlyArray<Pick<PracticeThesisDto, 'myAttempts' | 'openAttemptId'>>,
): string {
  const total = `共 ${theses.length} 篇练习论文`;
  if (theses.length === 0) return total;
  const counts: Record<PracticeProgress, number> = { practised: 0, inProgress: 0, untried: 0 };
  for (const thesis of theses) counts[practiceProgress(thesis)] += 1;
  if (counts.practised === theses.length) return `${total}，都已练习过`;
  const parts = (['practised', 'inProgress', 'untried'] as const)
    .filter((key) => counts[key] > 0)
    .map((key) => `${PRACTICE_PROGRESS_LABELS[key]} ${counts[key]} 篇`);
  return `${total}：${parts.join('，')}`;
}
