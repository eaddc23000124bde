import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_LIMITS, ReturnCode, type CheckResetResult } from '@atrium/contract';
import { MINUTE_MS } from '../../platform/clock.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { TEST_PASSWORD, type TestUser } from '../../test/factories.js';
import { waitForMail } from '../../test/mailbox.js';
import { decodeHeader, startSmtpServer } from '../../test/smtp.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const NEW_PASSWORD = 'Second-Chance-77';

describe(`password recovery (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let companyId: number;
  let sequence = 0;
  const freshIp = () => `198.51.100.${++sequence}`;

  const ask = (email: string, ip = freshIp(), lang = 'en-US') =>
    call<{ retryAfterSeconds: number } | null>(t.app, {
      method: 'GET',
      url: `/api/user/sendResetPasswordEmail?email=${encodeURIComponent(email)}`,
      remoteAddress: ip,
      headers: { lang },
    });
  const check = (reqToken: string) => call<CheckResetResult>(t.app, { method: 'GET', url: `/api/user/checkResetReq?reqToken=${encodeURIComponent(reqToken)}` });
  const reset = (reqToken: string, password: string, confirmPassword = password) =>
    call(t.app, { method: 'POST', url: '/api/user/resetPassword', payload: { reqToken, password, confirmPassword } });
  const tokenIn = (text: string) => /https:\/\/atrium\.example\/reset\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

  /** Asks for a link for the user and reads its token from the mail. */
  async function linkFor(user: TestUser, nth = 1) {
    expect((await ask(user.email)).status).toBe(200);
    return tokenIn((await waitForMail(smtp.received, user.email, nth)).text);
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ config: { smtpUrl: smtp.url, publicUrl: 'https://atrium.example' } });
    companyId = (await t.factories.company({ name: 'Harbour Works' })).id;
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  it('answers known e-mails, known user names and unknown addresses identically; only the account gets a link', async () => {
    const user = await t.factories.user(companyId, { email: `Mira.Stone${++sequence}@harbour.test`, firstName: 'Mira', lastName: 'Stone' });
    const unknown = await ask('nobody.at.all@harbour.test');
    const byEmail = await ask(user.email.toUpperCase());
    for (const answer of [unknown, byEmail]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ returncode: 200, message: 'If an account uses this address, a reset link is on its way', result: null });
    }
    expect(unknown.response.headers['content-length']).toBe(byEmail.response.headers['content-length']);
    const { mail, text } = await waitForMail(smtp.received, user.email);
    expect(decodeHeader(mail.headers.subject!)).toBe('Reset your Atrium password / 重置您的 Atrium 密码');
    expect(text).toContain('Hello Mira Stone,');
    expect(text).toContain(`within ${REGISTRATION_LIMITS.resetLinkMinutes} minutes`);
    expect(text).toContain('重置');
    const token = tokenIn(text);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.kysely.selectFrom('password_resets').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toEqual([expect.objectContaining({ token_hash: sha256(token), company_id: companyId })]);
    expect(smtp.received.some((received) => received.to.includes('nobody.at.all@harbour.test'))).toBe(false);

    // The user name works as well, in Chinese too.
    t.clock.advance(REGISTRATION_LIMITS.resendSeconds * 1000);
    const byName = await ask(user.userName, freshIp(), 'zh-CN');
    expect(byName.body.message).toBe('如果有账号使用该地址，重置链接已发送');
    await waitForMail(smtp.received, user.email, 2);
  });

  it('sends nothing to an inactive account', async () => {
    const leaver = await t.factories.user(companyId, { isActive: false });
    const active = await t.factories.user(companyId);
    expect((await ask(leaver.email)).status).toBe(200);
    await linkFor(active);
    expect(smtp.received.some((mail) => mail.to.includes(leaver.email))).toBe(false);
  });

  it('sets the new password once, clears a forced change, ends every session and logs it', async () => {
    const user = await t.factories.user(companyId, { mustChangePassword: true });
    const sessionA = await t.factories.session(user);
    const sessionB = await t.factories.session(user);
    const token = await linkFor(user);
    expect((await check(token)).body.result).toEqual({
      valid: true,
      userName: user.userName,
      passwordPolicy: expect.objectContaining({ minLength: expect.any(Number) }),
    });
    const answer = await reset(token, NEW_PASSWORD);
    expect(answer.body).toEqual({ returncode: 200, message: 'Password changed. Please sign in with the new password', result: null });
    for (const session of [sessionA, sessionB]) {
      expect((await call(t.app, { method: 'GET', url: '/api/checkIsLogin', headers: { token: session } })).status).toBe(401);
    }
    const signedIn = await signIn(t.app, { userName: user.userName, password: NEW_PASSWORD });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.result.isDefaultPassword).toBe(false);
    expect((await signIn(t.app, { userName: user.userName, password: TEST_PASSWORD })).status).toBe(400);
    // Single use.
    const again = await reset(token, 'Third-Time-Lucky-9');
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ returncode: ReturnCode.REFUSED, message: 'This reset link has expired or was already used. Please ask for a new one', result: null });
    expect((await check(token)).body.result).toEqual({ valid: false, userName: null, passwordPolicy: null });
    const log = await t.db.kysely.selectFrom('operation_logs').selectAll().where('company_id', '=', companyId).where('action', '=', 'user.resetPassword').execute();
    expect(log).toEqual([expect.objectContaining({ actor_id: user.id, target_id: user.id, target_name: user.userName, result: 'success' })]);
  });

  it("applies the company's policy, refuses the old password, spaces and a mismatch", async () => {
    await t.db.kysely
      .insertInto('settings')
      .values({ company_id: companyId, key: 'passwordPolicy', value: JSON.stringify({ minLength: 12, expiryDays: null, needsUppercase: true, needsLowercase: true, needsNumber: true, needsSpecial: false }), updated_at: 0 })
      .onConflict((conflict) => conflict.columns(['company_id', 'key']).doUpdateSet({ value: (eb) => eb.ref('excluded.value') }))
      .execute();
    const user = await t.factories.user(companyId, { password: 'Original-Pass-123' });
    const token = await linkFor(user);
    const refusals: Array<[string, string, string]> = [
      ['Short-1a', 'Short-1a', 'The password must have at least 12 characters'],
      ['alllowercase-123', 'alllowercase-123', 'The password needs an uppercase letter'],
      ['Has Spaces In-1', 'Has Spaces In-1', 'The password must not contain spaces'],
      ['Long-Enough-Pass-1', 'Long-Enough-Pass-2', 'The two passwords do not match'],
      ['Original-Pass-123', 'Original-Pass-123', 'The new password must differ from the old one'],
    ];
    for (const [password, confirmation, message] of refusals) {
      const answer = await reset(token, password, confirmation);
      expect(answer.status, message).toBe(422);
      expect(answer.body.message).toBe(message);
    }
    // The refusals did not use the link up.
    expect((await reset(token, 'Long-Enough-Pass-1')).status).toBe(200);
  });

  it('expires the link after 60 minutes, and a new request replaces the old link', async () => {
    const user = await t.factories.user(companyId);
    const first = await linkFor(user);
    t.clock.advance(REGISTRATION_LIMITS.resendSeconds * 1000);
    const second = await linkFor(user, 2);
    expect((await check(first)).body.result.valid).toBe(false);
    expect((await reset(first, NEW_PASSWORD)).body.returncode).toBe(ReturnCode.REFUSED);
    t.clock.advance(REGISTRATION_LIMITS.resetLinkMinutes * MINUTE_MS - REGISTRATION_LIMITS.resendSeconds * 1000);
    expect((await check(second)).body.result.valid).toBe(true);
    t.clock.advance(REGISTRATION_LIMITS.resendSeconds * 1000);
    expect((await check(second)).body.result.valid).toBe(false);
    expect((await reset(second, NEW_PASSWORD)).body.message).toBe('This reset link has expired or was already used. Please ask for a new one');
  });

  it('throttles requests like registration codes: one mail per address per minute', async () => {
    const user = await t.factories.user(companyId);
    await linkFor(user);
    t.clock.advance(10_000);
    const refused = await ask(user.email);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ returncode: ReturnCode.TOO_MANY_REQUESTS, result: { retryAfterSeconds: 50 } });
    // An unknown address is throttled the same way, so the refusal tells nothing either.
    expect((await ask('ghost@harbour.test')).status).toBe(200);
    expect((await ask('ghost@harbour.test')).status).toBe(429);
  });

  it('refuses malformed tokens and a missing e-mail with 400', async () => {
    expect((await check('short')).status).toBe(400);
    expect((await call(t.app, { method: 'GET', url: '/api/user/sendResetPasswordEmail' })).status).toBe(400);
  });
});
