import { z } from 'zod';
import { PageQuery, pageOf } from './paging.js';
import { TEXT_MAX } from './limits.js';
import { FRONTEND_LOG_PAGE_MAX, FRONTEND_LOG_MESSAGE_MAX, FRONTEND_LOG_BATCH_MAX } from './frontend-log-redaction.js';

/**
 * The front-end log (spec 000 section 2, route `log`): errors the console meets (a script error, an
 * unhandled rejection, a page that failed to draw, a request that failed on the network or with a
 * server error) reported to the server and listed at /log (decision 0021, "Front-end log").
 */

/** What kind of failure an entry records. */
export const FrontendErrorKind = z.enum(['error', 'rejection', 'render', 'request']);
export type FrontendErrorKind = z.infer<typeof FrontendErrorKind>;

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
