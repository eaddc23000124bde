import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasPermission, AddBlacklistBody, BlacklistCandidates, BlacklistConfig, BlacklistCandidatesQuery, BlacklistPage, BlacklistQuery, LiftBlacklistBody, MyBookingBar } from '@atrium/contract';
import { z } from 'zod';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { BlacklistService } from './blacklist.service.js';

/** The booking rules area (spec 000 menu "Rooms"): reading needs view, changing needs edit. */
const VIEW = { access: 'permission', permission: 'reservationScreens:view' } as const;
const EDIT = { access: 'permission', permission: 'reservationScreens:edit' } as const;
/** Bar and lift: a retry answers the first answer, not "already barred" (docs/decisions/0010). */
const WRITE = { ...EDIT, idempotent: true } as const;
const tags = ['booking blacklist'];

export function blacklistRoutes({ blacklist }: { blacklist: BlacklistService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/meeting/blacklist/list',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'Colleagues barred from booking, with the history',
          description: 'Query `keyword?` (name, user name or e-mail), `state?` (active, scheduled, ended, lifted), `page`, `pageSize`. Newest first.',
          querystring: BlacklistQuery,
          response: envelopeResponses(BlacklistPage),
        },
      },
      async (request) => success(request, await blacklist.list(requireAuth(request).companyId, request.query)),
    );

    app.get(
      '/meeting/blacklist/mine',
      {
        // Every booker asks about themselves when the booking form opens.
        config: { access: 'permission', permission: 'calendarRoomUse:view' },
        schema: {
          tags,
          summary: 'Whether the caller is barred from booking now',
          description: '`{ barred, reason, endsAt }`: the entry that bars the caller now (its reason, and its end or null until lifted), or `{ barred: false, reason: null, endsAt: null }`.',
          response: envelopeResponses(MyBookingBar),
        },
      },
      async (request) => {
        const { companyId, userId } = requireAuth(request);
        return success(request, await blacklist.mine(companyId, userId));
      },
    );

    app.get(
      '/location/v2/getBlackListConfig',
      {
        config: { access: 'permission', permission: 'calendarRoomUse:view' },
        schema: {
          tags,
          summary: "The booking blacklist's configuration (spec 001 section 7)",
          description:
            '`{ reasonMax, states, canManage, mine }`: the longest reason, the states an entry passes through (active, scheduled, ended, lifted), whether the caller may bar and lift colleagues (reservationScreens:edit), and the caller\'s own bar now as `GET /meeting/blacklist/mine`.',
          response: envelopeResponses(BlacklistConfig),
        },
      },
      async (request) => {
        const { companyId, userId, permissions } = requireAuth(request);
        return success(request, await blacklist.config(companyId, userId, hasPermission(permissions, 'reservationScreens:edit')));
      },
    );

    app.get(
      '/meeting/blacklist/candidates',
      {
        config: EDIT,
        schema: { tags, summary: 'Colleagues to bar', description: 'Query `keyword`; active colleagues of the company, at most 20, by name.', querystring: BlacklistCandidatesQuery, response: envelopeResponses(BlacklistCandidates) },
      },
      async (request) => success(request, await blacklist.candidates(requireAuth(request).companyId, request.query.keyword)),
    );

    app.post(
      '/meeting/blacklist/add',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Bar a colleague from booking',
          description:
            'Body `{ userId, reason, startsAt?, endsAt? }`: from now (or a later `startsAt`) until `endsAt` (absent or null: until lifted). Not oneself, not before its start, not a colleague already barred or about to be (422/1005); an unknown colleague 404. The booking API refuses them from `startsAt` with the reason. In the operation log.',
          body: AddBlacklistBody,
          response: envelopeResponses(z.object({ id: z.number().int() })),
        },
      },
      async (request) => success(request, await blacklist.add(actorOf(request), request.body), 'blacklistAdded'),
    );

    app.post(
      '/meeting/blacklist/lift',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Lift an entry',
          description: 'Body `{ id }`: an active or scheduled entry ends now and stays in the history; one already lifted or ended answers 422/1005. In the operation log.',
          body: LiftBlacklistBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await blacklist.lift(actorOf(request), request.body.id);
        return success(request, null, 'blacklistLifted');
      },
    );
  };
}
