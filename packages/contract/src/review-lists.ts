// Added by the web shell (issue 3). The review screens' list calls, following api.md's rule for
// everything the seed marks "not shown": resource-style paths under /v1 and the one list shape
// `{page, pageSize, keyword?, filters…}` → `{list, total, page, pageSize}`; `export: 1` returns .xlsx.
// The web treats an HTTP 404 from these paths as "not available yet" and shows an empty state.

/** List call per review stage. History screens call the same paths with `scope: 'history'`. */
export const ReviewListPath = {
  topics: '/v1/topic/list',
  plans: '/v1/plan/list',
  drafts: '/v1/thesis/list',
  finals: '/v1/final/list',
  retests: '/v1/retest/list',
} as const;
export type ReviewListPath = (typeof ReviewListPath)[keyof typeof ReviewListPath];

/** Submission statuses of the product brief, as codes. */
export const SUBMISSION_STATUS_LABELS = {
  unassigned: '待分配',
  assigned: '待评阅',
  reviewing: '评阅中',
  returned: '退回修改',
  passed: '已通过',
  failed: '未通过',
  awaiting_check: '待复核',
  checked: '已复核',
} as const;
export type SubmissionStatus = keyof typeof SUBMISSION_STATUS_LABELS;

/** One row of a review list. Candidate fields are empty strings under blind review. */
export interface ReviewListRow {
  id: number;
  title: string;
  studentName: string;
  examNo: string;
  majorName: string;
  batchName: string;
  version: number;
  status: SubmissionStatus;
  /** Epoch milliseconds. */
  submittedAt: number;
}
