import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTICE_CONFIG, type MessageLogPage, type NoticeConfig, type NotificationPage, type NotificationReadResult, type NotificationUnread, type Reservation } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';
import { startSmtpServer } from '../../test/smtp.js';
import type { TestUser } from '../../test/factories.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Sessions that outlive the hours the clock moves. */
const LONG = { absoluteMs: 30 * DAY };

/**
 * In-console notifications: written beside the booking mails by the reminder job, invitations,
 * approvals and the check-in job (two server processes on one database), each under the
 * notification settings' console switch; read and marked by their recipient only.
 */
describe(`in-console notifications (${TEST_DIALECT})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let second: TestApp;
  let adminToken: string;
  let host: TestUser;
  let hostToken: string;
  let colleague: TestUser;
  let colleagueToken: string;
  let approver: TestUser;
  let approverToken: string;
  let foreignToken: string;
  let roomId: number;
  let approvalRoomId: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const config = { smtpUrl: smtp.url, sessionIdleMinutes: 1_000_000 };
    t = await createTestApp({ config });
    second = await createTestApp({ database: t.database, clock: t.clock, config });
    const a = await t.factories.companyWithAdmin('Bell Co');
    adminToken = await t.factories.session(a.admin, LONG);
    host = await t.factories.user(a.company.id, { permissions: ['calendarRoomUse:view'], firstName: 'Hana', lastName: 'Host' });
    hostToken = await t.factories.session(host, LONG);
    colleague = await t.factories.user(a.company.id, { permissions: ['calendarRoomUse:view'], firstName: 'Cole', lastName: 'League' });
    colleagueToken = await t.factories.session(colleague, LONG);
    approver = await t.factories.user(a.company.id, { permissions: ['calendarRoomUse:view', 'events:view'], firstName: 'Alex', lastName: 'Approver' });
    approverToken = await t.factories.session(approver, LONG);
    const b = await t.factories.companyWithAdmin('Other Co');
    foreignToken = await t.factories.session(b.admin, LONG);
    const made = await createTestRoom(t.db, t.factories, t.clock, a.company.id, { name: 'Orangerie', timeZone: 'Europe/Paris' });
    roomId = made.roomId;
    approvalRoomId = (await createTestRoom(t.db, t.factories, t.clock, a.company.id, { name: 'Boardroom', floorId: made.floorId })).roomId;
    await t.db.kysely.updateTable('rooms').set({ sign_in_enabled: 1, sign_in_before_minutes: 10, sign_in_after_minutes: 15 }).where('id', '=', roomId).execute();
    await t.db.kysely.updateTable('rooms').set({ needs_approval: 1 }).where('id', '=', approvalRoomId).execute();
  });
  afterAll(async () => {
    await second?.cleanup();
    await t?.cleanup();
    await smtp?.close();
  });

  const get = <T>(url: string, token: string) => call<T>(t.app, { method: 'GET', url, headers: { token } });
  const post = <T>(url: string, token: string, payload: Record<string, unknown> = {}) => call<T>(t.app, { method: 'POST', url, headers: { token }, payload });
  const list = async (token: string, query = '') => {
    const answer = await get<NotificationPage>(`/api/notification/list${query}`, token);
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result;
  };
  const tick = () => Promise.all([t.app.scheduler.tick(), second.app.scheduler.tick()]);
  /** Mails and notifications after a booking change are written once its transaction commits: wait for them. */
  async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    let value = await read();
    for (let waited = 0; waited < 5000 && !done(value); waited += 25) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      value = await read();
    }
    return value;
  }
  async function settings(patch: Partial<NoticeConfig>) {
    const answer = await call(t.app, { method: 'POST', url: '/api/config/notice/update', headers: { token: adminToken }, payload: { ...DEFAULT_NOTICE_CONFIG, ...patch } });
    expect(answer.status, answer.body.message).toBe(200);
  }
  async function book(token: string, title: string, startAt: number, extra: Record<string, unknown> = {}) {
    const answer = await call<{ reservation: Reservation }>(t.app, {
      method: 'POST',
      url: '/api/meeting/reservation',
      headers: { token },
      payload: { roomId, title, startAt, endAt: startAt + HOUR, reminderMinutes: 15, ...extra },
    });
    expect(answer.status, answer.body.message).toBe(200);
    await t.app.bookingInvitations.drain();
    return answer.body.result.reservation;
  }
  const mailsAbout = async (subject: string) =>
    (await t.db.kysely.selectFrom('mail_outbox').select('to').where('subject', 'like', `%${subject}%`).orderBy('id').execute()).map((mail) => mail.to);
  /** A whole hour at least three hours ahead. */
  const later = () => Math.ceil((t.clock.now() + 3 * HOUR) / HOUR) * HOUR;

  it('tells invited colleagues in the console, not the one who booked, nor outside guests', async () => {
    await book(hostToken, 'Roadmap', later() + 6 * HOUR, { participants: [{ userId: colleague.id }, { email: 'guest@outside.test' }], reminderMinutes: null });
    const mine = await list(colleagueToken);
    expect(mine.unreadCount).toBe(1);
    expect(mine.list[0]).toMatchObject({ event: 'invitation', link: '/reserve', readAt: null, params: { title: 'Roadmap', by: 'Hana Host', zone: 'Europe/Paris', more: 0 } });
    expect(mine.list[0]!.params.place).toContain('Orangerie');
    expect((await list(hostToken)).total).toBe(0);
    const written = await t.db.kysely.selectFrom('notifications').select('user_id').execute();
    expect(written.map((row) => row.user_id)).toEqual([colleague.id]);
  });

  it('sends a reminder by mail and in the console to host and colleague, once across two processes', async () => {
    const start = later();
    await book(hostToken, 'Budget review', start, { participants: [{ userId: colleague.id }] });
    const before = (await list(hostToken)).total;
    t.clock.set(start - 15 * MINUTE);
    await tick();
    t.clock.set(start - 14 * MINUTE);
    await tick();
    const hostReminders = (await list(hostToken)).list.filter((item) => item.event === 'reminder');
    expect(hostReminders).toHaveLength(1);
    expect(hostReminders[0]!.params).toMatchObject({ title: 'Budget review', minutes: 15, startAt: start });
    expect((await list(colleagueToken)).list.filter((item) => item.event === 'reminder')).toHaveLength(1);
    expect((await list(hostToken)).total).toBe(before + 1);
    expect((await mailsAbout('Reminder / 会议提醒: Budget review')).sort()).toEqual([colleague.email, host.email].sort());
  });

  it('follows the console switches apart from the mail switches', async () => {
    // Console off, mail on: the mail goes, nothing in the console.
    await settings({ consoleEvents: { ...DEFAULT_NOTICE_CONFIG.consoleEvents, created: false } });
    const before = (await list(colleagueToken)).total;
    await book(hostToken, 'Quiet invite', later() + DAY, { participants: [{ userId: colleague.id }], reminderMinutes: null });
    expect(await mailsAbout('Invitation: Quiet invite')).toContain(colleague.email);
    expect((await list(colleagueToken)).total).toBe(before);
    // Mail off, console on: only the console.
    await settings({ events: { ...DEFAULT_NOTICE_CONFIG.events, created: false } });
    await book(hostToken, 'Console only', later() + 2 * DAY, { participants: [{ userId: colleague.id }], reminderMinutes: null });
    expect(await mailsAbout('Console only')).toEqual([]);
    expect((await list(colleagueToken)).list[0]).toMatchObject({ event: 'invitation', params: { title: 'Console only' } });
    await settings({});
  });

  it('tells approvers of a request and the host of the decision; the mail switches hold for approvals too', async () => {
    const start = later() + 3 * DAY;
    const asked = await call<{ reservation: Reservation }>(t.app, {
      method: 'POST',
      url: '/api/meeting/reservation',
      headers: { token: hostToken },
      payload: { roomId: approvalRoomId, title: 'Private pitch', startAt: start, endAt: start + HOUR, privacy: 'private' },
    });
    expect(asked.status, asked.body.message).toBe(200);
    const request = await eventually(() => list(approverToken), (page) => page.list.some((item) => item.event === 'approvalRequest'));
    // A private meeting's title is not shown to approvers, in the console as in the mail.
    expect(request.list.find((item) => item.event === 'approvalRequest')).toMatchObject({ link: '/meeting-approval', params: { title: null, by: 'Hana Host' } });
    expect(await eventually(() => mailsAbout('waits for your approval'), (to) => to.length > 0)).toContain(approver.email);

    // With the "approved" mail switched off the host hears only in the console.
    await settings({ events: { ...DEFAULT_NOTICE_CONFIG.events, approved: false } });
    const approved = await post('/api/meeting/approval/approve', approverToken, { id: asked.body.result.reservation.id });
    expect(approved.status, approved.body.message).toBe(200);
    const hostPage = await eventually(() => list(hostToken), (page) => page.list.some((item) => item.event === 'approved'));
    expect(hostPage.list.find((item) => item.event === 'approved')).toMatchObject({ params: { title: 'Private pitch', by: 'Alex Approver' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailsAbout('was approved')).toEqual([]);
    await settings({});
  });

  it('tells the host once when check-in opens, by mail only when that switch is on', async () => {
    await settings({ events: { ...DEFAULT_NOTICE_CONFIG.events, checkInDue: true } });
    const start = later() + 4 * DAY;
    await book(hostToken, 'Stand-up', start, { reminderMinutes: null });
    t.clock.set(start - 11 * MINUTE);
    await tick();
    expect((await list(hostToken)).list.filter((item) => item.event === 'checkInDue')).toHaveLength(0);
    t.clock.set(start - 10 * MINUTE);
    await tick();
    t.clock.set(start - 9 * MINUTE);
    await tick();
    const due = (await list(hostToken)).list.filter((item) => item.event === 'checkInDue');
    expect(due).toHaveLength(1);
    // The window closes 15 minutes after the start: 25 minutes left when it opens.
    expect(due[0]!.params).toMatchObject({ title: 'Stand-up', minutes: 25 });
    expect(await mailsAbout('Check in now / 请签到 – Stand-up')).toEqual([host.email]);
    await settings({});
  });

  it('lets each person read and mark only their own, and lists them in the message log as the console channel', async () => {
    const mine = await list(colleagueToken);
    const theirs = await list(hostToken);
    expect(mine.unreadCount).toBeGreaterThan(1);
    const unread = await get<NotificationUnread>('/api/notification/unread-count', colleagueToken);
    expect(unread.body.result).toEqual({ count: mine.unreadCount, latestId: mine.list[0]!.id });

    // Marking another person's notification changes nothing.
    const foreign = await post<NotificationReadResult>('/api/notification/read', colleagueToken, { ids: [theirs.list[0]!.id] });
    expect(foreign.body.result).toEqual({ updated: 0, unreadCount: mine.unreadCount });
    expect((await list(hostToken)).unreadCount).toBe(theirs.unreadCount);
    const one = await post<NotificationReadResult>('/api/notification/read', colleagueToken, { ids: [mine.list[0]!.id] });
    expect(one.body.result).toEqual({ updated: 1, unreadCount: mine.unreadCount - 1 });
    expect((await list(colleagueToken, '?unread=true')).list.map((item) => item.id)).not.toContain(mine.list[0]!.id);
    const all = await post<NotificationReadResult>('/api/notification/read-all', colleagueToken);
    expect(all.body.result).toEqual({ updated: mine.unreadCount - 1, unreadCount: 0 });
    expect((await list(hostToken)).unreadCount).toBe(theirs.unreadCount);

    // Another company sees none of them; bad bodies are refused.
    expect((await list(foreignToken)).total).toBe(0);
    expect((await post('/api/notification/read', colleagueToken, { ids: [] })).status).toBe(400);
    expect((await get('/api/notification/list', '')).status).toBe(401);

    const log = await get<MessageLogPage>('/api/message/log?channel=console&pageSize=50', adminToken);
    expect(log.status, log.body.message).toBe(200);
    const entries = log.body.result.list;
    expect(entries.every((entry) => entry.channel === 'console' && entry.result === 'sent')).toBe(true);
    expect(entries.filter((entry) => entry.to === 'Cole League').every((entry) => entry.readAt !== null)).toBe(true);
    expect(entries.find((entry) => entry.event === 'approvalRequest')).toMatchObject({ to: 'Alex Approver', operatorName: 'Hana Host', readAt: null });
    expect(log.body.result.total).toBe(await t.db.kysely.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then((row) => Number(row.n)));
    const reminders = await get<MessageLogPage>('/api/message/log?channel=console&event=reminder', adminToken);
    expect(reminders.body.result.list.map((entry) => entry.to).sort()).toEqual(['Cole League', 'Hana Host']);
    // The mail channel stays the default.
    expect((await get<MessageLogPage>('/api/message/log', adminToken)).body.result.list.every((entry) => entry.channel === 'mail')).toBe(true);
  });

  it('marks a notification whose action is over: a check-in notice once checked in or its window closed, an approval request once decided or withdrawn; the badge counts only what is still to do', async () => {
    const badge = async (token: string) => (await get<NotificationUnread>('/api/notification/unread-count', token)).body.result.count;
    const logEntry = async (id: number) => {
      const log = await get<MessageLogPage>('/api/message/log?channel=console&pageSize=100', adminToken);
      return log.body.result.list.find((entry) => entry.id === id)!;
    };
    await post('/api/notification/read-all', hostToken);
    await post('/api/notification/read-all', approverToken);
    const start = later() + 5 * DAY;
    const retro = await book(hostToken, 'Retro', start, { reminderMinutes: null });
    const ghost = await book(hostToken, 'Ghost', start + 2 * HOUR, { reminderMinutes: null });
    t.clock.set(start - 10 * MINUTE);
    await tick();
    const dueOf = async (title: string) => (await list(hostToken)).list.find((item) => item.event === 'checkInDue' && item.params.title === title)!;
    expect((await dueOf('Retro')).action).toBe('open');
    expect(await badge(hostToken)).toBe(1);
    const checkedIn = await post('/api/meeting/reservation/check-in', hostToken, { id: retro.id });
    expect(checkedIn.status, checkedIn.body.message).toBe(200);
    const retroDue = await dueOf('Retro');
    expect([retroDue.action, retroDue.readAt]).toEqual(['done', null]);
    expect(await badge(hostToken)).toBe(0);
    expect((await logEntry(retroDue.id)).action).toBe('done');
    // Nobody checks the ghost in: once its window has closed the notice asks nothing any more, released or not.
    t.clock.set(start + 2 * HOUR - 10 * MINUTE);
    await tick();
    expect((await dueOf('Ghost')).action).toBe('open');
    expect(await badge(hostToken)).toBe(1);
    t.clock.set(start + 2 * HOUR + 16 * MINUTE);
    expect((await dueOf('Ghost')).action).toBe('closed');
    expect(await badge(hostToken)).toBe(0);
    await tick();
    expect((await get<Reservation>(`/api/meeting/reservation?id=${ghost.id}`, hostToken)).body.result.status).toBe('released');
    expect((await dueOf('Ghost')).action).toBe('closed');

    // Approval requests: decided, or withdrawn by the host.
    const request = async (title: string, at: number) => {
      const asked = await call<{ reservation: Reservation }>(t.app, {
        method: 'POST',
        url: '/api/meeting/reservation',
        headers: { token: hostToken },
        payload: { roomId: approvalRoomId, title, startAt: at, endAt: at + HOUR },
      });
      expect(asked.status, asked.body.message).toBe(200);
      const page = await eventually(() => list(approverToken), (found) => found.list.some((item) => item.event === 'approvalRequest' && item.params.title === title));
      return { id: asked.body.result.reservation.id, notice: () => list(approverToken).then((found) => found.list.find((item) => item.event === 'approvalRequest' && item.params.title === title)!), first: page };
    };
    const offsite = await request('Offsite', later() + 6 * DAY);
    const party = await request('Party', later() + 7 * DAY);
    expect([(await offsite.notice()).action, (await party.notice()).action]).toEqual(['open', 'open']);
    expect(await badge(approverToken)).toBe(2);
    const rejected = await post('/api/meeting/approval/reject', approverToken, { id: offsite.id, reason: 'Room is for the board' });
    expect(rejected.status, rejected.body.message).toBe(200);
    expect((await offsite.notice()).action).toBe('done');
    expect((await logEntry((await offsite.notice()).id)).action).toBe('done');
    const withdrawn = await post('/api/meeting/approval/withdraw', hostToken, { id: party.id });
    expect(withdrawn.status, withdrawn.body.message).toBe(200);
    expect((await party.notice()).action).toBe('closed');
    expect(await badge(approverToken)).toBe(0);
    // A notification that asks nothing has no action state.
    expect((await list(colleagueToken)).list.every((item) => item.action === null)).toBe(true);
  });
});
