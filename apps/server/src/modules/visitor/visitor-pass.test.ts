import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { formatMessage, VISIT_PASS_DAYS_AFTER, VISIT_PASS_HEADER, type Lang, type NotificationPage, type VisitPage, type VisitPass, type VisitPassExport } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { waitForMail } from '../../test/mailbox.js';
import { decodeHeader, mailPart, startSmtpServer } from '../../test/smtp.js';
import type { TestUser } from '../../test/factories.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The base64 content of a received mail's part with this Content-ID. */
function inlinePicture(raw: string, cid: string): { type: string; base64: string } | null {
  const part = raw.split(/\r\n--[^\r\n]+\r\n/).find((candidate) => new RegExp(`content-id:\\s*<${cid}>`, 'i').test(candidate));
  if (!part) return null;
  const split = part.indexOf('\r\n\r\n');
  return { type: /content-type:\s*([^;\r\n]+)/i.exec(part.slice(0, split))?.[1] ?? '', base64: part.slice(split + 4).replace(/\s+|--[^]*$/g, '') };
}

describe(`visitors: the invitation mail and the visitor's pass (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let hostToken: string;
  let receptionToken: string;
  let host: TestUser;
  let lobby: number;
  let reasonId: number;
  let otherCompanyId: number;
  let foreignReceptionToken: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ config: { smtpUrl: smtp.url, publicUrl: 'https://atrium.example.test', sessionIdleMinutes: 1_000_000 } });
    const a = await t.factories.companyWithAdmin('Pass Co');
    const adminToken = await t.factories.session(a.admin);
    host = await t.factories.user(a.company.id, { permissions: ['events:view', 'records:view'], firstName: 'Hana', lastName: 'Host' });
    hostToken = await t.factories.session(host);
    receptionToken = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['visitorDisplay:edit', 'visitorDisplay:view', 'records:view', 'events:view'], firstName: 'Rene', lastName: 'Reception' }));
    const building = await t.factories.location({ companyId: a.company.id, level: LOCATION_LEVEL.building, name: 'Harbour House', timeZone: 'Asia/Shanghai' });
    lobby = await t.factories.location({ companyId: a.company.id, parentId: building, level: LOCATION_LEVEL.floor, name: 'Lobby' });
    reasonId = (await call<{ id: number }>(t.app, { method: 'POST', url: '/api/visitor/reason/add', headers: { token: adminToken }, payload: { name: 'Interview' } })).body.result.id;
    const other = await t.factories.companyWithAdmin('Other Pass Co');
    otherCompanyId = other.company.id;
    foreignReceptionToken = await t.factories.session(other.admin);
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  const invite = async (visitor: Record<string, unknown>, overrides: Record<string, unknown> = {}) => {
    const answer = await call<{ id: number }>(t.app, {
      method: 'POST',
      url: '/api/visitor/invite',
      headers: { token: hostToken },
      payload: { visitor, reasonId, hostId: host.id, locationId: lobby, visitAt: t.clock.now() + DAY, expectedEndAt: t.clock.now() + DAY + 2 * HOUR, ...overrides },
    });
    expect(answer.status).toBe(200);
    await t.app.bookingInvitations.drain();
    return answer.body.result.id;
  };
  const pass = <T = VisitPass>(token: string, path = '', lang: Lang = 'en-US') =>
    call<T>(t.app, { method: 'GET', url: `/api/visitor/pass${path}`, headers: { [VISIT_PASS_HEADER]: token, lang } });
  const passPost = <T = null>(token: string, path: string, payload: Record<string, unknown> = {}, lang: Lang = 'en-US') =>
    call<T>(t.app, { method: 'POST', url: `/api/visitor/pass/${path}`, headers: { [VISIT_PASS_HEADER]: token, lang }, payload });
  /** The token of the last invitation mail to `address`, from its link. */
  const tokenFrom = async (address: string, count = 1) => {
    const { mail, text } = await waitForMail(smtp.received, address, count);
    const link = /https:\/\/atrium\.example\.test\/visit#(\S+)/.exec(text);
    expect(link).not.toBeNull();
    return { token: link![1]!, mail, text, link: link![0] };
  };

  it('mails the visitor after the commit a link and a QR code of a signed token, and keeps neither in the outbox', async () => {
    const id = await invite({ name: 'Vera Visitor', email: 'vera@guest.test', company: 'Guest Ltd' });
    const { token, mail, text, link } = await tokenFrom('vera@guest.test');
    expect(decodeHeader(mail.headers.subject!)).toContain('Your visit to Pass Co on');
    // The visit's times as its place's clock shows them (Shanghai), in both languages.
    expect(text).toMatch(/When: \d{4}-\d\d-\d\d \d\d:\d\d – \d\d:\d\d \(Asia\/Shanghai\)/);
    expect(text).toContain('Hana Host invites you to Pass Co.');
    expect(text).toContain('来访事由：Interview');
    // The token names the visit only through its signature: no plain id a guesser could change.
    expect(token.split('.')).toHaveLength(4);
    expect(token.split('.')[1]).toBe(id.toString(36));
    // The QR code picture is the link itself, drawn the same way the server draws it.
    const html = mailPart(mail, 'text/html');
    expect(html).toContain('src="cid:visit-pass-qr"');
    const picture = inlinePicture(mail.raw, 'visit-pass-qr');
    expect(picture?.type).toBe('image/png');
    const expected = await QRCode.toBuffer(link, { type: 'png', width: 320, margin: 2, errorCorrectionLevel: 'M' });
    expect(Buffer.from(picture!.base64, 'base64').equals(expected)).toBe(true);

    // Neither the outbox of work nor the company's copy of the mail holds the token.
    const kept = await t.db.kysely.selectFrom('mail_outbox').selectAll().where('to', '=', 'vera@guest.test').execute();
    expect(kept).toHaveLength(1);
    expect(JSON.stringify(kept)).not.toContain(token);
    expect(kept[0]!.text).toContain('[link sent to the recipient only');
    const work = await t.db.kysely.selectFrom('outbox_events').selectAll().execute();
    expect(JSON.stringify(work)).not.toContain(token);
  });

  it("opens the visitor's own visit with the token, and nothing with an altered or foreign one", async () => {
    const id = await invite({ name: 'Paul Pass', email: 'paul@guest.test' }, { type: 'group', companions: [{ name: 'Cara Companion', phone: '+44 20 7946 0000' }] });
    const { token, link } = await tokenFrom('paul@guest.test');
    const opened = await pass(token);
    expect(opened.status).toBe(200);
    expect(opened.body.result).toMatchObject({
      status: 'notResponded',
      companyName: 'Pass Co',
      visitorName: 'Paul Pass',
      email: 'paul@guest.test',
      hostName: 'Hana Host',
      location: { name: 'Lobby', timeZone: 'Asia/Shanghai' },
      reason: 'Interview',
      canConfirm: true,
      // A companion's name only: their contact details are theirs.
      companions: [{ name: 'Cara Companion' }],
    });
    expect(opened.body.result.qr).toBe(await QRCode.toDataURL(link, { width: 320, margin: 2, errorCorrectionLevel: 'M' }));

    const [company, subject, expiry, mac] = token.split('.') as [string, string, string, string];
    const altered = [
      // Another visit's id under the same signature, a later expiry, another company, a changed MAC.
      [company, (id + 1).toString(36), expiry, mac],
      [company, subject, (parseInt(expiry, 36) + DAY).toString(36), mac],
      [otherCompanyId.toString(36), subject, expiry, mac],
      [company, subject, expiry, `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`],
    ].map((parts) => parts.join('.'));
    for (const wrong of [...altered, 'not-a-token', `${token}.x`]) {
      const answer = await pass(wrong, '', 'zh-CN');
      expect([wrong, answer.status, answer.body.message]).toEqual([wrong, 404, formatMessage('visitPassInvalid', 'zh-CN')]);
    }
    const missing = await call(t.app, { method: 'GET', url: '/api/visitor/pass' });
    expect(missing.status).toBe(400);
  });

  it('lets the visitor confirm with their details, which the host then reads', async () => {
    const id = await invite({ name: 'Rita Reply', phone: '+86 138 0013 8000', email: 'rita@guest.test' });
    const { token } = await tokenFrom('rita@guest.test');
    const noContact = await passPost(token, 'confirm', { name: 'Rita R.', email: '', phone: '' });
    expect([noContact.status, noContact.body.message]).toEqual([422, formatMessage('visitContactMissing', 'en-US', { name: 'Rita R.' })]);
    const badEmail = await passPost(token, 'confirm', { name: 'Rita R.', email: 'not an address' });
    expect(badEmail.status).toBe(400);

    const confirmed = await passPost(token, 'confirm', { name: 'Rita Reply-Smith', company: 'Reply & Co', email: 'rita@guest.test', phone: '' }, 'zh-CN');
    expect([confirmed.status, confirmed.body.message]).toEqual([200, formatMessage('visitPassConfirmed', 'zh-CN')]);
    const seen = await call<VisitPage>(t.app, { method: 'GET', url: '/api/visitor/list?keyword=Reply-Smith', headers: { token: hostToken } });
    expect(seen.body.result.list.map((visit) => [visit.id, visit.status, visit.visitorCompany, visit.phone])).toEqual([[id, 'responded', 'Reply & Co', null]]);
    // Confirming again keeps the first moment of the answer.
    const before = (await pass(token)).body.result.respondedAt;
    t.clock.advance(60_000);
    await passPost(token, 'confirm', { name: 'Rita Reply-Smith', email: 'rita@guest.test' });
    expect((await pass(token)).body.result.respondedAt).toBe(before);
  });

  it('sends nothing to a visitor reached by phone only', async () => {
    const before = smtp.received.length;
    await invite({ name: 'Phil Phone', phone: '+44 20 7946 0111' });
    expect(smtp.received.length).toBe(before);
  });

  it('tells the host when reception checks their visitor in: in the bell and by mail, once', async () => {
    const id = await invite({ name: 'Ada Arrival', email: 'ada@guest.test', company: 'Arrival Ltd' }, { visitAt: t.clock.now() + HOUR });
    const checkIn = (token: string) => call(t.app, { method: 'POST', url: '/api/visitor/check-in', headers: { token }, payload: { id } });
    expect((await checkIn(receptionToken)).status).toBe(200);
    expect((await checkIn(receptionToken)).status).toBe(422);
    await t.app.bookingInvitations.drain();
    const bell = await call<NotificationPage>(t.app, { method: 'GET', url: '/api/notification/list', headers: { token: hostToken } });
    const arrivals = bell.body.result.list.filter((notice) => notice.event === 'visitorArrived');
    expect(arrivals.map((notice) => [notice.params.title, notice.params.place, notice.params.zone, notice.link])).toEqual([['Ada Arrival', 'Lobby', 'Asia/Shanghai', `/record-detail/${id}`]]);
    const { text, mail } = await waitForMail(smtp.received, host.email!);
    expect(decodeHeader(mail.headers.subject!)).toBe('Your visitor Ada Arrival has arrived / 您的访客 Ada Arrival 已到达');
    expect(text).toContain('Your visitor Ada Arrival (Arrival Ltd) has arrived at Lobby.');
    expect(text).toContain(`https://atrium.example.test/record-detail/${id}`);

    // A host who checks their own visitor in is not told of it.
    const own = await invite({ name: 'Sam Self', phone: '+44 20 7946 0222' }, { visitAt: t.clock.now() + HOUR });
    const mailsBefore = smtp.received.length;
    expect((await call(t.app, { method: 'POST', url: '/api/visitor/check-in', headers: { token: hostToken }, payload: { id: own } })).status).toBe(200);
    await t.app.bookingInvitations.drain();
    const after = await call<NotificationPage>(t.app, { method: 'GET', url: '/api/notification/list', headers: { token: hostToken } });
    expect(after.body.result.list.filter((notice) => notice.event === 'visitorArrived')).toHaveLength(1);
    expect(smtp.received.length).toBe(mailsBefore);
  });

  it("checks a visitor in when reception scans their pass, the company's own passes only", async () => {
    const id = await invite({ name: 'Quinn Scan', email: 'quinn@guest.test' }, { visitAt: t.clock.now() + HOUR });
    const { token, link } = await tokenFrom('quinn@guest.test');
    const scan = (code: string, as = receptionToken) => call<{ id: number; name: string }>(t.app, { method: 'POST', url: '/api/visitor/scan', headers: { token: as }, payload: { code } });
    // Another company's reception, a host without reception's edit, an altered code: nothing happens.
    expect((await scan(link, foreignReceptionToken)).status).toBe(404);
    expect((await scan(link, hostToken)).status).toBe(403);
    expect((await scan(`${link.slice(0, -2)}xx`)).status).toBe(404);
    expect((await pass(token)).body.result.status).toBe('notResponded');
    // The scanner types the link; pasting the token alone works too, once.
    const scanned = await scan(`  ${link} `);
    expect([scanned.status, scanned.body.result, scanned.body.message]).toEqual([200, { id, name: 'Quinn Scan' }, formatMessage('visitCheckedIn', 'en-US', { name: 'Quinn Scan' })]);
    expect((await scan(token)).status).toBe(422);
    const opened = (await pass(token)).body.result;
    expect([opened.status, opened.qr, opened.canConfirm]).toEqual(['checkedIn', null, false]);
    // Checked in: erasure waits until they leave.
    expect((await passPost(token, 'erase')).status).toBe(422);
  });

  it('gives the visitor their data, erases it on request, and closes once the visit is over or the link expired', async () => {
    const id = await invite({ name: 'Erin Erase', email: 'erin@guest.test' });
    const { token } = await tokenFrom('erin@guest.test');
    const exported = await pass<VisitPassExport>(token, '/export');
    expect(exported.status).toBe(200);
    expect(exported.body.result).toMatchObject({ companyName: 'Pass Co', visit: { visitorName: 'Erin Erase', email: 'erin@guest.test', hostName: 'Hana Host', reason: 'Interview' } });

    const erased = await passPost(token, 'erase');
    expect([erased.status, erased.body.message]).toEqual([200, formatMessage('visitPassErased', 'en-US')]);
    expect((await pass(token)).status).toBe(404);
    const detail = await call(t.app, { method: 'GET', url: `/api/visitor/detail?id=${id}`, headers: { token: hostToken } });
    expect(detail.status).toBe(404);

    await invite({ name: 'Olga Over', email: 'olga@guest.test' });
    const over = await tokenFrom('olga@guest.test');
    // Past the visit's end: readable, no code to scan, no more changes.
    t.clock.advance(DAY + 3 * HOUR);
    const after = await pass(over.token);
    expect([after.status, after.body.result.status, after.body.result.qr, after.body.result.canConfirm]).toEqual([200, 'expired', null, false]);
    const late = await passPost(over.token, 'confirm', { name: 'Olga Over', email: 'olga@guest.test' });
    expect([late.status, late.body.message]).toEqual([422, formatMessage('visitPassClosed', 'en-US')]);
    // The link's own expiry, days after the visit's end.
    t.clock.advance(VISIT_PASS_DAYS_AFTER * DAY);
    const expired = await pass(over.token);
    expect([expired.status, expired.body.message]).toEqual([422, formatMessage('visitPassExpired', 'en-US')]);
  });
  // Last: it moves the clock days on.
  it('mails each visit of a repeated invitation its own pass: the first at once, a later one three days before it', async () => {
    hostToken = await t.factories.session(host);
    const first = t.clock.now() + DAY;
    const answer = await call<{ id: number; ids: number[] }>(t.app, {
      method: 'POST',
      url: '/api/visitor/invite',
      headers: { token: hostToken },
      payload: { visitor: { name: 'Wes Weekly', email: 'wes@guest.test' }, reasonId, hostId: host.id, locationId: lobby, visitAt: first, expectedEndAt: first + HOUR, repeat: { every: 'week', count: 2 } },
    });
    expect(answer.status, answer.body.message).toBe(200);
    await t.app.bookingInvitations.drain();
    const firstMail = await tokenFrom('wes@guest.test');
    expect((await pass(firstMail.token)).body.result.visitAt).toBe(first);
    // The second visit is eight days away: its mail is due in five.
    t.clock.advance(3 * DAY);
    await t.app.bookingInvitations.drain();
    expect(smtp.received.filter((mail) => mail.to.includes('wes@guest.test'))).toHaveLength(1);
    t.clock.advance(DAY + HOUR);
    await t.app.bookingInvitations.drain();
    expect(smtp.received.filter((mail) => mail.to.includes('wes@guest.test'))).toHaveLength(1);
    t.clock.advance(DAY);
    await t.app.bookingInvitations.drain();
    const second = await tokenFrom('wes@guest.test', 2);
    expect(second.token).not.toBe(firstMail.token);
    expect((await pass(second.token)).body.result.visitAt).toBe(first + 7 * DAY);
  });
});
