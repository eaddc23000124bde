import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_TOKEN_HEADER, formatMessage, VISIT_PASS_HEADER, type KioskSteps, type Visit, type VisitorDevice, type VisitPass, type VisitRule } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { waitForMail } from '../../test/mailbox.js';
import { startSmtpServer } from '../../test/smtp.js';
import { MULTIPART_HEADERS, multipartForm } from '../../test/uploads.js';
import type { TestUser } from '../../test/factories.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const scratch = mkdtempSync(path.join(tmpdir(), 'atrium-nda-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let files = 0;
/** A PDF's text as poppler reads it, one space between words. */
function textOf(pdf: Buffer): string {
  const file = path.join(scratch, `${++files}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim();
}

const NDA = 'Everything you see or hear in the lab stays in the lab. 实验室内所见所闻须予保密。';
const QUESTIONS = [
  { text: 'Do you have a fever today?', admitWhen: 'no' },
  { text: 'Have you read the safety rules?', admitWhen: 'yes' },
] as const;

describe(`visitors: what a visitor does before check-in (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let adminToken: string;
  let hostToken: string;
  let receptionToken: string;
  let colleagueToken: string;
  let foreignToken: string;
  let host: TestUser;
  let building: number;
  let lab: number;
  let reasonId: number;
  let kioskToken: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ config: { smtpUrl: smtp.url, publicUrl: 'https://atrium.example.test', sessionIdleMinutes: 1_000_000 } });
    const a = await t.factories.companyWithAdmin('Steps Co');
    adminToken = await t.factories.session(a.admin);
    host = await t.factories.user(a.company.id, { permissions: ['events:view', 'records:view'], firstName: 'Hana', lastName: 'Host' });
    hostToken = await t.factories.session(host);
    colleagueToken = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['events:view', 'records:view'], firstName: 'Cole', lastName: 'Colleague' }));
    receptionToken = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['visitorDisplay:edit', 'visitorDisplay:view', 'records:view', 'events:view'] }));
    building = await t.factories.location({ companyId: a.company.id, level: LOCATION_LEVEL.building, name: 'Science Park', timeZone: 'Asia/Shanghai' });
    lab = await t.factories.location({ companyId: a.company.id, parentId: building, level: LOCATION_LEVEL.floor, name: 'Lab floor' });
    reasonId = (await post<{ id: number }>('/visitor/reason/add', { name: 'Lab tour' })).body.result.id;
    foreignToken = await t.factories.session((await t.factories.companyWithAdmin('Other Steps Co')).admin);
    const pad = await post<VisitorDevice>('/visitor/device/add', { kind: 'pad', name: 'Lab kiosk', locationId: building });
    const activated = await call<{ deviceToken: string }>(t.app, { method: 'POST', url: '/api/device/visitor/activate', payload: { code: pad.body.result.activationCode, platform: 'ipados', appVersion: '1.0.0' } });
    kioskToken = activated.body.result.deviceToken;
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  function post<T = null>(url: string, payload: Record<string, unknown>, token = adminToken) {
    return call<T>(t.app, { method: 'POST', url: `/api${url}`, headers: { token }, payload });
  }
  const get = <T>(url: string, token = adminToken) => call<T>(t.app, { method: 'GET', url: `/api${url}`, headers: { token } });
  const passGet = <T = VisitPass>(pass: string, url = '') => call<T>(t.app, { method: 'GET', url: `/api/visitor/pass${url}`, headers: { [VISIT_PASS_HEADER]: pass } });
  const passPost = <T = null>(pass: string, url: string, payload: Record<string, unknown>, lang = 'en-US') =>
    call<T>(t.app, { method: 'POST', url: `/api/visitor/pass/${url}`, headers: { [VISIT_PASS_HEADER]: pass, lang }, payload });
  const kiosk = <T = null>(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    call<T>(t.app, { method, url: `/api/device/visitor${url}`, headers: { [DEVICE_TOKEN_HEADER]: kioskToken }, ...(payload ? { payload } : {}) });
  const photoUpload = (headers: Record<string, string>, url: string, content: Buffer, fields: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...headers, ...MULTIPART_HEADERS }, payload: multipartForm(fields, { name: 'me.jpg', content, contentType: 'image/jpeg' }) });
  const saveRule = (body: Record<string, unknown>) => post<VisitRule>('/visitor/rule/save', { locationId: building, reasonId: null, walkIns: true, approval: true, ...body });

  let mailed = 0;
  /** Invites a visitor to the lab and answers the visit's id and pass token from the mail. */
  async function invite(name: string): Promise<{ id: number; pass: string }> {
    const email = `steps${++mailed}@guest.test`;
    const answer = await post<{ id: number }>(
      '/visitor/invite',
      { visitor: { name, email, company: 'Guest Labs' }, reasonId, hostId: host.id, locationId: lab, visitAt: t.clock.now() + HOUR, expectedEndAt: t.clock.now() + 3 * HOUR },
      hostToken,
    );
    expect(answer.status, answer.body.message).toBe(200);
    await t.app.bookingInvitations.drain();
    const { text } = await waitForMail(smtp.received, email);
    return { id: answer.body.result.id, pass: /\/visit#(\S+)/.exec(text)![1]! };
  }

  it('keeps what a rule asks: the agreement, a photo, yes-or-no questions, each checked', async () => {
    expect((await saveRule({ questions: [{ text: ' ', admitWhen: 'yes' }] })).status).toBe(400);
    expect((await saveRule({ questions: [{ text: 'Fever?', admitWhen: 'maybe' }] })).status).toBe(400);
    expect((await saveRule({ ndaText: 'x'.repeat(20_001) })).status).toBe(400);
    const saved = await saveRule({ ndaText: `  ${NDA}  `, photo: true, questions: QUESTIONS });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.result).toMatchObject({ ndaText: NDA, photo: true, questions: QUESTIONS });
    const listed = (await get<VisitRule[]>('/visitor/rule/list')).body.result.find((rule) => rule.locationId === building);
    expect(listed).toMatchObject({ ndaText: NDA, photo: true, questions: QUESTIONS, walkIns: true, approval: true });
    // An empty text asks for no agreement.
    expect((await saveRule({ ndaText: '   ', photo: true, questions: QUESTIONS })).body.result.ndaText).toBeNull();
    expect((await saveRule({ ndaText: NDA, photo: true, questions: QUESTIONS })).status).toBe(200);
  });

  it('shows the steps on the pass, refuses check-in until they are done, and keeps the signed copy and the photo', async () => {
    const { id, pass } = await invite('Vera Visitor');
    const opened = (await passGet(pass)).body.result;
    expect(opened.requirements).toEqual({ ndaText: NDA, photo: true, questions: QUESTIONS.map((question) => question.text) });
    expect(opened.completion).toEqual({ ndaSignedName: null, ndaSignedAt: null, photoAt: null, answeredAt: null, answers: null });

    // Reception cannot check her in yet; the refusal names what is left.
    const early = await post('/visitor/check-in', { id }, receptionToken);
    expect([early.status, early.body.message, early.body.result]).toEqual([422, formatMessage('visitStepsMissing', 'en-US'), { steps: ['nda', 'photo', 'questions'] }]);

    // She signs by typing her name, once; the copy is a PDF with the agreement, her name and the place's time.
    expect((await passPost(pass, 'nda', { signedName: '  ' })).status).toBe(400);
    const signedAt = t.clock.now();
    const signed = await passPost(pass, 'nda', { signedName: 'Vera Visitor' });
    expect([signed.status, signed.body.message]).toEqual([200, formatMessage('visitNdaSigned', 'en-US')]);
    const again = await passPost(pass, 'nda', { signedName: 'Vera V.' });
    expect([again.status, again.body.message]).toEqual([422, formatMessage('visitNdaSignedAlready', 'en-US')]);
    const copy = await t.app.inject({ method: 'GET', url: '/api/visitor/pass/nda', headers: { [VISIT_PASS_HEADER]: pass } });
    expect([copy.statusCode, copy.headers['content-type']]).toEqual([200, 'application/pdf']);
    const text = textOf(copy.rawPayload);
    expect(text).toContain('Everything you see or hear in the lab stays in the lab.');
    expect(text).toContain('Signed by typing the name: Vera Visitor');
    expect(text).toContain('Steps Co');
    // Signed at the place's time (Shanghai, UTC+8), on her own device.
    const shanghai = new Date(signedAt + 8 * HOUR).toISOString().slice(0, 16).replace('T', ' ');
    expect(text).toContain(`${shanghai} (Asia/Shanghai)`);
    expect(text).toContain('on the visitor’s own device');

    // A photo: bytes that are no image are refused by their content; a phone's JPEG is kept small and without its metadata.
    const fake = await photoUpload({ [VISIT_PASS_HEADER]: pass }, '/api/visitor/pass/photo', Buffer.from('%PDF-1.4 not a photo'));
    expect(fake.statusCode).toBe(415);
    const camera = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'GPS-SECRET-42' } })
      .toBuffer();
    const given = await photoUpload({ [VISIT_PASS_HEADER]: pass }, '/api/visitor/pass/photo', camera);
    expect(given.statusCode, given.body).toBe(200);

    // The questions: one answer per question, once.
    const short = await passPost(pass, 'answers', { answers: ['no'] });
    expect([short.status, short.body.message]).toEqual([422, formatMessage('visitAnswersCount', 'en-US', { count: 2 })]);
    const answered = await passPost<{ admit: boolean }>(pass, 'answers', { answers: ['no', 'yes'] });
    expect([answered.status, answered.body.result, answered.body.message]).toEqual([200, { admit: true }, formatMessage('visitAnswersSaved', 'en-US')]);
    expect((await passPost(pass, 'answers', { answers: ['yes', 'yes'] })).status).toBe(422);

    const done = (await passGet(pass)).body.result.completion;
    expect(done).toMatchObject({ ndaSignedName: 'Vera Visitor', ndaSignedAt: signedAt, answers: [{ question: QUESTIONS[0].text, answer: 'no' }, { question: QUESTIONS[1].text, answer: 'yes' }] });
    expect(done.photoAt).not.toBeNull();

    // Reception reads what was kept: the visit's detail, the signed copy and the photo; the host too; a colleague and another company do not.
    const detail = (await get<Visit>(`/visitor/detail?id=${id}`, receptionToken)).body.result;
    expect(detail.requirements).toEqual(opened.requirements);
    expect([detail.completion.ndaSignedName, detail.answersAdmit]).toEqual(['Vera Visitor', true]);
    const photo = await t.app.inject({ method: 'GET', url: `/api/visitor/document?id=${id}&kind=photo`, headers: { token: receptionToken } });
    expect([photo.statusCode, photo.headers['content-type'], photo.headers['x-content-type-options']]).toEqual([200, 'image/jpeg', 'nosniff']);
    const kept = await sharp(photo.rawPayload).metadata();
    expect([kept.width, kept.height, kept.exif]).toEqual([480, 360, undefined]);
    expect(photo.rawPayload.includes('GPS-SECRET-42')).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/visitor/document?id=${id}&kind=nda`, headers: { token: hostToken } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/visitor/document?id=${id}&kind=nda`, headers: { token: colleagueToken } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/visitor/document?id=${id}&kind=nda`, headers: { token: foreignToken } })).statusCode).toBe(404);

    // Done: reception checks her in, and nothing more can be changed.
    t.clock.advance(HOUR);
    expect((await post('/visitor/check-in', { id }, receptionToken)).status).toBe(200);
    expect((await photoUpload({ [VISIT_PASS_HEADER]: pass }, '/api/visitor/pass/photo', camera)).statusCode).toBe(422);

    // The badge prints her photo beside her name.
    const badge = await t.app.inject({ method: 'GET', url: `/api/visitor/badge?id=${id}&stock=a6`, headers: { token: receptionToken } });
    expect(badge.statusCode).toBe(200);
    expect(badge.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image[^]*\/Subtype \/Image/);
  });

  it('lets a visitor do the steps at the kiosk after a refused scan, and sends one whose answers do not admit them to reception', async () => {
    const { id, pass } = await invite('Kai Kiosk');
    t.clock.advance(30 * MINUTE);
    const refusedScan = await kiosk('POST', '/check-in', { code: pass });
    expect([refusedScan.status, refusedScan.body.result]).toEqual([422, { steps: ['nda', 'photo', 'questions'] }]);
    const steps = await kiosk<KioskSteps>('GET', `/steps?code=${encodeURIComponent(pass)}`);
    expect(steps.body.result).toEqual({
      visitorName: 'Kai Kiosk',
      requirements: { ndaText: NDA, photo: true, questions: QUESTIONS.map((question) => question.text) },
      completion: { ndaSignedName: null, ndaSignedAt: null, photoAt: null, answeredAt: null, answers: null },
    });
    expect((await kiosk('POST', '/nda', { code: pass, signedName: 'Kai Kiosk' })).status).toBe(200);
    const photo = await photoUpload({ [DEVICE_TOKEN_HEADER]: kioskToken }, '/api/device/visitor/photo', await sharp({ create: { width: 64, height: 64, channels: 3, background: '#884400' } }).png().toBuffer(), { code: pass });
    expect(photo.statusCode, photo.body).toBe(200);
    const answered = await kiosk<{ admit: boolean }>('POST', '/answers', { code: pass, answers: ['yes', 'yes'] });
    expect([answered.body.result, answered.body.message]).toEqual([{ admit: false }, formatMessage('visitAnswersSeeReception', 'en-US')]);

    // The copy says where it was signed.
    const copy = await t.app.inject({ method: 'GET', url: `/api/visitor/document?id=${id}&kind=nda`, headers: { token: receptionToken } });
    expect(textOf(copy.rawPayload)).toContain('at the visitor kiosk “Lab kiosk”');
    // A fever: the kiosk does not let him in; reception does, having seen his answers.
    const atKiosk = await kiosk('POST', '/check-in', { code: pass });
    expect([atKiosk.status, atKiosk.body.message]).toEqual([422, formatMessage('visitCheckInAtReception', 'en-US')]);
    expect((await get<Visit>(`/visitor/detail?id=${id}`, receptionToken)).body.result.answersAdmit).toBe(false);
    expect((await post('/visitor/check-in', { id }, receptionToken)).status).toBe(200);
    // Another building's kiosk or another company's pass: not here.
    expect((await kiosk('GET', `/steps?code=not-a-pass`)).status).toBe(404);
  });

  it('asks nothing where no rule asks, and answers a step no rule asks for with a refusal', async () => {
    expect((await post('/visitor/rule/save', { locationId: building, reasonId: null, walkIns: true, approval: true })).status).toBe(200);
    const { id, pass } = await invite('Nia Nothing');
    expect((await passGet(pass)).body.result.requirements).toEqual({ ndaText: null, photo: false, questions: [] });
    const unasked = await passPost(pass, 'nda', { signedName: 'Nia Nothing' });
    expect([unasked.status, unasked.body.message]).toEqual([422, formatMessage('visitStepNotAsked', 'en-US')]);
    t.clock.advance(HOUR);
    expect((await post('/visitor/check-in', { id }, receptionToken)).status).toBe(200);
  });

  it('deletes photos and signed copies after their own retention, keeping the visit and who signed', async () => {
    await saveRule({ ndaText: NDA, photo: true, questions: [] });
    const { id, pass } = await invite('Rhea Retained');
    expect((await passPost(pass, 'nda', { signedName: 'Rhea Retained' })).status).toBe(200);
    expect((await photoUpload({ [VISIT_PASS_HEADER]: pass }, '/api/visitor/pass/photo', await sharp({ create: { width: 32, height: 32, channels: 3, background: '#000' } }).jpeg().toBuffer())).statusCode).toBe(200);
    t.clock.advance(HOUR);
    expect((await post('/visitor/check-in', { id }, receptionToken)).status).toBe(200);
    t.clock.advance(HOUR);
    expect((await post('/visitor/check-out', { id }, receptionToken)).status).toBe(200);
    expect((await post('/visitor/settings', { retentionDays: 90, photoRetentionDays: 2, ndaRetentionDays: 10 })).status).toBe(200);
    const documents = async () => (await t.db.kysely.selectFrom('visit_documents').select('kind').where('visit_id', '=', id).orderBy('kind').execute()).map((row) => row.kind);

    t.clock.advance(2 * DAY - MINUTE);
    await t.app.scheduler.tick();
    expect(await documents()).toEqual(['nda', 'photo']);
    // The job runs hourly: its next run is past the photo's two days.
    t.clock.advance(HOUR);
    await t.app.scheduler.tick();
    expect(await documents()).toEqual(['nda']);
    t.clock.advance(8 * DAY);
    await t.app.scheduler.tick();
    expect(await documents()).toEqual([]);
    const visit = await t.db.kysely.selectFrom('visits').select(['nda_signed_name', 'photo_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(visit).toEqual({ nda_signed_name: 'Rhea Retained', photo_at: null });
    expect((await t.app.inject({ method: 'GET', url: `/api/visitor/document?id=${id}&kind=photo`, headers: { token: await t.factories.session(host) } })).statusCode).toBe(404);
  });
});
