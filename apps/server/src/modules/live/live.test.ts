import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardLink, BoardLinkList, CreatedBoardLink, LiveBoard, LiveRoom, LiveRoomList, Reservation } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { openDatabase } from '../../db/database.js';
import { createLiveRepository } from './live.repository.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';
import type { TestUser } from '../../test/factories.js';
import { openStream } from '../../test/sse.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe(`live room status (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let base: string;
  let companyId: number;
  let floorId: number;
  let host: TestUser;
  let hostName: string | null;
  let hostToken: string;
  let watcherToken: string;
  let adminToken: string;
  let otherToken: string;
  let otherFloor: number;
  let noLiveToken: string;

  beforeAll(async () => {
    // The tests move the clock by hours: sessions must outlive that.
    t = await createTestApp({ config: { sessionIdleMinutes: 525_600, sessionAbsoluteHours: 87_600 } });
    const a = await t.factories.companyWithAdmin('Live Co');
    companyId = a.company.id;
    adminToken = await t.factories.session(a.admin);
    host = await t.factories.user(companyId, { permissions: ['calendarRoomUse:view', 'liveMeetings:view'] });
    hostToken = await t.factories.session(host);
    hostName = (await t.db.kysely.selectFrom('users').select('full_name').where('id', '=', host.id).executeTakeFirstOrThrow()).full_name;
    watcherToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['liveMeetings:view'] }));
    noLiveToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['calendarRoomUse:view'] }));
    floorId = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Lobby', timeZone: 'Asia/Shanghai' })).floorId;
    const b = await t.factories.companyWithAdmin('Other Co');
    otherToken = await t.factories.session(b.admin);
    otherFloor = (await createTestRoom(t.db, t.factories, t.clock, b.company.id, { name: 'Their room' })).floorId;
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.cleanup());

  let counter = 0;
  async function newRoom(options: { signIn?: boolean; isAvailable?: boolean; floor?: number } = {}) {
    const { roomId } = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: `Live room ${++counter}`, floorId: options.floor ?? floorId });
    await t.db.kysely
      .updateTable('rooms')
      .set({ sign_in_enabled: options.signIn === false ? 0 : 1, is_available: options.isAvailable === false ? 0 : 1 })
      .where('id', '=', roomId)
      .execute();
    return roomId;
  }
  const get = <T>(url: string, token: string) => call<T>(t.app, { method: 'GET', url, headers: { token } });
  const post = <T>(url: string, payload: Record<string, unknown>, token: string) => call<T>(t.app, { method: 'POST', url, headers: { token }, payload });
  async function book(body: Record<string, unknown>, token = hostToken) {
    const answer = await post<Reservation>('/api/meeting/reservation', body, token);
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result;
  }
  async function roomNow(roomId: number, token = watcherToken): Promise<LiveRoom> {
    const answer = await get<LiveRoomList>('/api/live/rooms', token);
    expect(answer.status, answer.body.message).toBe(200);
    const room = answer.body.result.list.find((candidate) => candidate.id === roomId);
    expect(room, `room ${roomId}`).toBeDefined();
    return room!;
  }

  it('moves a room from free to busy, to in a meeting once checked in, and back to free as time passes', async () => {
    const roomId = await newRoom();
    const start = t.clock.now() + 30 * MINUTE;
    const meeting = await book({ roomId, title: 'Stand-up', startAt: start, endAt: start + HOUR });

    let room = await roomNow(roomId);
    expect([room.state, room.current, room.next?.id, room.next?.title]).toEqual(['free', null, meeting.id, 'Stand-up']);
    expect(room.timeZone).toBe('Asia/Shanghai');
    expect(room.locationPath).toEqual(['Testland', 'Test City', 'Tower A', 'Floor 3']);
    expect(room.today.map((m) => m.id)).toEqual([meeting.id]);

    t.clock.set(start + MINUTE);
    room = await roomNow(roomId);
    expect([room.state, room.current?.id, room.next]).toEqual(['busy', meeting.id, null]);

    await t.db.kysely.updateTable('reservations').set({ checked_in_at: start + 2 * MINUTE }).where('id', '=', meeting.id).execute();
    room = await roomNow(roomId);
    expect([room.state, room.current?.checkedInAt]).toEqual(['inMeeting', start + 2 * MINUTE]);

    t.clock.set(start + HOUR);
    room = await roomNow(roomId);
    expect([room.state, room.current]).toEqual(['free', null]);
    // Still on today's timeline after it ended.
    expect(room.today.map((m) => m.id)).toEqual([meeting.id]);
  });

  it('shows a meeting under way at once in a room without sign-in', async () => {
    const roomId = await newRoom({ signIn: false });
    const start = t.clock.now() + 5 * MINUTE;
    await book({ roomId, title: 'Walk-in', startAt: start, endAt: start + HOUR });
    t.clock.set(start);
    expect((await roomNow(roomId)).state).toBe('inMeeting');
  });

  it('puts an unavailable room and a room inside a disable period under maintenance', async () => {
    const unavailable = await newRoom({ isAvailable: false });
    expect((await roomNow(unavailable)).state).toBe('maintenance');
    const disabled = await newRoom();
    const now = t.clock.now();
    await t.db.kysely
      .insertInto('room_disable_periods')
      .values({ company_id: companyId, room_id: disabled, start_at: now + HOUR, end_at: now + 2 * HOUR, reason: 'paint', created_at: now })
      .execute();
    expect((await roomNow(disabled)).state).toBe('free');
    t.clock.set(now + HOUR);
    expect((await roomNow(disabled)).state).toBe('maintenance');
    t.clock.set(now + 2 * HOUR);
    expect((await roomNow(disabled)).state).toBe('free');
  });

  it('keeps private titles from everyone but the host and shows only the host of a busy meeting', async () => {
    const roomId = await newRoom();
    const start = t.clock.now() + 10 * MINUTE;
    await book({ roomId, title: 'Secret merger', privacy: 'private', startAt: start, endAt: start + HOUR });
    await book({ roomId, title: 'Quiet one-to-one', privacy: 'busy', startAt: start + HOUR, endAt: start + 2 * HOUR });
    const asWatcher = await roomNow(roomId);
    expect(asWatcher.today.map((m) => [m.title, m.hostName, m.visible])).toEqual([
      [null, null, false],
      [null, hostName, false],
    ]);
    expect((await get('/api/live/rooms', watcherToken)).response.body).not.toContain('Secret merger');
    const asHost = await roomNow(roomId, hostToken);
    expect(asHost.today.map((m) => m.title)).toEqual(['Secret merger', 'Quiet one-to-one']);
  });

  it('shows an attendee the private meeting they attend, reading its meetings only after a change', async () => {
    const roomId = await newRoom();
    const attendee = await t.factories.user(companyId, { permissions: ['liveMeetings:view'] });
    const attendeeToken = await t.factories.session(attendee);
    const start = t.clock.now() + 20 * MINUTE;
    await book({ roomId, title: 'Board offsite', privacy: 'private', startAt: start, endAt: start + HOUR, participants: [{ userId: attendee.id }] });
    expect((await roomNow(roomId, attendeeToken)).next).toMatchObject({ title: 'Board offsite', hostName, visible: true });
    expect((await roomNow(roomId, watcherToken)).next).toMatchObject({ title: null, hostName: null, visible: false });

    // The rooms, their places and zones come from memory while the layout version stays the same.
    // The booking's invitations are the outbox worker's: sent before counting, so its writes are not the board's.
    await t.app.bookingInvitations.drain();
    const boardStatements = async () => {
      const statements: string[] = [];
      const executor = t.db.kysely.getExecutor();
      const execute = executor.executeQuery.bind(executor);
      executor.executeQuery = <R>(query: CompiledQuery<R>) => (statements.push(query.sql), execute(query));
      try {
        expect((await roomNow(roomId, attendeeToken)).next).toMatchObject({ title: 'Board offsite', visible: true });
      } finally {
        executor.executeQuery = execute;
      }
      // The session's lookup reads the database's change stamp too: no statement of its own for it.
      // (On SQLite, where the stamp costs no query, the session itself is kept while nothing changes.)
      const sessions = statements.filter((text) => /from "sessions"/.test(text));
      const others = statements.filter((text) => !sessions.includes(text));
      for (const session of sessions) expect(session).toMatch(TEST_DIALECT === 'postgres' ? /pg_current_snapshot/ : /total_changes/);
      expect(others.join('\n')).not.toMatch(/"(rooms|locations|sessions)"|pg_current_snapshot|total_changes/);
      // Each statement's own table: the last FROM.
      return [sessions.length, ...others.map((text) => [...text.matchAll(/ from "(\w+)"/g)].at(-1)?.[1]).sort()];
    };
    // After a change: the session, the layout version, the disable periods, the company's meetings and
    // the viewer's attendance apart; then none of them while nothing changes, nor the session on SQLite.
    await t.db.kysely.updateTable('users').set({ full_name: hostName! }).where('id', '=', host.id).execute();
    expect(await boardStatements()).toEqual([1, 'layout_versions', 'reservation_participants', 'reservations', 'room_disable_periods']);
    expect(await boardStatements()).toEqual([TEST_DIALECT === 'postgres' ? 1 : 0]);
  });

  it('keeps the disable periods of the coming hour while nothing changes, and reads them again past it or after a change', async () => {
    const roomId = await newRoom();
    const repository = createLiveRepository(t.db.kysely, { changeStamp: t.db.changeStamp });
    const now = t.clock.now();
    await t.db.kysely
      .insertInto('room_disable_periods')
      .values([
        { company_id: companyId, room_id: roomId, start_at: now + 30_000, end_at: now + 2 * MINUTE, reason: 'cleaning', created_at: now },
        { company_id: companyId, room_id: roomId, start_at: now + HOUR + MINUTE, end_at: now + HOUR + 2 * MINUTE, reason: 'paint', created_at: now },
      ])
      .execute();
    const disabledAt = async (at: number) => (await repository.roomsDisabledAt(companyId, at, await t.db.changeStamp())).has(roomId);
    expect(await disabledAt(now)).toBe(false);
    // Kept from the read at `now`: the cleaning starts, then ends, and the room follows.
    expect(await disabledAt(now + 31_000)).toBe(true);
    expect(await disabledAt(now + 3 * MINUTE)).toBe(false);
    // The painting starts past the hour that read covered.
    expect(await disabledAt(now + HOUR + 90_000)).toBe(true);
    await t.db.kysely.deleteFrom('room_disable_periods').where('room_id', '=', roomId).execute();
    expect(await disabledAt(now + HOUR + 90_000)).toBe(false);
  });

  it('shows every change at once: a booking, a new name of the host, an attendee removed, a check-in, a change by another connection', async () => {
    const roomId = await newRoom();
    const attendee = await t.factories.user(companyId, { permissions: ['liveMeetings:view'] });
    const attendeeToken = await t.factories.session(attendee);
    const start = t.clock.now() + 30 * MINUTE;
    const first = await book({ roomId, title: 'Kept review', privacy: 'private', startAt: start, endAt: start + HOUR, participants: [{ userId: attendee.id }] });
    expect((await roomNow(roomId, attendeeToken)).next).toMatchObject({ id: first.id, title: 'Kept review', hostName });
    expect((await roomNow(roomId, attendeeToken)).next).toMatchObject({ id: first.id, title: 'Kept review', hostName });

    const second = await book({ roomId, title: 'Kept follow-up', startAt: start + HOUR, endAt: start + 2 * HOUR });
    expect((await roomNow(roomId, attendeeToken)).today.map((meeting) => meeting.id)).toEqual([first.id, second.id]);

    await t.db.kysely.updateTable('users').set({ full_name: 'Renamed Host' }).where('id', '=', host.id).execute();
    try {
      expect((await roomNow(roomId, attendeeToken)).next?.hostName).toBe('Renamed Host');
    } finally {
      await t.db.kysely.updateTable('users').set({ full_name: hostName! }).where('id', '=', host.id).execute();
    }

    await t.db.kysely.deleteFrom('reservation_participants').where('reservation_id', '=', first.id).where('user_id', '=', attendee.id).execute();
    expect((await roomNow(roomId, attendeeToken)).next).toMatchObject({ id: first.id, title: null, visible: false });

    t.clock.set(start + MINUTE);
    await t.db.kysely.updateTable('reservations').set({ checked_in_at: start + MINUTE }).where('id', '=', first.id).execute();
    expect(await roomNow(roomId)).toMatchObject({ state: 'inMeeting', current: { id: first.id, checkedInAt: start + MINUTE }, next: { id: second.id } });

    // Another connection to the same database (a second process, a backup restored in place).
    const other = openDatabase(t.database.url);
    try {
      await other.kysely.updateTable('reservations').set({ title: 'Retitled elsewhere' }).where('id', '=', second.id).execute();
    } finally {
      await other.destroy();
    }
    expect((await roomNow(roomId)).next).toMatchObject({ id: second.id, title: 'Retitled elsewhere' });
  });

  it('names as next only a meeting within 24 hours, the same read all day', async () => {
    const roomId = await newRoom();
    // A day is at most 25 hours long: 26 hours on is after the zone's today whatever the hour.
    const later = t.clock.now() + 26 * HOUR;
    const meeting = await book({ roomId, title: 'Day after', startAt: later, endAt: later + HOUR });
    expect((await roomNow(roomId)).next).toBeNull();
    t.clock.set(later - 23 * HOUR);
    expect((await roomNow(roomId)).next).toMatchObject({ id: meeting.id, title: 'Day after' });
  });

  it('filters by location, keeps to the company and needs liveMeetings', async () => {
    const otherFloorOfA = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Annex room' })).floorId;
    const annexRoom = await newRoom({ floor: otherFloorOfA });
    const filtered = await get<LiveRoomList>(`/api/live/rooms?locationId=${otherFloorOfA}`, watcherToken);
    expect(filtered.body.result.list.map((room) => room.name)).toEqual(['Annex room', `Live room ${counter}`]);
    expect(filtered.body.result.list.map((room) => room.id)).toContain(annexRoom);
    const all = await get<LiveRoomList>('/api/live/rooms', watcherToken);
    expect(all.body.result.list.some((room) => room.name === 'Their room')).toBe(false);
    // The filter's places: the company's own, whatever the filter.
    expect(filtered.body.result.locations.map((place) => place.name)).toEqual(all.body.result.locations.map((place) => place.name));
    expect(all.body.result.locations.filter((place) => place.id === otherFloorOfA || place.id === floorId)).toHaveLength(2);
    expect(all.body.result.locations.some((place) => place.id === otherFloor || place.name === 'Their room')).toBe(false);
    const theirs = await get<LiveRoomList>(`/api/live/rooms?locationId=${otherFloor}`, watcherToken);
    expect([theirs.status, theirs.body.returncode]).toEqual([404, 1002]);
    const asOther = await get<LiveRoomList>('/api/live/rooms', otherToken);
    expect(asOther.body.result.list.map((room) => room.name)).toEqual(['Their room']);
    expect((await get('/api/live/rooms', noLiveToken)).status).toBe(403);
    const stream = await fetch(`${base}/api/live/stream`, { headers: { token: noLiveToken } });
    expect(stream.status).toBe(403);
  });

  it('sends an event naming the room when a meeting is booked through the API, and none to another company', async () => {
    const roomId = await newRoom();
    const stream = await openStream(`${base}/api/live/stream`, { token: watcherToken });
    const theirs = await openStream(`${base}/api/live/stream`, { token: otherToken });
    try {
      expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
      expect(await stream.next()).toEqual({ event: 'ready', data: {} });
      expect((await theirs.next())?.event).toBe('ready');
      const start = t.clock.now() + HOUR;
      await book({ roomId, title: 'Streamed', startAt: start, endAt: start + HOUR });
      expect(await stream.next()).toEqual({ event: 'rooms', data: { roomIds: [roomId], reason: 'booking' } });
      expect(await theirs.quiet()).toBe(true);
    } finally {
      stream.close();
      theirs.close();
    }
  });

  it("sends nothing for rooms outside the stream's location", async () => {
    const annex = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Far room' })).floorId;
    const inside = await newRoom({ floor: annex });
    const outside = await newRoom();
    const stream = await openStream(`${base}/api/live/stream?locationId=${annex}`, { token: watcherToken });
    try {
      await stream.next();
      const start = t.clock.now() + HOUR;
      await book({ roomId: outside, title: 'Elsewhere', startAt: start, endAt: start + HOUR });
      await book({ roomId: inside, title: 'Here', startAt: start, endAt: start + HOUR });
      expect(await stream.next()).toEqual({ event: 'rooms', data: { roomIds: [inside], reason: 'booking' } });
    } finally {
      stream.close();
    }
  });

  it('tells the stream when a state flips by time alone (the minute tick)', async () => {
    const roomId = await newRoom();
    const start = t.clock.now() + 20 * MINUTE;
    await book({ roomId, title: 'Ticking', startAt: start, endAt: start + 30 * MINUTE });
    const stream = await openStream(`${base}/api/live/stream`, { token: watcherToken });
    try {
      await stream.next();
      await t.app.liveHub.tick();
      // Nothing changed by time yet.
      expect(await stream.quiet()).toBe(true);
      t.clock.set(start);
      await t.app.liveHub.tick();
      const event = await stream.next();
      expect(event?.event).toBe('rooms');
      expect(event?.data).toMatchObject({ reason: 'time' });
      expect((event?.data as { roomIds: number[] }).roomIds).toContain(roomId);
    } finally {
      stream.close();
    }
  });

  it('ends open streams when the app closes, without hanging', async () => {
    const second = await createTestApp({ database: t.database, clock: t.clock });
    const url = await second.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(`${url}/api/live/stream`, { token: watcherToken });
    await stream.next();
    expect(second.app.liveHub.size).toBe(1);
    const started = Date.now();
    await second.cleanup();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await stream.next()).toBeNull();
  });

  describe('public board links', () => {
    it('creates a link shown once, lists it without its secret, serves the board and refuses it once revoked', async () => {
      const roomId = await newRoom();
      const start = t.clock.now() + 5 * MINUTE;
      await book({ roomId, title: 'Town hall', startAt: start, endAt: start + HOUR });
      await book({ roomId, title: 'Board secret', privacy: 'private', startAt: start + HOUR, endAt: start + 2 * HOUR });
      await book({ roomId, title: 'Private busy', privacy: 'busy', startAt: start + 2 * HOUR, endAt: start + 3 * HOUR });

      const created = await post<CreatedBoardLink>('/api/live/board-links', { name: 'Lobby screen', locationId: floorId }, adminToken);
      expect(created.status, created.body.message).toBe(200);
      const link = created.body.result;
      expect(link.token.length).toBeGreaterThanOrEqual(43);
      expect(link.path).toBe(`/flght-board?token=${link.token}`);
      expect(link.locationName).toBe('Floor 3');
      const stored = await t.db.kysely.selectFrom('live_board_links').selectAll().where('id', '=', link.id).executeTakeFirstOrThrow();
      expect(stored.token_hash).not.toContain(link.token);
      expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);

      const listed = await get<BoardLinkList>('/api/live/board-links', adminToken);
      expect(listed.body.result.list.map((item) => item.name)).toContain('Lobby screen');
      expect(JSON.stringify(listed.body)).not.toContain(link.token);
      expect((await get('/api/live/board-links', watcherToken)).status).toBe(403);
      expect((await get<BoardLinkList>('/api/live/board-links', otherToken)).body.result.list).toEqual([]);

      const board = await call<LiveBoard>(t.app, { method: 'GET', url: `/api/live/board?token=${link.token}` });
      expect(board.status).toBe(200);
      expect([board.body.result.name, board.body.result.companyName]).toEqual(['Lobby screen', 'Live Co']);
      const room = board.body.result.list.find((candidate) => candidate.id === roomId)!;
      expect(room.today.map((m) => [m.title, m.hostName])).toEqual([
        ['Town hall', hostName],
        [null, null],
        [null, null],
      ]);
      expect(board.response.body).not.toContain('Board secret');
      expect(board.response.body).not.toContain('Private busy');
      expect(board.body.result.list.some((candidate) => candidate.name === 'Annex room')).toBe(false);

      const stream = await openStream(`${base}/api/live/board/stream?token=${link.token}`);
      expect((await stream.next())?.event).toBe('ready');
      // Another company cannot revoke it.
      expect((await post('/api/live/board-links/revoke', { id: link.id }, otherToken)).status).toBe(404);
      const revoked = await post<BoardLink>('/api/live/board-links/revoke', { id: link.id }, adminToken);
      expect([revoked.status, revoked.body.result.revokedAt]).toEqual([200, t.clock.now()]);
      expect(await stream.next()).toBeNull();

      const refused = await call(t.app, { method: 'GET', url: `/api/live/board?token=${link.token}` });
      expect([refused.status, refused.body.returncode]).toEqual([404, 1002]);
      const refusedStream = await fetch(`${base}/api/live/board/stream?token=${link.token}`);
      expect(refusedStream.status).toBe(404);
      await refusedStream.body?.cancel();
      const unknown = await call(t.app, { method: 'GET', url: '/api/live/board?token=not-a-real-token' });
      expect(unknown.status).toBe(404);
    });

    it('sends board streams the changes of their company', async () => {
      const roomId = await newRoom();
      const created = await post<CreatedBoardLink>('/api/live/board-links', { name: 'Whole company' }, adminToken);
      const stream = await openStream(`${base}/api/live/board/stream?token=${created.body.result.token}`);
      try {
        await stream.next();
        const start = t.clock.now() + HOUR;
        await book({ roomId, title: 'On the board', startAt: start, endAt: start + HOUR });
        expect(await stream.next()).toEqual({ event: 'rooms', data: { roomIds: [roomId], reason: 'booking' } });
      } finally {
        stream.close();
      }
    });
  });

  if (TEST_DIALECT === 'postgres') it('carries a booking made through one app to the streams of another on the same database, also after its listening connection drops', async () => {
    const roomId = await newRoom();
    const second = await createTestApp({ database: t.database, clock: t.clock });
    try {
      const url = await second.app.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openStream(`${url}/api/live/stream`, { token: watcherToken });
      await stream.next();
      const start = t.clock.now() + HOUR;
      await book({ roomId, title: 'Across processes', startAt: start, endAt: start + HOUR });
      expect(await stream.next()).toEqual({ event: 'rooms', data: { roomIds: [roomId], reason: 'booking' } });

      // End app B's listening connection: it comes back, tells its streams to read again, and hears again.
      const { sql } = await import('kysely');
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'atrium-live' and datname = current_database() and pid <> pg_backend_pid()`.execute(second.db.kysely);
      // Both apps' listeners were ended: each reconnects and asks its streams to resync.
      expect(await stream.next(10_000)).toEqual({ event: 'rooms', data: { roomIds: [], reason: 'resync' } });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await book({ roomId, title: 'After the drop', startAt: start + HOUR, endAt: start + 2 * HOUR });
      expect(await stream.next()).toEqual({ event: 'rooms', data: { roomIds: [roomId], reason: 'booking' } });
      stream.close();
    } finally {
      await second.cleanup();
    }
  });
});
