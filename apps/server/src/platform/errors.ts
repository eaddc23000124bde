import { HTTP_STATUS_OF, ReturnCode, type MessageKey, type MessageOf, type MessageParamName, type MessageParamsArg, type MessageParamsOf, type PasswordProblem, type LicensedModule } from '@atrium/contract';

/** Parameters as an error carries them, already checked against its message where it was made. */
export type MessageParams = Readonly<Record<string, string | number>>;

export interface AppErrorOptions {
  statusCode?: number;
  headers?: Record<string, string>;
}

/** What follows the message key: its parameters (required when the text has placeholders), a result, options. */
type AppErrorTail<K extends MessageKey> = [MessageParamName<K>] extends [never]
  ? [params?: MessageParamsOf<K>, result?: unknown, options?: AppErrorOptions]
  : [params: MessageParamsOf<K>, result?: unknown, options?: AppErrorOptions];

/**
 * A failure the client should see: a return code, a message key (translated per caller) and an
 * optional result. Services throw these; the error handler turns them into envelopes. The compiler
 * checks the parameters against the message's placeholders, so no caller leaves a `{hole}`.
 */
export class AppError<K extends MessageKey = MessageKey> extends Error {
  override name = 'AppError';
  readonly messageKey: K;
  readonly params: MessageParams;
  readonly result: unknown;
  /** HTTP status; defaults to the code's class (contract HTTP_STATUS_OF). */
  readonly statusCode: number;
  /** Extra response headers, such as Retry-After. */
  readonly headers: Record<string, string>;

  constructor(returncode: ReturnCode, messageKey: K, ...tail: AppErrorTail<K>);
  /** A contract rule's problem (its key and parameters, checked when it was made). */
  constructor(returncode: ReturnCode, message: MessageOf<K>, result?: unknown, options?: AppErrorOptions);
  constructor(readonly returncode: ReturnCode, keyOrMessage: K | { key: K; params?: MessageParams }, ...tail: unknown[]) {
    // Both overloads end with the result and the options; the key form has its parameters first.
    const { key, params }: { key: K; params?: MessageParams } = typeof keyOrMessage === 'object' ? keyOrMessage : { key: keyOrMessage, params: tail.shift() as MessageParams | undefined };
    const [result = null, options = {}] = tail as [unknown?, AppErrorOptions?];
    super(key);
    this.messageKey = key;
    this.params = params ?? {};
    this.result = result;
    this.statusCode = options.statusCode ?? HTTP_STATUS_OF[returncode];
    this.headers = options.headers ?? {};
  }
}

/** The message of a typed overload's implementation, whose signature already checked the parameters. */
const checked = (key: MessageKey, params: MessageParams = {}) => ({ key, params }) as MessageOf;

export function notFound(): AppError;
export function notFound<K extends MessageKey>(key: K, ...params: MessageParamsArg<K>): AppError<K>;
export function notFound(key: MessageKey = 'recordNotFound', params?: MessageParams): AppError {
  return new AppError(ReturnCode.NOT_FOUND, checked(key, params));
}

/** A business rule refused the request (422/1005). */
export function refused<K extends MessageKey>(key: K, ...params: MessageParamsArg<K>): AppError<K>;
/** A contract rule's problem, refused as it came. */
export function refused(message: MessageOf): AppError;
export function refused(keyOrMessage: MessageKey | MessageOf, params?: MessageParams): AppError {
  return new AppError(ReturnCode.REFUSED, typeof keyOrMessage === 'string' ? checked(keyOrMessage, params) : keyOrMessage);
}

export const refusedPassword = (problem: PasswordProblem) => refused(problem);

export const sessionInvalid = () => new AppError(ReturnCode.SESSION_INVALID, 'sessionInvalid');

/** A device route's token is missing, unknown or of a cancelled device (401/2001). */
export const deviceTokenInvalid = () => new AppError(ReturnCode.SESSION_INVALID, 'deviceTokenInvalid');

export const noPermission = () => new AppError(ReturnCode.NO_PERMISSION, 'noPermission');

/** A write to a module the company holds no usable licence for (403/1015); the result names the module. */
export const moduleNotLicensed = (module: LicensedModule) => new AppError(ReturnCode.MODULE_NOT_LICENSED, 'moduleNotLicensed', {}, { module });

export const crossSite = () => new AppError(ReturnCode.NO_PERMISSION, 'crossSite');

export const passwordChangeRequired = () => new AppError(ReturnCode.PASSWORD_CHANGE_REQUIRED, 'firstLoginChangePassword');

export const passwordExpired = () => new AppError(ReturnCode.PASSWORD_EXPIRED, 'passwordExpired');

export const wrongCredentials = () => new AppError(ReturnCode.WRONG_CREDENTIALS, 'wrongCredentials');

/** Too many attempts: 429 with Retry-After and the wait in the result. */
export function tooManyRequests<K extends MessageKey>(key: K, retryAfterSeconds: number, ...params: MessageParamsArg<K>): AppError;
export function tooManyRequests(key: MessageKey, retryAfterSeconds: number, params?: MessageParams): AppError {
  return new AppError(ReturnCode.TOO_MANY_REQUESTS, checked(key, params), { retryAfterSeconds }, {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}
