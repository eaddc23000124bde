import type { BroadcastNotice } from '@atrium/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { newBroadcastFormValues, statusNow, toBroadcastBody, toBroadcastFormValues } from './broadcast-form';

describe('broadcast form', () => {
  it('sends the period, the image and the targets; a repeat runs through the end of its last day', () => {
    const start = dayjs('2026-11-24T09:00:30');
    const values = { title: ' Drill ', image: 'default:safety', deviceIds: [4], locationIds: [], period: [start, start.add(1, 'hour')] as [dayjs.Dayjs, dayjs.Dayjs], repeat: 'daily' as const, until: dayjs('2026-11-30T15:00') };
    expect(toBroadcastBody(values, 'Europe/Paris')).toEqual({
      title: 'Drill',
      image: 'default:safety',
      deviceIds: [4],
      locationIds: [],
      startAt: dayjs('2026-11-24T09:00:00').valueOf(),
      endAt: dayjs('2026-11-24T10:00:00').valueOf(),
      repeat: 'daily',
      repeatUntil: dayjs('2026-12-01T00:00:00').valueOf(),
      timeZone: 'Europe/Paris',
    });
    // No last day: never ends (the server takes 180 days); no repeat: no last day at all.
    expect(toBroadcastBody({ ...values, until: null }).repeatUntil).toBeNull();
    expect(toBroadcastBody({ ...values, repeat: 'none' }).repeatUntil).toBeNull();
  });

  it('fills the form from a notice and back', () => {
    const notice = {
      id: 1, title: 'Drill', image: 'custom:3', imageUrl: '/x.png', devices: [{ id: 4, name: 'Door', path: '' }], locations: [{ id: 9, name: 'HQ', path: '' }],
      startAt: dayjs('2026-11-24T09:00').valueOf(), endAt: dayjs('2026-11-24T10:00').valueOf(), repeat: 'weekly', repeatUntil: dayjs('2026-12-09T00:00').valueOf(),
      timeZone: 'UTC', endedAt: null, endedByName: null, createdByName: null, createdAt: 0, status: 'ongoing',
    } satisfies BroadcastNotice;
    const values = toBroadcastFormValues(notice);
    expect(values.until!.format('YYYY-MM-DD')).toBe('2026-12-08');
    expect(toBroadcastBody(values, 'UTC')).toMatchObject({ image: 'custom:3', deviceIds: [4], locationIds: [9], startAt: notice.startAt, endAt: notice.endAt, repeatUntil: notice.repeatUntil });
  });

  it('starts a new notice this minute, for an hour', () => {
    const values = newBroadcastFormValues(dayjs('2026-11-24T09:07:12'));
    expect(values.period!.map((day) => day.format('HH:mm:ss'))).toEqual(['09:07:00', '10:07:00']);
  });
});

describe('status now', () => {
  const notice = { startAt: 1000, endAt: 2000, repeat: 'none', repeatUntil: null, timeZone: 'UTC', endedAt: null } as const;
  it('moves the server status forward by the clock, never back', () => {
    expect(statusNow({ ...notice, status: 'not_started' } as unknown as BroadcastNotice, 1500)).toBe('ongoing');
    expect(statusNow({ ...notice, status: 'ongoing' } as unknown as BroadcastNotice, 500)).toBe('ongoing');
    expect(statusNow({ ...notice, endedAt: 1600, status: 'ended' } as unknown as BroadcastNotice, 1500)).toBe('ended');
    expect(statusNow({ ...notice, status: 'ongoing' } as unknown as BroadcastNotice, 2000)).toBe('ended');
  });
});
