import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CancelReservationBody,
  CreateReservationBody,
  CreateReservationResult,
  ReservationCheckResult,
  Reservation,
  ReservationIdBody,
  RESERVATION_RESTORE_WINDOW_MS,
  ReservationIdQuery,
  ReservationList,
  ReservationListQuery,
  UpdateReservationBody,
} from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import type { BookingService } from './engine/booking.service.js';

const VIEW = { access: 'permission', permission: 'calendarRoomUse:view' } as const;
/** The writes: a retry with the same Idempotency-Key answers the first answer (docs/decisions/0010). */
const WRITE = { ...VIEW, idempotent: true } as const;
const tags = ['meeting'];

const CONFLICT =
  'An overlap with another pending or confirmed meeting of the room answers 409/1003; the message names the clashing meeting\'s local time and title (only "busy" when the caller may not see it), and `result` is `{ reservationId, startAt, endAt, title, timeZone }`.';
const RULES =
  'The room must be available and not disabled (maintenance) for the time; the start must be before the end, at most 24 hours apart, not earlier than now (5 minutes grace) and at most 180 days ahead (422/1005 with the rule\'s message).';

const SERIES =
  'With `repeat` (a RepeatRule other than frequency none) the meeting repeats at the same wall-clock time in the room\'s zone ("never ends": 180 days; at most 366 occurrences) as one series, written in one transaction. If an occurrence clashes or cannot be booked then (a disable period, too far ahead), nothing is saved: 409/1003 "n of m occurrences …" with `result.conflicts` as the check lists them; with `bookFreeOnly: true` the free ones are booked and the others answered in `skipped`.';
const SERIES_CHECK =
  'Same body as booking. `{ occurrences: [{ date, startAt, endAt, conflict: { reservationId, title (null when the caller may not see it), startAt, endAt } | null, refusal (a disable period, in the past, too far ahead; in the caller\'s language) | null }] }`, one for a single meeting.';

const booker = (request: Parameters<typeof requireAuth>[0]) => {
  const { companyId, userId } = requireAuth(request);
  return { companyId, userId, lang: request.lang };
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
        config: WRITE,
        schema: {
          tags,
          summary: 'Book a room',
          description:
            `Body \`{ roomId, title, startAt, endAt, privacy? (public | busy | private), participants? ([{ userId } | { email }]), remarks? }\` (epoch ms). The caller is the host and an attendee. Room, title and times are required (422/1005 with the field's message). ${RULES} A room with approval creates a pending booking that holds its slot. ${CONFLICT} ${SERIES} \`noticeMinutes\`, \`reminderMinutes\` from the dictionary's notice times and reminder choices (absent: the notification settings' defaults; null: none); \`privacy\` absent: the booking preferences' default. Answers the (first) booked meeting with \`reservation\` (the same), \`pending\`, \`booked\` and \`skipped\` ([{ date, startAt, endAt }]).`,
          body: CreateReservationBody,
          response: envelopeResponses(CreateReservationResult),
        },
      },
      async (request) => {
        const { reservation, pending, seriesId, booked, skipped } = await bookings.create(booker(request), request.body);
        const key = seriesId === null ? (pending ? 'reservationPending' : 'reservationCreated') : pending ? 'reservationSeriesPending' : 'reservationSeriesCreated';
        return success(request, { ...reservation, reservation, pending, booked, skipped }, key, { booked });
      },
    );

    app.post(
      '/meeting/reservation/check',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'Check a booking before saving it',
          description: `${SERIES_CHECK} Saves nothing.`,
          body: CreateReservationBody,
          response: envelopeResponses(ReservationCheckResult),
        },
      },
      async (request) => success(request, await bookings.check(booker(request), request.body)),
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
        config: WRITE,
        schema: {
          tags,
          summary: 'Change a meeting',
          description: `Body \`{ id, roomId?, title?, startAt?, endAt?, privacy?, participants?, remarks? }\`: absent fields stay. The host only (403/1014); not after it ended or was cancelled (422/1005). ${RULES} A new time or room in a room with approval makes it pending again. ${CONFLICT} With a series, \`scope\`: \`one\` (default; the occurrence becomes an exception), \`following\` (this and later ones become a new series; the old one ends the day before) or \`all\` (every occurrence not started yet); exceptions keep their own time and room and take the other changes; a new time or room checks every moved occurrence at once (409/1003 listing them, nothing saved).`,
          body: UpdateReservationBody,
          response: envelopeResponses(Reservation),
        },
      },
      async (request) => success(request, await bookings.update(booker(request), request.body)),
    );

    app.post(
      '/meeting/reservation/cancel',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Cancel a meeting',
          description:
            'Body `{ id, scope? }`. The host only (403/1014); a pending or confirmed meeting that has not ended (422/1005). Its time is free at once. With a series, `scope` `following` or `all` cancels the occurrences not started yet (from this one on, or all) and ends the series before them.',
          body: CancelReservationBody,
          response: envelopeResponses(Reservation),
        },
      },
      async (request) => {
        const { reservation, count } = await bookings.cancelInScope(booker(request), request.body);
        return count > 1 ? success(request, reservation, 'reservationSeriesCancelled', { count }) : success(request, reservation, 'reservationCancelled');
      },
    );

    app.post(
      '/meeting/reservation/restore',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Undo the cancellation of a meeting',
          description: `Body \`{ id }\`. The console's "Undo" after cancelling: within ${RESERVATION_RESTORE_WINDOW_MS / 1000} seconds of the cancellation (422/1005 after), by the host or whoever cancelled it (403/1014 otherwise), while it has not ended. The meeting takes its slot again with the status it had (pending or confirmed); if the slot was taken meanwhile, 409/1003 names the meeting there (${'`'}result${'`'} as for a booking clash). Attendees get an update. A meeting cancelled with its series (scope following or all), or a withdrawn request, cannot be restored (422/1005). Answers the meeting.`,
          body: ReservationIdBody,
          response: envelopeResponses(Reservation),
        },
      },
      async (request) => success(request, await bookings.restore(booker(request), request.body.id), 'reservationRestored'),
    );
  };
}
