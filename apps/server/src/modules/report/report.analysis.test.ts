import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_PREFERENCES, type ReportAnalysis } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';

/**
 * The analysis checked against figures computed here, independently: a few hundred meetings per
 * room at pseudo-random times in London (daylight saving ends on 2026-10-25 inside the window) and
 * Kolkata (UTC+05:30, so local hours are not whole UTC hours), every status, channel and privacy, two series, lengths to the second; the expected
 * figures come from plain loops over the rows with Intl's own local hours and weekdays, not from
 * the server's grouping. Meetings count in the local hour and weekday they start.
 */

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const FROM = Date.UTC(2026, 9, 1);
const TO = Date.UTC(2026, 10, 20);
const DST_BEFORE = Date.UTC(2026, 9, 22, 9);
const DST_AFTER = Date.UTC(2026, 9, 29, 10);
const STATUSES = ['confirmed', 'confirmed', 'confirmed', 'confirmed', 'pending', 'released', 'released', 'cancelled', 'rejected', 'expired'] as const;
const CHANNELS = ['console', 'console', 'console', 'display', 'api'] as const;
const PRIVACIES = ['public', 'public', 'busy', 'private'] as const;
const LENGTHS = [15, 30, 45, 60, 60, 90, 120, 180, 300];
const GAPS = [0, 15, 45, 120, 300, 600, 900];

interface Meeting {
  companyId: number;
  roomId: number;
  title: string;
  startAt: number;
  endAt: number;
  status: (typeof STATUSES)[number];
  channel: (typeof CHANNELS)[number];
  privacy: (typeof PRIVACIES)[number];
  seriesId: number | null;
  checkedInAt: number | null;
}

interface TestRoom {
  id: number;
  name: string;
  zone: string;
  createdAt: number;
  isAvailable: boolean;
}

/** Mulberry32: the same meetings on every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** The local hour (0–23) and weekday (0 = Sunday) of an instant, straight from Intl. */
function local(ms: number, zone: string): { hour: number; weekday: number; offsetKey: string } {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', hour: 'numeric', weekday: 'short', timeZoneName: 'longOffset' });
    formats.set(zone, format);
  }
  const parts = format.formatToParts(ms);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { hour: Number(part('hour')), weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday')), offsetKey: part('timeZoneName') };
}

const round2 = (ms: number) => Math.round((ms / HOUR) * 100) / 100;
const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

/** The analysis as the decision defines it, computed meeting by meeting and quarter hour by quarter hour. */
function expectedAnalysis(all: Meeting[], rooms: TestRoom[], companyId: number, from: number, to: number): ReportAnalysis {
  const zoneOf = new Map(rooms.map((room) => [room.id, room.zone]));
  const meetings = all.filter(
    (m) => m.companyId === companyId && zoneOf.has(m.roomId) && m.startAt >= from && m.startAt < to && ['pending', 'confirmed', 'released'].includes(m.status),
  );
  const isHeld = (m: Meeting) => m.status !== 'released';
  const heldMs = meetings.filter(isHeld).reduce((sum, m) => sum + (m.endAt - m.startAt), 0);
  const hourBookings = Array<number>(24).fill(0);
  const hourHeld = Array<number>(24).fill(0);
  const dayBookings = Array<number>(7).fill(0);
  const dayHeld = Array<number>(7).fill(0);
  const heat = new Map(rooms.map((room) => [room.id, Array<number>(24).fill(0)]));
  for (const m of meetings) {
    const zone = zoneOf.get(m.roomId)!;
    const start = local(m.startAt, zone);
    hourBookings[start.hour]! += 1;
    dayBookings[start.weekday]! += 1;
    if (!isHeld(m)) continue;
    // Held hours count in the local hour and on the local weekday the meeting starts.
    dayHeld[start.weekday]! += m.endAt - m.startAt;
    hourHeld[start.hour]! += m.endAt - m.startAt;
    heat.get(m.roomId)![start.hour]! += m.endAt - m.startAt;
  }
  // Weekdays Monday to Friday, 08:00–18:00 local, from each available room's creation.
  let availableMs = 0;
  for (const room of rooms.filter((r) => r.isAvailable)) {
    for (let at = Math.max(from, room.createdAt); at < to; at += QUARTER) {
      const { hour, weekday } = local(at, room.zone);
      if (weekday >= 1 && weekday <= 5 && hour >= 8 && hour < 18) availableMs += QUARTER;
    }
  }
  const released = meetings.filter((m) => m.status === 'released').length;
  const settled = released + meetings.filter((m) => m.checkedInAt !== null).length;
  const recurring = meetings.filter((m) => m.seriesId !== null);
  const recurringHeld = recurring.filter(isHeld).reduce((sum, m) => sum + (m.endAt - m.startAt), 0);
  const seriesIds = [...new Set(recurring.map((m) => m.seriesId!))];
  const minutes = (m: Meeting) => (m.endAt - m.startAt) / MINUTE;
  const bucketLimits: Array<[string, number]> = [['upTo30', 30], ['upTo60', 60], ['upTo90', 90], ['upTo120', 120], ['upTo240', 240], ['over240', Infinity]];
  return {
    from,
    to,
    overview: {
      bookings: meetings.length,
      hours: round2(heldMs),
      rooms: rooms.length,
      availableHours: round2(availableMs),
      utilisation: share(heldMs, availableMs),
      checkInSettled: settled,
      noShows: released,
      noShowRate: share(released, settled),
    },
    peakHours: hourBookings.map((bookings, hour) => ({ hour, bookings, hours: round2(hourHeld[hour]!) })),
    peakWeekdays: [1, 2, 3, 4, 5, 6, 0].map((weekday) => ({ weekday, bookings: dayBookings[weekday]!, hours: round2(dayHeld[weekday]!) })),
    channels: ['console', 'display', 'calendar', 'api'].map((channel) => ({ channel, bookings: meetings.filter((m) => m.channel === channel).length })) as ReportAnalysis['channels'],
    durations: bucketLimits.map(([bucket, max], i) => ({
      bucket,
      bookings: meetings.filter((m) => minutes(m) <= max && (i === 0 || minutes(m) > bucketLimits[i - 1]![1])).length,
    })) as ReportAnalysis['durations'],
    recurring: {
      series: seriesIds.length,
      recurringBookings: recurring.length,
      singleBookings: meetings.length - recurring.length,
      recurringHours: round2(recurringHeld),
      singleHours: round2(heldMs - recurringHeld),
      topSeries: seriesIds
        .map((seriesId) => {
          const occurrences = recurring.filter((m) => m.seriesId === seriesId);
          const publicOne = occurrences.find((m) => m.privacy === 'public');
          return {
            seriesId,
            title: publicOne?.title ?? null,
            roomName: rooms.find((room) => room.id === occurrences[0]!.roomId)!.name,
            bookings: occurrences.length,
            hours: round2(occurrences.filter(isHeld).reduce((sum, m) => sum + (m.endAt - m.startAt), 0)),
            noShows: occurrences.filter((m) => m.status === 'released').length,
          };
        })
        .sort((a, b) => b.bookings - a.bookings || a.seriesId - b.seriesId),
    },
    heatMap: rooms.map((room) => ({ roomId: room.id, roomName: room.name, hours: heat.get(room.id)!.map(round2) })),
  };
}

describe(`report analysis against independent figures (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let token: string;
  let companyId: number;
  let rooms: TestRoom[];
  let londonBuilding: number;
  const meetings: Meeting[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const { company, admin } = await t.factories.companyWithAdmin('Analysis Co');
    companyId = company.id;
    token = await t.factories.session(admin);
    const london = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Thames', timeZone: 'Europe/London' });
    londonBuilding = london.buildingId;
    const severn = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Severn', floorId: london.floorId });
    const kolkata = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Ganges', timeZone: 'Asia/Kolkata' });
    const closed = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Closed', timeZone: 'Europe/London' });
    rooms = [
      { id: london.roomId, name: 'Thames', zone: 'Europe/London', createdAt: Date.UTC(2026, 8, 1), isAvailable: true },
      // Made in the middle of the window: its available hours start then.
      { id: severn.roomId, name: 'Severn', zone: 'Europe/London', createdAt: Date.UTC(2026, 9, 15, 10, 45), isAvailable: true },
      { id: kolkata.roomId, name: 'Ganges', zone: 'Asia/Kolkata', createdAt: Date.UTC(2026, 8, 1), isAvailable: true },
      // Not available for booking: no available hours, but its meetings count.
      { id: closed.roomId, name: 'Closed', zone: 'Europe/London', createdAt: Date.UTC(2026, 8, 1), isAvailable: false },
    ];
    for (const room of rooms) {
      await t.db.kysely.updateTable('rooms').set({ created_at: room.createdAt, is_available: room.isAvailable ? 1 : 0 }).where('id', '=', room.id).execute();
    }
    const rules = { ...DEFAULT_BOOKING_PREFERENCES, bookableWeekdays: [1, 2, 3, 4, 5], bookableHours: { start: '08:00', end: '18:00' } };
    expect((await call(t.app, { method: 'PUT', url: '/api/meeting/preferences', headers: { token }, payload: rules })).status).toBe(200);

    // Another company's room, with meetings in the same window: never counted.
    const other = await t.factories.companyWithAdmin('Other Co');
    const otherRoom = await createTestRoom(t.db, t.factories, t.clock, other.company.id, { name: 'Elsewhere', timeZone: 'Europe/London' });

    const seriesRow = (roomId: number, zone: string) =>
      t.db.kysely
        .insertInto('reservation_series')
        .values({ company_id: companyId, resource_id: roomId, host_user_id: admin.id, rule: '{"frequency":"daily"}', first_date: '2026-09-28', start_time: '09:00', end_time: '10:00', time_zone: zone, created_at: FROM, updated_at: FROM })
        .returning('id')
        .executeTakeFirstOrThrow();
    const seriesIds = [(await seriesRow(london.roomId, 'Europe/London')).id, (await seriesRow(kolkata.roomId, 'Asia/Kolkata')).id];

    const random = generator(20261124);
    const generate = (ownerId: number, roomId: number, zone: string, seriesId: number | null, privateSeries: boolean) => {
      // From a few days before the window to after it, so its edges cut through the meetings.
      for (let cursor = Date.UTC(2026, 8, 28); cursor < Date.UTC(2026, 10, 23); ) {
        const startAt = cursor + random.pick(GAPS) * MINUTE;
        // Some meetings ended early, to the second.
        const length = random.pick(LENGTHS) * MINUTE - (random.next() < 0.1 ? Math.floor(random.next() * 600) * 1000 : 0);
        const endAt = startAt + length;
        cursor = endAt;
        // A meeting across a change of offset would have no single local time of day: none is booked over one here.
        if (local(startAt, zone).offsetKey !== local(endAt - 1, zone).offsetKey) continue;
        const status = random.pick(STATUSES);
        const inSeries = seriesId !== null && random.next() < 0.25;
        const privacy = inSeries && privateSeries ? 'private' : random.pick(PRIVACIES);
        meetings.push({
          companyId: ownerId,
          roomId,
          title: inSeries ? `Series ${seriesId}` : `Meeting ${meetings.length}`,
          startAt,
          endAt,
          status,
          channel: random.pick(CHANNELS),
          privacy,
          seriesId: inSeries ? seriesId : null,
          checkedInAt: status === 'confirmed' && random.next() < 0.5 ? startAt + 2 * MINUTE : null,
        });
      }
    };
    generate(companyId, london.roomId, 'Europe/London', seriesIds[0]!, false);
    generate(companyId, severn.roomId, 'Europe/London', null, false);
    generate(companyId, kolkata.roomId, 'Asia/Kolkata', seriesIds[1]!, true);
    generate(other.company.id, otherRoom.roomId, 'Europe/London', null, false);
    // 10:00 London time on either side of the change to winter time (09:00 UTC, then 10:00 UTC), in a room of its own.
    for (const startAt of [DST_BEFORE, DST_AFTER]) {
      meetings.push({ companyId, roomId: closed.roomId, title: 'Ten o’clock', startAt, endAt: startAt + HOUR, status: 'confirmed', channel: 'console', privacy: 'public', seriesId: null, checkedInAt: null });
    }
    for (let i = 0; i < meetings.length; i += 200) {
      await t.db.kysely
        .insertInto('reservations')
        .values(
          meetings.slice(i, i + 200).map((m) => ({
            company_id: m.companyId,
            resource_id: m.roomId,
            host_user_id: m.companyId === companyId ? admin.id : other.admin.id,
            title: m.title,
            start_at: m.startAt,
            end_at: m.endAt,
            status: m.status,
            privacy: m.privacy,
            channel: m.channel,
            series_id: m.seriesId,
            checked_in_at: m.checkedInAt,
            check_in_channel: m.checkedInAt === null ? null : 'console',
            created_at: m.startAt - DAY,
            updated_at: m.startAt - DAY,
          })),
        )
        .execute();
    }
  });
  afterAll(() => t?.cleanup());

  const analysis = (query: string) => call<ReportAnalysis>(t.app, { method: 'GET', url: `/api/report/analysis?${query}`, headers: { token } });

  it('matches the independent figures for the whole company over a window across the change to winter time', async () => {
    const answer = await analysis(`range=custom&from=${FROM}&to=${TO}`);
    expect(answer.status, answer.body.message).toBe(200);
    const expected = expectedAnalysis(meetings, rooms, companyId, FROM, TO);
    // The data says something: every status, both zones, both series, the odd length.
    expect(expected.overview.bookings).toBeGreaterThan(300);
    expect(expected.overview.noShows).toBeGreaterThan(20);
    expect(expected.recurring.series).toBe(2);
    expect(answer.body.result).toEqual({ ...expected, recurring: { ...expected.recurring, topSeries: expected.recurring.topSeries.slice(0, 10) } });
    // The private series shows no title; the public one does.
    expect(answer.body.result.recurring.topSeries.map((series) => series.title).sort()).toEqual([`Series ${answer.body.result.recurring.topSeries.find((s) => s.roomName === 'Thames')!.seriesId}`, null].sort());
  });

  it('honours daylight saving: 10:00 London time is hour 10 before and after the change to winter time', async () => {
    const closed = rooms[3]!;
    const from = Date.UTC(2026, 9, 20);
    const to = Date.UTC(2026, 10, 1);
    const answer = await analysis(`range=custom&from=${from}&to=${to}&roomId=${closed.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.result.peakHours.filter((row) => row.bookings > 0)).toEqual([{ hour: 10, bookings: 2, hours: 2 }]);
    expect(answer.body.result.heatMap).toEqual([{ roomId: closed.id, roomName: 'Closed', hours: Array.from({ length: 24 }, (_, hour) => (hour === 10 ? 2 : 0)) }]);
    // Thursday 2026-10-22 and Thursday 2026-10-29.
    expect(answer.body.result.peakWeekdays.find((row) => row.weekday === 4)).toEqual({ weekday: 4, bookings: 2, hours: 2 });
    expect(answer.body.result.overview).toMatchObject({ bookings: 2, hours: 2, availableHours: 0, utilisation: null });
    expect(answer.body.result).toEqual(expectedAnalysis(meetings, [closed], companyId, from, to));
  });

  it('matches for one building and for one room over the last 30 days', async () => {
    const building = await analysis(`range=custom&from=${FROM}&to=${TO}&locationId=${londonBuilding}`);
    expect(building.status).toBe(200);
    // Thames and Severn share a building; the closed room has one of its own.
    expect(building.body.result).toEqual(expectedAnalysis(meetings, rooms.slice(0, 2), companyId, FROM, TO));
    const now = t.clock.now();
    const room = await analysis(`range=last30&roomId=${rooms[2]!.id}`);
    expect(room.status).toBe(200);
    expect(room.body.result).toEqual(expectedAnalysis(meetings, [rooms[2]!], companyId, now - 30 * DAY, now));
  });

  it('answers empty figures for a window without meetings, and refuses a bad range or a foreign place', async () => {
    const empty = await analysis(`range=custom&from=${Date.UTC(2025, 0, 1)}&to=${Date.UTC(2025, 0, 2)}`);
    expect(empty.status).toBe(200);
    expect(empty.body.result.overview).toMatchObject({ bookings: 0, hours: 0, noShowRate: null, rooms: 4 });
    expect(empty.body.result.heatMap.every((row) => row.hours.every((value) => value === 0))).toBe(true);
    const reversed = await analysis(`range=custom&from=${TO}&to=${FROM}`);
    expect([reversed.status, reversed.body.message]).toEqual([422, 'Choose a custom range with a start before its end, at most 366 days long']);
    expect((await analysis(`range=custom&from=${FROM}`)).status).toBe(422);
    expect((await analysis(`range=custom&from=${FROM}&to=${FROM + 367 * DAY}`)).status).toBe(422);
    const other = await t.factories.companyWithAdmin('Third Co');
    const foreign = await createTestRoom(t.db, t.factories, t.clock, other.company.id, { name: 'Foreign' });
    expect((await analysis(`roomId=${foreign.roomId}`)).status).toBe(404);
    expect((await analysis(`locationId=${foreign.buildingId}`)).status).toBe(404);
  });
});
