import type { Kysely, Selectable } from 'kysely';
import { DEFAULT_BOOKING_PREFERENCES, ReservationPrivacy, type BookingPreferences } from '@atrium/contract';
import type { BookingRulesTable, DB } from '../../db/schema.js';

export type BookingPreferencesRepository = ReturnType<typeof createBookingPreferencesRepository>;

/** The preferences a stored row holds (a value the schema no longer allows falls back to its default). */
export function preferencesFromRow(row: Selectable<BookingRulesTable>): BookingPreferences {
  const privacy = ReservationPrivacy.safeParse(row.default_privacy);
  return {
    bookAheadDays: row.book_ahead_days,
    maxMeetingMinutes: row.max_meeting_minutes,
    bookableWeekdays: row.bookable_weekdays.split(',').filter(Boolean).map(Number),
    bookableHours: row.day_start && row.day_end ? { start: row.day_start, end: row.day_end } : null,
    releaseNoShows: row.release_no_shows === 1,
    seriesNoShowLimit: row.series_no_show_limit,
    defaultPrivacy: privacy.success ? privacy.data : DEFAULT_BOOKING_PREFERENCES.defaultPrivacy,
  };
}

/** The company's booking rules: one `booking_rules` row once changed, the defaults until then. */
export function createBookingPreferencesRepository(db: Kysely<DB>) {
  return {
    /** The rules in force. */
    async get(companyId: number): Promise<BookingPreferences> {
      const row = await db.selectFrom('booking_rules').selectAll().where('company_id', '=', companyId).executeTakeFirst();
      return row ? preferencesFromRow(row) : DEFAULT_BOOKING_PREFERENCES;
    },

    /** The rules with who changed them last. */
    async withChange(companyId: number): Promise<BookingPreferences & { updatedAt: number | null; updatedByName: string | null }> {
      const row = await db
        .selectFrom('booking_rules as br')
        .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'br.updated_by').onRef('u.company_id', '=', 'br.company_id'))
        .selectAll('br')
        .select('u.full_name as updated_by_name')
        .where('br.company_id', '=', companyId)
        .executeTakeFirst();
      if (!row) return { ...DEFAULT_BOOKING_PREFERENCES, updatedAt: null, updatedByName: null };
      return { ...preferencesFromRow(row), updatedAt: Number(row.updated_at), updatedByName: row.updated_by_name ?? null };
    },

    async save(companyId: number, preferences: BookingPreferences, userId: number, now: number): Promise<void> {
      const values = {
        book_ahead_days: preferences.bookAheadDays,
        max_meeting_minutes: preferences.maxMeetingMinutes,
        bookable_weekdays: preferences.bookableWeekdays.join(','),
        day_start: preferences.bookableHours?.start ?? null,
        day_end: preferences.bookableHours?.end ?? null,
        release_no_shows: preferences.releaseNoShows ? 1 : 0,
        series_no_show_limit: preferences.seriesNoShowLimit,
        default_privacy: preferences.defaultPrivacy,
        updated_by: userId,
        updated_at: now,
      } as const;
      await db
        .insertInto('booking_rules')
        .values({ company_id: companyId, ...values })
        .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
        .execute();
    },
  };
}
