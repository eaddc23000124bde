import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateReservationBody,
  Reservation,
  ReservationIdBody,
  ReservationIdQuery,
  ReservationList,
  ReservationListQuery,
  UpdateReservationBody,
} from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import type { BookingService } from './booking.service.js';

const VIEW = { access: 'permission', permission: 'calendarRoomUse:view' } as const;
const tags = ['meeting'];

const CONFLICT =
  'An overlap with another pending or confirmed meeting of the room answers 409/1003; the message names the clashing meeting\'s local time and title (only "busy" when the caller may not see it), and `result` is `{ reservationId, startAt, endAt, title, timeZone }`.';
const RULES =
  'The room must be available and not disabled (maintenance) for the time; the start must be before the end, at most 24 hours apart, not earlier than now (5 minutes grace) and at most 180 days ahead (422/1005 with the rule\'s message).';

const booker = (request: Parameters<typeof requireAuth>[0]) => {
  const { companyId, userId } = requireAuth(request);
  return { companyId, userId };
};

/**
 * The reservations core: meetings in rooms that never overlap. calendarRoomUse:view is enough to use
 * the area (read, book, change and cancel one's own meetings); edit would administer it, and by the
 * spec's rule every edit right carries users:edit, so everyday staff hold view only.
 */
export function bookingRoutes({ bookings }: { bookings: BookingService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/meeting/reservation',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'Book a room',
          description:
            `Body \`{ roomId, title, startAt, endAt, privacy? (public | busy | private), participants? ([{ userId } | { email }]), remarks? }\` (epoch ms). The caller is the host and an attendee. Room, title and times are required (422/1005 with the field's message). ${RULES} A room with approval creates a pending booking that holds its slot. ${CONFLICT}`,
          body: CreateReservationBody,
          response: envelopeResponses(Reservation),
        },
      },
      async (request) => {
        const { reservation, pending } = await bookings.create(booker(request), request.body);
        return success(request, reservation, pending ? 'reservationPending' : 'reservationCreated');
      },
    );

    app.get(
      '/meeting/reservation',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'One meeting',
          description: 'Query `id`. Another person\'s busy or private meeting comes without its title, remarks and participants (`visible: false`).',
          querystring: ReservationIdQuery,
          response: envelopeResponses(Reservation),
        },
      },
      async (request) => success(request, await bookings.get(booker(request), request.query.id)),
    );

    app.get(
      '/meeting/reservation/list',
      {
        config: VIEW,
        schema: {
          tags,
          summary: "A room's meetings in a period",
          description: 'Query `roomId, from, to` (epoch ms, at most 31 days): the pending and confirmed meetings touching [from, to), oldest first, with the room\'s time zone.',
          querystring: ReservationListQuery,
          response: envelopeResponses(ReservationList),
        },
      },
      async (request) => success(request, await bookings.list(booker(request), request.query)),
    );

    app.post(
      '/meeting/reservation/update',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'Change a meeting',
          description: `Body \`{ id, roomId?, title?, startAt?, endAt?, privacy?, participants?, remarks? }\`: absent fields stay. The host only (403/1014); not after it ended or was cancelled (422/1005). ${RULES} A new time or room in a room with approval makes it pending again. ${CONFLICT}`,
          body: UpdateReservationBody,
          response: envelopeResponses(Reservation),
        },
      },
      async (request) => success(request, await bookings.update(booker(request), request.body)),
    );

    app.post(
      '/meeting/reservation/cancel',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'Cancel a meeting',
          description: 'Body `{ id }`. The host only (403/1014); a pending or confirmed meeting that has not ended (422/1005). Its time is free at once.',
          body: ReservationIdBody,
          response: envelopeResponses(Reservation),
        },
      },
      async (request) => success(request, await bookings.cancel(booker(request), request.body.id), 'reservationCancelled'),
    );
  };
}
