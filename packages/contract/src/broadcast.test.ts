import { describe, expect, it } from 'vitest';
import {
  broadcastFinalEnd,
  broadcastNeverEnds,
  broadcastStatus,
  broadcastWindows,
  CreateBroadcastBody,
  parseBroadcastImageKey,
  type BroadcastTiming,
} from './broadcast.js';
import { currentPadBroadcast } from './broadcast-windows.js';
import { fromZoned } from './zoned-time.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('broadcast timing', () => {
  const once: BroadcastTiming = { startAt: Date.UTC(2026, 10, 23, 9), endAt: Date.UTC(2026, 10, 23, 17), repeat: 'none', repeatUntil: null, timeZone: 'UTC', endedAt: null };

  it('computes the status from the clock: not started, ongoing, ended; ended early ends it at once', () => {
    expect(broadcastStatus(once, once.startAt - 1)).toBe('not_started');
    expect(broadcastStatus(once, once.startAt)).toBe('ongoing');
    expect(broadcastStatus(once, once.endAt - 1)).toBe('ongoing');
    expect(broadcastStatus(once, once.endAt)).toBe('ended');
    const endedEarly = { ...once, endedAt: once.startAt + HOUR };
    expect(broadcastStatus(endedEarly, once.startAt + HOUR - 1)).toBe('ongoing');
    expect(broadcastStatus(endedEarly, once.startAt + HOUR)).toBe('ended');
    expect(broadcastWindows(endedEarly, 'UTC', once.startAt, once.endAt)).toEqual([{ startAt: once.startAt, endAt: once.startAt + HOUR }]);
  });

  it('shows a one-off notice from its start to its end, whatever the display zone', () => {
    expect(broadcastWindows(once, 'Asia/Shanghai', once.startAt - DAY, once.startAt + DAY)).toEqual([{ startAt: once.startAt, endAt: once.endAt }]);
    expect(broadcastWindows(once, 'UTC', once.endAt, once.endAt + DAY)).toEqual([]);
  });

  it("repeats daily at the written wall-clock times, read in each display's zone", () => {
    // 09:00-10:00 written in Shanghai, Monday 23 November 2026, for three days.
    const start = fromZoned('2026-11-23', '09:00', 'Asia/Shanghai');
    const daily: BroadcastTiming = { startAt: start, endAt: start + HOUR, repeat: 'daily', repeatUntil: fromZoned('2026-11-26', '00:00', 'Asia/Shanghai'), timeZone: 'Asia/Shanghai', endedAt: null };
    expect(broadcastWindows(daily, 'Asia/Shanghai', start - DAY, start + 10 * DAY)).toEqual(
      ['2026-11-23', '2026-11-24', '2026-11-25'].map((date) => ({ startAt: fromZoned(date, '09:00', 'Asia/Shanghai'), endAt: fromZoned(date, '10:00', 'Asia/Shanghai') })),
    );
    // A Paris display shows it at 09:00 Paris time on the same days.
    expect(broadcastWindows(daily, 'Europe/Paris', start - DAY, start + 10 * DAY).map((window) => window.startAt)).toEqual(
      ['2026-11-23', '2026-11-24', '2026-11-25'].map((date) => fromZoned(date, '09:00', 'Europe/Paris')),
    );
    // Read in the notice's own zone, it is over after the last day's window.
    expect(broadcastFinalEnd(daily)).toBe(fromZoned('2026-11-25', '10:00', 'Asia/Shanghai'));
    expect(broadcastStatus(daily, start + 2 * HOUR)).toBe('ongoing');
    expect(broadcastStatus(daily, fromZoned('2026-11-25', '10:00', 'Asia/Shanghai'))).toBe('ended');
  });

  it('keeps the wall-clock time across a daylight-saving change, and repeats weekly and on workdays', () => {
    // New York leaves daylight saving on Sunday 1 November 2026.
    const start = fromZoned('2026-10-26', '08:30', 'America/New_York');
    const weekly: BroadcastTiming = { startAt: start, endAt: start + 2 * HOUR, repeat: 'weekly', repeatUntil: broadcastNeverEnds(start), timeZone: 'America/New_York', endedAt: null };
    const [first, second] = broadcastWindows(weekly, 'America/New_York', start, start + 8 * DAY);
    expect(first).toEqual({ startAt: start, endAt: start + 2 * HOUR });
    expect(second!.startAt).toBe(fromZoned('2026-11-02', '08:30', 'America/New_York'));
    expect(second!.startAt - first!.startAt).toBe(7 * DAY + HOUR);
    const workdays = { ...weekly, repeat: 'workdays' as const };
    // Friday 30 October to Tuesday 3 November: Friday, Monday, Tuesday.
    const from = fromZoned('2026-10-30', '00:00', 'America/New_York');
    expect(broadcastWindows(workdays, 'America/New_York', from, from + 5 * DAY).map((window) => new Date(window.startAt).getUTCDay())).toEqual([5, 1, 2]);
  });

  it('never ends means 180 days after the start; a window crossing midnight belongs to its start day', () => {
    const start = Date.UTC(2026, 10, 23, 22);
    const nightly: BroadcastTiming = { startAt: start, endAt: start + 4 * HOUR, repeat: 'daily', repeatUntil: broadcastNeverEnds(start), timeZone: 'UTC', endedAt: null };
    expect(broadcastNeverEnds(start)).toBe(start + 180 * DAY);
    expect(broadcastFinalEnd(nightly)).toBe(start + 180 * DAY + 4 * HOUR);
    // At 01:00 the night's window that began at 22:00 the day before is running.
    expect(broadcastWindows(nightly, 'UTC', start + 3 * HOUR, start + 3 * HOUR + 1)).toEqual([{ startAt: start, endAt: start + 4 * HOUR }]);
  });

  it('picks the running window on a display: the latest to start, then the newest notice', () => {
    const list = [
      { id: 1, title: 'All day', imageUrl: null, startAt: 0, endAt: 100 },
      { id: 2, title: 'Lunch', imageUrl: null, startAt: 40, endAt: 60 },
      { id: 3, title: 'Also lunch', imageUrl: null, startAt: 40, endAt: 50 },
    ];
    expect(currentPadBroadcast(list, 10)?.id).toBe(1);
    expect(currentPadBroadcast(list, 45)?.id).toBe(3);
    expect(currentPadBroadcast(list, 55)?.id).toBe(2);
    expect(currentPadBroadcast(list, 100)).toBeNull();
  });
});

describe('broadcast fields', () => {
  const valid = { title: ' Fire drill ', image: 'default:safety', deviceIds: [3], startAt: 1000, endAt: 2000, timeZone: 'Europe/Paris' };

  it('takes a title, an image key, at least one target, an end after the start', () => {
    expect(CreateBroadcastBody.parse(valid)).toMatchObject({ title: 'Fire drill', locationIds: [], repeat: 'none' });
    expect(CreateBroadcastBody.safeParse({ ...valid, deviceIds: [] }).success).toBe(false);
    expect(CreateBroadcastBody.safeParse({ ...valid, deviceIds: [], locationIds: [5] }).success).toBe(true);
    expect(CreateBroadcastBody.safeParse({ ...valid, endAt: 1000 }).success).toBe(false);
    expect(CreateBroadcastBody.safeParse({ ...valid, title: '  ' }).success).toBe(false);
    expect(CreateBroadcastBody.safeParse({ ...valid, image: 'default:unknown' }).success).toBe(false);
    expect(CreateBroadcastBody.safeParse({ ...valid, timeZone: 'Mars/Olympus' }).success).toBe(false);
  });

  it('reads image keys', () => {
    expect(parseBroadcastImageKey('default:welcome')).toEqual({ kind: 'default', name: 'welcome' });
    expect(parseBroadcastImageKey('custom:12')).toEqual({ kind: 'custom', id: 12 });
    expect(parseBroadcastImageKey('custom:0')).toBeNull();
    expect(parseBroadcastImageKey('/etc/passwd')).toBeNull();
  });
});
