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
  documentStatus: '/v1/document/status',
  documentText: '/v1/document/text',
  /** GET `/v1/document/file/:id`: the review PDF, with HTTP range requests. */
  documentFile: '/v1/document/file',
} as const;

/** Name of the cookie that carries the session token for downloads and print views. */
export const SESSION_COOKIE = 'org_user_session_id';
