import { isSubmissionStatus } from '@zikao/contract/review';
import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from '@zikao/contract/review-lists';

/**
 * Dark text on a light tint, with a border a shade darker than the tint: every pair keeps WCAG AA
 * contrast (at least 4.5:1), which antd's preset tag colours do not.
 */
export const TONES = {
  grey: { color: '#434343', background: '#f5f5f5', borderColor: '#d9d9d9' },
  blue: { color: '#1d4ed8', background: '#eff6ff', borderColor: '#bfdbfe' },
  indigo: { color: '#3730a3', background: '#eef2ff', borderColor: '#c7d2fe' },
  orange: { color: '#9a3412', background: '#fff7ed', borderColor: '#fed7aa' },
  green: { color: '#166534', background: '#f0fdf4', borderColor: '#bbf7d0' },
  red: { color: '#b91c1c', background: '#fef2f2', borderColor: '#fecaca' },
  purple: { color: '#6b21a8', background: '#faf5ff', borderColor: '#e9d5ff' },
  cyan: { color: '#155e75', background: '#ecfeff', borderColor: '#a5f3fc' },
  yellow: { color: '#854d0e', background: '#fefce8', borderColor: '#fef08a' },
} as const;

export type Tone = keyof typeof TONES;

/** One tone per submission status, each its own, wherever a status is shown to staff. */
export const SUBMISSION_STATUS_TONE: Record<SubmissionStatus, Tone> = {
  unassigned: 'grey',
  assigned: 'blue',
  reviewing: 'indigo',
  returned: 'orange',
  passed: 'green',
  failed: 'red',
  awaiting_check: 'purple',
  checked: 'cyan',
};

/** The Chinese label of a status; an unknown code is shown as it is rather than hidden. */
export function submissionStatusLabel(status: string): string {
  return isSubmissionStatus(status) ? SUBMISSION_STATUS_LABELS[status] : status;
}
