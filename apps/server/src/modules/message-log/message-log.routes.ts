import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageLogPage, MessageLogQuery } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import type { Clock } from '../../platform/clock.js';
import type { MessageLogRepository } from './message-log.repository.js';

export function messageLogRoutes({ log, clock }: { log: MessageLogRepository; clock: Clock }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/message/log',
      {
        // The messages area (spec 001 section 6: "message log and reminders").
        config: { access: 'permission', permission: 'messages:view' },
        schema: {
          tags: ['message log'],
          summary: 'Every message the console sent, with its result',
          description:
            'Query `event?` (invitation, update, cancellation, reminder, approvalRequest, approved, rejected, expired, noShow, seriesReleased, activation, ssoNotice, visitInvitation, other), `result?` (queued, sent, failed, kept), `keyword?` (recipient or description), `from?`, `to?` (epoch ms, half-open), `page`, `pageSize`. Newest first; rows `{ id, event, to, description, operatorName, createdAt, result, errorCode, error, solution }` without the message body (the mail outbox holds it for account administrators). `solution`: configureMail, checkAddress, retryLater, checkServer or null. Console notifications also carry `params` and `action` (open, done, closed: where the check-in or decision they ask for stands now; null when they ask none).',
          querystring: MessageLogQuery,
          response: envelopeResponses(MessageLogPage),
        },
      },
      async (request) => success(request, await log.list(requireAuth(request).companyId, request.query, clock.now())),
    );
  };
}
