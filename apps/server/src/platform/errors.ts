import { HTTP_STATUS_OF, ReturnCode, type MessageKey, type PasswordProblem } from '@atrium/contract';

export type MessageParams = Record<string, string | number>;

/**
 * A failure the client should see: a return code, a message key (translated per caller) and an
 * optional result. Services throw these; the error handler turns them into envelopes.
 */
export class AppError extends Error {
  override name = 'AppError';
  /** HTTP status; defaults to the code's class (contract HTTP_STATUS_OF). */
  readonly statusCode: number;
  /** Extra response headers, such as Retry-After. */
  readonly headers: Record<string, string>;

  constructor(
    readonly returncode: ReturnCode,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
    readonly result: unknown = null,
    options: { statusCode?: number; headers?: Record<string, string> } = {},
  ) {
    super(messageKey);
    this.statusCode = options.statusCode ?? HTTP_STATUS_OF[returncode];
    this.headers = options.headers ?? {};
  }
}

export const notFound = (key: MessageKey = 'recordNotFound', params?: MessageParams) =>
  new AppError(ReturnCode.NOT_FOUND, key, params);

/** A business rule refused the request (422/1005). */
export const refused = (key: MessageKey, params?: MessageParams) => new AppError(ReturnCode.REFUSED, key, params);

export const refusedPassword = (problem: PasswordProblem) => refused(problem.key, problem.params);

export const sessionInvalid = () => new AppError(ReturnCode.SESSION_INVALID, 'sessionInvalid');

/** A device route's token is missing, unknown or of a cancelled device (401/2001). */
export const deviceTokenInvalid = () => new AppError(ReturnCode.SESSION_INVALID, 'deviceTokenInvalid');

export const noPermission = () => new AppError(ReturnCode.NO_PERMISSION, 'noPermission');

export const crossSite = () => new AppError(ReturnCode.NO_PERMISSION, 'crossSite');

export const passwordChangeRequired = () => new AppError(ReturnCode.PASSWORD_CHANGE_REQUIRED, 'firstLoginChangePassword');

export const passwordExpired = () => new AppError(ReturnCode.PASSWORD_EXPIRED, 'passwordExpired');

export const wrongCredentials = () => new AppError(ReturnCode.WRONG_CREDENTIALS, 'wrongCredentials');

/** Too many attempts: 429 with Retry-After and the wait in the result. */
export const tooManyRequests = (key: MessageKey, retryAfterSeconds: number, params: MessageParams = {}) =>
  new AppError(ReturnCode.TOO_MANY_REQUESTS, key, params, { retryAfterSeconds }, {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
