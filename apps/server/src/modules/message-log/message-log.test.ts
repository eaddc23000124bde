import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageLogEntry, MessageLogPage } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';
import { startSmtpServer } from '../../test/smtp.js';

const HOUR = 3_600_000;

/** The message log over real mails: activation mails (one refused by the SMTP server) and meeting invitations. */
describe(`message log (${TEST_DIALECT})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let adminToken: string;
  let readerToken: string;
  let outsiderToken: string;
  let hostToken: string;
  let roomId: number;
  let startedAt: number;

  beforeAll(async () => {
    smtp = await startSmtpServer({ rejectFor: /^nobody@/ });
    t = await createTestApp({ config: { smtpUrl: smtp.url } });
    const a = await t.factories.companyWithAdmin('Message Co');
    adminToken = await t.factories.session(a.admin);
    readerToken = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['messages:view'] }));
    outsiderToken = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['calendarRoomUse:view'] }));
    hostToken = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['calendarRoomUse:view'], firstName: 'Hugo', lastName: 'Host' }));
    roomId = (await createTestRoom(t.db, t.factories, t.clock, a.company.id, { name: 'Atelier' })).roomId;
    startedAt = t.clock.now();
    for (const [userName, email] of [['sam', 'sam@message.test'], ['ghost', 'nobody@message.test']]) {
      const created = await call(t.app, { method: 'POST', url: '/api/user', headers: { token: adminToken }, payload: { userName, email, firstName: userName, lastName: 'Test' } });
      expect(created.status, created.body.message).toBe(200);
    }
    t.clock.advance(1000);
    const start = Math.ceil((t.clock.now() + 2 * HOUR) / HOUR) * HOUR;
    const booked = await call(t.app, {
      method: 'POST',
      url: '/api/meeting/reservation',
      headers: { token: hostToken },
      payload: { roomId, title: 'Quarterly plan', startAt: start, endAt: start + HOUR, participants: [{ email: 'guest@outside.test' }] },
    });
    expect(booked.status, booked.body.message).toBe(200);
    await t.app.bookingInvitations.drain();
  });
  afterAll(async () => {
    await t?.cleanup();
    await smtp?.close();
  });

  const log = (query = '', token = readerToken) => call<MessageLogPage>(t.app, { method: 'GET', url: `/api/message/log?pageSize=50${query}`, headers: { token } });
  const view = (entry: MessageLogEntry) => [entry.event, entry.to, entry.operatorName, entry.result, entry.errorCode, entry.solution];

  it('lists every message newest first with its event, operator and result, and what to do about a failure', async () => {
    const answer = await log();
    expect(answer.status).toBe(200);
    const rows = answer.body.result.list;
    // The meeting's invitations (host and guest, caused by the host), then the two activation mails (caused by the administrator).
    expect(rows.map(view)).toEqual([
      expect.arrayContaining(['invitation', 'Hugo Host', 'sent', null, null]),
      expect.arrayContaining(['invitation', 'Hugo Host', 'sent', null, null]),
      ['activation', 'nobody@message.test', expect.any(String), 'failed', '550', 'checkAddress'],
      ['activation', 'sam@message.test', expect.any(String), 'sent', null, null],
    ]);
    expect(rows.slice(0, 2).map((row) => row.to)).toContain('guest@outside.test');
    expect(rows[0]!.description).toContain('Quarterly plan');
    expect(rows[2]!.error).toContain('mailbox unavailable');
    // No message body in the log; the activation mails' links went to their recipients only.
    expect(JSON.stringify(rows)).not.toContain('/activate/');
    expect(rows.map((row) => row.isRedacted)).toEqual([false, false, true, true]);
  });

  it('filters by event, result, keyword and time', async () => {
    expect((await log('&event=activation')).body.result.list.map((row) => row.to)).toEqual(['nobody@message.test', 'sam@message.test']);
    expect((await log('&result=failed')).body.result.list.map((row) => row.to)).toEqual(['nobody@message.test']);
    expect((await log('&keyword=GUEST@')).body.result.list.map((row) => row.event)).toEqual(['invitation']);
    expect((await log('&keyword=quarterly')).body.result.total).toBe(2);
    expect((await log(`&from=${startedAt}&to=${startedAt + 1000}`)).body.result.total).toBe(2);
    expect((await log(`&from=${startedAt + 1000}`)).body.result.total).toBe(2);
    expect((await log('&event=sms')).status).toBe(400);
  });

  it('is for the messages area only', async () => {
    expect((await log('', outsiderToken)).status).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/api/message/log' })).status).toBe(401);
    expect((await log('', adminToken)).body.result.total).toBe(4);
  });
});

/** Mails whose link only the recipient received (issue 16): the log says so, and that a new link is the way out. */
describe(`message log of mails with secrets (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    // No SMTP server: the activation mail is kept, its link replaced by the marker.
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Quiet Co');
    adminToken = await t.factories.session(a.admin);
    const created = await call(t.app, { method: 'POST', url: '/api/user', headers: { token: adminToken }, payload: { userName: 'pending.pat', email: 'pat@quiet.test', firstName: 'Pat', lastName: 'Pending' } });
    expect(created.status, created.body.message).toBe(200);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('marks the kept activation mail and asks for a new link, not for a mail server', async () => {
    const answer = await call<MessageLogPage>(t.app, { method: 'GET', url: '/api/message/log?event=activation', headers: { token: adminToken } });
    expect(answer.status).toBe(200);
    expect(answer.body.result.list).toEqual([expect.objectContaining({ to: 'pat@quiet.test', result: 'kept', isRedacted: true, solution: 'issueNewLink' })]);
    expect(JSON.stringify(answer.body.result)).not.toContain('/activate/');
  });
});
