import type { BookingPreferencesAnswer, UpdateBookingPreferencesBody } from '@atrium/contract';
import type { NoticeDefaults } from '../booking/engine/booking.types.js';
import type { Clock } from '../../platform/clock.js';
import { changedFields, type Actor, type OperationLog } from '../operation-log/operation-log.service.js';
import type { BookingPreferencesRepository } from './booking-preferences.repository.js';

export interface BookingPreferencesServiceDeps {
  preferences: BookingPreferencesRepository;
  /** The company's notification settings' default reminder and notice (/config/notice), shown to the booking form. */
  noticeDefaults(companyId: number): Promise<NoticeDefaults>;
  operationLog: OperationLog;
  clock: Clock;
}

export type BookingPreferencesService = ReturnType<typeof createBookingPreferencesService>;

/**
 * The booking preferences page (/booker-preferences): the company's booking rules. The booking API
 * reads them on every booking and change (booking.service.ts), so a saved change holds at once in
 * every server process; meetings already booked keep their time.
 */
export function createBookingPreferencesService({ preferences, noticeDefaults, operationLog, clock }: BookingPreferencesServiceDeps) {
  async function answer(companyId: number): Promise<BookingPreferencesAnswer> {
    const [rules, defaults] = await Promise.all([preferences.withChange(companyId), noticeDefaults(companyId)]);
    return { ...rules, defaultReminderMinutes: defaults.reminderMinutes, defaultNoticeMinutes: defaults.noticeMinutes };
  }

  return {
    get: answer,

    async update(actor: Actor, body: UpdateBookingPreferencesBody): Promise<BookingPreferencesAnswer> {
      const before = await preferences.get(actor.companyId);
      await operationLog.track(actor, { action: 'bookingPreferences.update', targetType: 'company', targetId: actor.companyId, detail: { changes: changedFields(before, body) } }, () =>
        preferences.save(actor.companyId, body, actor.userId, clock.now()),
      );
      return answer(actor.companyId);
    },
  };
}
