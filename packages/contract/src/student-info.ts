import type { Grade, Stage, Verdict } from './review.ts';
import type { SubmissionStatus } from './review-lists.ts';

/** The candidate's read-only pages: live courses, exam and thesis results, certificate status. */
export const StudentInfoApiPath = {
  courses: '/v1/student/courses',
  exam: '/v1/student/exam',
  certificate: '/v1/student/certificate',
} as const;

export type LiveCourseStatus = 'upcoming' | 'live' | 'ended';
export const LIVE_COURSE_STATUS_LABELS: Record<LiveCourseStatus, string> = {
  upcoming: '未开始',
  live: '直播中',
  ended: '已结束',
};

export interface LiveCourseDto {
  id: number;
  title: string;
  lecturer: string;
  /** Epoch ms. */
  startAt: number;
  endAt: number;
  status: LiveCourseStatus;
  /** Streaming link while live, playback link once ended; empty when none. */
  url: string;
  /** The streaming service's addresses as the lecturer pasted them; empty when none (issue 14). */
  streamUrl: string;
  playbackUrl: string;
  /**
   * 进入课堂: the board's viewer link made for this candidate (`/board?cid=…&role=viewer&…&uid=…&sig=…`);
   * null once the course has ended. Joining through it records the candidate's attendance.
   */
  boardUrl: string | null;
  /** Ready courseware pages, to say whether there is anything to see on the board. */
  pageCount: number;
}

export interface StudentCoursesResult {
  list: LiveCourseDto[];
}

/** One stage of a thesis as the candidate sees it: a verdict only once it is final. */
export interface StudentStageResult {
  stage: Stage;
  status: SubmissionStatus;
  versionNo: number;
  uploadsUsed: number;
  /** Null until a review is submitted and, where the batch asks for it, checked. */
  verdict: Verdict | null;
  score: number | null;
  grade: Grade | null;
  /** Epoch ms of the review, or null. */
  reviewedAt: number | null;
}

/** passed: final or retest passed; failed: failed with no retest pending; otherwise in progress. */
export type ThesisOutcome = 'passed' | 'failed' | 'in_progress';
export const THESIS_OUTCOME_LABELS: Record<ThesisOutcome, string> = {
  passed: '论文已通过',
  failed: '论文未通过',
  in_progress: '论文未完成',
};

export interface StudentThesisResult {
  thesisId: number;
  batchName: string;
  title: string;
  majorName: string;
  stages: StudentStageResult[];
  outcome: ThesisOutcome;
  /** The final's or retest's score once passed or failed, else null. */
  finalScore: number | null;
  finalGrade: Grade | null;
}

export interface StudentExamResult {
  student: {
    name: string;
    examNumber: string;
    majorName: string;
    schoolName: string;
    applyExamLevel: string;
    examCommitteeName: string;
  };
  theses: StudentThesisResult[];
}

export type CertificateStatus = 'eligible' | 'not_eligible' | 'failed';
export const CERTIFICATE_STATUS_LABELS: Record<CertificateStatus, string> = {
  eligible: '可申请毕业证书',
  not_eligible: '未满足条件',
  failed: '论文未通过',
};

export interface CertificateCondition {
  label: string;
  /** null: this platform does not know (the exam board decides). */
  met: boolean | null;
  detail: string;
}

export interface StudentCertificateResult {
  status: CertificateStatus;
  outcome: ThesisOutcome;
  conditions: CertificateCondition[];
  /** The thesis the status is derived from, or null when the candidate has none. */
  thesis: { title: string; batchName: string; score: number | null; grade: Grade | null } | null;
}
