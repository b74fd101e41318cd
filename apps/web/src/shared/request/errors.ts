/** A request aborted by the caller or by the session reset; callers ignore it quietly. */
export class RequestCancelledError extends Error {
  override readonly name = 'RequestCancelledError';
  constructor() {
    super('请求已取消');
  }
}

/** The server answered with a non-zero errorCode. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data: unknown = null) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

/** The server answered with a failing HTTP status. */
export class HttpStatusError extends Error {
  override readonly name = 'HttpStatusError';
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** No response: offline, refused, or the 10 s timeout passed. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly timedOut: boolean;
  constructor(message: string, timedOut: boolean) {
    super(message);
    this.timedOut = timedOut;
  }
}

export function isCancelled(error: unknown): error is RequestCancelledError {
  return error instanceof RequestCancelledError;
}
