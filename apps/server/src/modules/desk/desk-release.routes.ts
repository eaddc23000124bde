import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeskNear, DeskNearQuery, DeskReleaseIdBody, DeskReleasesQuery, ReleasableDesk, ReleasableDesks, SaveDeskReleaseBody } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import type { DeskNearService } from './desk-near.service.js';
import type { DeskReleaseService } from './desk-release.service.js';

/** The booking area's (/deskeeper-reservation: calendarRoomUse); who may change which desk's releases is the service's rule. */
const USE = { access: 'permission', permission: 'calendarRoomUse:view' } as const;
const USE_WRITE = { ...USE, idempotent: true } as const;
const tags = ['desks'];

/** Assigned desks on their owner's away days, and "book next to" a colleague (decision 0019). */
export function deskReleaseRoutes({ releases, near }: { releases: DeskReleaseService; near: DeskNearService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/desk/releases',
      {
        config: USE,
        schema: {
          tags,
          summary: 'Releases of assigned desks',
          description:
            "Without `deskId`: the caller's own assigned desks (assigned to them as a person). With `deskId`: that desk, for its owner or a desk settings editor (`roomsLocations:edit`; others 403, another company's desk 404). Each with its floor, zone, today on the floor's clock and its releases not ended (`firstDay`, `lastDay`, both included) with the days others have booked.",
          querystring: DeskReleasesQuery,
          response: envelopeResponses(ReleasableDesks),
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        return success(request, await releases.list(auth, request.query.deskId));
      },
    );

    app.post(
      '/desk/releases',
      {
        config: USE_WRITE,
        schema: {
          tags,
          summary: 'Release my assigned desk for days',
          description:
            "Body `{ deskId, firstDay, lastDay }` (YYYY-MM-DD on the floor's clock, at most 366 days): on those days whoever may book in the desk's neighbourhood may book it. Only the owner (a person) or a desk settings editor; a desk kept for a department is not released (422); days past 422. Joined with releases it overlaps or touches. Answers the desk with its releases.",
          body: SaveDeskReleaseBody,
          response: envelopeResponses(ReleasableDesk),
        },
      },
      async (request) => {
        const desk = await releases.release(requireAuth(request), request.body);
        return success(request, desk, 'deskReleased', { number: desk.deskNumber, first: request.body.firstDay, last: request.body.lastDay });
      },
    );

    app.delete(
      '/desk/releases',
      {
        config: USE_WRITE,
        schema: {
          tags,
          summary: 'Take a release back',
          description:
            "Body `{ id }`: the desk is its owner's again on the release's days from today on that nobody else has booked; days booked by others stay released (the message names them) and so do days past. Owner or desk settings editor only (403); unknown 404.",
          body: DeskReleaseIdBody,
          response: envelopeResponses(ReleasableDesk),
        },
      },
      async (request) => {
        const { desk, keptDays } = await releases.takeBack(requireAuth(request), request.body.id);
        if (keptDays.length === 0) return success(request, desk, 'deskReleaseTakenBack', { number: desk.deskNumber });
        const days = keptDays.map((day) => (day.userName ? `${day.date} (${day.userName})` : day.date)).join(', ');
        return success(request, desk, 'deskReleaseKeptBooked', { number: desk.deskNumber, days });
      },
    );

    app.get(
      '/desk/booking/near',
      {
        config: USE,
        schema: {
          tags,
          summary: 'Book next to a colleague',
          description:
            "Query `userId` (an active colleague of the caller's company; else 404), `floorId`, `date`, `part` (and `start`, `end` for hours) on that floor's clock. The colleague's desk booking overlapping that time on any floor (null: not booked then), and up to 5 free desks the caller may book on its floor nearest to it by the map's positions, the same neighbourhood first. Who holds which desk is on the booking map already.",
          querystring: DeskNearQuery,
          response: envelopeResponses(DeskNear),
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        return success(request, await near.near({ companyId: auth.companyId, userId: auth.userId }, request.query));
      },
    );
  };
}
