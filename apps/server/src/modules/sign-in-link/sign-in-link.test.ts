import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_NAMES, ReturnCode, SIGN_IN_LINK_MINUTES, SIGN_IN_LINKS_LIVE_MAX, type CurrentUserInfo, type LoginResult, type QrCodePath } from '@atrium/contract';
import { MINUTE_MS } from '../../platform/clock.js';
import { sha256Hex } from '../../platform/digest.js';
import { call, cookieFrom, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';

const PUBLIC_URL = 'https://atrium.example.test';

describe(`sign-in by link and QR (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let lines: string[];
  let admin: TestUser;
  let adminToken: string;
  let member: TestUser;
  let memberToken: string;
  let other: { admin: TestUser; token: string };

  beforeAll(async () => {
    lines = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp({ logger: { level: 'info', stream }, config: { publicUrl: PUBLIC_URL } });
    const a = await t.factories.companyWithAdmin('Link Co');
    admin = a.admin;
    adminToken = await t.factories.session(admin);
    member = await t.factories.user(a.company.id, { permissions: ['calendarRoomUse:view'] });
    memberToken = await t.factories.session(member);
    const b = await t.factories.companyWithAdmin('Other Co');
    other = { admin: b.admin, token: await t.factories.session(b.admin) };
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const issue = (token: string) => call<QrCodePath>(t.app, { method: 'GET', url: '/api/v2/wx/getQrCodePath', headers: { token } });
  const secretOf = (link: QrCodePath) => new URL(link.url).pathname.replace('/single/', '');
  const use = (secret: string, lang = 'en-US') =>
    call<LoginResult>(t.app, { method: 'POST', url: '/api/sign-in-link/sign-in', headers: { lang, 'user-agent': 'Phone' }, payload: { token: secret } });
  const whoAmI = (token: string) => call<CurrentUserInfo>(t.app, { method: 'GET', url: '/api/user/getCurrentUserInfo', headers: { token } });

  it('answers a one-time /single link valid for a few minutes, and a plain sign-in address', async () => {
    const link = await issue(memberToken);
    expect(link.status).toBe(200);
    expect(link.body.result.url).toMatch(new RegExp(`^${PUBLIC_URL}/single/[A-Za-z0-9_-]{43}$`));
    expect(link.body.result.expiresAt).toBe(t.clock.now() + SIGN_IN_LINK_MINUTES * MINUTE_MS);
    const plain = await call<QrCodePath>(t.app, { method: 'GET', url: '/api/v2/wx/ordinaryQrCodePath', headers: { token: memberToken } });
    expect(plain.body.result).toMatchObject({ url: `${PUBLIC_URL}/login`, expiresAt: null });
    expect(link.body.result.image).toMatch(/^data:image\/png;base64,/);
    for (const url of ['/api/v2/wx/getQrCodePath', '/api/v2/wx/ordinaryQrCodePath']) {
      const anonymous = await call(t.app, { method: 'GET', url });
      expect([anonymous.status, anonymous.body.returncode]).toEqual([401, ReturnCode.SESSION_INVALID]);
    }
  });

  it('signs the same person in with a session of its own, once', async () => {
    const secret = secretOf((await issue(memberToken)).body.result);
    const first = await use(secret);
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ id: member.id, userName: member.userName, isDefaultPassword: false });
    const cookie = cookieFrom(first.response, COOKIE_NAMES.token);
    expect(cookie?.httpOnly).toBe(true);
    const phoneToken = first.body.result.token;
    expect(phoneToken).not.toBe(memberToken);
    expect((await whoAmI(phoneToken)).body.result.id).toBe(member.id);

    const again = await use(secret);
    expect([again.status, again.body.returncode]).toEqual([422, ReturnCode.REFUSED]);
    expect(again.body.message).toBe('This sign-in link is invalid, already used or expired. Open the QR code on your computer again to get a new one');
    expect((await use(secret, 'zh-CN')).body.message).toContain('该登录链接无效');
    // Signing out on the phone leaves the computer signed in.
    await call(t.app, { method: 'GET', url: '/api/logout', headers: { token: phoneToken } });
    expect((await whoAmI(memberToken)).status).toBe(200);
  });

  it('gives one session when two phones race for one link', async () => {
    for (let round = 0; round < 3; round += 1) {
      const secret = secretOf((await issue(memberToken)).body.result);
      const answers = await Promise.all([use(secret), use(secret), use(secret)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422, 422]);
    }
  });

  it('refuses a link past its minutes (fake clock), and an unknown or malformed one', async () => {
    const secret = secretOf((await issue(memberToken)).body.result);
    t.clock.advance(SIGN_IN_LINK_MINUTES * MINUTE_MS);
    expect((await use(secret)).status).toBe(422);
    expect((await use('A'.repeat(43))).status).toBe(422);
    expect((await use('short')).status).toBe(400);
  });

  it('works just before expiry', async () => {
    const secret = secretOf((await issue(memberToken)).body.result);
    t.clock.advance(SIGN_IN_LINK_MINUTES * MINUTE_MS - 1);
    expect((await use(secret)).status).toBe(200);
  });

  it("signs in only the link's own person: another company's link never reaches this company", async () => {
    const secret = secretOf((await issue(other.token)).body.result);
    const signedIn = await use(secret);
    expect(signedIn.body.result.id).toBe(other.admin.id);
    const me = await whoAmI(signedIn.body.result.token);
    expect(me.body.result.company.name).toBe('Other Co');
    // The call takes no user or company: a field naming someone else is dropped, the link's own person signs in.
    const fresh = secretOf((await issue(other.token)).body.result);
    const named = await call<LoginResult>(t.app, { method: 'POST', url: '/api/sign-in-link/sign-in', payload: { token: fresh, userId: admin.id, companyId: admin.companyId } });
    expect([named.status, named.body.result.id]).toEqual([200, other.admin.id]);
  });

  it('refuses the link of a switched-off user', async () => {
    const leaver = await t.factories.user(admin.companyId);
    const secret = secretOf((await issue(await t.factories.session(leaver))).body.result);
    await t.db.kysely.updateTable('users').set({ is_active: 0 }).where('id', '=', leaver.id).execute();
    expect((await use(secret)).status).toBe(422);
  });

  it('keeps only the hash of the secret, and deletes a used link', async () => {
    const secret = secretOf((await issue(adminToken)).body.result);
    const rows = await t.db.kysely.selectFrom('sign_in_links').selectAll().where('user_id', '=', admin.id).execute();
    expect(rows.map((row) => row.token_hash)).toContain(sha256Hex(secret));
    expect(JSON.stringify(rows)).not.toContain(secret);
    await use(secret);
    const after = await t.db.kysely.selectFrom('sign_in_links').select('token_hash').where('token_hash', '=', sha256Hex(secret)).execute();
    expect(after).toEqual([]);
  });

  it('limits the live links of one person', async () => {
    const fresh = await t.factories.user(admin.companyId);
    const token = await t.factories.session(fresh);
    for (let i = 0; i < SIGN_IN_LINKS_LIVE_MAX; i += 1) expect((await issue(token)).status).toBe(200);
    const refused = await issue(token);
    expect([refused.status, refused.body.returncode]).toEqual([429, ReturnCode.TOO_MANY_REQUESTS]);
    t.clock.advance(SIGN_IN_LINK_MINUTES * MINUTE_MS);
    expect((await issue(token)).status).toBe(200);
  });

  it('records the sign-in in the operation log', async () => {
    const log = await call<{ list: { action: string; targetId: number | null }[] }>(t.app, {
      method: 'GET',
      url: '/api/operation-log/list?action=user.linkSignIn',
      headers: { token: adminToken },
    });
    expect(log.body.result.list.length).toBeGreaterThan(0);
    expect(log.body.result.list.every((entry) => entry.action === 'user.linkSignIn')).toBe(true);
  });

  it('never writes a secret to the log: neither the page address nor the sign-in call', async () => {
    const before = lines.length;
    const secret = secretOf((await issue(memberToken)).body.result);
    await t.app.inject({ method: 'GET', url: `/single/${secret}` });
    await use(secret);
    await expect.poll(() => lines.slice(before).join('')).toContain('/single/[redacted]');
    expect(lines.slice(before).join('')).not.toContain(secret);
  });
});
