import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Reservation, ReservationIdBody, RoomCheckInBody, RoomQrQuery } from '@atrium/contract';
import { requireAuth } from '../../../platform/access.js';
import { envelopeResponses, success } from '../../../platform/envelope.js';
import { sendImage } from '../../upload/upload.http.js';
import type { CheckInService } from './booking-checkin.service.js';

const VIEW = { access: 'permission', permission: 'calendarRoomUse:view' } as const;
/** A retried check-in or end answers the first answer, not "already checked in" (docs/decisions/0010). */
const WRITE = { ...VIEW, idempotent: true } as const;
const tags = ['meeting'];

const WINDOW =
  "The room must have sign-in on (422/1005 'This room does not use check-in'); the meeting must be confirmed and not checked in yet; the window runs from the start minus the room's before-minutes to the start plus its after-minutes (422/1005 naming when it opens or closed).";

const booker = (request: Parameters<typeof requireAuth>[0]) => {
  const { companyId, userId } = requireAuth(request);
  return { companyId, userId };
};

/** Check-in and early end from the console, and a room's QR code (docs/api.md, Check-in and the door display page). */
export function checkInRoutes({ checkIns }: { checkIns: CheckInService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/meeting/reservation/check-in',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Check in to a meeting',
          description: `Body \`{ id }\`. The host or a participant (403/1014 otherwise). ${WINDOW} Answers the meeting with \`checkedInAt\` and \`checkInChannel: 'console'\`.`,
          body: ReservationIdBody,
          response: envelopeResponses(Reservation),
        },
      },
      async (request) => success(request, await checkIns.checkInByUser(booker(request), request.body.id), 'checkedIn'),
    );

    app.post(
      '/meeting/reservation/check-in-room',
      {
        config: WRITE,
        schema: {
          tags,
          summary: "Check in by a room's QR code",
          description: `Body \`{ roomId }\`: the caller's meeting (host or participant) in the room whose check-in window is open now is checked in with \`checkInChannel: 'qr'\`; none: 404. ${WINDOW}`,
          body: RoomCheckInBody,
          response: envelopeResponses(Reservation),
        },
      },
      async (request) => success(request, await checkIns.checkInByRoom(booker(request), request.body.roomId), 'checkedIn'),
    );

    app.post(
      '/meeting/reservation/end',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'End a meeting early',
          description:
            'Body `{ id }`. The host or a participant (403/1014 otherwise); a confirmed meeting under way (422/1005 otherwise). `endAt` becomes now rounded down to the minute (never before its first minute), `bookedEndAt` keeps the booked end and `endedEarlyAt` the moment; the rest of the slot is free at once.',
          body: ReservationIdBody,
          response: envelopeResponses(Reservation),
        },
      },
      async (request) => success(request, await checkIns.endByUser(booker(request), request.body.id), 'reservationEndedEarly'),
    );

    app.get(
      '/meeting/room/qr',
      {
        config: VIEW,
        schema: {
          tags,
          summary: "A room's check-in QR code (PNG)",
          description: "Query `roomId`. The code links to the console's `/check-in?room=<id>`, which checks the signed-in caller in to their meeting there. Another company's room: 404.",
          querystring: RoomQrQuery,
          response: { 200: z.any().describe('PNG bytes') },
        },
      },
      async (request, reply) => sendImage(reply, await checkIns.roomQr(requireAuth(request).companyId, request.query.roomId), 'image/png', 'private, max-age=3600'),
    );
  };
}
