import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CalendarEvents, CalendarEventsQuery, CalendarShareBody, CalendarShares, CalendarSharesQuery, CalendarUnshareBody } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import type { CalendarShareService } from './calendar-share.service.js';

const VIEW = { access: 'permission', permission: 'calendarRoomUse:view' } as const;
/** Sharing and unsharing accept an Idempotency-Key like the other booking writes (docs/decisions/0010). */
const WRITE = { ...VIEW, idempotent: true } as const;
const tags = ['meeting'];
const LEVELS = 'Levels: visitor (times only), subscriber (as the company may see them), editor (everything, private meetings too), manager (as editor, and may share the calendar).';

const viewer = (request: Parameters<typeof requireAuth>[0]) => {
  const { companyId, userId } = requireAuth(request);
  return { companyId, userId };
};

/** Shared calendars (calendarRoomUse:view): who may see whose meetings, and reading them. */
export function calendarShareRoutes({ calendarShares }: { calendarShares: CalendarShareService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/meeting/calendar/shares',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'Who sees a calendar, and the calendars shared with me',
          description: `\`ownerUserId\` defaults to the caller. The share list is filled for its owner and managers. ${LEVELS}`,
          querystring: CalendarSharesQuery,
          response: envelopeResponses(CalendarShares),
        },
      },
      async (request) => success(request, await calendarShares.list(viewer(request), request.query.ownerUserId)),
    );
    app.post(
      '/meeting/calendar/share',
      {
        config: WRITE,
        schema: { tags, summary: 'Share a calendar with a colleague, or change their level', description: `The owner or a manager of the calendar. ${LEVELS}`, body: CalendarShareBody, response: envelopeResponses(CalendarShares) },
      },
      async (request) => success(request, await calendarShares.share(viewer(request), request.body), 'calendarShareSaved'),
    );
    app.post(
      '/meeting/calendar/unshare',
      {
        config: WRITE,
        schema: { tags, summary: 'Stop sharing a calendar with a colleague', description: 'The owner or a manager; a grantee may also remove themselves.', body: CalendarUnshareBody, response: envelopeResponses(z.null()) },
      },
      async (request) => {
        await calendarShares.unshare(viewer(request), request.body);
        return success(request, null, 'calendarShareRemoved');
      },
    );
    app.get(
      '/meeting/calendar/events',
      {
        config: VIEW,
        schema: {
          tags,
          summary: "A calendar's meetings in a window (at most 42 days)",
          description: `The meetings the owner hosts or attends, active ones only. The caller's own calendar, or one shared with them (403/1014 otherwise). ${LEVELS}`,
          querystring: CalendarEventsQuery,
          response: envelopeResponses(CalendarEvents),
        },
      },
      async (request) => success(request, await calendarShares.events(viewer(request), request.query)),
    );
  };
}
