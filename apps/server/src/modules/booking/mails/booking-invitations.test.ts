import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reservation } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECT } from '../../../test/database.js';
import { createTestRoom } from '../../../test/rooms.js';
import { decodeHeader, mailPart, startSmtpServer, textPart, type ReceivedMail } from '../../../test/smtp.js';
import type { TestUser } from '../../../test/factories.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The unfolded property lines of an iCalendar text, e.g. { METHOD: ['REQUEST'], UID: [...] }. */
function icalProperties(text: string): Map<string, string[]> {
  const lines = text.replace(/\r\n[ \t]/g, '').split(/\r\n/);
  const out = new Map<string, string[]>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).split(';')[0]!;
    out.set(name, [...(out.get(name) ?? []), line.slice(colon + 1)]);
  }
  return out;
}

/** "20261125T100000Z" for an epoch value. */
const icalUtc = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

describe(`calendar invitations (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let host: TestUser;
  let hostToken: string;
  let colleague: TestUser;
  let roomId: number;
  let base: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ config: { smtpUrl: smtp.url, publicUrl: 'https://atrium.example' } });
    const { company } = await t.factories.companyWithAdmin('Invite Co');
    host = await t.factories.user(company.id, { permissions: ['calendarRoomUse:view'] });
    hostToken = await t.factories.session(host);
    colleague = await t.factories.user(company.id, { permissions: ['calendarRoomUse:view'] });
    roomId = (await createTestRoom(t.db, t.factories, t.clock, company.id, { name: 'Kew', timeZone: 'Europe/London' })).roomId;
    base = t.clock.now() + DAY + 2 * HOUR;
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  const post = (url: string, payload: Record<string, unknown>) => call<Reservation>(t.app, { method: 'POST', url, headers: { token: hostToken, lang: 'en-US' }, payload });
  /** Mails that arrived since `from`, once the app's invitations are out. */
  async function mailsSince(from: number): Promise<ReceivedMail[]> {
    await t.app.bookingInvitations.drain();
    return smtp.received.slice(from);
  }
  const to = (mails: ReceivedMail[], address: string) => mails.filter((mail) => mail.to.includes(address));

  it('invites every attendee, updates them on change, cancels who is taken off, and cancels the meeting for all', async () => {
    let mark = smtp.received.length;
    const created = await post('/api/meeting/reservation', {
      roomId,
      title: 'Roadmap review',
      startAt: base,
      endAt: base + HOUR,
      participants: [{ userId: colleague.id }, { email: 'Guest@Partner.test' }],
      remarks: 'Bring numbers',
    });
    expect(created.status, created.body.message).toBe(200);
    const id = created.body.result.id;
    let mails = await mailsSince(mark);
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual([colleague.email, 'guest@partner.test', host.email].sort());
    for (const mail of mails) {
      expect(mail.headers['content-type']).toMatch(/^multipart\//);
      const ics = icalProperties(mailPart(mail, 'text/calendar'));
      expect(ics.get('METHOD')).toEqual(['REQUEST']);
      expect(ics.get('UID')).toEqual([`reservation-${id}@atrium.example`]);
      expect(ics.get('SEQUENCE')).toEqual(['1']);
      expect(ics.get('DTSTART')).toEqual([icalUtc(base)]);
      expect(ics.get('DTEND')).toEqual([icalUtc(base + HOUR)]);
      expect(ics.get('SUMMARY')).toEqual(['Roadmap review']);
      expect(ics.get('ORGANIZER')![0]!.toLowerCase()).toContain(`mailto:${host.email}`);
      expect(ics.get('ATTENDEE')!.map((line) => line.replace(/^mailto:/i, '')).sort()).toEqual([colleague.email, 'guest@partner.test', host.email].sort());
      expect(ics.get('LOCATION')![0]).toContain('Kew');
      // The readable part names the local time in the room's zone (London is UTC+0 in November).
      const text = textPart(mail);
      expect(text).toContain(new Date(base).toISOString().slice(0, 16).replace('T', ' '));
      expect(text).toContain('Europe/London');
    }
    // Every mail is kept in the company's outbox as well.
    const outbox = await t.db.kysely.selectFrom('mail_outbox').select(['to', 'status']).where('subject', 'like', 'Invitation%').execute();
    expect(outbox.filter((row) => row.status === 'sent')).toHaveLength(3);

    // A move and a shorter list: the remaining attendees get an update, the guest a cancellation.
    mark = smtp.received.length;
    const moved = await post('/api/meeting/reservation/update', { id, startAt: base + 2 * HOUR, endAt: base + 3 * HOUR, participants: [{ userId: colleague.id }] });
    expect(moved.status, moved.body.message).toBe(200);
    mails = await mailsSince(mark);
    expect(mails).toHaveLength(3);
    for (const address of [host.email, colleague.email]) {
      const [mail] = to(mails, address);
      const ics = icalProperties(mailPart(mail!, 'text/calendar'));
      expect([ics.get('METHOD'), ics.get('SEQUENCE'), ics.get('DTSTART')]).toEqual([['REQUEST'], ['2'], [icalUtc(base + 2 * HOUR)]]);
      expect(decodeHeader(mail!.headers.subject!)).toBe('Updated: Roadmap review / 会议变更：Roadmap review');
    }
    const [dropped] = to(mails, 'guest@partner.test');
    const droppedIcs = icalProperties(mailPart(dropped!, 'text/calendar'));
    expect([droppedIcs.get('METHOD'), droppedIcs.get('STATUS'), droppedIcs.get('UID')]).toEqual([['CANCEL'], ['CANCELLED'], [`reservation-${id}@atrium.example`]]);

    // Cancelled: those still invited hear, with a higher sequence; the guest does not hear twice.
    mark = smtp.received.length;
    expect((await post('/api/meeting/reservation/cancel', { id })).status).toBe(200);
    mails = await mailsSince(mark);
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual([colleague.email, host.email].sort());
    for (const mail of mails) {
      const ics = icalProperties(mailPart(mail, 'text/calendar'));
      expect([ics.get('METHOD'), ics.get('SEQUENCE'), ics.get('STATUS')]).toEqual([['CANCEL'], ['3'], ['CANCELLED']]);
    }

    // Undone at once: everyone invited hears it is back, as an update with a higher sequence.
    mark = smtp.received.length;
    const restored = await post('/api/meeting/reservation/restore', { id });
    expect(restored.status, restored.body.message).toBe(200);
    mails = await mailsSince(mark);
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual([colleague.email, host.email].sort());
    for (const mail of mails) {
      const ics = icalProperties(mailPart(mail, 'text/calendar'));
      expect([ics.get('METHOD'), ics.get('SEQUENCE'), ics.get('STATUS'), ics.get('DTSTART')]).toEqual([['REQUEST'], ['4'], ['CONFIRMED'], [icalUtc(base + 2 * HOUR)]]);
      expect(decodeHeader(mail.headers.subject!)).toBe('Updated: Roadmap review / 会议变更：Roadmap review');
    }
  });

  it('invites to a repeating meeting with one mail a person, each occurrence its own event', async () => {
    const mark = smtp.received.length;
    const created = await post('/api/meeting/reservation', {
      roomId,
      title: 'Weekly planning',
      startAt: base + 10 * HOUR,
      endAt: base + 11 * HOUR,
      participants: [{ email: 'partner@outside.test' }],
      repeat: { frequency: 'weekly', until: new Date(base + 10 * HOUR + 21 * DAY).toISOString().slice(0, 10) },
    });
    expect(created.status, created.body.message).toBe(200);
    const mails = await mailsSince(mark);
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual(['partner@outside.test', host.email].sort());
    for (const mail of mails) {
      const ics = icalProperties(mailPart(mail, 'text/calendar'));
      expect(ics.get('METHOD')).toEqual(['REQUEST']);
      expect(ics.get('DTSTART')).toEqual([0, 1, 2, 3].map((week) => icalUtc(base + 10 * HOUR + week * 7 * DAY)));
      expect(new Set(ics.get('UID')).size).toBe(4);
    }
  });

  it('follows the company notice configuration: participants can be left out, and events switched off', async () => {
    await t.db.kysely
      .insertInto('settings')
      .values({
        company_id: host.companyId,
        key: 'noticeConfig',
        value: JSON.stringify({ events: { created: true, changed: false, cancelled: true }, notifyParticipants: false }),
        updated_at: t.clock.now(),
      })
      .execute();
    let mark = smtp.received.length;
    const created = await post('/api/meeting/reservation', { roomId, title: 'Quiet one', startAt: base + 5 * HOUR, endAt: base + 6 * HOUR, participants: [{ userId: colleague.id }] });
    expect(created.status).toBe(200);
    let mails = await mailsSince(mark);
    expect(mails.flatMap((mail) => mail.to)).toEqual([host.email]);
    mark = smtp.received.length;
    expect((await post('/api/meeting/reservation/update', { id: created.body.result.id, title: 'Quiet one, renamed' })).status).toBe(200);
    mails = await mailsSince(mark);
    expect(mails).toHaveLength(0);
  });

  it('invites nobody while a request waits for approval', async () => {
    await t.db.kysely.updateTable('rooms').set({ needs_approval: 1 }).where('id', '=', roomId).execute();
    // The approvers' request mail (booking-approval) is the outbox worker's too, and drained with the
    // invitations since issue 18: switched off here, so only invitations could arrive.
    await t.db.kysely
      .updateTable('settings')
      .set({ value: JSON.stringify({ events: { created: true, changed: false, cancelled: true, approvalNeeded: false }, notifyParticipants: false }) })
      .where('company_id', '=', host.companyId)
      .where('key', '=', 'noticeConfig')
      .execute();
    try {
      const mark = smtp.received.length;
      const created = await post('/api/meeting/reservation', { roomId, title: 'Board prep', startAt: base + 8 * HOUR, endAt: base + 9 * HOUR, participants: [{ userId: colleague.id }] });
      expect(created.body.result.status).toBe('pending');
      expect(await mailsSince(mark)).toHaveLength(0);
    } finally {
      await t.db.kysely.updateTable('rooms').set({ needs_approval: 0 }).where('id', '=', roomId).execute();
    }
  });
});
