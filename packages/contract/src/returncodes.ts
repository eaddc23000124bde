/**
 * The response-code catalogue (spec 000 section 8). Every answer carries one of these as `returncode`;
 * the HTTP status tells the class. docs/api.md lists them with the client's behaviour.
 */
export const ReturnCode = {
  /** Success. */
  OK: 200,
  /** Invalid input: a field is missing, of the wrong type or out of range. */
  BAD_REQUEST: 1001,
  /** The addressed record or path does not exist (or belongs to another company). */
  NOT_FOUND: 1002,
  /** The request clashes with the current state (a duplicate, an overlapping booking). */
  CONFLICT: 1003,
  /** Too many attempts; the client shows the message for 5 s. */
  TOO_MANY_REQUESTS: 1004,
  /** A business rule refused the request; the client shows the message and stays. */
  REFUSED: 1005,
  /** The body or the uploaded file is larger than allowed. */
  PAYLOAD_TOO_LARGE: 1006,
  /** Success that also hands out a token (kept for clients of the old product; this server answers 200). */
  OK_TOKEN: 1007,
  /** The account name or password is wrong (both cases answer alike). */
  WRONG_CREDENTIALS: 1008,
  /** First sign-in: the password must be changed before anything else. */
  PASSWORD_CHANGE_REQUIRED: 1009,
  /** The password is older than the company's expiry policy. */
  PASSWORD_EXPIRED: 1010,
  /** The request body's media type is not accepted. */
  UNSUPPORTED_MEDIA_TYPE: 1013,
  /** The caller's role lacks the permission for this operation. */
  NO_PERMISSION: 1014,
  /** The module is not licensed (none installed, or expired past its grace): read-only, writes refused. */
  MODULE_NOT_LICENSED: 1015,
  /** No valid session: sign in again. */
  SESSION_INVALID: 2001,
  /** Unexpected server failure. */
  INTERNAL_ERROR: 500,
} as const;
export type ReturnCode = (typeof ReturnCode)[keyof typeof ReturnCode];

/** HTTP status sent with each return code. */
export const HTTP_STATUS_OF: Record<ReturnCode, number> = {
  [ReturnCode.OK]: 200,
  [ReturnCode.OK_TOKEN]: 200,
  [ReturnCode.BAD_REQUEST]: 400,
  [ReturnCode.NOT_FOUND]: 404,
  [ReturnCode.CONFLICT]: 409,
  [ReturnCode.TOO_MANY_REQUESTS]: 429,
  [ReturnCode.REFUSED]: 422,
  [ReturnCode.PAYLOAD_TOO_LARGE]: 413,
  [ReturnCode.WRONG_CREDENTIALS]: 400,
  [ReturnCode.PASSWORD_CHANGE_REQUIRED]: 403,
  [ReturnCode.PASSWORD_EXPIRED]: 403,
  [ReturnCode.UNSUPPORTED_MEDIA_TYPE]: 415,
  [ReturnCode.NO_PERMISSION]: 403,
  [ReturnCode.MODULE_NOT_LICENSED]: 403,
  [ReturnCode.SESSION_INVALID]: 401,
  [ReturnCode.INTERNAL_ERROR]: 500,
};

/** How the console reacts to a code (spec 000 section 8). */
export type ClientReaction = 'success' | 'toast-5s' | 'toast' | 'silent' | 'toast-reject' | 'sign-in';

export function clientReactionOf(code: number): ClientReaction {
  switch (code) {
    case 200:
    case 1007:
      return 'success';
    case 1004:
      return 'toast-5s';
    case 1005:
      return 'toast';
    case 1011:
    case 1012:
    case 1026:
    case 1053:
      return 'silent';
    case 1014:
    case 500:
      return 'toast-reject';
    case 2001:
      return 'sign-in';
    default:
      return 'toast-5s';
  }
}
