import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, ReturnCode, type CalendarEvents, type CalendarShares, type Lang, type Reservation } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';
import type { TestUser } from '../../test/factories.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe(`shared calendars (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let colleague: TestUser;
  let third: TestUser;
  const tokens = new Map<number, string>();
  let roomId: number;
  let base: number;
  let meetings: { public: Reservation; busy: Reservation; private: Reservation; attended: Reservation };

  beforeAll(async () => {
    t = await createTestApp();
    const { company } = await t.factories.companyWithAdmin('Calendar Co');
    const person = async () => {
      const user = await t.factories.user(company.id, { permissions: ['calendarRoomUse:view'] });
      tokens.set(user.id, await t.factories.session(user));
      return user;
    };
    owner = await person();
    colleague = await person();
    third = await person();
    roomId = (await createTestRoom(t.db, t.factories, t.clock, company.id, { name: 'Thames', timeZone: 'Europe/London' })).roomId;
    base = t.clock.now() + DAY;
    const book = async (token: string, body: Record<string, unknown>) => {
      const answer = await call<Reservation>(t.app, { method: 'POST', url: '/api/meeting/reservation', headers: { token }, payload: { roomId, ...body } });
      expect(answer.status, answer.body.message).toBe(200);
      return answer.body.result;
    };
    meetings = {
      public: await book(tokens.get(owner.id)!, { title: 'Team sync', startAt: base, endAt: base + HOUR }),
      busy: await book(tokens.get(owner.id)!, { title: 'Budget', privacy: 'busy', startAt: base + HOUR, endAt: base + 2 * HOUR }),
      private: await book(tokens.get(owner.id)!, { title: 'Doctor', privacy: 'private', startAt: base + 2 * HOUR, endAt: base + 3 * HOUR }),
      // The owner attends the third person's private meeting: it is on the owner's calendar too.
      attended: await book(tokens.get(third.id)!, { title: 'Interview', privacy: 'private', startAt: base + 3 * HOUR, endAt: base + 4 * HOUR, participants: [{ userId: owner.id }] }),
    };
  });
  afterAll(() => t.cleanup());

  const as = (user: TestUser, lang: Lang = 'en-US') => ({ token: tokens.get(user.id)!, lang });
  const share = (by: TestUser, body: Record<string, unknown>) => call<CalendarShares>(t.app, { method: 'POST', url: '/api/meeting/calendar/share', headers: as(by), payload: body });
  const unshare = (by: TestUser, body: Record<string, unknown>) => call(t.app, { method: 'POST', url: '/api/meeting/calendar/unshare', headers: as(by), payload: body });
  const events = (by: TestUser, ownerUserId = owner.id, lang: Lang = 'en-US') =>
    call<CalendarEvents>(t.app, { method: 'GET', url: `/api/meeting/calendar/events?ownerUserId=${ownerUserId}&from=${base - HOUR}&to=${base + DAY}`, headers: as(by, lang) });
  /** What the reader sees of each meeting: title (null when hidden) and whether the host shows. */
  const seen = (answer: CalendarEvents) => answer.list.map((meeting) => [meeting.id, meeting.title, meeting.hostName !== null]);

  it("shows a calendar to its owner, and refuses it to a colleague it was not shared with, in both languages", async () => {
    const own = await events(owner);
    expect(own.body.result.access).toBe('owner');
    expect(seen(own.body.result)).toEqual([
      [meetings.public.id, 'Team sync', true],
      [meetings.busy.id, 'Budget', true],
      [meetings.private.id, 'Doctor', true],
      [meetings.attended.id, 'Interview', true],
    ]);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const refused = await events(colleague, owner.id, lang);
      expect([refused.status, refused.body.returncode, refused.body.message]).toEqual([403, ReturnCode.NO_PERMISSION, formatMessage('calendarNotShared', lang)]);
    }
  });

  it('gives each level its view: visitor times only, subscriber as the company sees, editor everything', async () => {
    expect((await share(owner, { granteeUserId: colleague.id, level: 'visitor' })).status).toBe(200);
    const visitor = (await events(colleague)).body.result;
    expect(visitor.access).toBe('visitor');
    expect(seen(visitor)).toEqual([
      [meetings.public.id, null, false],
      [meetings.busy.id, null, false],
      [meetings.private.id, null, false],
      [meetings.attended.id, null, false],
    ]);
    expect(visitor.list.every((meeting) => meeting.participants === null && meeting.remarks === null)).toBe(true);

    await share(owner, { granteeUserId: colleague.id, level: 'subscriber' });
    expect(seen((await events(colleague)).body.result)).toEqual([
      [meetings.public.id, 'Team sync', true],
      [meetings.busy.id, null, true],
      [meetings.private.id, null, false],
      [meetings.attended.id, null, false],
    ]);

    await share(owner, { granteeUserId: colleague.id, level: 'editor' });
    expect(seen((await events(colleague)).body.result)).toEqual([
      [meetings.public.id, 'Team sync', true],
      [meetings.busy.id, 'Budget', true],
      [meetings.private.id, 'Doctor', true],
      [meetings.attended.id, 'Interview', true],
    ]);
  });

  it('lets the owner and managers change sharing, not editors; a grantee may leave', async () => {
    await share(owner, { granteeUserId: colleague.id, level: 'editor' });
    const byEditor = await share(colleague, { ownerUserId: owner.id, granteeUserId: third.id, level: 'visitor' });
    expect([byEditor.status, byEditor.body.message]).toEqual([403, formatMessage('calendarShareNotAllowed', 'en-US')]);
    const editorList = await call<CalendarShares>(t.app, { method: 'GET', url: `/api/meeting/calendar/shares?ownerUserId=${owner.id}`, headers: as(colleague) });
    expect([editorList.body.result.canManage, editorList.body.result.shares]).toEqual([false, []]);

    await share(owner, { granteeUserId: colleague.id, level: 'manager' });
    const byManager = await share(colleague, { ownerUserId: owner.id, granteeUserId: third.id, level: 'visitor' });
    expect(byManager.status).toBe(200);
    expect(byManager.body.result.shares.map((person) => [person.userId, person.level]).sort()).toEqual([[colleague.id, 'manager'], [third.id, 'visitor']].sort());
    // The third person sees the calendar among those shared with them.
    const theirs = await call<CalendarShares>(t.app, { method: 'GET', url: '/api/meeting/calendar/shares', headers: as(third) });
    expect(theirs.body.result.sharedWithMe.map((person) => [person.userId, person.level])).toEqual([[owner.id, 'visitor']]);
    // Leaving: the grantee removes themselves; then the calendar is closed to them again.
    expect((await unshare(third, { ownerUserId: owner.id, granteeUserId: third.id })).status).toBe(200);
    expect((await events(third)).status).toBe(403);
    expect((await unshare(third, { ownerUserId: owner.id, granteeUserId: third.id })).status).toBe(404);
    // Not with oneself, not with someone unknown.
    expect((await share(owner, { granteeUserId: owner.id, level: 'visitor' })).body.message).toBe(formatMessage('calendarShareSelf', 'en-US'));
    expect((await share(owner, { granteeUserId: 999_999, level: 'visitor' })).status).toBe(404);
    expect((await share(owner, { granteeUserId: third.id, level: 'owner' })).status).toBe(400);
  });

  it('reads at most 42 days at once, and leaves cancelled meetings out', async () => {
    const wide = await call(t.app, { method: 'GET', url: `/api/meeting/calendar/events?ownerUserId=${owner.id}&from=${base}&to=${base + 43 * DAY}`, headers: as(owner) });
    expect([wide.status, wide.body.message]).toEqual([422, formatMessage('reservationRangeInvalid', 'en-US', { days: 42 })]);
    await call(t.app, { method: 'POST', url: '/api/meeting/reservation/cancel', headers: as(owner), payload: { id: meetings.busy.id } });
    expect((await events(owner)).body.result.list.map((meeting) => meeting.id)).not.toContain(meetings.busy.id);
  });

  it("lets an editor or manager book, change and cancel the owner's meetings as the owner; not a subscriber, and not after access ends", async () => {
    const post = <T = Reservation>(by: TestUser, url: string, payload: Record<string, unknown>, lang: Lang = 'en-US') =>
      call<T>(t.app, { method: 'POST', url: `/api/meeting/${url}`, headers: as(by, lang), payload });
    const slot = base + 5 * HOUR;
    const body = { roomId, title: 'Board prep', startAt: slot, endAt: slot + HOUR, hostUserId: owner.id };
    await share(owner, { granteeUserId: colleague.id, level: 'subscriber' });
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const refused = await post(colleague, 'reservation', body, lang);
      expect([refused.status, refused.body.message]).toEqual([403, formatMessage('reservationNotDelegate', lang)]);
    }
    expect((await post(third, 'reservation', body)).status).toBe(403);

    await share(owner, { granteeUserId: colleague.id, level: 'editor' });
    const booked = await post(colleague, 'reservation', body);
    expect(booked.status, booked.body.message).toBe(200);
    const name = (await t.db.kysely.selectFrom('users').select('full_name').where('id', '=', colleague.id).executeTakeFirstOrThrow()).full_name;
    expect(booked.body.result).toMatchObject({ hostUserId: owner.id, bookedByName: name, canEdit: true });
    // On the owner's own calendar, with who booked it.
    const mine = await call<{ list: Reservation[] }>(t.app, { method: 'GET', url: `/api/meeting/reservation/mine?from=${slot}&to=${slot + HOUR}`, headers: as(owner) });
    expect(mine.body.result.list.map((meeting) => [meeting.id, meeting.bookedByName, meeting.canEdit])).toEqual([[booked.body.result.id, name, true]]);
    // The editor's view of the shared calendar offers changing every meeting of the owner's, and not the one the owner only attends.
    const shared = (await events(colleague)).body.result.list;
    expect(shared.map((meeting) => meeting.id)).toContain(booked.body.result.id);
    expect(shared.map((meeting) => [meeting.id, meeting.canEdit])).toEqual(shared.map((meeting) => [meeting.id, meeting.id !== meetings.attended.id]));

    const moved = await post(colleague, 'reservation/update', { id: meetings.public.id, title: 'Team sync (moved by the assistant)' });
    expect(moved.status, moved.body.message).toBe(200);
    expect(moved.body.result).toMatchObject({ title: 'Team sync (moved by the assistant)', hostUserId: owner.id });
    const byStranger = await post(third, 'reservation/update', { id: meetings.public.id, title: 'Nope' });
    expect([byStranger.status, byStranger.body.message]).toEqual([403, formatMessage('reservationNotHost', 'en-US')]);
    expect((await post(colleague, 'reservation/cancel', { id: booked.body.result.id })).body.result.status).toBe('cancelled');

    // Access taken away: nothing more on the owner's behalf.
    expect((await unshare(owner, { granteeUserId: colleague.id })).status).toBe(200);
    expect((await post(colleague, 'reservation/update', { id: meetings.public.id, title: 'Too late' })).status).toBe(403);
    expect((await post(colleague, 'reservation', body)).status).toBe(403);
  });
});
