import { describe, expect, it } from 'vitest';
import { dateTimeFormat, localDateTime, toZoned, zoneOffsetMs } from './zoned-time.js';

describe('localDateTime', () => {
  it('writes the wall-clock date and time in the zone, UTC without one', () => {
    const at = Date.UTC(2026, 10, 23, 9, 5, 59);
    expect(localDateTime(at, 'Europe/London')).toBe('2026-11-23 09:05');
    expect(localDateTime(at, 'Asia/Shanghai')).toBe('2026-11-23 17:05');
    expect(localDateTime(at, 'America/New_York')).toBe('2026-11-23 04:05');
    expect(localDateTime(at, null)).toBe('2026-11-23 09:05');
  });

  it('crosses midnight and daylight saving as the zone does', () => {
    expect(localDateTime(Date.UTC(2026, 10, 23, 16, 0), 'Asia/Shanghai')).toBe('2026-11-24 00:00');
    // London moves from UTC+1 to UTC+0 at 01:00 UTC on 2026-10-25.
    expect(localDateTime(Date.UTC(2026, 9, 25, 0, 30), 'Europe/London')).toBe('2026-10-25 01:30');
    expect(localDateTime(Date.UTC(2026, 9, 25, 1, 30), 'Europe/London')).toBe('2026-10-25 01:30');
  });
});

describe('zone offsets kept by day and quarter hour', () => {
  /** What Intl says, the slow way: the reference the kept offsets must always match. */
  const formats = new Map<string, Intl.DateTimeFormat>();
  function reference(ms: number, timeZone: string) {
    if (!formats.has(timeZone)) formats.set(timeZone, new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }));
    const parts = formats.get(timeZone)!.formatToParts(ms);
    const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
    const whole = Math.floor(ms / 1000) * 1000;
    const offset = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - whole;
    return { offset, date: `${get('year')}-${String(get('month')).padStart(2, '0')}-${String(get('day')).padStart(2, '0')}`, time: `${String(get('hour')).padStart(2, '0')}:${String(get('minute')).padStart(2, '0')}` };
  }

  it('matches Intl around every kind of change: daylight saving, half-hour and 45-minute zones, historic offsets with seconds', () => {
    const zones = ['Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Asia/Shanghai', 'America/St_Johns', 'Africa/Abidjan', 'Pacific/Apia', 'UTC'];
    const instants = [
      // Around London's and New York's changes in 2026, minute by minute.
      ...Array.from({ length: 180 }, (_, i) => Date.UTC(2026, 2, 29, 0, 0) + i * 60_000),
      ...Array.from({ length: 180 }, (_, i) => Date.UTC(2026, 10, 1, 5, 0) + i * 60_000),
      // Lord Howe moves by 30 minutes at 02:00 local (15:00 UTC the day before).
      ...Array.from({ length: 120 }, (_, i) => Date.UTC(2026, 3, 4, 14, 0) + i * 60_000),
      // Samoa skipped a whole day at the end of 2011.
      ...Array.from({ length: 72 }, (_, i) => Date.UTC(2011, 11, 29) + i * 3_600_000),
      // Abidjan left its local mean time (-00:16:08) at 1912-01-01T00:16:08Z: a change inside a quarter hour.
      ...Array.from({ length: 720 }, (_, i) => Date.UTC(1912, 0, 1, 0, 0) + i * 5_000),
      // Spread over years, at odd seconds.
      ...Array.from({ length: 400 }, (_, i) => Date.UTC(2000, 0, 1) + i * 2_629_746_123),
    ];
    for (const timeZone of zones) {
      for (const ms of instants) {
        const expected = reference(ms, timeZone);
        expect([zoneOffsetMs(ms, timeZone), toZoned(ms, timeZone).date, toZoned(ms, timeZone).time], `${timeZone} ${new Date(ms).toISOString()}`).toEqual([expected.offset, expected.date, expected.time]);
      }
    }
  });
});

describe('dateTimeFormat', () => {
  const at = Date.UTC(2026, 6, 1, 9, 5);

  it('keeps one formatter per locale and options, and formats as a new one would', () => {
    const london = dateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/London' });
    expect(dateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/London' })).toBe(london);
    expect(london.format(at)).toBe('10:05');
    expect(london.format(at)).toBe(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/London' }).format(at));
  });

  it('tells zones, locales and options apart', () => {
    const options = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
    expect(dateTimeFormat('en-GB', { ...options, timeZone: 'Asia/Shanghai' }).format(at)).toBe('17:05');
    expect(dateTimeFormat('zh-CN', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(at)).toBe('7月1日');
    expect(dateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(at)).toBe('Jul 1');
  });
});
