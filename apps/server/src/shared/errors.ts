import { DEFAULT_ERROR_MESSAGES, ErrorCode } from '@zikao/contract';

/** An expected business error: answered with HTTP 200 and its code, never logged as a failure. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly httpStatus: number;

  constructor(code: ErrorCode, message?: string, httpStatus = 200) {
    super(message ?? DEFAULT_ERROR_MESSAGES[code]);
    this.code = code;
    this.httpStatus = httpStatus;
  }
}

export const invalidInput = (message: string) => new AppError(ErrorCode.invalidInput, `参数错误：${message}`);
/**
 * 1000001 for an upload a person chose badly: said in their words, with no field name (the
 * upload's form field is no business of a candidate's).
 */
export const emptyFile = () => new AppError(ErrorCode.invalidInput, '所选文件是空的（0 字节），请重新选择文件');
export const noFile = () => new AppError(ErrorCode.invalidInput, '请选择要上传的文件');
export const badSignature = (message = '签名错误') => new AppError(ErrorCode.badSignature, message);
export const staleTimestamp = () => new AppError(ErrorCode.staleTimestamp);
export const notLoggedIn = (message?: string) => new AppError(ErrorCode.notLoggedIn, message);
export const mustChangePassword = () => new AppError(ErrorCode.mustChangePassword);
export const forbidden = (message = '无权访问') => new AppError(ErrorCode.forbidden, message);
/** A review link that is missing, tampered with, expired or revoked (1030004, adr/011). */
export const badReviewLink = (message = '评阅链接无效') => new AppError(ErrorCode.badReviewLink, message);
export const notFound = (message: string) => new AppError(ErrorCode.notFound, message);
export const tooManyRequests = (message: string) => new AppError(ErrorCode.tooManyRequests, message);
export const wrongCode = (message = '验证码错误或已过期') => new AppError(ErrorCode.wrongCode, message);
export const wrongPassword = (message = '账号或密码错误') => new AppError(ErrorCode.wrongPassword, message);
export const accountLocked = (message = '账号已锁定，请 15 分钟后再试') =>
  new AppError(ErrorCode.accountLocked, message);
export const fileTooLarge = (message: string) => new AppError(ErrorCode.fileTooLarge, message);
export const fileTypeRejected = (message = '仅支持 PDF、DOC、DOCX') =>
  new AppError(ErrorCode.fileTypeRejected, message);
export const conflict = (message: string) => new AppError(ErrorCode.conflict, message);
/** A service the call needs cannot be reached now (Redis for the live board): answered at once, try again later. */
export const unavailable = (message = '服务暂不可用，请稍后重试') => new AppError(ErrorCode.unavailable, message);
