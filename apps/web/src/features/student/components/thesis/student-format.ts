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

/**
 * What the candidate reads after a submit the server refused because the stage moved on (issue 32
 * §1.7): when a newer version is there now, another tab or device submitted it; otherwise the
 * server's reason (the window closed, the uploads ran out).
 */
export function conflictNotice(
  stage: { label: string; submission: { currentVersion: number } | null },
  reason: string,
  versionBefore: number,
): { title: string; description: string } {
  const now = stage.submission?.currentVersion ?? 0;
  if (now > versionBefore) {
    return {
      title: `该阶段已在其他窗口或设备上提交：${stage.label}现为第 ${now} 版`,
      description: '本页已刷新为最新状态。您在本页选择的文件没有提交，也没有用去上传次数。',
    };
  }
  return { title: reason, description: '本页已刷新为最新状态。' };
}

/**
 * The 评阅结论 cell of a version in the version table: its verdict once released, else the
 * submission's status in the words of the stage card (one mapping, `studentStatus`); a version
 * that is not the current one and has no released review shows a dash.
 */
export function versionReviewText(
  version: { versionNo: number; review: { verdict: Verdict | null } | null },
  submission: { status: SubmissionStatus; currentVersion: number },
): { kind: 'verdict'; verdict: Verdict | null } | { kind: 'status'; text: string; tone: Tone } | { kind: 'none' } {
  if (version.review) return { kind: 'verdict', verdict: version.review.verdict };
  if (version.versionNo !== submission.currentVersion) return { kind: 'none' };
  return { kind: 'status', ...studentStatus(submission.status) };
}

/**
 * The labels of a version's review on 评阅结果: the submission's status belongs to its current
 * version, so beside an older version's verdict it is said as the current version's (issue 32 §3).
 */
export function reviewHeadings(
  shownVersion: number,
  versions: readonly number[],
): { verdict: string; status: string; current: boolean } {
  const latest = Math.max(shownVersion, ...versions);
  if (shownVersion >= latest) return { verdict: '评阅结论', status: '当前状态', current: true };
  return { verdict: `第 ${shownVersion} 版评阅结论`, status: `最新版本（第 ${latest} 版）状态`, current: false };
}
