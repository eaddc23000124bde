import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotificationListQuery, NotificationPage, NotificationReadBody, NotificationReadResult, NotificationUnread } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import type { NotificationService } from './notification.service.js';

/** The header's bell: every signed-in colleague reads and marks their own notifications, nobody else's. */
export function notificationRoutes({ notifications }: { notifications: NotificationService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/notification/list',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['notifications'],
          summary: "The caller's in-console notifications",
          description:
            'Query `unread?` (true keeps the unread ones), `page`, `pageSize`. Newest first; rows `{ id, event, params, link, createdAt, readAt }` where `params` holds the facts the console words in the reader\'s language (title, or null for a meeting the reader may not see; place; startAt, endAt, zone; more; by; reason; minutes). Also answers `unreadCount`.',
          querystring: NotificationListQuery,
          response: envelopeResponses(NotificationPage),
        },
      },
      async (request) => success(request, await notifications.list(requireAuth(request), request.query)),
    );

    app.get(
      '/notification/unread-count',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['notifications'],
          summary: "How many of the caller's notifications are unread",
          description: 'Answers `{ count, latestId }`; the console asks every 30 seconds and when its window regains focus, and reads the list when `latestId` changes.',
          response: envelopeResponses(NotificationUnread),
        },
      },
      async (request) => success(request, await notifications.unread(requireAuth(request))),
    );

    app.post(
      '/notification/read',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['notifications'],
          summary: 'Marks some of the caller\'s notifications read',
          description: 'Body `{ ids }` (1–200). Ids that are not the caller\'s own, or already read, are left alone: `updated` counts the changed ones.',
          body: NotificationReadBody,
          response: envelopeResponses(NotificationReadResult),
        },
      },
      async (request) => success(request, await notifications.read(requireAuth(request), request.body.ids)),
    );

    app.post(
      '/notification/read-all',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['notifications'],
          summary: "Marks all the caller's notifications read",
          body: z.object({}).nullish(),
          response: envelopeResponses(NotificationReadResult),
        },
      },
      async (request) => success(request, await notifications.read(requireAuth(request), 'all')),
    );
  };
}
