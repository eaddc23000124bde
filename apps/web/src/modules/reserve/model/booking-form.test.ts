import { describe, expect, it } from 'vitest';
import { defaultSlot, emptyValues, PICKER_TIMES, repeatRule, slotFromGrid, toBody, validate } from './booking-form';

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
    expect(body).toMatchObject({ roomId: 4, title: 'Plan', startAt: Date.UTC(2027, 2, 29, 8, 0), endAt: Date.UTC(2027, 2, 29, 9, 0), participants: [{ userId: 7 }, { email: 'guest@example.org' }], reminderMinutes: 15 });
    expect(body.repeat).toBeUndefined();
    expect(toBody({ ...values, repeat: 'daily' }, 'Europe/London').repeat).toEqual({ frequency: 'daily', until: null });
  });
});
