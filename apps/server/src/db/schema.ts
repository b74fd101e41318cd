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
import type { NoticeAudience, NoticeKind } from '@zikao/contract/notice';
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
  revision: number;
  deleted: number;
  created_at: number;
  updated_at: number;
  carried_from_id: Generated<string | null>;
  carry_status: Generated<CarryStatus | null>;
  carry_confidence: Generated<number | null>;
  /** Whether the reviewer ticked a carried point as addressed; null until ticked. */
  addressed: Generated<number | null>;
}

export interface AnnotationRepliesTable {
  id: Generated<number>;
  annotation_id: string;
  author_id: number;
  comment: string;
  created_at: number;
}

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
}
