import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  COOKIE_NAMES,
  DEFAULT_PASSWORD_POLICY,
  menuPaths,
  REGISTRATION_LIMITS,
  ReturnCode,
  type CompanyOwner,
  type CurrentUserInfo,
  type DirectoryUser,
  type LoginResult,
  type MenuEntry,
  type Page,
} from '@atrium/contract';
import { MINUTE_MS } from '../../platform/clock.js';
import { call, cookieFrom, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { waitForMail } from '../../test/mailbox.js';
import { decodeHeader, startSmtpServer } from '../../test/smtp.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const PASSWORD = 'Fresh-Start-2026';

describe(`company registration (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let sequence = 0;
  // Each test uses its own caller address, so the per-address cap of one does not spill into the next.
  const freshIp = () => `192.0.2.${++sequence}`;
  const freshEmail = (name = 'founder') => `${name}.${++sequence}@startup.test`;

  const send = (app: TestApp, email: string, ip: string, lang = 'en-US') =>
    call<{ retryAfterSeconds: number } | null>(app.app, { method: 'POST', url: '/api/register/sendCode', remoteAddress: ip, headers: { lang }, payload: { email } });
  const verify = (app: TestApp, email: string, code: string) =>
    call<{ registrationToken: string } | null>(app.app, { method: 'POST', url: '/api/register/verifyCode', payload: { email, code } });
  const create = (app: TestApp, payload: Record<string, unknown>, lang = 'en-US') =>
    call<LoginResult | null>(app.app, { method: 'POST', url: '/api/register/create', headers: { lang, 'user-agent': 'registration-test' }, payload });
  const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

  /** Sends a code to a fresh address and reads it from the mail. */
  async function codeFor(email: string, ip = freshIp(), nth = 1) {
    expect((await send(t, email, ip)).status).toBe(200);
    return codeIn((await waitForMail(smtp.received, email, nth)).text);
  }

  async function tokenFor(email: string) {
    const answer = await verify(t, email, await codeFor(email));
    expect(answer.status).toBe(200);
    return answer.body.result!.registrationToken;
  }

  const companyFields = (registrationToken: string, overrides: Record<string, unknown> = {}) => ({
    registrationToken,
    password: PASSWORD,
    fullName: 'Ada Founder',
    companyName: 'Lighthouse Labs',
    domain: `lh${++sequence}`,
    industry: 'Technology',
    size: '6-10',
    ...overrides,
  });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ config: { smtpUrl: smtp.url, publicUrl: 'https://atrium.example' } });
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  describe('POST /api/register/sendCode', () => {
    it('answers a known and an unknown address identically; the fresh one gets a code, the taken one a sign-in note', async () => {
      const { company } = await t.factories.companyWithAdmin();
      const member = await t.factories.user(company.id, { email: 'Taken.Person@startup.test' });
      const fresh = freshEmail();
      const known = await send(t, 'taken.person@STARTUP.test', freshIp());
      const unknown = await send(t, fresh, freshIp());
      for (const answer of [known, unknown]) {
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({ returncode: 200, message: 'If this address can be used, a code is on its way', result: null });
      }
      expect(known.response.headers['content-length']).toBe(unknown.response.headers['content-length']);

      const codeMail = await waitForMail(smtp.received, fresh);
      expect(decodeHeader(codeMail.mail.headers.subject!)).toMatch(/^Your Atrium code: \d{6} \/ 您的 Atrium 验证码：\d{6}$/);
      expect(codeMail.text).toContain(`It works for ${REGISTRATION_LIMITS.codeMinutes} minutes`);
      expect(codeMail.text).toContain('验证码');
      expect(codeMail.text.indexOf('Hello')).toBeLessThan(codeMail.text.indexOf('您好'));

      const note = await waitForMail(smtp.received, 'taken.person@startup.test');
      expect(decodeHeader(note.mail.headers.subject!)).toBe('You already have an Atrium account / 您已有 Atrium 账号');
      expect(note.text).toContain('https://atrium.example/login');
      expect(note.text).toContain('https://atrium.example/retrieve');
      expect(note.text).not.toMatch(/\b\d{6}\b/);
      // Nothing is stored for the taken address, and the fresh code is stored only as a salted hash.
      const rows = await t.db.kysely.selectFrom('registration_codes').selectAll().execute();
      expect(rows.map((row) => row.email_lower)).not.toContain(member.email.toLowerCase());
      expect(JSON.stringify(rows)).not.toContain(codeIn(codeMail.text));
    });

    it('answers in Chinese with the lang header', async () => {
      const answer = await send(t, freshEmail(), freshIp(), 'zh-CN');
      expect(answer.body.message).toBe('如果该地址可以使用，验证码已发送');
    });

    it('refuses a malformed address with 400/1001', async () => {
      const answer = await send(t, 'not-an-address', freshIp());
      expect(answer.status).toBe(400);
      expect(answer.body.returncode).toBe(ReturnCode.BAD_REQUEST);
    });

    it('sends one mail per address per minute, known or not, and a new code replaces the old', async () => {
      const email = freshEmail();
      const first = await codeFor(email);
      t.clock.advance(20_000);
      const again = await send(t, email, freshIp());
      expect(again.status).toBe(429);
      expect(again.body).toEqual({
        returncode: ReturnCode.TOO_MANY_REQUESTS,
        message: 'Please wait 40 seconds before asking for another mail',
        result: { retryAfterSeconds: 40 },
      });
      expect(again.response.headers['retry-after']).toBe('40');
      t.clock.advance(40_000);
      const second = await codeFor(email, freshIp(), 2);
      if (second !== first) expect((await verify(t, email, first)).status).toBe(422);
      expect((await verify(t, email, second)).status).toBe(200);
    });

    it('caps the mails one caller address may ask for, across server processes', async () => {
      const second = await createTestApp({ database: t.database, clock: t.clock, config: { smtpUrl: smtp.url } });
      try {
        const ip = freshIp();
        for (let i = 0; i < REGISTRATION_LIMITS.mailsPerAddressPerHour; i++) {
          expect((await send(i % 2 ? second : t, freshEmail('burst'), ip)).status).toBe(200);
        }
        const refused = await send(second, freshEmail('burst'), ip);
        expect(refused.status).toBe(429);
        expect(refused.body.message).toBe('Too many mails requested. Please try again in 60 minutes');
        expect((await send(t, freshEmail('burst'), freshIp())).status).toBe(200);
        t.clock.advance(60 * MINUTE_MS);
        expect((await send(t, freshEmail('burst'), ip)).status).toBe(200);
      } finally {
        await second.cleanup();
      }
    });
  });

  describe('POST /api/register/verifyCode', () => {
    it('exchanges the right code for a single-use token stored as a hash', async () => {
      const email = freshEmail();
      const code = await codeFor(email);
      const answer = await verify(t, email.toUpperCase(), code);
      expect(answer.body).toEqual({ returncode: 200, message: 'Success', result: { registrationToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } });
      const row = await t.db.kysely.selectFrom('registration_codes').selectAll().where('email_lower', '=', email).executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(sha256(answer.body.result!.registrationToken));
      // The code is used up by the exchange.
      expect((await verify(t, email, code)).body.returncode).toBe(ReturnCode.REFUSED);
    });

    it('expires the code after 15 minutes, not a millisecond before', async () => {
      const early = freshEmail();
      const late = freshEmail();
      const earlyCode = await codeFor(early);
      const lateCode = await codeFor(late);
      t.clock.advance(REGISTRATION_LIMITS.codeMinutes * MINUTE_MS - 1);
      expect((await verify(t, early, earlyCode)).status).toBe(200);
      t.clock.advance(1);
      const expired = await verify(t, late, lateCode);
      expect(expired.status).toBe(422);
      expect(expired.body).toEqual({ returncode: ReturnCode.REFUSED, message: 'The code is wrong or has expired. Check it, or ask for a new one', result: null });
    });

    it('uses a code up after five wrong entries, even for the right one afterwards', async () => {
      const email = freshEmail();
      const code = await codeFor(email);
      const wrong = code === '000000' ? '111111' : '000000';
      const answers = [];
      for (let i = 0; i < REGISTRATION_LIMITS.codeMaxWrongTries; i++) answers.push((await verify(t, email, wrong)).body.message);
      expect(answers.slice(0, -1).every((message) => message.startsWith('The code is wrong'))).toBe(true);
      expect(answers.at(-1)).toBe('Too many wrong codes. Please ask for a new one');
      const right = await verify(t, email, code);
      expect(right.status).toBe(422);
      expect(right.body.message).toBe('Too many wrong codes. Please ask for a new one');
      t.clock.advance(REGISTRATION_LIMITS.resendSeconds * 1000);
      expect((await verify(t, email, await codeFor(email, freshIp(), 2))).status).toBe(200);
    });

    it('refuses an address that never asked for a code, and a code that is not six digits', async () => {
      expect((await verify(t, freshEmail(), '123456')).body.returncode).toBe(ReturnCode.REFUSED);
      expect((await verify(t, freshEmail(), '12345')).status).toBe(400);
    });
  });

  describe('POST /api/register/create', () => {
    it('creates the company, its roles and its administrator, signs them in and logs it', async () => {
      const email = freshEmail('ada');
      const token = await tokenFor(email);
      const fields = companyFields(token, { domain: 'Lighthouse-1' });
      const answer = await create(t, fields);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        returncode: 200,
        message: 'Company created',
        result: { userName: email, email, fullName: 'Ada Founder', isDefaultPassword: false, passwordExpired: false, token: expect.any(String) },
      });
      const sessionToken = answer.body.result!.token;
      expect(cookieFrom(answer.response, COOKIE_NAMES.token)).toMatchObject({ value: sessionToken, httpOnly: true, sameSite: 'Strict' });

      const db = t.db.kysely;
      const company = await db.selectFrom('companies').selectAll().where('domain', '=', 'lighthouse-1').executeTakeFirstOrThrow();
      expect(company).toMatchObject({ name: 'Lighthouse Labs', industry: 'Technology', size_band: '6-10', billing_email: email });
      const roles = await db.selectFrom('roles').selectAll().where('company_id', '=', company.id).orderBy('sort_order').execute();
      expect(roles.map((role) => [role.name, role.is_default])).toEqual([['Administrator', 0], ['Staff', 1]]);
      const user = await db.selectFrom('users').selectAll().where('company_id', '=', company.id).executeTakeFirstOrThrow();
      expect(user).toMatchObject({ user_name: email, email, full_name: 'Ada Founder', role_id: roles[0]!.id, must_change_password: 0, is_active: 1 });
      const policy = await db.selectFrom('settings').select('value').where('company_id', '=', company.id).where('key', '=', 'passwordPolicy').executeTakeFirstOrThrow();
      expect(JSON.parse(policy.value)).toEqual(DEFAULT_PASSWORD_POLICY);
      expect((await db.selectFrom('department_styles').select('id').where('company_id', '=', company.id).execute()).length).toBeGreaterThan(0);
      const log = await db.selectFrom('operation_logs').selectAll().where('company_id', '=', company.id).execute();
      expect(log).toEqual([expect.objectContaining({ action: 'company.register', actor_id: user.id, target_id: company.id, target_name: 'Lighthouse Labs', result: 'success' })]);

      // The administrator holds every permission and sees the whole menu.
      const me = await call<CurrentUserInfo>(t.app, { method: 'GET', url: '/api/user/getCurrentUserInfo', headers: { token: sessionToken } });
      expect([...me.body.result.permissions].sort()).toEqual([...ALL_PERMISSIONS].sort());
      const menu = await call<MenuEntry[]>(t.app, { method: 'GET', url: '/api/user/getMenuList', headers: { token: sessionToken } });
      expect(menuPaths(menu.body.result)).toEqual(expect.arrayContaining(['/directory', '/role', '/company', '/global']));
      expect(menuPaths(menu.body.result)).toContain('/manager');
      // The first administrator owns the company's account.
      const owner = await call<CompanyOwner>(t.app, { method: 'GET', url: '/api/manager/owner', headers: { token: sessionToken } });
      expect(owner.body.result).toMatchObject({ owner: { id: user.id }, isCaller: true });
      // And signs in again with the chosen password.
      expect((await signIn(t.app, { userName: email, password: PASSWORD })).status).toBe(200);
    });

    it('keeps the new company apart from the others', async () => {
      const { company: other, admin: otherAdmin } = await t.factories.companyWithAdmin('Elsewhere Ltd');
      const created = await create(t, companyFields(await tokenFor(freshEmail('iso'))));
      const token = created.body.result!.token;
      const list = await call<Page<DirectoryUser>>(t.app, { method: 'POST', url: '/api/user/getUserList', headers: { token }, payload: {} });
      expect(list.body.result.list.map((user) => user.userName)).toEqual([created.body.result!.userName]);
      const peek = await call(t.app, { method: 'GET', url: `/api/company/getCompany?id=${other.id}`, headers: { token } });
      expect(peek.status).toBe(404);
      const theirs = await call<Page<DirectoryUser>>(t.app, { method: 'POST', url: '/api/user/getUserList', headers: { token: (await signIn(t.app, otherAdmin)).token! }, payload: {} });
      expect(theirs.body.result.list.map((user) => user.userName)).not.toContain(created.body.result!.userName);
    });

    it('uses the token once, and refuses it after 60 minutes', async () => {
      const token = await tokenFor(freshEmail());
      expect((await create(t, companyFields(token))).status).toBe(200);
      const again = await create(t, companyFields(token));
      expect(again.status).toBe(422);
      expect(again.body.message).toBe('This registration has expired or was already used. Please start again');

      const late = await tokenFor(freshEmail());
      t.clock.advance(REGISTRATION_LIMITS.tokenMinutes * MINUTE_MS);
      expect((await create(t, companyFields(late))).body.returncode).toBe(ReturnCode.REFUSED);
    });

    it('checks the domain: 2 to 14 letters, digits or hyphens, and unique in any case', async () => {
      const token = await tokenFor(freshEmail());
      for (const domain of ['a', 'fifteen-letters', 'under_score', 'dot.com', '']) {
        const answer = await create(t, companyFields(token, { domain }));
        expect(answer.status, domain).toBe(400);
        expect(answer.body.returncode).toBe(ReturnCode.BAD_REQUEST);
      }
      await t.factories.company({ domain: 'taken-co' });
      const taken = await create(t, companyFields(token, { domain: 'TAKEN-CO' }));
      expect(taken.status).toBe(409);
      // The refusal names its field, so the form shows it there once (issue 17).
      expect(taken.body).toEqual({ returncode: ReturnCode.CONFLICT, message: 'This company domain is already in use', result: { field: 'domain' } });
      expect((await create(t, companyFields(token, { domain: 'TAKEN-CO' }), 'zh-CN')).body.message).toBe('该公司域名已被使用');
      // The refusal left the token usable: nothing of the company was kept.
      expect(await t.db.kysely.selectFrom('companies').select('id').where('name', '=', 'Lighthouse Labs').where('domain', '=', 'taken-co').execute()).toEqual([]);
      expect((await create(t, companyFields(token, { domain: 'free-co' }))).status).toBe(200);
    });

    it("checks the password against the default policy", async () => {
      const token = await tokenFor(freshEmail());
      const short = await create(t, companyFields(token, { password: 'Ab1-x' }));
      expect(short.status).toBe(422);
      expect(short.body.message).toBe(`The password must have at least ${DEFAULT_PASSWORD_POLICY.minLength} characters`);
      expect((await create(t, companyFields(token, { password: 'has spaces in it' }))).body.message).toBe('The password must not contain spaces');
      expect((await create(t, companyFields(token, { industry: 'Piracy' }))).status).toBe(400);
      expect((await create(t, companyFields(token, { size: '1000+' }))).status).toBe(400);
      expect((await create(t, companyFields(token))).status).toBe(200);
    });

    it('refuses an address that found an account between the code and the creation', async () => {
      const email = freshEmail();
      const token = await tokenFor(email);
      const { company } = await t.factories.companyWithAdmin();
      await t.factories.user(company.id, { email });
      const answer = await create(t, companyFields(token));
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('This e-mail address already has an account. Sign in, or reset your password');
    });
  });

  describe('closed registration', () => {
    it('answers 403/1014 to every register call and says so in the status', async () => {
      const closed = await createTestApp({ config: { registration: 'closed', smtpUrl: smtp.url } });
      try {
        expect((await call(t.app, { method: 'GET', url: '/api/register/status' })).body.result).toEqual({ isOpen: true });
        expect((await call(closed.app, { method: 'GET', url: '/api/register/status' })).body.result).toEqual({ isOpen: false });
        const email = freshEmail('closed');
        for (const answer of [await send(closed, email, freshIp()), await verify(closed, email, '123456'), await create(closed, companyFields('x'.repeat(43)))]) {
          expect(answer.status).toBe(403);
          expect(answer.body).toEqual({ returncode: ReturnCode.NO_PERMISSION, message: 'Creating new companies is closed on this server', result: null });
        }
        expect(smtp.received.some((mail) => mail.to.includes(email))).toBe(false);
      } finally {
        await closed.cleanup();
      }
    });
  });

  describe('without SMTP', () => {
    it('is not available: the status says closed and every register call is refused in both languages', async () => {
      const quiet = await createTestApp();
      try {
        expect((await call(quiet.app, { method: 'GET', url: '/api/register/status' })).body.result).toEqual({ isOpen: false });
        const email = freshEmail('selfhost');
        for (const lang of ['en-US', 'zh-CN'] as const) {
          const answer = await send(quiet, email, freshIp(), lang);
          expect([answer.status, answer.body.returncode]).toEqual([403, ReturnCode.NO_PERMISSION]);
          expect(answer.body.message).toBe(
            lang === 'en-US' ? 'Creating new companies needs a mail server, and none is configured on this server' : '创建新公司需要邮件服务器，本服务器尚未配置',
          );
        }
        for (const answer of [await verify(quiet, email, '123456'), await create(quiet, companyFields('x'.repeat(43)))]) {
          expect([answer.status, answer.body.returncode]).toEqual([403, ReturnCode.NO_PERMISSION]);
        }
        // No code was made for the address.
        expect(await quiet.db.kysely.selectFrom('registration_codes').select('id').execute()).toEqual([]);
      } finally {
        await quiet.cleanup();
      }
    });
  });
});
