import { SCORED_STAGES, type Stage, type SubmissionStatus, type Verdict } from '@zikao/contract';

/** What can happen to a submission; the service supplies the facts each rule needs. */
export type SubmissionEvent =
  | { type: 'assign' }
  | { type: 'open' }
  | { type: 'saveDraft' }
  | { type: 'submit'; verdict: Verdict; stage: Stage; adminCheck: boolean }
  | { type: 'check' }
  | { type: 'reopen' }
  | { type: 'resubmit'; uploadsLeft: boolean; windowOpen: boolean };

export type Transition = { ok: true; to: SubmissionStatus } | { ok: false; reason: string };

export const MESSAGES = {
  alreadySubmitted: '已提交评阅不能修改',
  stageClosed: '不在提交时间内',
  uploadLimit: '上传次数已用完',
  stale: '论文已有新版本，请刷新后再试',
  notAssigned: '论文尚未分配评阅教师',
  notReturned: '论文未退回修改，不能重新提交',
  notAwaitingCheck: '论文不在待复核状态',
  notSubmitted: '评阅尚未提交，无需重新打开',
  reviseNotAllowed: '定稿和复试不能退回修改，请评为通过或不通过',
  returned: '论文已退回修改，等待考生重新提交',
} as const;

const FINISHED: readonly SubmissionStatus[] = ['returned', 'passed', 'failed', 'awaiting_check', 'checked'];

const ok = (to: SubmissionStatus): Transition => ({ ok: true, to });
const no = (reason: string): Transition => ({ ok: false, reason });

/**
 * The submission status machine (product.md, "The thesis lifecycle"):
 * 待分配 → 待评阅 (assign) → 评阅中 (open or save a draft) → on submit 退回修改 / 已通过 / 未通过,
 * or 待复核 when the batch asks for the admin check, then 已复核. A revise verdict skips the admin
 * check: it is not a final verdict, and the candidate's new version is reviewed again anyway.
 * 退回修改 → 待评阅 (same reviewer) when the candidate resubmits within the window and the limit.
 * An admin may reopen any submitted review (→ 评阅中) until the candidate has resubmitted.
 */
export function transition(from: SubmissionStatus, event: SubmissionEvent): Transition {
  switch (event.type) {
    case 'assign':
      // Reassigning is allowed until a review has been submitted.
      if (from === 'unassigned' || from === 'assigned' || from === 'reviewing') return ok('assigned');
      return no(from === 'returned' ? MESSAGES.returned : MESSAGES.alreadySubmitted);
    case 'open':
    case 'saveDraft':
      if (from === 'assigned' || from === 'reviewing') return ok('reviewing');
      if (from === 'unassigned') return no(MESSAGES.notAssigned);
      return no(from === 'returned' ? MESSAGES.returned : MESSAGES.alreadySubmitted);
    case 'submit': {
      if (from === 'unassigned') return no(MESSAGES.notAssigned);
      if (from !== 'assigned' && from !== 'reviewing') {
        return no(from === 'returned' ? MESSAGES.returned : MESSAGES.alreadySubmitted);
      }
      if (event.verdict === 'revise') {
        return SCORED_STAGES.includes(event.stage) ? no(MESSAGES.reviseNotAllowed) : ok('returned');
      }
      if (event.adminCheck) return ok('awaiting_check');
      return ok(event.verdict === 'pass' ? 'passed' : 'failed');
    }
    case 'check':
      return from === 'awaiting_check' ? ok('checked') : no(MESSAGES.notAwaitingCheck);
    case 'reopen':
      return FINISHED.includes(from) ? ok('reviewing') : no(MESSAGES.notSubmitted);
    case 'resubmit':
      if (from !== 'returned') return no(MESSAGES.notReturned);
      if (!event.windowOpen) return no(MESSAGES.stageClosed);
      if (!event.uploadsLeft) return no(MESSAGES.uploadLimit);
      return ok('assigned');
  }
}
