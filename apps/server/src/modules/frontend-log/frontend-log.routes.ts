import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FRONTEND_LOG_BATCH_MAX,
  FRONTEND_LOG_RETENTION_DAYS,
  FRONTEND_LOG_SESSION_CAP,
  FRONTEND_LOG_WINDOW_MS,
  FrontendLogPage,
  FrontendLogQuery,
  FrontendLogReport,
} from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import type { FrontendLogService } from './frontend-log.service.js';

const tags = ['frontend-log'];

/** A report's body is small: 20 entries of a message and a trimmed stack. */
const REPORT_BODY_LIMIT = 256 * 1024;

/** The console's error reports (any signed-in user) and /log's list (operationLog:view). */
export function frontendLogRoutes({ frontendLog }: { frontendLog: FrontendLogService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/frontend-log/report',
      {
        bodyLimit: REPORT_BODY_LIMIT,
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'The console reports errors it met',
          description: `At most ${FRONTEND_LOG_BATCH_MAX} entries a report. Page addresses lose their query strings and secret segments (/single/, /activate/, /reset/, /air-board/, /feed/), messages and stacks their URL queries, token-like pairs and long opaque runs; stacks are trimmed. A session stores at most ${FRONTEND_LOG_SESSION_CAP} entries (an address four times that) in ${FRONTEND_LOG_WINDOW_MS / 60_000} minutes: beyond, 429 with Retry-After. Entries are kept ${FRONTEND_LOG_RETENTION_DAYS} days.`,
          body: FrontendLogReport,
          response: envelopeResponses(z.object({ stored: z.number().int() })),
        },
      },
      async (request) => {
        const { companyId, userId, sessionId } = requireAuth(request);
        const userAgent = request.headers['user-agent'] ?? null;
        return success(request, await frontendLog.report({ companyId, userId, sessionId, ip: request.ip ?? null, userAgent }, request.body));
      },
    );

    app.get(
      '/frontend-log/list',
      {
        config: { access: 'permission', permission: 'operationLog:view' },
        schema: {
          tags,
          summary: "The company's front-end errors, newest first",
          querystring: FrontendLogQuery,
          response: envelopeResponses(FrontendLogPage),
        },
      },
      async (request) => success(request, await frontendLog.list(requireAuth(request).companyId, request.query)),
    );
  };
}
