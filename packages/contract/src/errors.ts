/** Stable business error codes (design/api.md). */
export const ErrorCode = {
  ok: 0,
  invalidInput: 1000001,
  badSignature: 1000002,
  staleTimestamp: 1000003,
  notLoggedIn: 1030001,
  mustChangePassword: 1030002,
  forbidden: 1030003,
  /** A review link that is missing, tampered with, expired or revoked (the admin review pages). */
  badReviewLink: 1030004,
  notFound: 1040001,
  tooManyRequests: 1050001,
  wrongCode: 1060001,
  wrongPassword: 1060002,
  accountLocked: 1060003,
  fileTooLarge: 1070001,
  fileTypeRejected: 1070002,
  conflict: 1080001,
  internal: 1090001,
  /** A service the call needs (Redis, for the live board) cannot be reached now: try again shortly. */
  unavailable: 1090002,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Default Chinese messages; callers pass a more specific one where they can. */
export const DEFAULT_ERROR_MESSAGES: Record<ErrorCode, string> = {
  0: '',
  1000001: '参数错误',
  1000002: '签名错误',
  1000003: '请求已过期，请校准时间',
  1030001: '登录已过期，请重新登录',
  1030002: '首次登录请修改密码',
  1030003: '无权访问',
  1030004: '评阅链接无效',
  1040001: '资源不存在',
  1050001: '请求过于频繁，请稍后再试',
  1060001: '验证码错误或已过期',
  1060002: '账号或密码错误',
  1060003: '账号已锁定，请 15 分钟后再试',
  1070001: '文件超过 50 MB',
  1070002: '仅支持 PDF、DOC、DOCX',
  1080001: '状态冲突，无法执行该操作',
  1090001: '服务器内部错误',
  1090002: '服务暂不可用，请稍后重试',
};
