import type { SubmissionStatus, Verdict } from '@zikao/contract/review';
import type { StudentReviewResult, WindowState } from '@zikao/contract/student';

import type { Tone } from '../../../../shared/components/tone.ts';
import { formatBeijing, withZoneNote } from '../../../../shared/utils/beijing-time.ts';

export type { Tone };

/** How a candidate reads each submission status (a checked verdict reads as its outcome). */
export function studentStatus(status: SubmissionStatus, verdict?: Verdict | null): { text: string; tone: Tone } {
  switch (status) {
    case 'unassigned':
      return { text: '已提交，待分配', tone: 'blue' };
    case 'assigned':
      return { text: '待评阅', tone: 'blue' };
    case 'reviewing':
      return { text: '评阅中', tone: 'blue' };
    case 'returned':
      return { text: '退回修改', tone: 'orange' };
    case 'passed':
      return { text: '已通过', tone: 'green' };
    case 'failed':
      return { text: '未通过', tone: 'red' };
    case 'awaiting_check':
      return { text: '待复核', tone: 'blue' };
    case 'checked':
      return verdict === 'fail' ? { text: '未通过', tone: 'red' } : { text: '已通过', tone: 'green' };
  }
}

export const VERDICT_TONE: Record<Verdict, { text: string; tone: Tone }> = {
  pass: { text: '通过', tone: 'green' },
  revise: { text: '退回修改', tone: 'orange' },
  fail: { text: '不通过', tone: 'red' },
};

export function scoreText(result: StudentReviewResult): string {
  return result.score === null ? '—' : `${result.score} 分（${result.grade}）`;
}

/**
 * `2026-12-01 08:00` in Beijing time, wherever the browser is: deadlines are the exam board's,
 * and the server words its refusals in the same time.
 */
export function beijingTime(ms: number | null | undefined): string {
  return ms ? formatBeijing(ms, 'YYYY-MM-DD HH:mm') : '—';
}

/** `2026-12-01 08:00 至 2026-12-31 23:59`, or open sides said in words. */
export function windowText(window: { start: number | null; end: number | null }): string {
  const at = beijingTime;
  if (window.start === null && window.end === null) return '不限时间';
  if (window.start === null) return withZoneNote(`截止 ${at(window.end as number)}`, window.end as number);
  if (window.end === null) return withZoneNote(`${at(window.start)} 起`, window.start);
  return withZoneNote(`${at(window.start)} 至 ${at(window.end)}`, window.start);
}

export const WINDOW_TONE: Record<WindowState, { text: string; tone: Tone }> = {
  open: { text: '开放中', tone: 'green' },
  notStarted: { text: '未开始', tone: 'grey' },
  closed: { text: '已截止', tone: 'grey' },
};
