// How lists are ordered, for the web and the server alike (issue 32 §3): Chinese text by pinyin,
// statuses by the workflow's order.
import type { SubmissionStatus } from './review-lists.ts';

const zhCollator = new Intl.Collator('zh-CN', { numeric: true, sensitivity: 'base' });

/** Compares two texts as a Chinese reader orders them: by pinyin, numbers by value (论文9 before 论文10). */
export function compareText(a: string, b: string): number {
  return zhCollator.compare(a, b);
}

/** Every submission status in the workflow's order (product.md), as the tabs show them: review, a return, the optional check, then the final verdicts. */
export const SUBMISSION_STATUS_ORDER: readonly SubmissionStatus[] = [
  'unassigned',
  'assigned',
  'reviewing',
  'returned',
  'awaiting_check',
  'checked',
  'passed',
  'failed',
];

/** A status's place in the workflow (0 first). */
export function statusRank(status: SubmissionStatus): number {
  return SUBMISSION_STATUS_ORDER.indexOf(status);
}

/** Compares two statuses by their place in the workflow. */
export function compareStatus(a: SubmissionStatus, b: SubmissionStatus): number {
  return statusRank(a) - statusRank(b);
}
