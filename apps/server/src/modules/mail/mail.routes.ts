import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MailOutboxDetails, MailOutboxDetailsQuery, MailOutboxPage, MailOutboxQuery } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { notFound } from '../../platform/errors.js';
import type { MailOutboxRepository } from './mail.repository.js';

export function mailRoutes({ outbox }: { outbox: MailOutboxRepository }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/mail/outbox',
      {
        config: { access: 'permission', permission: 'accountGlobal:view' },
        schema: {
          tags: ['mail'],
          summary: "The company's sent and kept mails, newest first",
          description: 'Query: page, pageSize (15, 50, 100), recipient (part of the address). Bodies are left out; see /mail/outbox/details (mailContent:view).',
          querystring: MailOutboxQuery,
          response: envelopeResponses(MailOutboxPage),
        },
      },
      async (request) => success(request, await outbox.list(requireAuth(request).companyId, request.query)),
    );

    app.get(
      '/mail/outbox/details',
      {
        // Bodies have their own area (issue 16): reading who was mailed what is not reading the mails.
        config: { access: 'permission', permission: 'mailContent:view' },
        schema: {
          tags: ['mail'],
          summary: 'One mail of the outbox with its text and HTML parts',
          description:
            'Needs mailContent:view. A mail with `isRedacted` carried a link only its recipient received: its kept parts show "[link sent to the recipient only / 链接仅发送给收件人]" in its place.',
          querystring: MailOutboxDetailsQuery,
          response: envelopeResponses(MailOutboxDetails),
        },
      },
      async (request) => {
        const mail = await outbox.find(requireAuth(request).companyId, request.query.id);
        if (!mail) throw notFound();
        return success(request, mail);
      },
    );
  };
}
