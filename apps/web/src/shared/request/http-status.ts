/** Appended to every HTTP status text (seed section 8). */
export const HTTP_ERROR_SUFFIX = '，请检查网络或联系管理员！';

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: '请求错误(400)',
  401: '未授权，请重新登录(401)',
  403: '拒绝访问(403)',
  404: '请求出错(404)',
  408: '请求超时(408)',
  500: '服务器错误(500)',
  501: '服务未实现(501)',
  502: '网络错误(502)',
  503: '服务不可用(503)',
  504: '网络超时(504)',
  505: 'HTTP版本不受支持(505)',
};

/** The user-facing message for a failed HTTP status, exactly as the seed words it. */
export function httpStatusMessage(status: number): string {
  return `${STATUS_TEXT[status] ?? `连接出错(${status})!`}${HTTP_ERROR_SUFFIX}`;
}
