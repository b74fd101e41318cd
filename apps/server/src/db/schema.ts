import type {
  AnnotationCategory,
  AnnotationKind,
  AnnotationSeverity,
  AnnotationStamp,
  CarryState,
  CarryStatus,
  DocumentStatus,
  ReviewState,
  Role,
  Stage,
  SubmissionStatus,
  UploadKind,
  Verdict,
} from '@zikao/contract';
import type { AuditStatus } from '@zikao/contract/audit';
import type { BatchStatus } from '@zikao/contract/console';
import type { CoursewareKind, CoursewareStatus } from '@zikao/contract/course';
import type { NoticeAudience, NoticeKind } from '@zikao/contract/notice';
import type {
  PracticeAttemptStatus,
  PracticeDifficulty,
  PracticeReferenceOutcome,
  PracticeStatus,
} from '@zikao/contract/practice';
import type { ReviewLinkPurpose } from '@zikao/contract/review-link';
import type { Generated } from 'kysely';

/** Timestamps are integer epoch milliseconds in both dialects; booleans are 0/1. */
export interface UsersTable {
  id: Generated<number>;
  account: string;
  name: string;
  role: Role;
  password_hash: string;
  must_change_password: number;
  disabled: number;
  failed_logins: number;
  locked_until: number;
  school_name: string;
  school_logo: string;
  head_url: string;
  major_name: string;
  majors_json: string;
  apply_exam_level: string;
  exam_committee_name: string;
  exam_number: string | null;
  platform: string;
  created_at: number;
  updated_at: number;
  /** 1 for an external reviewer (外审专家, migration 014): no phone, no password, works through a review link. */
  external: Generated<number>;
  /**
   * 1 for an account the demo seed made (migration 022, adr/028): its password is published, so a
   * deployment (NODE_ENV=production) refuses it at every sign-in and link.
   */
  demo: Generated<number>;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  expires_at: number;
}

export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  consumed: number;
}

export interface StoredFilesTable {
  sha256: string;
  size: number;
  mime: string;
  created_at: number;
}

export interface UploadsTable {
  id: string;
  sha256: string;
  owner_id: number;
  name: string;
  kind: UploadKind;
  size: number;
  mime: string;
  created_at: number;
}

export interface BatchesTable {
  id: Generated<number>;
  name: string;
  status: BatchStatus;
  rules_json: string;
  created_at: number;
  updated_at: number;
}

export interface DocumentsTable {
  id: Generated<number>;
  owner_id: number;
  /** Null for structured text (a topic's fields): no upload, no file, pages from the fields. */
  upload_id: string | null;
  name: string;
  source_sha256: string;
  source_mime: string;
  pdf_sha256: string | null;
  status: DocumentStatus;
  progress: number;
  error: string;
  page_count: number;
  created_at: number;
  updated_at: number;
}

export interface DocumentPagesTable {
  document_id: number;
  page_no: number;
  width: number;
  height: number;
  has_text: number;
  text: string;
  /** JSON `[start, end, x, y, width, height][]`: text items' offsets and boxes in PDF user space. */
  geometry_json: Generated<string>;
}

export interface AnnotationsTable {
  id: string;
  document_id: number;
  author_id: number;
  kind: AnnotationKind;
  category: AnnotationCategory;
  severity: AnnotationSeverity;
  comment: string;
  stamp: AnnotationStamp | null;
  page_index: number;
  selectors_json: string;
  /** replace / insert: the suggested wording (migration 021); null otherwise. */
  suggestion: Generated<string | null>;
  /** pen / line / arrow / ellipse: `AnnotationShape` as JSON (migration 021); null otherwise. */
  shape_json: Generated<string | null>;
  revision: number;
  deleted: number;
  created_at: number;
  updated_at: number;
  carried_from_id: Generated<string | null>;
  carry_status: Generated<CarryStatus | null>;
  carry_confidence: Generated<number | null>;
  /** Whether the reviewer ticked a carried point as addressed; null until ticked. */
  addressed: Generated<number | null>;
  /** An orphaned carried point's candidates (可能的位置), JSON, until confirmed or dismissed (018). */
  carry_candidates_json: Generated<string | null>;
}

export interface AnnotationRepliesTable {
  id: Generated<number>;
  annotation_id: string;
  author_id: number;
  comment: string;
  created_at: number;
}

/** 常用批注语. One entry per owner and text (migration 023; shared entries, owner null, as one owner). */
export interface CommentBankTable {
  id: Generated<number>;
  owner_id: number | null;
  text: string;
  category: AnnotationCategory;
  use_count: number;
  created_at: number;
  updated_at: number;
}

export interface ThesesTable {
  id: Generated<number>;
  batch_id: number;
  student_id: number;
  major_name: string;
  title: string;
  advisor: string;
  created_at: number;
  updated_at: number;
}

export interface SubmissionsTable {
  id: Generated<number>;
  thesis_id: number;
  batch_id: number;
  major_name: string;
  stage: Stage;
  status: SubmissionStatus;
  reviewer_id: number | null;
  /**
   * The reviewer whose assignment a revoked review link released (status 待分配, migration 027);
   * null otherwise. The next assignment clears it and takes over that reviewer's annotations.
   */
  released_reviewer_id: number | null;
  current_version: number;
  uploads_used: number;
  /** Bumped by every status change; writers compare it to refuse stale updates. */
  row_version: number;
  search_text: string;
  title_search: string;
  submitted_at: number;
  created_at: number;
  updated_at: number;
}

export interface SubmissionVersionsTable {
  id: Generated<number>;
  submission_id: number;
  version_no: number;
  document_id: number | null;
  structured_json: string | null;
  attachments_json: string;
  plagiarism_rate: number | null;
  carry_state: CarryState;
  submitted_at: number;
}

export interface ReviewsTable {
  id: Generated<number>;
  submission_id: number;
  version_no: number;
  reviewer_id: number;
  verdict: Verdict | null;
  score: number | null;
  rubric_json: string;
  comment: string;
  plagiarism_rate: number | null;
  time_spent_ms: number;
  state: ReviewState;
  submitted_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  entity: string;
  entity_id: number;
  from_status: AuditStatus | null;
  to_status: AuditStatus | null;
  reason: string;
  detail_json: string;
  created_at: number;
}

export interface NoticesTable {
  id: Generated<number>;
  /** staff, students or user (then user_id is the reader). */
  audience: NoticeAudience;
  user_id: number | null;
  kind: NoticeKind;
  title: string;
  body: string;
  link: Generated<string>;
  created_by: number | null;
  created_at: number;
}

export interface NoticeReadsTable {
  notice_id: number;
  user_id: number;
  read_at: number;
}

/** A candidate's private topic draft (008); reviewers never read it. */
export interface TopicDraftsTable {
  thesis_id: number;
  fields_json: string;
  updated_at: number;
}

/** A review link (issue 13, adr/011): what it grants and what became of it; never its secret. */
export interface ReviewLinksTable {
  id: Generated<number>;
  submission_id: number;
  purpose: ReviewLinkPurpose;
  /** Who it is for: the expert's name and unit for 评阅, an optional note for 复核. */
  label: string;
  /** The external reviewer a 评阅 link acts as; null for 复核 (it acts as its creator). */
  reviewer_user_id: number | null;
  created_by: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  revoked_by: number | null;
  /** When its work was done: the review submitted (评阅), the check passed or returned (复核). */
  completed_at: number | null;
  use_count: Generated<number>;
  last_used_at: number | null;
}

/** A practice thesis revision (issue 15, adr/013); its reference document's annotations are the reference points. */
export interface PracticeThesesTable {
  id: Generated<number>;
  /** The first revision's id, shared by every revision of one thesis. */
  series_id: number;
  revision: number;
  previous_id: number | null;
  title: string;
  major_name: string;
  difficulty: PracticeDifficulty;
  tags_json: string;
  /** Lower-cased title, major and tags for the keyword search. */
  search_text: string;
  description: string;
  status: PracticeStatus;
  document_id: number;
  /** 1 once an attempt exists: the reference document is frozen. */
  locked: Generated<number>;
  created_by: number;
  created_at: number;
  updated_at: number;
  published_at: number | null;
}

/** A marker's attempt on a revision, with its own copy of the document; scores are set at submit. */
export interface PracticeAttemptsTable {
  id: Generated<number>;
  thesis_id: number;
  user_id: number;
  document_id: number;
  status: PracticeAttemptStatus;
  started_at: number;
  submitted_at: number | null;
  time_spent_ms: Generated<number>;
  score: number | null;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  credit: number | null;
  reference_count: Generated<number>;
  annotation_count: Generated<number>;
}

/** How one reference point fared in one submitted attempt. */
export interface PracticeAttemptPointsTable {
  attempt_id: number;
  reference_annotation_id: string;
  outcome: PracticeReferenceOutcome;
  credit: number;
  matched_annotation_id: string | null;
  cover: number;
}

/** A live course (issue 14, migration 015); its status is computed from these columns. */
export interface CoursesTable {
  id: Generated<number>;
  title: string;
  description: string;
  lecturer_id: number;
  start_at: number;
  end_at: number;
  stream_url: string;
  playback_url: string;
  /** The lecturer's 开始 / 结束, overriding the schedule. */
  started_at: number | null;
  ended_at: number | null;
  cancelled_at: number | null;
  cancel_reason: string;
  created_by: number;
  created_at: number;
  updated_at: number;
}

/** Who a course is for: a batch or a major per row. */
export interface CourseTargetsTable {
  course_id: number;
  batch_id: number | null;
  major_name: string | null;
}

export interface CoursewareFilesTable {
  id: Generated<number>;
  course_id: number;
  name: string;
  kind: CoursewareKind;
  source_sha256: string;
  source_mime: string;
  size: number;
  status: CoursewareStatus;
  error: string;
  page_count: number;
  sort: number;
  uploaded_by: number;
  created_at: number;
  updated_at: number;
}

/** A courseware page rendered to a PNG in the file store. */
export interface CoursewarePagesTable {
  file_id: number;
  page_no: number;
  image_sha256: string;
  image_size: number;
  width: number;
  height: number;
}

/** 出勤: `u:<user id>` for a candidate's own link, `g:<client id>` for a guest. */
export interface CourseAttendanceTable {
  id: Generated<number>;
  course_id: number;
  attendee_key: string;
  user_id: number | null;
  name: string;
  joined_at: number;
  last_seen_at: number;
  joins: number;
  /** Open board sockets over every instance. */
  connections: number;
  /** A guest's client address when the row was made (migration 024): guests per address are capped. */
  client_address: string | null;
  /** When the person's current stay began (their first open socket); null while away (migration 026). */
  present_since: number | null;
  /** Milliseconds of the stays that ended. */
  present_ms: Generated<number>;
  /** When their last socket closed; null until then. */
  left_at: number | null;
}

/** 学员上传. */
export interface CourseHandInsTable {
  id: Generated<number>;
  course_id: number;
  attendee_key: string;
  user_id: number | null;
  uploader_name: string;
  name: string;
  sha256: string;
  size: number;
  mime: string;
  created_at: number;
}

/** One submitted review as the statistics read it (issue 16, migration 017, adr/014). */
export interface StatsReviewsTable {
  review_id: number;
  submission_id: number;
  reviewer_id: number;
  batch_id: number;
  stage: Stage;
  major_name: string;
  reviewed_at: number;
  /** Days since 1970-01-01 in China Standard Time; `month` is the day its month starts on. */
  day: number;
  month: number;
  outcome: 'pass' | 'revise' | 'fail' | 'awaiting';
  score: number | null;
  score_milli: number | null;
  score_bin: number | null;
  plagiarism_rate: number | null;
  plagiarism_bin: number | null;
  time_spent_ms: number;
  /** 5-minute bins, the last (36) from 3 hours on. */
  time_bin: number;
}

type StatsBin = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19;
type StatsTimeBin = StatsBin | 20 | 21 | 22 | 23 | 24 | 25 | 26 | 27 | 28 | 29 | 30 | 31 | 32 | 33 | 34 | 35 | 36;
/** What a roll-up row sums: counts by outcome, scores, and the score, plagiarism-rate and review-time bins. */
export type StatsMeasure =
  | 'reviewed'
  | 'awaiting'
  | 'passed'
  | 'revised'
  | 'failed'
  | 'scored'
  | 'score_milli'
  | 'rated'
  | `s${StatsBin}`
  | `p${StatsBin}`
  | `t${StatsTimeBin}`;

/** `stats_reviews` summed per day or month (span 1 or 2), for everyone (reviewer 0) or per reviewer. */
export type StatsRollupTable = {
  span: number;
  reviewer_id: number;
  bucket: number;
  batch_id: number;
  stage: Stage;
  major_name: string;
} & Record<StatsMeasure, Generated<number>>;

/** Counters that caches check for freshness; database triggers bump them (migration 010). */
export interface DataVersionsTable {
  name: string;
  version: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  sms_codes: SmsCodesTable;
  stored_files: StoredFilesTable;
  uploads: UploadsTable;
  batches: BatchesTable;
  documents: DocumentsTable;
  document_pages: DocumentPagesTable;
  annotations: AnnotationsTable;
  annotation_replies: AnnotationRepliesTable;
  comment_bank: CommentBankTable;
  theses: ThesesTable;
  submissions: SubmissionsTable;
  submission_versions: SubmissionVersionsTable;
  reviews: ReviewsTable;
  audit_log: AuditLogTable;
  data_versions: DataVersionsTable;
  topic_drafts: TopicDraftsTable;
  notices: NoticesTable;
  notice_reads: NoticeReadsTable;
  review_links: ReviewLinksTable;
  courses: CoursesTable;
  course_targets: CourseTargetsTable;
  courseware_files: CoursewareFilesTable;
  courseware_pages: CoursewarePagesTable;
  course_attendance: CourseAttendanceTable;
  course_hand_ins: CourseHandInsTable;
  practice_theses: PracticeThesesTable;
  practice_attempts: PracticeAttemptsTable;
  practice_attempt_points: PracticeAttemptPointsTable;
  stats_reviews: StatsReviewsTable;
  stats_rollup: StatsRollupTable;
  login_throttles: LoginThrottlesTable;
  sms_send_limits: SmsSendLimitsTable;
  review_outbox: ReviewOutboxTable;
}

/** Password-guess counters of sign-in names that are no account (adr/019). */
export interface LoginThrottlesTable {
  account: string;
  failed_logins: number;
  locked_until: number;
  updated_at: number;
}

/** One row per phone: when its last code went and how many went on its CST day (adr/019). */
export interface SmsSendLimitsTable {
  phone: string;
  last_sent_at: number;
  day_start: number;
  day_count: number;
}

/** Review messages written in the review's transaction and sent by a drainer (adr/019). */
export interface ReviewOutboxTable {
  id: Generated<number>;
  kind: string;
  submission_id: number;
  user_id: number;
  payload_json: string;
  created_at: number;
  claimed_until: Generated<number>;
  attempts: Generated<number>;
  done_at: number | null;
}
