import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTICE_CONFIG, type Reservation } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECT } from '../../../test/database.js';
import { createTestRoom } from '../../../test/rooms.js';
import { startSmtpServer, textPart } from '../../../test/smtp.js';
import type { TestUser } from '../../../test/factories.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Sessions that outlive the hours the clock moves. */
const LONG = { absoluteMs: 30 * DAY };

/** Reminder mails before meetings, from the scheduled job of two server processes on one database, over real SMTP. */
describe(`meeting reminders (${TEST_DIALECT})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let second: TestApp;
  let adminToken: string;
  let host: TestUser;
  let hostToken: string;
  let colleague: TestUser;
  let roomId: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const config = { smtpUrl: smtp.url, sessionIdleMinutes: 1_000_000 };
    t = await createTestApp({ config });
    second = await createTestApp({ database: t.database, clock: t.clock, config });
    const a = await t.factories.companyWithAdmin('Reminder Co');
    adminToken = await t.factories.session(a.admin, LONG);
    host = await t.factories.user(a.company.id, { permissions: ['calendarRoomUse:view'], firstName: 'Hana', lastName: 'Host' });
    hostToken = await t.factories.session(host, LONG);
    colleague = await t.factories.user(a.company.id, { permissions: ['calendarRoomUse:view'] });
    roomId = (await createTestRoom(t.db, t.factories, t.clock, a.company.id, { name: 'Orangerie', timeZone: 'Europe/Paris' })).roomId;
    await t.db.kysely.updateTable('rooms').set({ sign_in_enabled: 1 }).where('id', '=', roomId).execute();
  });
  afterAll(async () => {
    await second?.cleanup();
    await t?.cleanup();
    await smtp?.close();
  });

  async function book(title: string, startAt: number, extra: Record<string, unknown> = {}) {
    const answer = await call<{ reservation: Reservation }>(t.app, {
      method: 'POST',
      url: '/api/meeting/reservation',
      headers: { token: hostToken },
      payload: { roomId, title, startAt, endAt: startAt + HOUR, reminderMinutes: 15, ...extra },
    });
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result.reservation;
  }
  const tick = () => Promise.all([t.app.scheduler.tick(), second.app.scheduler.tick()]);
  const reminders = async (title: string) =>
    (await t.db.kysely.selectFrom('mail_outbox').select(['to', 'text']).where('subject', 'like', `Reminder / 会议提醒: ${title} %`).orderBy('id').execute()).map((mail) => mail.to);
  /** A whole hour at least three hours ahead. */
  const later = () => Math.ceil((t.clock.now() + 3 * HOUR) / HOUR) * HOUR;

  it('reminds the host and every participant once, at the reminder time, in both languages, across two processes', async () => {
    const start = later();
    await book('Budget review', start, { participants: [{ userId: colleague.id }, { email: 'Guest@Outside.test' }] });
    t.clock.set(start - 16 * MINUTE);
    await tick();
    expect(await reminders('Budget review')).toEqual([]);
    t.clock.set(start - 15 * MINUTE);
    await tick();
    expect((await reminders('Budget review')).sort()).toEqual([colleague.email, 'guest@outside.test', host.email].sort());
    // The next periods of the job, in either process, send nothing more.
    t.clock.set(start - 14 * MINUTE);
    await tick();
    expect(await reminders('Budget review')).toHaveLength(3);
    // The mail reached the SMTP server, with the room's local time and the check-in hint in both languages.
    let text = '';
    for (let waited = 0; waited < 5000 && !text; waited += 20) {
      const mail = smtp.received.find((candidate) => candidate.to.includes(host.email) && textPart(candidate).includes('Reminder: "Budget review"'));
      if (mail) text = textPart(mail);
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(text).toContain('Reminder: "Budget review" in Orangerie');
    expect(text).toContain('(Europe/Paris)');
    expect(text).toContain('Please check in when you arrive');
    expect(text).toContain('会议提醒');
  });

  it('reminds a moved meeting again at its new time; never one without a reminder, a cancelled one, or one booked inside its reminder window', async () => {
    const start = later();
    const moved = await book('Design sync', start);
    await book('No reminder wanted', start + 2 * HOUR, { reminderMinutes: null });
    const cancelled = await book('Called off', start + 3 * HOUR);
    expect((await call(t.app, { method: 'POST', url: '/api/meeting/reservation/cancel', headers: { token: hostToken }, payload: { id: cancelled.id } })).status).toBe(200);
    t.clock.set(start - 15 * MINUTE);
    await tick();
    expect(await reminders('Design sync')).toEqual([host.email]);
    const move = await call(t.app, { method: 'POST', url: '/api/meeting/reservation/update', headers: { token: hostToken }, payload: { id: moved.id, startAt: start + 4 * HOUR, endAt: start + 5 * HOUR } });
    expect(move.status, move.body.message).toBe(200);
    // Booked ten minutes before its start with a 15-minute reminder: the invitation is enough.
    await book('Last minute', t.clock.now() + 10 * MINUTE);
    // The job's next period (its lease lasts 30 seconds), while the meeting is still ahead.
    t.clock.advance(31_000);
    await tick();
    expect(await reminders('Last minute')).toEqual([]);
    for (const at of [start + 2 * HOUR - 15 * MINUTE, start + 3 * HOUR - 15 * MINUTE, start + 4 * HOUR - 15 * MINUTE]) {
      t.clock.set(at);
      await tick();
    }
    expect(await reminders('Design sync')).toEqual([host.email, host.email]);
    expect(await reminders('No reminder wanted')).toEqual([]);
    expect(await reminders('Called off')).toEqual([]);
    expect(await reminders('Last minute')).toEqual([]);
  });

  it('leaves participants out when the notification settings tell only the organiser', async () => {
    const saved = await call(t.app, { method: 'POST', url: '/api/config/notice/update', headers: { token: adminToken }, payload: { ...DEFAULT_NOTICE_CONFIG, notifyParticipants: false } });
    expect(saved.status, saved.body.message).toBe(200);
    const start = later();
    await book('Host only', start, { participants: [{ userId: colleague.id }] });
    t.clock.set(start - 15 * MINUTE);
    await tick();
    expect(await reminders('Host only')).toEqual([host.email]);
  });
});
