import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CalendarFeedState, CreatedCalendarFeed, RoomFeedBody, RoomFeedQuery } from '@atrium/contract';
import { z } from 'zod';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { CalendarFeedService } from './calendar-feed.service.js';

const BOOK = { access: 'permission', permission: 'calendarRoomUse:view' } as const;
const VIEW = { access: 'permission', permission: 'reservationScreens:view' } as const;
const EDIT = { access: 'permission', permission: 'reservationScreens:edit' } as const;
const PUBLIC = { access: 'public' } as const;
const tags = ['calendar feeds'];
const SHOWN_ONCE = 'Answers `{ url, createdAt }`: the secret URL (`<PUBLIC_URL>/api/calendar/feed/<secret>.ics`), shown this once; only its SHA-256 is kept. A link made before for the same calendar stops working.';

export function calendarFeedRoutes({ feeds }: { feeds: CalendarFeedService }): FastifyPluginAsyncZod {
  return async (app) => {
    const booker = (request: Parameters<typeof requireAuth>[0]) => {
      const { companyId, userId } = requireAuth(request);
      return { companyId, userId };
    };

    app.get(
      '/meeting/feed',
      { config: BOOK, schema: { tags, summary: 'My calendar link: whether one is in force', response: envelopeResponses(CalendarFeedState) } },
      async (request) => success(request, await feeds.mine(booker(request))),
    );
    app.post(
      '/meeting/feed/create',
      { config: BOOK, schema: { tags, summary: 'Make a link to my calendar (the meetings I host or attend)', description: SHOWN_ONCE, response: envelopeResponses(CreatedCalendarFeed) } },
      async (request) => success(request, await feeds.createMine(booker(request)), 'calendarFeedCreated'),
    );
    app.post(
      '/meeting/feed/revoke',
      { config: BOOK, schema: { tags, summary: 'Revoke my calendar link', description: 'None in force: 404.', response: envelopeResponses(z.null()) } },
      async (request) => {
        await feeds.revokeMine(booker(request));
        return success(request, null, 'calendarFeedRevoked');
      },
    );

    app.get(
      '/meeting/feed/room',
      { config: VIEW, schema: { tags, summary: "A room's calendar link: whether one is in force", description: 'Query `roomId`; another company\'s room: 404.', querystring: RoomFeedQuery, response: envelopeResponses(CalendarFeedState) } },
      async (request) => success(request, await feeds.room(requireAuth(request).companyId, request.query.roomId)),
    );
    app.post(
      '/meeting/feed/room/create',
      { config: EDIT, schema: { tags, summary: "Make a link to a room's calendar", description: `Body \`{ roomId }\`. ${SHOWN_ONCE} In the operation log.`, body: RoomFeedBody, response: envelopeResponses(CreatedCalendarFeed) } },
      async (request) => success(request, await feeds.createRoom(actorOf(request), request.body.roomId), 'calendarFeedCreated'),
    );
    app.post(
      '/meeting/feed/room/revoke',
      { config: EDIT, schema: { tags, summary: "Revoke a room's calendar link", description: 'Body `{ roomId }`; none in force: 404. In the operation log.', body: RoomFeedBody, response: envelopeResponses(z.null()) } },
      async (request) => {
        await feeds.revokeRoom(actorOf(request), request.body.roomId);
        return success(request, null, 'calendarFeedRevoked');
      },
    );

    app.get(
      '/calendar/feed/:file',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'A calendar feed (iCalendar), for calendar programs to subscribe to',
          description:
            'Path `<secret>.ics`; no sign-in: the secret is the credential. `text/calendar` with the meetings of the person (hosted or attended) or the room, 30 days back to 180 days ahead, pending ones tentative; meetings that are not public appear as "Busy / 忙碌" with their time and room only. Unknown or revoked: 404.',
          params: z.object({ file: z.string().max(120) }),
        },
      },
      async (request, reply) => {
        const text = await feeds.render(request.params.file.replace(/\.ics$/, ''));
        return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(text);
      },
    );
  };
}
