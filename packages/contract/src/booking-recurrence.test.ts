import { describe, expect, it } from 'vitest';
import { expandOccurrences, lastDateOf, REPEAT_HORIZON_DAYS, ruleInZone } from './booking-recurrence.js';
import type { RepeatRule } from './booking-series.js';
import { addDays, defaultPickerTime, fromZoned, timePickerOptions, toZoned } from './zoned-time.js';

const london = 'Europe/London';
const expand = (firstDate: string, rule: RepeatRule, startTime = '09:00', endTime = '10:00', timeZone = london) =>
  expandOccurrences({ firstDate, startTime, endTime, timeZone, rule });

describe('zoned time', () => {
  it('reads and writes wall-clock time in a zone', () => {
    expect(fromZoned('2026-07-01', '09:00', london)).toBe(Date.UTC(2026, 6, 1, 8, 0));
    expect(fromZoned('2026-12-01', '09:00', london)).toBe(Date.UTC(2026, 11, 1, 9, 0));
    expect(fromZoned('2026-12-01', '09:00', 'Asia/Shanghai')).toBe(Date.UTC(2026, 11, 1, 1, 0));
    expect(toZoned(Date.UTC(2026, 6, 1, 23, 30), london)).toEqual({ date: '2026-07-02', time: '00:30', weekday: 4 });
  });

  it('moves a time skipped by the spring jump forward and takes the later of a doubled autumn time', () => {
    // London jumps from 01:00 to 02:00 on 2026-03-29; 01:30 does not exist.
    expect(toZoned(fromZoned('2026-03-29', '01:30', london), london).time).toBe('02:30');
    // 01:30 happens twice on 2026-10-25 (BST, then GMT).
    expect(fromZoned('2026-10-25', '01:30', london)).toBe(Date.UTC(2026, 9, 25, 1, 30));
  });

  it('offers picker times from 00:30 to 23:30 every 15 minutes and defaults to now plus 30 minutes rounded down', () => {
    const options = timePickerOptions();
    expect(options[0]).toBe('00:30');
    expect(options.at(-1)).toBe('23:30');
    expect(options).toHaveLength(93);
    expect(defaultPickerTime('09:07')).toBe('09:30');
    expect(defaultPickerTime('09:16')).toBe('09:45');
    expect(defaultPickerTime('23:40')).toBe('23:30');
    expect(defaultPickerTime('00:00')).toBe('00:30');
  });
});

describe('repeat rules', () => {
  it('keeps a weekly meeting at 09:00 local across the autumn change', () => {
    const occurrences = expand('2026-10-15', { frequency: 'weekly', until: '2026-11-05' });
    expect(occurrences.map((o) => o.date)).toEqual(['2026-10-15', '2026-10-22', '2026-10-29', '2026-11-05']);
    expect(occurrences.map((o) => toZoned(o.startAt, london).time)).toEqual(['09:00', '09:00', '09:00', '09:00']);
    // Before the change 09:00 is 08:00 UTC, after it 09:00 UTC.
    expect(new Date(occurrences[1]!.startAt).getUTCHours()).toBe(8);
    expect(new Date(occurrences[2]!.startAt).getUTCHours()).toBe(9);
    expect(occurrences.every((o) => o.endAt - o.startAt === 3_600_000)).toBe(true);
  });

  it('repeats on workdays only, and on chosen weekdays', () => {
    expect(expand('2026-11-20', { frequency: 'workday', until: '2026-11-25' }).map((o) => o.date)).toEqual([
      '2026-11-20', '2026-11-23', '2026-11-24', '2026-11-25',
    ]);
    expect(expand('2026-11-23', { frequency: 'weekly', weekdays: [1, 3], until: '2026-12-02' }).map((o) => o.date)).toEqual([
      '2026-11-23', '2026-11-25', '2026-11-30', '2026-12-02',
    ]);
  });

  it('skips months without the day and Februaries without the 29th', () => {
    expect(expand('2027-01-31', { frequency: 'monthly', until: '2027-05-31' }).map((o) => o.date)).toEqual(['2027-01-31', '2027-03-31', '2027-05-31']);
    expect(expand('2028-02-29', { frequency: 'custom', unit: 'year', interval: 1 }).map((o) => o.date)).toEqual(['2028-02-29']);
  });

  it('follows custom intervals', () => {
    expect(expand('2026-11-23', { frequency: 'custom', unit: 'week', interval: 2, weekdays: [1, 5], until: '2026-12-21' }).map((o) => o.date)).toEqual([
      '2026-11-23', '2026-11-27', '2026-12-07', '2026-12-11', '2026-12-21',
    ]);
    expect(expand('2026-11-23', { frequency: 'custom', unit: 'day', interval: 3, until: '2026-12-01' }).map((o) => o.date)).toEqual([
      '2026-11-23', '2026-11-26', '2026-11-29',
    ]);
  });

  it('ends a never-ending rule after 180 days, also when until is later', () => {
    const daily = expand('2026-11-23', { frequency: 'daily' });
    expect(daily).toHaveLength(REPEAT_HORIZON_DAYS);
    expect(daily.at(-1)!.date).toBe(addDays('2026-11-23', REPEAT_HORIZON_DAYS - 1));
    expect(lastDateOf('2026-11-23', { frequency: 'daily', until: '2030-01-01' })).toBe(daily.at(-1)!.date);
    expect(expand('2026-11-23', { frequency: 'none' })).toHaveLength(1);
  });

  it('ends a meeting whose end time is not after its start on the next day', () => {
    const [only] = expand('2026-11-23', { frequency: 'none' }, '23:00', '01:00');
    expect(only!.endAt - only!.startAt).toBe(2 * 3_600_000);
  });
});

describe('a rule written in the viewer zone, for a room in another (issue 17)', () => {
  // Tuesday 1 December 2026, 20:00 in New York = Wednesday 2 December, 09:00 in Shanghai.
  const startAt = fromZoned('2026-12-01', '20:00', 'America/New_York');

  it("moves weekdays and the last date by the days between the two zones' dates of the start", () => {
    expect(ruleInZone({ frequency: 'weekly', weekdays: [2, 4], until: '2027-03-02' }, startAt, 'America/New_York', 'Asia/Shanghai')).toEqual({
      frequency: 'weekly',
      weekdays: [3, 5],
      until: '2027-03-03',
    });
    // Saturday evening in New York is Sunday in Shanghai: the week wraps round.
    expect(ruleInZone({ frequency: 'custom', unit: 'week', interval: 1, weekdays: [6], until: null }, startAt, 'America/New_York', 'Asia/Shanghai').weekdays).toEqual([0]);
    // The other way: 09:00 on Wednesday in Shanghai is Tuesday evening in New York.
    expect(ruleInZone({ frequency: 'weekly', weekdays: [3], until: null }, startAt, 'Asia/Shanghai', 'America/New_York')).toEqual({ frequency: 'weekly', weekdays: [2], until: null });
  });

  it('turns "every workday" of the viewer into the weekly rule of the moved days, and leaves a same-day zone alone', () => {
    expect(ruleInZone({ frequency: 'workday', until: null }, startAt, 'America/New_York', 'Asia/Shanghai')).toEqual({ frequency: 'weekly', weekdays: [2, 3, 4, 5, 6], until: null });
    const daily = { frequency: 'daily', until: '2027-01-01' } as const;
    // 10:00 in London is 10:00 in London; in Paris it is the same date.
    expect(ruleInZone(daily, fromZoned('2026-12-01', '10:00', london), london, 'Europe/Paris')).toEqual(daily);
  });

  it('repeats the booked meetings on the days the viewer chose, at the room\'s clock', () => {
    const rule = ruleInZone({ frequency: 'weekly', weekdays: [2], until: '2026-12-15' }, startAt, 'America/New_York', 'Asia/Shanghai');
    const first = toZoned(startAt, 'Asia/Shanghai');
    const occurrences = expandOccurrences({ firstDate: first.date, startTime: first.time, endTime: '10:00', timeZone: 'Asia/Shanghai', rule });
    expect(occurrences.map((o) => toZoned(o.startAt, 'America/New_York'))).toEqual([
      { date: '2026-12-01', time: '20:00', weekday: 2 },
      { date: '2026-12-08', time: '20:00', weekday: 2 },
      { date: '2026-12-15', time: '20:00', weekday: 2 },
    ]);
  });
});
