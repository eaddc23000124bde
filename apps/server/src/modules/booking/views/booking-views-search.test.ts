import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEETING_SEARCH_LIMIT, ReturnCode, type MeetingSearchResult, type Reservation } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECT } from '../../../test/database.js';
import { createTestRoom } from '../../../test/rooms.js';
import type { TestUser } from '../../../test/factories.js';
import { createBookingRepository } from '../engine/booking.repository.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The global search's meeting part (issue 17): titles found only where the caller may see them. */
describe(`meeting search (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let roomId: number;
  let host: TestUser;
  let hostToken: string;
  let guestToken: string;
  let colleagueToken: string;
  let otherToken: string;
  let noBookingToken: string;
  const ids: Record<string, number> = {};

  const search = (keyword: string, token = colleagueToken, extra = '') =>
    call<MeetingSearchResult>(t.app, { method: 'GET', url: `/api/meeting/search?keyword=${encodeURIComponent(keyword)}${extra}`, headers: { token, lang: 'en-US' } });
  const titles = (answer: { body: { result: MeetingSearchResult } }) => answer.body.result.list.map((meeting) => meeting.title);

  async function book(title: string, startAt: number, body: Record<string, unknown> = {}, token = hostToken, room = roomId): Promise<number> {
    const answer = await call<Reservation>(t.app, {
      method: 'POST',
      url: '/api/meeting/reservation',
      headers: { token, lang: 'en-US' },
      payload: { roomId: room, title, startAt, endAt: startAt + HOUR, ...body },
    });
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Search Meetings Co');
    companyId = a.company.id;
    roomId = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Kew', timeZone: 'Europe/London' })).roomId;
    host = await t.factories.user(companyId, { permissions: ['calendarRoomUse:view'] });
    hostToken = await t.factories.session(host);
    const guest = await t.factories.user(companyId, { permissions: ['calendarRoomUse:view'] });
    guestToken = await t.factories.session(guest);
    colleagueToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['calendarRoomUse:view'] }));
    noBookingToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['roomsLocations:view'] }));

    const now = t.clock.now();
    ids.publicSoon = await book('Quarterly roadmap review', now + 2 * HOUR);
    ids.publicLater = await book('Roadmap retro', now + 3 * DAY);
    ids.privateOne = await book('Roadmap layoffs', now + DAY, { privacy: 'private', participants: [{ userId: guest.id }] });
    ids.busyOne = await book('Roadmap budget', now + 2 * DAY, { privacy: 'busy' });
    ids.cancelled = await book('Roadmap cancelled', now + 4 * DAY);
    await call(t.app, { method: 'POST', url: '/api/meeting/reservation/cancel', headers: { token: hostToken }, payload: { id: ids.cancelled } });

    // Finished meetings, written directly (a booking in the past is refused): one of last week, one too old.
    const bookings = createBookingRepository(t.db.kysely);
    const past = (title: string, startAt: number) =>
      bookings.insert({ companyId, roomId, hostUserId: host.id, title, startAt, endAt: startAt + HOUR, status: 'confirmed', privacy: 'public', channel: 'console', remarks: null }, now);
    ids.lastWeek = await past('Roadmap kickoff', now - 7 * DAY);
    ids.tooOld = await past('Roadmap ancient', now - 40 * DAY);

    // Another company's meeting with the same word, and a user of it who searches.
    const b = await t.factories.companyWithAdmin('Other Search Meetings Co');
    otherToken = await t.factories.session(b.admin);
    const otherRoom = (await createTestRoom(t.db, t.factories, t.clock, b.company.id, { name: 'Theirs' })).roomId;
    ids.foreign = await book('Roadmap of the rivals', now + 5 * HOUR, {}, otherToken, otherRoom);
  });
  afterAll(() => t.cleanup());

  it('finds public meetings by title for a colleague, upcoming first then the last 30 days, never a busy or private one of another', async () => {
    const answer = await search('ROADMAP');
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.result.list.map((meeting) => meeting.id)).toEqual([ids.publicSoon, ids.publicLater, ids.lastWeek]);
    expect(answer.body.result.list[0]).toMatchObject({ title: 'Quarterly roadmap review', roomName: 'Kew', timeZone: 'Europe/London', visible: true });
    // Not even the private or busy meeting's existence shows up for its title.
    expect(titles(await search('layoffs'))).toEqual([]);
    expect(titles(await search('budget'))).toEqual([]);
    expect(titles(await search('cancelled'))).toEqual([]);
    expect(titles(await search('ancient'))).toEqual([]);
  });

  it('finds a private meeting for its host and its attendee', async () => {
    expect(titles(await search('layoffs', hostToken))).toEqual(['Roadmap layoffs']);
    expect(titles(await search('layoffs', guestToken))).toEqual(['Roadmap layoffs']);
    expect(titles(await search('budget', hostToken))).toEqual(['Roadmap budget']);
  });

  it("never finds another company's meeting, in either direction", async () => {
    expect(titles(await search('rivals'))).toEqual([]);
    expect(titles(await search('roadmap', otherToken))).toEqual(['Roadmap of the rivals']);
  });

  it('finds a visible meeting behind many the caller may not see, within the limit', async () => {
    const now = t.clock.now();
    const bookings = createBookingRepository(t.db.kysely);
    // More private matches than one batch of candidates, all sooner than the public one.
    for (let i = 0; i < 70; i++) {
      await bookings.insert(
        { companyId, roomId, hostUserId: host.id, title: `Secret offsite ${i}`, startAt: now + 10 * DAY + i * HOUR, endAt: now + 10 * DAY + (i + 1) * HOUR, status: 'confirmed', privacy: 'private', channel: 'console', remarks: null },
        now,
      );
    }
    const open = await book('Offsite planning (open)', now + 20 * DAY);
    expect((await search('offsite')).body.result.list.map((meeting) => meeting.id)).toEqual([open]);
    const mine = await search('offsite', hostToken, '&limit=3');
    expect(titles(mine)).toEqual(['Secret offsite 0', 'Secret offsite 1', 'Secret offsite 2']);
  });

  it('reads % and _ literally, needs the booking right and a keyword, and keeps the limit', async () => {
    expect(titles(await search('%'))).toEqual([]);
    expect((await search('roadmap', noBookingToken)).status).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/api/meeting/search?keyword=roadmap' })).status).toBe(401);
    const missing = await call(t.app, { method: 'GET', url: '/api/meeting/search?keyword=%20', headers: { token: colleagueToken, lang: 'en-US' } });
    expect([missing.status, missing.body.returncode]).toEqual([400, ReturnCode.BAD_REQUEST]);
    expect((await search('roadmap', colleagueToken, `&limit=${MEETING_SEARCH_LIMIT.max + 1}`)).status).toBe(400);
    expect(titles(await search('roadmap', colleagueToken, '&limit=1'))).toEqual(['Quarterly roadmap review']);
  });
});
