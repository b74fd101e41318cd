import {
  AssignmentApiPath,
  type AssignmentOptions,
  type AutoAssignPreview,
  autoAssignApplySchema,
  autoAssignPreviewSchema,
} from '../assignment.ts';
import { type Endpoint, get, post } from '../endpoint.ts';
import type { ListResult } from '../envelope.ts';
import { ApiPath } from '../paths.ts';
import {
  assignSchema,
  type CarriedAnnotationDto,
  carriedMarkSchema,
  carriedPlaceSchema,
  diffSchema,
  type ReviewDto,
  reviewReopenSchema,
  reviewSaveSchema,
  reviewSubmitSchema,
  type SubmissionDetail,
  type SubmissionListResult,
  stageSubmissionListSchema,
  submissionDetailSchema,
  submissionListSchema,
  submissionRefSchema,
  type VersionDiff,
} from '../review.ts';
import {
  type ReviewLinkCreated,
  type ReviewLinkDto,
  ReviewLinkPath,
  reviewLinkCreateSchema,
  reviewLinkListSchema,
  reviewLinkRefSchema,
} from '../review-link.ts';
import { ReviewListPath, type SubmissionStatus } from '../review-lists.ts';
import { TEACHER_SIDE_ROLES } from '../roles.ts';
import {
  StudentApiPath,
  type StudentOverview,
  type StudentReview,
  type StudentSubmissionDetail,
  type StudentTopic,
  studentFileSchema,
  studentResubmitSchema,
  studentReviewSchema,
  studentSubmissionSchema,
  studentSubmitSchema,
  studentThesisSchema,
  studentTopicDraftSchema,
} from '../student.ts';
import {
  type StudentCertificateResult,
  type StudentCoursesResult,
  type StudentExamResult,
  StudentInfoApiPath,
} from '../student-info.ts';
import { type SubmissionFilterOptions, SubmissionFilterPath, submissionFiltersSchema } from '../submission-filters.ts';
import {
  type FilePreview,
  type SubmissionAttachments,
  submissionFilePreviewSchema,
  submissionFileSchema,
  type ThesisSheet,
  ThesisSheetPath,
} from '../thesis-sheet.ts';
import { Access } from './access.ts';
import { emptyInputSchema } from './empty.ts';

/**
 * A review list: the envelope, or with `export: 1` the same rows as .xlsx. The per-stage paths
 * take the list's input without `stage`, which their path implies.
 */
const stageList = (path: ReviewListPath) =>
  post<SubmissionListResult>()({
    path,
    input: stageSubmissionListSchema,
    body: 'json-or-file',
    access: Access.teacherSide,
  });

/** The workflow area: the review lists and screens, assignment, and the candidate side. */
export const workflowEndpoints = {
  // The review lists (the hottest calls: answered from a cache of serialised bodies).
  submissionList: post<SubmissionListResult>()({
    path: ApiPath.submissionList,
    input: submissionListSchema,
    body: 'json-or-file',
    access: Access.teacherSide,
  }),
  topicList: stageList(ReviewListPath.topics),
  planList: stageList(ReviewListPath.plans),
  draftList: stageList(ReviewListPath.drafts),
  finalList: stageList(ReviewListPath.finals),
  retestList: stageList(ReviewListPath.retests),
  submissionFilters: post<SubmissionFilterOptions>()({
    path: SubmissionFilterPath.filters,
    input: submissionFiltersSchema,
    access: Access.teacherSide,
  }),

  // One submission, for its reviewer or an admin.
  /** `open: 1` on a review screen moves 待评阅 to 评阅中. */
  submissionDetail: post<SubmissionDetail>()({
    path: ApiPath.submissionDetail,
    input: submissionDetailSchema,
    access: Access.teacherSide,
  }),
  submissionDiff: post<VersionDiff>()({ path: ApiPath.submissionDiff, input: diffSchema, access: Access.teacherSide }),
  annotationCarriedMark: post<CarriedAnnotationDto>()({
    path: ApiPath.annotationCarriedMark,
    input: carriedMarkSchema,
    access: Access.teacherSide,
  }),
  /** An orphaned carried point placed at one of its candidates (可能的位置), or its candidates dismissed. */
  annotationCarriedPlace: post<CarriedAnnotationDto>()({
    path: ApiPath.annotationCarriedPlace,
    input: carriedPlaceSchema,
    access: Access.teacherSide,
  }),
  thesisSheet: post<ThesisSheet>()({
    path: ThesisSheetPath.sheet,
    input: submissionRefSchema,
    access: Access.teacherSide,
  }),
  thesisAttachments: post<SubmissionAttachments>()({
    path: ThesisSheetPath.attachments,
    input: submissionRefSchema,
    access: Access.teacherSide,
  }),
  /** A CSV, Excel or ZIP attachment's contents for the preview drawer, within FILE_PREVIEW_LIMITS. */
  submissionFilePreview: post<FilePreview>()({
    path: ThesisSheetPath.filePreview,
    input: submissionFilePreviewSchema,
    access: Access.teacherSide,
  }),
  /** One file of a submission's versions; a preview tab cannot sign, so the session and access check suffice. */
  submissionFile: get<never>()({
    path: `${ThesisSheetPath.file}/:submissionId/:uploadId`,
    input: submissionFileSchema,
    body: 'file',
    access: { roles: TEACHER_SIDE_ROLES, signature: 'none' },
  }),

  // Reviews.
  reviewSave: post<ReviewDto>()({ path: ApiPath.reviewSave, input: reviewSaveSchema, access: Access.teacherSide }),
  reviewSubmit: post<{ status: SubmissionStatus; review: ReviewDto }>()({
    path: ApiPath.reviewSubmit,
    input: reviewSubmitSchema,
    access: Access.teacherSide,
  }),
  reviewReopen: post<{ status: SubmissionStatus }>()({
    path: ApiPath.reviewReopen,
    input: reviewReopenSchema,
    access: Access.admins,
  }),
  reviewCheck: post<{ status: SubmissionStatus }>()({
    path: ApiPath.reviewCheck,
    input: submissionRefSchema,
    access: Access.admins,
  }),

  // Assignment (the console).
  assignmentAssign: post<{ assigned: number }>()({
    path: ApiPath.assignmentAssign,
    input: assignSchema,
    access: Access.admins,
  }),
  assignmentOptions: post<AssignmentOptions>()({
    path: AssignmentApiPath.options,
    input: emptyInputSchema,
    access: Access.admins,
  }),
  autoAssignPreview: post<AutoAssignPreview>()({
    path: AssignmentApiPath.autoPreview,
    input: autoAssignPreviewSchema,
    access: Access.admins,
  }),
  autoAssignApply: post<{ assigned: number }>()({
    path: AssignmentApiPath.autoApply,
    input: autoAssignApplySchema,
    access: Access.admins,
  }),

  // The candidate side: their own thesis only.
  studentThesis: post<StudentOverview>()({
    path: StudentApiPath.thesis,
    input: studentThesisSchema,
    access: Access.students,
  }),
  studentSubmission: post<StudentSubmissionDetail>()({
    path: StudentApiPath.submission,
    input: studentSubmissionSchema,
    access: Access.students,
  }),
  studentSubmit: post<{ submissionId: number; versionNo: number; status: SubmissionStatus }>()({
    path: StudentApiPath.submit,
    input: studentSubmitSchema,
    access: Access.students,
  }),
  /** A new version after 退回修改. */
  submissionResubmit: post<{ versionNo: number }>()({
    path: ApiPath.submissionResubmit,
    input: studentResubmitSchema,
    access: Access.students,
  }),
  studentTopic: post<StudentTopic>()({
    path: StudentApiPath.topic,
    input: studentThesisSchema,
    access: Access.students,
  }),
  studentTopicDraft: post<{ savedAt: number }>()({
    path: StudentApiPath.topicDraft,
    input: studentTopicDraftSchema,
    access: Access.students,
  }),
  studentReview: post<StudentReview>()({
    path: StudentApiPath.review,
    input: studentReviewSchema,
    access: Access.students,
  }),
  /** One of the candidate's own uploads (an attachment or a report), as a download. */
  studentFile: get<never>()({
    path: `${StudentApiPath.file}/:uploadId`,
    input: studentFileSchema,
    body: 'file',
    access: Access.students,
  }),

  // The candidate's read-only pages; each answers about the caller only, so no id is taken.
  studentCourses: post<StudentCoursesResult>()({
    path: StudentInfoApiPath.courses,
    input: emptyInputSchema,
    access: Access.students,
  }),
  studentExam: post<StudentExamResult>()({
    path: StudentInfoApiPath.exam,
    input: emptyInputSchema,
    access: Access.students,
  }),
  studentCertificate: post<StudentCertificateResult>()({
    path: StudentInfoApiPath.certificate,
    input: emptyInputSchema,
    access: Access.students,
  }),

  /** Review links (issue 13): a signed, expiring link to an admin review page; admins only. */
  reviewLinkCreate: post<ReviewLinkCreated>()({
    path: ReviewLinkPath.create,
    input: reviewLinkCreateSchema,
    access: Access.admins,
  }),
  reviewLinkList: post<ListResult<ReviewLinkDto>>()({
    path: ReviewLinkPath.list,
    input: reviewLinkListSchema,
    access: Access.admins,
  }),
  /** `released`: the submission went back to 待分配 with it (its expert's last working link). */
  reviewLinkRevoke: post<ReviewLinkDto & { released: boolean }>()({
    path: ReviewLinkPath.revoke,
    input: reviewLinkRefSchema,
    access: Access.admins,
  }),
} satisfies Record<string, Endpoint>;
