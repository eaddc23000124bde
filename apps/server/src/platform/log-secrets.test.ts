import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivationLinkResult } from '@atrium/contract';
import { call, createTestApp, signIn, type TestApp } from '../test/app.js';
import { TEST_DIALECT } from '../test/database.js';
import type { TestUser } from '../test/factories.js';

/** A run of characters a token, a link's secret or a code could be. */
const TOKEN_LIKE = /[A-Za-z0-9_-]{40,}/;

/**
 * The log never holds a secret (issue 16; DECISIONS.md, Logs): the app writes to a stream this test
 * reads, at info level so every request line is there too. No SMTP server is configured.
 */
describe(`secrets in the server log (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let lines: string[];
  let admin: TestUser;
  let member: TestUser;
  let adminToken: string;

  beforeAll(async () => {
    lines = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp({ logger: { level: 'info', stream }, config: { publicUrl: 'https://atrium.example.test' } });
    const a = await t.factories.companyWithAdmin('Log Co');
    admin = a.admin;
    adminToken = await t.factories.session(admin);
    member = await t.factories.user(a.company.id, { email: 'member@log.test' });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const logText = () => lines.join('');
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('logs a password reset request without SMTP as one warning without the link', async () => {
    const before = lines.length;
    const answer = await call(t.app, { method: 'GET', url: `/api/user/sendResetPasswordEmail?email=${encodeURIComponent(member.email)}` });
    expect(answer.status).toBe(200);
    await expect.poll(() => entries().slice(before).filter((entry) => entry.level === 40).length).toBe(1);
    const warning = entries()
      .slice(before)
      .find((entry) => entry.level === 40)!;
    expect(warning.msg).toBe('mail not sent: no mail server is configured (SMTP_URL); the link or code it carried was neither kept nor logged');
    const written = lines.slice(before).join('');
    expect(written).not.toContain('/reset/');
    expect(written).not.toMatch(TOKEN_LIKE);
    expect(written).not.toContain('mailText');
  });

  it('writes no code for a registration attempt without SMTP (it is refused)', async () => {
    const before = lines.length;
    const answer = await call(t.app, { method: 'POST', url: '/api/register/sendCode', payload: { email: 'founder@log.test' } });
    expect(answer.status).toBe(403);
    const written = lines.slice(before).join('');
    expect(written).not.toMatch(/\b\d{6}\b/);
    expect(written).not.toContain('Your Atrium code');
  });

  it('writes no activation token while a colleague is brought in and activates, nor any link secret a request carries', async () => {
    const created = await call<{ id: number }>(t.app, {
      method: 'POST',
      url: '/api/user',
      headers: { token: adminToken },
      payload: { userName: 'new.colleague', email: 'new.colleague@log.test', firstName: 'New', lastName: 'Colleague' },
    });
    expect(created.status, created.body.message).toBe(200);
    const issued = await call<ActivationLinkResult>(t.app, { method: 'POST', url: '/api/user/activationLink', headers: { token: adminToken }, payload: { id: created.body.result.id } });
    expect(issued.status, issued.body.message).toBe(200);
    const reqToken = new URL(issued.body.result.link).pathname.split('/').pop()!;
    expect(reqToken).toMatch(TOKEN_LIKE);

    // The console page the link opens, the public check, and the activation itself.
    await t.app.inject({ method: 'GET', url: `/activate/${reqToken}` });
    expect((await call(t.app, { method: 'GET', url: `/api/user/checkActiveUserReq?reqToken=${reqToken}` })).body.result).toMatchObject({ valid: true });
    const activated = await call(t.app, { method: 'POST', url: '/api/user/activeUserAndSetPassword', payload: { reqToken, password: 'Chosen-Pass-2026', confirmPassword: 'Chosen-Pass-2026' } });
    expect(activated.status, activated.body.message).toBe(200);
    expect((await signIn(t.app, { userName: 'new.colleague', password: 'Chosen-Pass-2026' })).status).toBe(200);

    // Other secrets that travel in a URL: a reset link's check, a calendar feed, a one-time sign-in link, a public board.
    const probe = 'Probe-Secret_0123456789abcdefghijklmnopqrstuvwxyz';
    for (const url of [
      `/api/user/checkResetReq?reqToken=${probe}1`,
      `/reset/${probe}2`,
      `/api/calendar/feed/${probe}3.ics`,
      `/api/oauth/ssoAuthActivate?token=${probe}4`,
      `/api/live/board?token=${probe}5`,
      `/api/oauth/callback?state=${probe}6&code=${probe}7`,
      `/api/air/board?token=${probe}8`,
      `/air-board/${probe}9`,
    ]) {
      await t.app.inject({ method: 'GET', url });
    }

    const written = logText();
    expect(written).toContain('incoming request');
    expect(written).toContain('/activate/[redacted]');
    expect(written).not.toContain(reqToken);
    expect(written).not.toContain(probe);
    expect(written).not.toContain('Chosen-Pass-2026');
  });
});
