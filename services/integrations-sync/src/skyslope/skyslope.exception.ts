export enum SkySlopeErrorCode {
  /** 401: credentials refused at login, or a session refused again right after a fresh login. */
  Unauthorized = 'UNAUTHORIZED',
  Forbidden = 'FORBIDDEN',
  NotFound = 'NOT_FOUND',
  /** 422: SkySlope refused the request's content (bad parameter). */
  Unprocessable = 'UNPROCESSABLE',
  /** 429 still answered after the last attempt (or a Retry-After longer than we wait). */
  RateLimited = 'RATE_LIMITED',
  /** 503 still answered after the last attempt. */
  Unavailable = 'UNAVAILABLE',
  /** Any other status of 500 or more. */
  ServerError = 'SERVER_ERROR',
  /** Any other 4xx. */
  HttpError = 'HTTP_ERROR',
  /** No answer within the per-call timeout. */
  Timeout = 'TIMEOUT',
  /** Connection refused, DNS failure, reset: SkySlope unreachable. */
  Network = 'NETWORK',
  /** An answer that is not the envelope we expect. */
  BadResponse = 'BAD_RESPONSE',
}

export class SkySlopeException extends Error {
  constructor(
    readonly code: SkySlopeErrorCode,
    message: string,
    readonly details: { status?: number; method?: string; path?: string; retryAfterMs?: number; attempts?: number; body?: unknown } = {},
  ) {
    super(message);
    this.name = 'SkySlopeException';
  }

  get status(): number | undefined {
    return this.details.status;
  }
}

/**
 * The ping codes of GET /skyslope/ping for an error of the client: 2 credentials refused,
 * 3 SkySlope unreachable or timed out, 4 rate limited. (0 success and 1 no credentials are the caller's.)
 */
export function skySlopePingCodeOf(error: unknown): 2 | 3 | 4 {
  if (error instanceof SkySlopeException) {
    if (error.code === SkySlopeErrorCode.Unauthorized || error.code === SkySlopeErrorCode.Forbidden) return 2;
    if (error.code === SkySlopeErrorCode.RateLimited) return 4;
  }
  return 3;
}

export function skySlopeErrorCodeOfStatus(status: number): SkySlopeErrorCode {
  switch (status) {
    case 401:
      return SkySlopeErrorCode.Unauthorized;
    case 403:
      return SkySlopeErrorCode.Forbidden;
    case 404:
      return SkySlopeErrorCode.NotFound;
    case 422:
      return SkySlopeErrorCode.Unprocessable;
    case 429:
      return SkySlopeErrorCode.RateLimited;
    case 503:
      return SkySlopeErrorCode.Unavailable;
    default:
      return status >= 500 ? SkySlopeErrorCode.ServerError : SkySlopeErrorCode.HttpError;
  }
}
