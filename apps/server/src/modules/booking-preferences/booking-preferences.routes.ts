import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BookingPreferencesAnswer, UpdateBookingPreferencesBody } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { BookingPreferencesService } from './booking-preferences.service.js';

const tags = ['booking preferences'];

export function bookingPreferencesRoutes({ preferences }: { preferences: BookingPreferencesService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/meeting/preferences',
      {
        // Every member books under these rules and the booking form shows them, so reading needs only a sign-in.
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: "The company's booking rules",
          description:
            '`{ bookAheadDays, maxMeetingMinutes, bookableWeekdays, bookableHours, releaseNoShows, seriesNoShowLimit, defaultPrivacy, defaultReminderMinutes, updatedAt, updatedByName }`; the defaults (180 days, 24 hours, every day, any time, release no-shows, 3 missed check-ins, public, 15 minutes) until changed.',
          response: envelopeResponses(BookingPreferencesAnswer),
        },
      },
      async (request) => success(request, await preferences.get(requireAuth(request).companyId)),
    );

    app.put(
      '/meeting/preferences',
      {
        config: { access: 'permission', permission: 'reservationScreens:edit' },
        schema: {
          tags,
          summary: "Change the company's booking rules",
          description:
            'The whole set. `bookAheadDays` 1-365; `maxMeetingMinutes` 15-1440 on the quarter hour; `bookableWeekdays` 0 (Sunday) to 6, at least one; `bookableHours` null or `{ start, end }` HH:mm on the quarter hour (end may be 24:00) in each room\'s zone, end after start; `seriesNoShowLimit` 0 (never) to 10; `defaultReminderMinutes` 5, 15, 30, 45, 60 or null. Bookings and changes from now on follow them; meetings already booked stay. In the operation log with the changed fields.',
          body: UpdateBookingPreferencesBody,
          response: envelopeResponses(BookingPreferencesAnswer),
        },
      },
      async (request) => success(request, await preferences.update(actorOf(request), request.body), 'bookingPreferencesSaved'),
    );
  };
}
