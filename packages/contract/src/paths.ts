/** Default API base in the browser; the server mounts every call under it. */
export const API_BASE = '/api';
/** Base of the comment proxy used by the three admin review pages. */
export const COMMENT_PROXY_BASE = '/qianwei/v1/comment-prx';

/** Every call path, relative to the API base. Exact paths from seed section 7 and api.md. */
export const ApiPath = {
  menuList: '/auth/v1/menu/list',
  upload: '/v1/upload',
  teacherLogin: '/v1/teacher/login',
  teacherLoginByPassword: '/v1/teacher/loginByPasswd',
  logout: '/v1/logout',
  captcha: '/v1/code',
  sendSmsCode: '/v1/teacher/getSmsCodeNLog',
  studentLogin: '/auth/v1/login',
  studentLoginByPassword: '/auth/v1/loginByPasswd',
  studentLogout: '/auth/v1/logout',
  studentCaptcha: '/auth/v1/getCode',
  studentSendSms: '/auth/v1/sendSMS',
  updatePassword: '/v1/updatePassword',
  userInfo: '/v1/getUserInfo',
  publicKey: '/v1/publicKey',
  version: '/v1/version',
  documentList: '/v1/document/list',
  documentStatus: '/v1/document/status',
  documentText: '/v1/document/text',
  /** GET `/v1/document/file/:id`: the review PDF, with HTTP range requests. */
  documentFile: '/v1/document/file',
  /** GET `/v1/document/original/:documentId`: the Word file a review PDF was converted from (issue 23). */
  documentOriginal: '/v1/document/original',
  annotationList: '/v1/annotation/list',
  annotationPlacement: '/v1/annotation/placement',
  annotationSave: '/v1/annotation/save',
  annotationDelete: '/v1/annotation/delete',
  annotationRestore: '/v1/annotation/restore',
  annotationReply: '/v1/annotation/reply',
  /** GET `/v1/annotation/export/jsonld/:documentId`: W3C JSON-LD download. */
  annotationExportJsonLd: '/v1/annotation/export/jsonld',
  /** GET `/v1/annotation/export/pdf/:documentId`: the annotated PDF download. */
  annotationExportPdf: '/v1/annotation/export/pdf',
  commentBankList: '/v1/comment-bank/list',
  commentBankSave: '/v1/comment-bank/save',
  commentBankDelete: '/v1/comment-bank/delete',
  commentBankUse: '/v1/comment-bank/use',
  /** Review workflow (issue 5). The stage lists of review-lists.ts answer the same call. */
  submissionList: '/v1/submission/list',
  submissionDetail: '/v1/submission/detail',
  submissionResubmit: '/v1/submission/resubmit',
  submissionDiff: '/v1/submission/diff',
  reviewSave: '/v1/review/save',
  reviewSubmit: '/v1/review/submit',
  reviewReopen: '/v1/review/reopen',
  reviewCheck: '/v1/review/check',
  assignmentAssign: '/v1/assignment/assign',
  annotationCarriedMark: '/v1/annotation/carried/mark',
  annotationCarriedPlace: '/v1/annotation/carried/place',
} as const;

/** Name of the cookie that carries the session token for downloads and print views. */
export const SESSION_COOKIE = 'org_user_session_id';
