import { z } from 'zod';
import { PageQuery, pageOf } from './paging.js';
import { TEXT_MAX } from './limits.js';

/**
 * The front-end log (spec 000 section 2, route `log`): errors the console meets (a script error, an
 * unhandled rejection, a page that failed to draw, a request that failed on the network or with a
 * server error) reported to the server and listed at /log (decision 0021, "Front-end log").
 */

/** What kind of failure an entry records. */
export const FrontendErrorKind = z.enum(['error', 'rejection', 'render', 'request']);
export type FrontendErrorKind = z.infer<typeof FrontendErrorKind>;

/** Longest message kept; longer ones are cut. */
export const FRONTEND_LOG_MESSAGE_MAX = 1_000;
/** Longest stack kept; longer ones are cut at a line. */
export const FRONTEND_LOG_STACK_MAX = 4_000;
/** Longest page address kept. */
export const FRONTEND_LOG_PAGE_MAX = 500;
/** Most entries one report carries. */
export const FRONTEND_LOG_BATCH_MAX = 20;
/** Most entries one session (and, separately, 4x this one address) may store in FRONTEND_LOG_WINDOW_MS. */
export const FRONTEND_LOG_SESSION_CAP = 60;
export const FRONTEND_LOG_WINDOW_MS = 10 * 60_000;
/** How long entries are kept. */
export const FRONTEND_LOG_RETENTION_DAYS = 30;

const cut = (max: number) => z.string().transform((text) => (text.length > max ? text.slice(0, max) : text));

/** One failure as the console reports it. The server strips secrets from `page` and `message` again. */
export const FrontendLogReportEntry = z.object({
  kind: FrontendErrorKind,
  page: z.string().trim().min(1).max(2_000).pipe(cut(FRONTEND_LOG_PAGE_MAX)).describe('The console path (no query string) where it happened'),
  message: z.string().trim().min(1).max(8_000).pipe(cut(FRONTEND_LOG_MESSAGE_MAX)),
  stack: z.string().max(32_000).nullable().optional().describe('Trimmed to FRONTEND_LOG_STACK_MAX at a line break'),
  /** How many times the console saw it since the last report (the reporter folds repeats). */
  count: z.number().int().min(1).max(1_000).default(1),
  at: z.number().int().describe('When the console saw it first, UTC epoch milliseconds'),
});
export type FrontendLogReportEntry = z.infer<typeof FrontendLogReportEntry>;

/** `POST /frontend-log/report` body. */
export const FrontendLogReport = z.object({ entries: z.array(FrontendLogReportEntry).min(1).max(FRONTEND_LOG_BATCH_MAX) });
export type FrontendLogReport = z.infer<typeof FrontendLogReport>;

/** One stored entry as /log lists it. */
export const FrontendLogEntry = z.object({
  id: z.number().int(),
  kind: FrontendErrorKind,
  page: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  count: z.number().int(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  userAgent: z.string().nullable(),
  at: z.number().int().describe('When the console saw it, UTC epoch milliseconds'),
  receivedAt: z.number().int(),
});
export type FrontendLogEntry = z.infer<typeof FrontendLogEntry>;

/** `GET /frontend-log/list` query. */
export const FrontendLogQuery = PageQuery.extend({
  from: z.coerce.number().int().optional().describe('Earliest time, UTC epoch milliseconds'),
  to: z.coerce.number().int().optional().describe('Latest time, UTC epoch milliseconds'),
  user: z.string().trim().max(TEXT_MAX).optional().describe("Part of the user's name"),
  path: z.string().trim().max(TEXT_MAX).optional().describe('Part of the page address'),
  kind: FrontendErrorKind.optional(),
});
export type FrontendLogQuery = z.infer<typeof FrontendLogQuery>;

export const FrontendLogPage = pageOf(FrontendLogEntry);

/** Path segments that carry a secret: the segment after each is replaced, wherever the address came from. */
export const SECRET_PATH_SEGMENTS = ['single', 'air-board', 'activate', 'reset', 'feed'] as const;

const SECRET_SEGMENT = new RegExp(`(/(?:${SECRET_PATH_SEGMENTS.join('|')})/)[^/?#\\s]+`, 'g');
/** Long opaque runs (a token pasted into text): 24 or more URL-safe characters with a digit in them. */
const OPAQUE_RUN = /\b(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{24,}\b/g;
/** `token=...`, `password: ...` and the like in free text. */
const SECRET_PAIR = /\b(token|password|passwd|secret|authorization|cookie|reqtoken|code|state)\b(\s*[=:]\s*)("[^"]*"|'[^']*'|[^\s&,;"']+)/gi;
/** `Bearer xyz`. */
const BEARER = /\bBearer\s+[^\s"']+/gi;

/** A console address without its query string and fragment, and with secret path segments replaced. */
export function redactPagePath(address: string): string {
  let path = address;
  try {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(address)) path = new URL(address).pathname;
  } catch {
    // Not a URL: treated as a path.
  }
  path = path.split(/[?#]/)[0] ?? '';
  return path.replace(SECRET_SEGMENT, '$1[redacted]');
}

/**
 * Free text (a message, a stack) with what may be a secret replaced: URLs lose their query strings
 * and secret path segments, `token=`-style pairs and bearer values lose their value, long opaque
 * runs (tokens) are replaced.
 */
export function redactFreeText(text: string): string {
  return text
    .replace(/(\/[^\s?"'()<>]*)\?[^\s"'()<>]*/g, '$1')
    .replace(SECRET_SEGMENT, '$1[redacted]')
    .replace(BEARER, 'Bearer [redacted]')
    .replace(SECRET_PAIR, '$1$2[redacted]')
    .replace(OPAQUE_RUN, '[redacted]');
}

/** A stack at most FRONTEND_LOG_STACK_MAX long, cut after its last whole line. */
export function trimStack(stack: string): string {
  if (stack.length <= FRONTEND_LOG_STACK_MAX) return stack;
  const head = stack.slice(0, FRONTEND_LOG_STACK_MAX);
  const lineEnd = head.lastIndexOf('\n');
  return lineEnd > 0 ? head.slice(0, lineEnd) : head;
}
