import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEVICE_TOKEN_HEADER, PadBookBody, PadReservationBody, PadSchedule, PAD_BOOK_MAX_MINUTES, PAD_BOOK_MIN_MINUTES } from '@atrium/contract';
import { requireDevice } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import type { CheckInService } from '../booking/check-in/booking-checkin.service.js';
import type { LiveHub } from '../live/live.hub.js';

const TAGS = ['device API'];
/** The door display's calls: the guard checks its device token before the body is read. */
const DEVICE = { access: 'device', deviceKind: 'doorDisplay' } as const;
/** The display's writes: a retry with the same Idempotency-Key answers the first answer (docs/decisions/0010). */
const DEVICE_WRITE = { ...DEVICE, idempotent: true } as const;
const HEADER = `Header \`${DEVICE_TOKEN_HEADER}\`; an unknown or cancelled token answers 401/2001. A display reaches its own room only: another room's meeting answers 404.`;

const callerOf = (request: FastifyRequest) => requireDevice(request, 'doorDisplay');

/** The door display page's calls (/pad): its room's schedule, book now, check in, end early. */
export function padRoutes({ checkIns, hub }: { checkIns: CheckInService; hub: Pick<LiveHub, 'open'> }): FastifyPluginAsyncZod {
  return async (app) => {

    app.get(
      '/device/pad/schedule',
      {
        config: DEVICE,
        schema: {
          tags: TAGS,
          summary: "The display's room now: the current meeting, the next ones today and the next 3 days, free or busy, what it may book",
          description: `${HEADER} Titles, hosts and participants come only where the room's display information and screen group allow, and never for a private meeting (busy: the host only).`,
          response: envelopeResponses(PadSchedule),
        },
      },
      async (request) => success(request, await checkIns.schedule(callerOf(request))),
    );

    app.get(
      '/device/pad/stream',
      {
        config: DEVICE,
        schema: {
          tags: TAGS,
          summary: "The display's room changes as server-sent events",
          description: `${HEADER} A \`text/event-stream\`: \`event: ready\` at once, then \`event: rooms\` with \`data: { roomIds: [its room], reason: booking | time | resync }\` whenever the room's meetings or state may have changed (read the schedule again): a booking, change, check-in or release from any process, or the state flipping by time; \`event: broadcast\` when the company's broadcast notices changed (read \`/device/pad/broadcasts\` again). A comment heartbeat every 25 s; the stream ends after 15 minutes (connect again). Browsers' EventSource cannot send the header: read it with fetch.`,
        },
      },
      async (request, reply) => {
        const device = callerOf(request);
        reply.hijack();
        hub.open(reply.raw, { companyId: device.companyId, roomIds: [device.roomId], isDevice: true });
      },
    );

    app.get(
      '/device/pad/qr',
      {
        config: DEVICE,
        schema: {
          tags: TAGS,
          summary: "The room's QR code, for the display to show while a check-in is due",
          description: `${HEADER} A PNG of \`<PUBLIC_URL>/check-in?room=<id>\` (the page that checks the scanning colleague in), the same as the console's room QR code.`,
        },
      },
      async (request, reply) => {
        const device = callerOf(request);
        return reply.header('content-type', 'image/png').header('cache-control', 'private, max-age=3600').send(await checkIns.roomQr(device.companyId, device.roomId));
      },
    );

    app.post(
      '/device/pad/book',
      {
        config: DEVICE_WRITE,
        schema: {
          tags: TAGS,
          summary: 'Book the room now, at the door',
          description: `Body \`{ minutes }\` (${PAD_BOOK_MIN_MINUTES}-${PAD_BOOK_MAX_MINUTES}, at most the screen group's longest single booking; 422/1005 otherwise). From this minute; nobody hosts it, channel 'display', checked in at once. Booking at the door off, or a room with approval: 422/1005. A clash answers 409/1003 naming the clashing meeting's time (and title when public). ${HEADER} Answers the new schedule.`,
          body: PadBookBody,
          response: envelopeResponses(PadSchedule),
        },
      },
      async (request) => success(request, await checkIns.bookNow(callerOf(request), request.body.minutes, request.lang), 'reservationCreated'),
    );

    app.post(
      '/device/pad/check-in',
      {
        config: DEVICE_WRITE,
        schema: {
          tags: TAGS,
          summary: 'Check a meeting in at the door',
          description: `Body \`{ id }\`. The same window as the console's check-in; channel 'display'. ${HEADER} Answers the new schedule.`,
          body: PadReservationBody,
          response: envelopeResponses(PadSchedule),
        },
      },
      async (request) => success(request, await checkIns.checkInByDevice(callerOf(request), request.body.id), 'checkedIn'),
    );

    app.post(
      '/device/pad/end',
      {
        config: DEVICE_WRITE,
        schema: {
          tags: TAGS,
          summary: 'End the running meeting at the door',
          description: `Body \`{ id }\`. When the screen group allows early end (422/1005 otherwise); the rest of the slot is free at once. ${HEADER} Answers the new schedule.`,
          body: PadReservationBody,
          response: envelopeResponses(PadSchedule),
        },
      },
      async (request) => success(request, await checkIns.endByDevice(callerOf(request), request.body.id), 'reservationEndedEarly'),
    );
  };
}
