import type {
  CarriedAnnotationDto,
  StatusHistoryEntry,
  SubmissionDetail,
  SubmissionStatus,
} from '@zikao/contract/review';

const OPEN_STATUSES: readonly SubmissionStatus[] = ['assigned', 'reviewing'];

export interface ReviewAccess {
  /** The submission is this user's to review and still open. */
  canReview: boolean;
  /** The form and the editing workspace show: a review screen, the current version, canReview. */
  editable: boolean;
  /** Carried points can be ticked: the user's own, on the current version, from a review screen. */
  canMark: boolean;
  /** Why a review screen shows the result instead of the form; null when it does not need saying. */
  notice: string | null;
}

/** What the screen lets this user do with the submission, mirroring the server's rules. */
export function reviewAccess(
  detail: Pick<SubmissionDetail, 'status' | 'reviewer' | 'currentVersion'>,
  userId: number,
  mode: 'review' | 'readonly',
  shownVersion: number,
): ReviewAccess {
  const mine = detail.reviewer?.id === userId;
  const onCurrent = shownVersion === detail.currentVersion;
  const canReview = mine && OPEN_STATUSES.includes(detail.status);
  const onReviewScreen = mode === 'review' && onCurrent;
  return {
    canReview,
    editable: onReviewScreen && canReview,
    canMark: onReviewScreen && canReview,
    notice: onReviewScreen ? noticeOf(detail, mine) : null,
  };
}

function noticeOf(detail: Pick<SubmissionDetail, 'status' | 'reviewer'>, mine: boolean): string | null {
  if (detail.status === 'unassigned') return '论文尚未分配评阅教师';
  if (!mine) return `该论文由${detail.reviewer?.name || '其他评阅教师'}评阅，您只能查看`;
  if (detail.status === 'returned') return '论文已退回修改，等待考生提交新版本';
  if (!OPEN_STATUSES.includes(detail.status)) return '评阅已提交，结果不能修改；如需更改，请联系管理员重新打开';
  return null;
}

/** The detail with one carried point's tick replaced by the server's answer. */
export function withMark(detail: SubmissionDetail, saved: CarriedAnnotationDto): SubmissionDetail {
  if (!detail.carried) return detail;
  const items = detail.carried.items.map((item) =>
    item.id === saved.id ? { ...item, addressed: saved.addressed } : item,
  );
  return {
    ...detail,
    carried: { ...detail.carried, items, addressed: items.filter((item) => item.addressed === true).length },
  };
}

/**
 * The server carries the previous version's annotations once the new version's document is
 * ready; until then the detail has none to show. True while that is still to happen.
 */
export function awaitsCarryOver(detail: Pick<SubmissionDetail, 'versions' | 'currentVersion' | 'carried'>): boolean {
  if (detail.carried) return false;
  const current = detail.versions.find((v) => v.versionNo === detail.currentVersion);
  if (!current || current.documentId === null) return false;
  return detail.versions.some((v) => v.versionNo < detail.currentVersion && v.documentId !== null);
}

/**
 * Why a review came back to its reviewer: the admin's latest reopen of the current version's
 * review, while that review is still a draft. Null once the reviewer has submitted again.
 */
export function reopenedFor(
  detail: Pick<SubmissionDetail, 'history' | 'review' | 'versions' | 'currentVersion'>,
): Pick<StatusHistoryEntry, 'reason' | 'actorName' | 'createdAt'> | null {
  if (detail.review?.state !== 'draft') return null;
  // Only a reopen of this version's review: an earlier version's has been dealt with.
  const since = detail.versions.find((version) => version.versionNo === detail.currentVersion)?.submittedAt ?? 0;
  const latest = detail.history.filter((entry) => entry.action === 'reopen' && entry.createdAt >= since).at(-1);
  return latest ? { reason: latest.reason, actorName: latest.actorName, createdAt: latest.createdAt } : null;
}
