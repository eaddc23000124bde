import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_PREFERENCES } from '@atrium/contract';
import { i18n } from '../../../shared/i18n/i18n';
import { change, companyDefaults, defaultSlot, describeRepeat, emptyValues, inZone, instants, PICKER_TIMES, repeatRule, slotFromGrid, toBody, validate } from './booking-form';

const NOW = Date.UTC(2026, 10, 23, 9, 7); // 09:07 UTC, 10:07 in Paris

describe('booking form rules', () => {
  it('offers times from 00:30 to 23:30 every 15 minutes (spec 000 section 5)', () => {
    expect(PICKER_TIMES[0]).toBe('00:30');
    expect(PICKER_TIMES.at(-1)).toBe('23:30');
    expect(PICKER_TIMES).toHaveLength(93);
    expect(PICKER_TIMES.slice(0, 3)).toEqual(['00:30', '00:45', '01:00']);
  });

  it("defaults to now + 30 minutes rounded down to 15, in the room's zone, ending an hour later", () => {
    expect(defaultSlot(NOW, 'Europe/Paris')).toEqual({ date: '2026-11-23', start: '10:30', end: '11:30' });
    expect(defaultSlot(NOW, 'Asia/Shanghai')).toEqual({ date: '2026-11-23', start: '17:30', end: '18:30' });
    // Late at night the default stays inside the picker.
    expect(defaultSlot(Date.UTC(2026, 10, 23, 23, 50), 'UTC')).toEqual({ date: '2026-11-23', start: '23:30', end: '23:30' });
    expect(defaultSlot(Date.UTC(2026, 10, 23, 0, 1), 'UTC').start).toBe('00:30');
  });

  it('turns a grid click or drag into a slot inside the picker', () => {
    expect(slotFromGrid(600, 660)).toEqual({ start: '10:00', end: '11:00' });
    expect(slotFromGrid(0, 60)).toEqual({ start: '00:30', end: '01:00' });
    expect(slotFromGrid(23 * 60, 24 * 60)).toEqual({ start: '23:00', end: '23:30' });
  });

  it("requires title, date, start, end and room with the spec's messages, and valid guest addresses", () => {
    const empty = { ...emptyValues(NOW, 'UTC'), date: null, start: null, end: null };
    expect(validate(empty)).toEqual({ roomId: 'roomRequired', title: 'titleRequired', date: 'dateRequired', start: 'startRequired', end: 'endRequired' });
    const filled = { ...emptyValues(NOW, 'UTC'), roomId: 4, title: 'Plan' };
    expect(validate(filled)).toEqual({});
    expect(validate({ ...filled, start: '11:00', end: '10:00' })).toEqual({ end: 'startAfterEnd' });
    expect(validate({ ...filled, participants: ['user:3', 'not-an-address'] })).toEqual({ participants: 'emailInvalid' });
    expect(validate({ ...filled, participants: [] }, false)).toEqual({ participants: 'attendeesRequired' });
    expect(validate({ ...filled, repeat: 'daily', until: '2026-11-01' })).toEqual({ until: 'untilBeforeDate' });
  });

  it('builds the repeat rule: named frequencies, custom interval and unit, weekdays, never ends', () => {
    const base = { ...emptyValues(NOW, 'UTC'), roomId: 4, title: 'Plan' };
    expect(repeatRule(base)).toBeUndefined();
    expect(repeatRule({ ...base, repeat: 'workday' })).toEqual({ frequency: 'workday', until: null });
    expect(repeatRule({ ...base, repeat: 'weekly', weekdays: [3, 1] })).toEqual({ frequency: 'weekly', until: null, weekdays: [1, 3] });
    expect(repeatRule({ ...base, repeat: 'custom', interval: 2, unit: 'month', until: '2027-03-01' })).toEqual({ frequency: 'custom', unit: 'month', interval: 2, until: '2027-03-01' });
  });

  it("sends instants of the room's zone, across a daylight-saving change", () => {
    const values = { ...emptyValues(NOW, 'Europe/London'), roomId: 4, title: ' Plan ', date: '2027-03-29', start: '09:00', end: '10:00', participants: ['user:7', 'Guest@Example.org'] };
    const body = toBody(values, 'Europe/London');
    expect(body).toMatchObject({ roomId: 4, title: 'Plan', startAt: Date.UTC(2027, 2, 29, 8, 0), endAt: Date.UTC(2027, 2, 29, 9, 0), participants: [{ userId: 7 }, { email: 'guest@example.org' }], reminderMinutes: 15, noticeMinutes: null });
    expect(body.repeat).toBeUndefined();
    expect(toBody({ ...values, repeat: 'daily' }, 'Europe/London').repeat).toEqual({ frequency: 'daily', until: null });
  });
});

describe('the booking form across zones (issue 17)', () => {
  const form = (zone: string) => ({ ...emptyValues(NOW, zone), roomId: 9, title: 'Plan', date: '2026-12-01', start: '20:00', end: '21:00' });

  it("books the instant picked in the form's zone, whatever the room's zone", () => {
    const newYork = form('America/New_York');
    expect(instants(newYork)).toEqual({ startAt: Date.UTC(2026, 11, 2, 1, 0), endAt: Date.UTC(2026, 11, 2, 2, 0) });
    // The room's zone only moves the repeat rule's days, never the instants.
    expect(toBody(newYork, 'Asia/Shanghai')).toMatchObject({ startAt: Date.UTC(2026, 11, 2, 1, 0), endAt: Date.UTC(2026, 11, 2, 2, 0) });
    expect(toBody(newYork, 'Europe/London')).toMatchObject({ startAt: Date.UTC(2026, 11, 2, 1, 0) });
  });

  it("writes the same instants in the room's zone and back when the user switches", () => {
    const weekly = { ...form('America/New_York'), repeat: 'weekly' as const, weekdays: [2], until: '2027-03-02' };
    const inShanghai = inZone(weekly, 'Asia/Shanghai');
    expect(inShanghai).toMatchObject({ zone: 'Asia/Shanghai', date: '2026-12-02', start: '09:00', end: '10:00', weekdays: [3], until: '2027-03-03' });
    expect(instants(inShanghai)).toEqual(instants(weekly));
    expect(inZone(inShanghai, 'America/New_York')).toMatchObject({ date: '2026-12-01', start: '20:00', end: '21:00', weekdays: [2], until: '2027-03-02' });
  });

  it("sends the repeat rule in the room's days: Tuesday evenings in New York are Wednesday mornings in Shanghai", () => {
    const weekly = { ...form('America/New_York'), repeat: 'weekly' as const, weekdays: [2, 4], until: '2027-03-02' };
    expect(repeatRule(weekly)).toEqual({ frequency: 'weekly', until: '2027-03-02', weekdays: [2, 4] });
    expect(toBody(weekly, 'Asia/Shanghai').repeat).toEqual({ frequency: 'weekly', until: '2027-03-03', weekdays: [3, 5] });
    expect(toBody({ ...weekly, repeat: 'workday' }, 'Asia/Shanghai').repeat).toEqual({ frequency: 'weekly', until: '2027-03-03', weekdays: [2, 3, 4, 5, 6] });
    // Same day in London (01:00 on Wednesday is still the next day there): moved too.
    expect(toBody(weekly, 'Europe/London').repeat).toEqual({ frequency: 'weekly', until: '2027-03-03', weekdays: [3, 5] });
  });
});

describe('the booking form follows what people expect (issue 17)', () => {
  const base = { ...emptyValues(NOW, 'UTC'), roomId: 4, title: 'Plan', date: '2026-12-01', start: '10:00', end: '11:30' };

  it('moves the end with the start by the same duration, inside the picker', () => {
    expect(change(base, { start: '14:15' })).toMatchObject({ start: '14:15', end: '15:45' });
    expect(change(base, { start: '23:00' })).toMatchObject({ end: '23:30' });
    // Changing both, or the end alone, is taken as it comes.
    expect(change(base, { end: '12:00' })).toMatchObject({ start: '10:00', end: '12:00' });
    expect(change(base, { start: '09:00', end: '09:30' })).toMatchObject({ start: '09:00', end: '09:30' });
  });

  it("ticks the start date's weekday when the meeting becomes weekly, and moves that tick with the date", () => {
    // 1 December 2026 is a Tuesday.
    const weekly = change(base, { repeat: 'weekly' });
    expect(weekly.weekdays).toEqual([2]);
    expect(change(weekly, { date: '2026-12-03' }).weekdays).toEqual([4]);
    // A choice of several days is the user's: the date leaves it alone.
    expect(change({ ...weekly, weekdays: [1, 3] }, { date: '2026-12-03' }).weekdays).toEqual([1, 3]);
    expect(change(change(base, { repeat: 'custom' }), { unit: 'week' }).weekdays).toEqual([2]);
    // An end of the repeat before the new date moves with it.
    expect(change({ ...weekly, until: '2026-12-05' }, { date: '2026-12-10' }).until).toBe('2026-12-10');
  });

  it('refuses a start already past, with the five minutes the server allows', () => {
    const now = Date.UTC(2026, 11, 1, 10, 20);
    expect(validate(base, true, now)).toEqual({ start: 'inPast' });
    expect(validate(base, true, Date.UTC(2026, 11, 1, 10, 4))).toEqual({});
  });

  it("starts from the company's defaults: privacy, reminder, notice time and the longest meeting", () => {
    const preferences = { ...DEFAULT_BOOKING_PREFERENCES, defaultPrivacy: 'busy' as const, maxMeetingMinutes: 30, defaultReminderMinutes: 30 as const, defaultNoticeMinutes: 15 as const, updatedAt: null, updatedByName: null };
    const defaults = companyDefaults(preferences);
    expect(defaults).toEqual({ values: { privacy: 'busy', reminderMinutes: 30, noticeMinutes: 15 }, minutes: 30 });
    expect(emptyValues(NOW, 'Europe/Paris', defaults.values, defaults.minutes)).toMatchObject({ privacy: 'busy', reminderMinutes: 30, noticeMinutes: 15, start: '10:30', end: '11:00' });
    expect(companyDefaults(undefined)).toEqual({ values: {}, minutes: 60 });
  });

  it('says a repeat rule in words in both languages, in the days of the reader', () => {
    const en = i18n.getFixedT('en-US');
    const zh = i18n.getFixedT('zh-CN');
    const rule = { frequency: 'weekly' as const, weekdays: [2], until: '2027-03-01' };
    expect(describeRepeat(rule, en)).toBe('Weekly on Tuesday until 2027-03-01');
    expect(describeRepeat(rule, zh)).toBe('每周二，直到 2027-03-01');
    // The room's Wednesday is the New York reader's Tuesday.
    expect(describeRepeat({ ...rule, weekdays: [3], until: '2027-03-02' }, en, -1)).toBe('Weekly on Tuesday until 2027-03-01');
    expect(describeRepeat({ frequency: 'weekly', weekdays: [5, 1], until: null }, en)).toBe('Weekly on Monday, Friday, with no end date (180 days)');
    expect(describeRepeat({ frequency: 'custom', unit: 'month', interval: 2, until: null }, zh)).toBe('每 2 个月，不设结束日期（180 天）');
    expect(describeRepeat({ frequency: 'workday', until: '2027-01-08' }, en)).toBe('Every workday until 2027-01-08');
  });
});
