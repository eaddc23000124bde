import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailOutboxDetails, MailOutboxItem, Page } from '@atrium/contract';
import { createMailer, REDACTED_MARKER } from '../../platform/mailer.js';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { decodeHeader, mailPart, startSmtpServer, textPart } from '../../test/smtp.js';
import { createMailOutboxRepository } from './mail.repository.js';

describe(`mail (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let companyA: number;
  let tokenA: string;
  let tokenB: string;
  let tokenNoArea: string;

  beforeAll(async () => {
    smtp = await startSmtpServer({ rejectFor: /^nobody@/ });
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Alpha');
    const b = await t.factories.companyWithAdmin('Beta');
    companyA = a.company.id;
    tokenA = await t.factories.session(a.admin);
    tokenB = await t.factories.session(b.admin);
    tokenNoArea = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['users:edit'] }));
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  const outbox = () => createMailOutboxRepository(t.db.kysely);
  const list = (token: string, query = '') => call<Page<MailOutboxItem>>(t.app, { method: 'GET', url: `/api/mail/outbox${query}`, headers: { token } });

  it('delivers through SMTP and keeps the mail as sent', async () => {
    const mailer = createMailer({ outbox: outbox(), clock: t.clock, smtpUrl: smtp.url, from: 'Atrium <no-reply@atrium.test>' });
    const result = await mailer.send({ companyId: companyA, event: 'activation', to: 'sam@alpha.test', subject: 'Bienvenue / 欢迎', text: 'Hello Sam\n你好', html: '<p>Hello</p>' });
    expect(result.status).toBe('sent');
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['sam@alpha.test']);
    expect(mail.from).toBe('no-reply@atrium.test');
    expect(decodeHeader(mail.headers.subject!)).toBe('Bienvenue / 欢迎');
    expect(textPart(mail)).toContain('你好');
    const stored = (await outbox().find(companyA, result.id))!;
    expect(stored).toMatchObject({ status: 'sent', to: 'sam@alpha.test', html: '<p>Hello</p>', sentAt: t.clock.now() });
  });

  it('records a refused mail as failed, with the reason, without throwing', async () => {
    const mailer = createMailer({ outbox: outbox(), clock: t.clock, smtpUrl: smtp.url, from: 'no-reply@atrium.test' });
    const result = await mailer.send({ companyId: companyA, event: 'reminder', to: 'nobody@alpha.test', subject: 'x', text: 'x' });
    expect(result.status).toBe('failed');
    expect(await outbox().find(companyA, result.id)).toMatchObject({ status: 'failed', error: expect.stringContaining('mailbox unavailable'), sentAt: null });
  });

  it('without SMTP keeps mails in the outbox only', async () => {
    const before = smtp.received.length;
    const mailer = createMailer({ outbox: outbox(), clock: t.clock, smtpUrl: null, from: 'no-reply@atrium.test' });
    t.clock.advance(1000);
    const result = await mailer.send({ companyId: companyA, event: 'other', to: 'kept@alpha.test', subject: 'Kept', text: 'kept text' });
    expect(result.status).toBe('kept');
    expect(smtp.received.length).toBe(before);
  });

  it('lists the outbox newest first, filtered by recipient, and shows one mail', async () => {
    const answer = await list(tokenA);
    expect(answer.status).toBe(200);
    expect(answer.body.result.total).toBe(3);
    expect(answer.body.result.list[0]).toMatchObject({ to: 'kept@alpha.test', status: 'kept' });
    expect(answer.body.result.list[0]).not.toHaveProperty('text');
    expect((await list(tokenA, '?recipient=SAM@')).body.result.list.map((m) => m.to)).toEqual(['sam@alpha.test']);
    expect((await list(tokenA, '?recipient=%25')).body.result.total).toBe(0);
    const id = answer.body.result.list[0]!.id;
    const details = await call<MailOutboxDetails>(t.app, { method: 'GET', url: `/api/mail/outbox/details?id=${id}`, headers: { token: tokenA } });
    expect(details.body.result).toMatchObject({ id, text: 'kept text', html: null });
  });

  it("needs the account area, and hides another company's mails", async () => {
    expect((await list(tokenNoArea)).body.returncode).toBe(1014);
    expect((await list(tokenNoArea)).status).toBe(403);
    const id = (await list(tokenA)).body.result.list[0]!.id;
    expect((await list(tokenB)).body.result.total).toBe(0);
    const foreign = await call(t.app, { method: 'GET', url: `/api/mail/outbox/details?id=${id}`, headers: { token: tokenB } });
    expect([foreign.status, foreign.body.returncode]).toEqual([404, 1002]);
    const refused = await call(t.app, { method: 'GET', url: `/api/mail/outbox/details?id=${id}`, headers: { token: tokenNoArea } });
    expect([refused.status, refused.body.returncode]).toEqual([403, 1014]);
  });
});

describe(`mail retries (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let companyId: number;

  beforeAll(async () => {
    smtp = await startSmtpServer({ rejectFor: /^gone@/ });
    t = await createTestApp();
    companyId = (await t.factories.companyWithAdmin('Retry')).company.id;
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  const outbox = () => createMailOutboxRepository(t.db.kysely);
  const mailerFor = () => createMailer({ outbox: outbox(), clock: t.clock, smtpUrl: smtp.url, from: 'no-reply@atrium.test' });
  const stored = async (id: number) =>
    t.db.kysely.selectFrom('mail_outbox').select(['status', 'attempts', 'next_attempt_at', 'error_code', 'calendar_method']).where('id', '=', id).executeTakeFirstOrThrow();
  const deliveredTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

  it('tries a temporarily refused mail again with growing delays, calendar part included, until it goes through', async () => {
    smtp.defer(/^busy@/);
    const mailer = mailerFor();
    const calendar = { method: 'REQUEST' as const, content: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n' };
    const { id, status } = await mailer.send({ companyId, event: 'invitation', to: 'busy@retry.test', subject: 'Invitation', text: 'Join us', calendar });
    expect(status).toBe('failed');
    const first = await stored(id);
    expect(first).toMatchObject({ status: 'failed', attempts: 1, error_code: '451', calendar_method: 'REQUEST' });
    expect(Number(first.next_attempt_at)).toBe(t.clock.now() + 60_000);

    // Not due yet: nothing is tried.
    t.clock.advance(59_000);
    expect(await mailer.retryDue!()).toBe(0);
    // Due, still refused: the next wait is five minutes.
    t.clock.advance(1_000);
    expect(await mailer.retryDue!()).toBe(1);
    const second = await stored(id);
    expect(second).toMatchObject({ status: 'failed', attempts: 2 });
    expect(Number(second.next_attempt_at)).toBe(t.clock.now() + 5 * 60_000);

    smtp.defer(null);
    t.clock.advance(5 * 60_000);
    expect(await mailer.retryDue!()).toBe(1);
    expect(await stored(id)).toMatchObject({ status: 'sent', attempts: 3, next_attempt_at: null, error_code: null });
    const [delivered] = deliveredTo('busy@retry.test');
    expect(delivered!.raw).toContain('METHOD:REQUEST');
    expect(deliveredTo('busy@retry.test')).toHaveLength(1);
  });

  it('does not retry a permanent refusal', async () => {
    const mailer = mailerFor();
    const { id } = await mailer.send({ companyId, event: 'reminder', to: 'gone@retry.test', subject: 'x', text: 'x' });
    expect(await stored(id)).toMatchObject({ status: 'failed', attempts: 1, next_attempt_at: null, error_code: '550' });
    t.clock.advance(3 * 60 * 60_000);
    expect(await mailer.retryDue!()).toBe(0);
  });

  it('gives up after the fifth attempt, and two processes never send one retry twice', async () => {
    smtp.defer(/^later@/);
    const [one, two] = [mailerFor(), mailerFor()];
    const { id } = await one.send({ companyId, event: 'reminder', to: 'later@retry.test', subject: 'x', text: 'x' });
    for (const wait of [1, 5, 30, 120]) {
      t.clock.advance(wait * 60_000);
      const tried = await Promise.all([one.retryDue!(), two.retryDue!()]);
      expect(tried.reduce((sum, count) => sum + count, 0)).toBe(1);
    }
    expect(await stored(id)).toMatchObject({ status: 'failed', attempts: 5, next_attempt_at: null });
    smtp.defer(null);
    t.clock.advance(24 * 60 * 60_000);
    expect(await one.retryDue!()).toBe(0);
    expect(deliveredTo('later@retry.test')).toHaveLength(0);
  });
});

describe(`mail secrets (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let companyId: number;
  let adminToken: string;
  let accountViewerToken: string;
  let contentViewerToken: string;
  const LINK = 'https://atrium.example.test/activate/Sup3r-Secret_Token-0123456789abcdefghijklmnopq';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Secret Co');
    companyId = a.company.id;
    adminToken = await t.factories.session(a.admin);
    accountViewerToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['accountGlobal:view'] }));
    contentViewerToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['accountGlobal:view', 'mailContent:view'] }));
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  const outbox = () => createMailOutboxRepository(t.db.kysely);
  const mailerFor = () => createMailer({ outbox: outbox(), clock: t.clock, smtpUrl: smtp.url, from: 'no-reply@atrium.test' });
  const secretMail = (to: string) => ({
    companyId,
    event: 'activation' as const,
    to,
    subject: 'Activate / 激活',
    text: `Open this link:\n${LINK}\n---\n请打开以下链接：\n${LINK}\n`,
    html: `<p><a href="${LINK}">${LINK}</a></p>`,
    secrets: [LINK],
  });
  const details = (id: number, token: string) => call<MailOutboxDetails>(t.app, { method: 'GET', url: `/api/mail/outbox/details?id=${id}`, headers: { token } });

  it('keeps a marker in place of each secret while the recipient gets the real text', async () => {
    const { id, status } = await mailerFor().send(secretMail('new.admin@secret.test'));
    expect(status).toBe('sent');
    const received = smtp.received.find((mail) => mail.to.includes('new.admin@secret.test'))!;
    expect(textPart(received).split(LINK)).toHaveLength(3);
    expect(mailPart(received, 'text/html')).toContain(`href="${LINK}"`);

    const row = await t.db.kysely.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    for (const part of [row.text, row.html!]) {
      expect(part).not.toContain('Sup3r-Secret_Token');
      expect(part).toContain(REDACTED_MARKER);
    }
    expect(row.is_redacted).toBe(1);
    const shown = await details(id, contentViewerToken);
    expect(shown.status).toBe(200);
    expect(shown.body.result).toMatchObject({ id, isRedacted: true });
    expect(shown.body.result.text).toBe(`Open this link:\n${REDACTED_MARKER}\n---\n请打开以下链接：\n${REDACTED_MARKER}\n`);
    const listed = await call<Page<MailOutboxItem>>(t.app, { method: 'GET', url: '/api/mail/outbox', headers: { token: accountViewerToken } });
    expect(listed.body.result.list.find((mail) => mail.id === id)).toMatchObject({ isRedacted: true });
  });

  it('never schedules a retry for a failed mail with a secret: its kept copy would mail the marker', async () => {
    smtp.defer(/^later@/);
    const mailer = mailerFor();
    const redacted = await mailer.send(secretMail('later@secret.test'));
    const plain = await mailer.send({ companyId, event: 'reminder', to: 'later@plain.test', subject: 'x', text: 'x' });
    const stored = (id: number) => t.db.kysely.selectFrom('mail_outbox').select(['status', 'next_attempt_at', 'error_code']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await stored(redacted.id)).toMatchObject({ status: 'failed', error_code: '451', next_attempt_at: null });
    expect((await stored(plain.id)).next_attempt_at).not.toBeNull();
    smtp.defer(null);
    t.clock.advance(60 * 60_000);
    expect(await mailer.retryDue!()).toBe(1);
    expect(smtp.received.some((mail) => mail.to.includes('later@secret.test'))).toBe(false);
  });

  it('shows mail bodies to the mail-content area only; the list stays with the account area', async () => {
    const { id } = await mailerFor().send(secretMail('third@secret.test'));
    expect((await call(t.app, { method: 'GET', url: '/api/mail/outbox', headers: { token: accountViewerToken } })).status).toBe(200);
    const refused = await details(id, accountViewerToken);
    expect([refused.status, refused.body.returncode]).toEqual([403, 1014]);
    expect(JSON.stringify(refused.body)).not.toContain('Sup3r-Secret_Token');
    expect((await details(id, contentViewerToken)).status).toBe(200);
    expect((await details(id, adminToken)).status).toBe(200);
  });
});
