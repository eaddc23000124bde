import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BookDeskBody, BookDeskSeriesBody, DeskAvailability, DeskSeriesResult, formatMessage, DeskFloors, DeskAvailabilityQuery, DeskBooking, DeskBookingIdBody, DeskBookings, DeskRules, localDateTime } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { DeskBookingService } from './desk-booking.service.js';
import { bookDeskSeries } from './desk-series.js';

/** Booking a desk is the booking area's (/deskeeper-reservation: calendarRoomUse); a retry with the same Idempotency-Key answers the first answer. */
const USE = { access: 'permission', permission: 'calendarRoomUse:view' } as const;
const USE_WRITE = { ...USE, idempotent: true } as const;
/** The rules are the company's settings (/deskeeper-strategy: globalSettings). */
const RULES_VIEW = { access: 'permission', permission: 'globalSettings:view' } as const;
const RULES_EDIT = { access: 'permission', permission: 'globalSettings:edit', idempotent: true } as const;
const tags = ['desks'];

export function deskBookingRoutes({ deskBookings }: { deskBookings: DeskBookingService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/desk/booking/floors',
      {
        config: USE,
        schema: { tags, summary: 'Floors with desks to book', description: "The company's floors that have desks, by building: as `GET /desk/floors` answers them, for the booking page.", response: envelopeResponses(DeskFloors) },
      },
      async (request) => success(request, await deskBookings.floors(requireAuth(request).companyId)),
    );

    app.get(
      '/desk/availability',
      {
        config: USE,
        schema: {
          tags,
          summary: "A floor's desks on a date",
          description:
            "Query `floorId`, `date` (YYYY-MM-DD on the floor's clock). The working day's bounds, the last date bookable, the floor's neighbourhoods, and its desks by number as `GET /desk/list` answers them, each with why the caller may not book it (`unavailable`, `assigned`, `neighbourhood`; null: they may) and the bookings holding time that day (who, and whether it is the caller's). An unknown floor 404.",
          querystring: DeskAvailabilityQuery,
          response: envelopeResponses(DeskAvailability),
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        return success(request, await deskBookings.availability({ companyId: auth.companyId, userId: auth.userId }, request.query.floorId, request.query.date));
      },
    );

    app.post(
      '/desk/book',
      {
        config: USE_WRITE,
        schema: {
          tags,
          summary: 'Book a desk',
          description:
            "Body `{ deskId, date, part: am | pm | day | hours, start?, end? }`: the morning, afternoon or working day of `date` as the desk rules set them on the floor's clock, or hours `start` to `end` (HH:mm on a quarter hour). Refused (422/1005) for a desk out of use, kept for its owner or for another department's neighbourhood, a drop-in desk on another day than today, a time past, too far ahead, too long, a second desk of the caller's at the same time (when the rules keep one desk per person), or past the days a week allowed. A slot already taken 409. A drop-in desk taken now is checked in at once.",
          body: BookDeskBody,
          response: envelopeResponses(DeskBooking),
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const booking = await deskBookings.book({ companyId: auth.companyId, userId: auth.userId }, request.body);
        return success(request, booking, 'deskBooked', { number: booking.deskNumber, start: localDateTime(booking.startAt, booking.timeZone), end: localDateTime(booking.endAt, booking.timeZone) });
      },
    );

    app.post(
      '/desk/book/series',
      {
        config: USE_WRITE,
        schema: {
          tags,
          summary: 'Book a desk weekly',
          description:
            "Body as `POST /desk/book` and `weeks` (2-12): the desk for the same part (or hours) on `date` and on the same weekday of the following weeks, each through the same book path one after the other. Answers each date with its booking, or its refusal in the caller's language (taken, beyond the rules' days ahead, a rule); the others are still booked. The message counts the weeks booked.",
          body: BookDeskSeriesBody,
          response: envelopeResponses(DeskSeriesResult),
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const caller = { companyId: auth.companyId, userId: auth.userId };
        const results = await bookDeskSeries((body) => deskBookings.book(caller, body), request.body, (error) => formatMessage(error.messageKey, request.lang, error.params as never));
        return success(request, results, 'deskSeriesBooked', { booked: results.filter((result) => result.booking !== null).length, weeks: request.body.weeks });
      },
    );

    app.get(
      '/desk/booking/mine',
      {
        config: USE,
        schema: { tags, summary: 'My desk bookings', description: "The caller's desk bookings that have not ended, soonest first (at most 200), each with its desk, floor, zone and check-in deadline.", response: envelopeResponses(DeskBookings) },
      },
      async (request) => {
        const auth = requireAuth(request);
        return success(request, await deskBookings.listMine({ companyId: auth.companyId, userId: auth.userId }));
      },
    );

    app.post(
      '/desk/booking/cancel',
      {
        config: USE_WRITE,
        schema: { tags, summary: 'Cancel my desk booking', description: "Body `{ id }`: one of the caller's desk bookings that has not ended (another's 404; one ended or cancelled 422).", body: DeskBookingIdBody, response: envelopeResponses(DeskBooking) },
      },
      async (request) => {
        const auth = requireAuth(request);
        return success(request, await deskBookings.cancel({ companyId: auth.companyId, userId: auth.userId }, request.body.id), 'deskBookingCancelled');
      },
    );

    app.post(
      '/desk/booking/check-in',
      {
        config: USE_WRITE,
        schema: {
          tags,
          summary: "Check in at a desk (its QR code)",
          description: "Body `{ id }`: the desk's id, as its QR code carries it. Checks the caller in to their booking of that desk that holds now or starts within 15 minutes; none 422. A booking nobody checked in to is released when the rules' grace has passed.",
          body: DeskBookingIdBody,
          response: envelopeResponses(DeskBooking),
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const booking = await deskBookings.checkIn({ companyId: auth.companyId, userId: auth.userId }, request.body.id);
        return success(request, booking, 'deskCheckedIn', { number: booking.deskNumber });
      },
    );

    app.get(
      '/desk/rules',
      { config: RULES_VIEW, schema: { tags, summary: 'Desk booking rules', description: 'The company\'s desk booking rules (the defaults until saved).', response: envelopeResponses(DeskRules) } },
      async (request) => success(request, await deskBookings.rules(requireAuth(request).companyId)),
    );

    app.post(
      '/desk/rules',
      {
        config: RULES_EDIT,
        schema: {
          tags,
          summary: 'Save the desk booking rules',
          description: 'Body: every rule (in the operation log; `maxDaysAhead` 0-365, `maxDaysPerWeek` 1-7 or null, `longestBookingMinutes` 30-1440, `dayStart` < `midday` < `dayEnd` on quarter hours, `checkInGraceMinutes` 5-240 or null, `oneDeskPerPerson`). They apply to bookings made from now on.',
          body: DeskRules,
          response: envelopeResponses(DeskRules),
        },
      },
      async (request) => success(request, await deskBookings.saveRules(actorOf(request), request.body), 'deskRulesSaved'),
    );
  };
}
