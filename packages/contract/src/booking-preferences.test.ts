import { describe, expect, it } from 'vitest';
import { bookingRuleBreach, DEFAULT_BOOKING_PREFERENCES, UpdateBookingPreferencesBody } from './booking-preferences.js';
import { fromZoned } from './zoned-time.js';

const NY = 'America/New_York';
const now = fromZoned('2026-03-02', '09:00', NY);
const rules = { ...DEFAULT_BOOKING_PREFERENCES, bookableWeekdays: [1, 2, 3, 4, 5], bookableHours: { start: '07:00', end: '24:00' } };
const judge = (date: string, start: string, endDate: string, end: string, zone = NY) =>
  bookingRuleBreach(rules, { startAt: fromZoned(date, start, zone), endAt: fromZoned(endDate, end, zone), timeZone: zone, now, checkAhead: true });

describe('booking rules', () => {
  it('reads the bookable day in the room zone, up to midnight when the day runs to 24:00', () => {
    expect(judge('2026-03-03', '23:00', '2026-03-04', '00:00')).toBeNull();
    expect(judge('2026-03-03', '23:00', '2026-03-04', '00:15')?.key).toBe('reservationOutsideHours');
    expect(judge('2026-03-03', '06:45', '2026-03-03', '08:00')?.key).toBe('reservationOutsideHours');
    // Friday 22:00 in New York is already Saturday in UTC: the room's zone decides.
    expect(judge('2026-03-06', '22:00', '2026-03-06', '23:00')).toBeNull();
    expect(judge('2026-03-07', '10:00', '2026-03-07', '11:00')?.key).toBe('reservationOutsideDays');
  });

  it('keeps the hours across the spring-forward night (8 March 2026 in New York)', () => {
    expect(judge('2026-03-09', '07:00', '2026-03-09', '08:00')).toBeNull();
    expect(judge('2026-03-09', '06:30', '2026-03-09', '07:30')?.key).toBe('reservationOutsideHours');
  });

  it('skips the days and hours without a zone, and the book-ahead limit when told', () => {
    const far = fromZoned('2026-12-05', '03:00', NY);
    expect(bookingRuleBreach(rules, { startAt: far, endAt: far + 3_600_000, timeZone: null, now, checkAhead: false })).toBeNull();
    expect(bookingRuleBreach(rules, { startAt: far, endAt: far + 3_600_000, timeZone: null, now, checkAhead: true })).toEqual({ key: 'reservationTooFarAhead', params: { days: 180 } });
  });

  it('accepts 24:00 only as the end of the day, and weekdays once each in order', () => {
    expect(UpdateBookingPreferencesBody.safeParse({ ...rules, bookableHours: { start: '24:00', end: '24:00' } }).success).toBe(false);
    expect(UpdateBookingPreferencesBody.parse({ ...rules, bookableWeekdays: [5, 1, 5, 3] }).bookableWeekdays).toEqual([1, 3, 5]);
  });
});
