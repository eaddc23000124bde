import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_NAMES, ReturnCode } from '@atrium/contract';
import { MINUTE_MS } from '../../platform/clock.js';
import { call, cookieFrom, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createCountingHasher, type TestUser } from '../../test/factories.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe(`sign-in and sessions (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let counting: ReturnType<typeof createCountingHasher>;
  let companyId: number;
  let user: TestUser;
  let roomId: number;

  const check = (headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
    call<boolean>(t.app, { method: 'GET', url: '/api/checkIsLogin', headers, cookies });

  beforeAll(async () => {
    counting = createCountingHasher();
    t = await createTestApp({ hasher: counting.hasher, config: { sessionIdleMinutes: 120, sessionAbsoluteHours: 3 } });
    companyId = (await t.factories.company({ name: 'Northwind Offices' })).id;
    const floor = await t.factories.location({ companyId, level: LOCATION_LEVEL.floor, name: '3rd floor' });
    roomId = await t.factories.location({ companyId, parentId: floor, level: LOCATION_LEVEL.room, name: 'Orchid' });
    user = await t.factories.user(companyId, {
      userName: 'Robin.Fox',
      email: 'Robin.Fox@northwind.test',
      firstName: 'Robin',
      lastName: 'Fox',
      usercode: 'NW0042',
      locationId: roomId,
    });
  });
  afterAll(() => t.cleanup());

  describe('POST /api/login', () => {
    it('answers the contract fields, a fresh token and the session cookie', async () => {
      const { status, body, token, response } = await signIn(t.app, user);
      expect(status).toBe(200);
      expect(body).toEqual({
        returncode: 200,
        message: 'Success',
        result: {
          id: user.id,
          avatar: null,
          fullName: 'Robin Fox',
          userName: 'Robin.Fox',
          usercode: 'NW0042',
          email: 'Robin.Fox@northwind.test',
          userGroupDto: { roomLocations: [{ id: roomId, locationName: 'Orchid', level: 7 }] },
          token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          isDefaultPassword: false,
          passwordExpired: false,
        },
      });
      const cookie = cookieFrom(response, COOKIE_NAMES.token)!;
      expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 3 * 3600 });
      expect(cookie.secure).toBeFalsy();
      const again = await signIn(t.app, user);
      expect(again.token).not.toBe(token);
    });

    it('accepts the user name or the e-mail in any case, with stray spaces', async () => {
      for (const userName of ['robin.fox', 'ROBIN.FOX', '  Robin.Fox ', 'robin.fox@NORTHWIND.test']) {
        expect((await signIn(t.app, { userName, password: user.password })).status, userName).toBe(200);
      }
    });

    it('lists no room location when the user sits on a floor', async () => {
      const floor = await t.factories.location({ companyId, level: LOCATION_LEVEL.floor, name: 'Mezzanine' });
      const other = await t.factories.user(companyId, { locationId: floor });
      const { body } = await signIn(t.app, other);
      expect((body.result as unknown as { userGroupDto: unknown }).userGroupDto).toEqual({ roomLocations: [] });
    });

    it('answers an unknown account, a wrong password and an inactive account identically', async () => {
      const inactive = await t.factories.user(companyId, { isActive: false });
      const before = { ...counting.counts };
      const unknown = await signIn(t.app, { userName: 'nobody.here', password: user.password });
      const wrong = await signIn(t.app, { userName: user.userName, password: 'Not-the-password-1' });
      const disabled = await signIn(t.app, inactive);
      for (const answer of [unknown, wrong, disabled]) {
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ returncode: ReturnCode.WRONG_CREDENTIALS, message: 'Please enter the correct account and password', result: null });
        expect(cookieFrom(answer.response, COOKIE_NAMES.token)).toBeUndefined();
      }
      expect(unknown.response.headers).toEqual(expect.objectContaining({ 'content-type': wrong.response.headers['content-type'] }));
      // The unknown and the inactive account spend a dummy verification instead of a real one.
      expect(counting.counts.verifyDummy - before.verifyDummy).toBe(2);
      expect(counting.counts.verify - before.verify).toBe(1);
    });

    it('spends comparable time on unknown accounts and wrong passwords', async () => {
      const timeOf = async (userName: string) => {
        const started = performance.now();
        await signIn(t.app, { userName, password: 'Not-the-password-2' });
        return performance.now() - started;
      };
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const known: number[] = [];
      const unknown: number[] = [];
      const victim = await t.factories.user(companyId);
      for (let i = 0; i < 4; i++) {
        known.push(await timeOf(victim.userName));
        unknown.push(await timeOf(`ghost${i}`));
      }
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.3);
    });

    it('stores only the SHA-256 of the token', async () => {
      const { token } = await signIn(t.app, user);
      const rows = await t.db.kysely.selectFrom('sessions').selectAll().execute();
      const row = rows.find((session) => session.token_hash === sha256(token!));
      expect(row).toMatchObject({ user_id: user.id, company_id: companyId, revoked_at: null, must_change_password: 0 });
      expect(JSON.stringify(rows)).not.toContain(token!);
    });
  });

  describe('session lifetime', () => {
    it('writes last_seen_at at most once a minute', async () => {
      const { token } = await signIn(t.app, user);
      const lastSeen = async () =>
        (await t.db.kysely.selectFrom('sessions').select('last_seen_at').where('token_hash', '=', sha256(token!)).executeTakeFirstOrThrow()).last_seen_at;
      const signedInAt = t.clock.now();
      t.clock.advance(30_000);
      expect((await check({ token: token! })).status).toBe(200);
      expect(await lastSeen()).toBe(signedInAt);
      t.clock.advance(31_000);
      expect((await check({ token: token! })).status).toBe(200);
      expect(await lastSeen()).toBe(signedInAt + 61_000);
    });

    it('ends after SESSION_IDLE_MINUTES without a request, not a millisecond before', async () => {
      const { token } = await signIn(t.app, user);
      const idle = 120 * MINUTE_MS;
      t.clock.advance(idle - 1);
      expect((await check({ token: token! })).status).toBe(200);
      t.clock.advance(idle);
      const after = await check({ token: token! });
      expect(after.status).toBe(401);
      expect(after.body).toEqual({ returncode: ReturnCode.SESSION_INVALID, message: 'Unauthorised, please sign in', result: null });
    });

    it('ends SESSION_ABSOLUTE_HOURS after sign-in however busy it is', async () => {
      const { token } = await signIn(t.app, user);
      for (let minutes = 0; minutes < 170; minutes += 50) {
        expect((await check({ token: token! })).status).toBe(200);
        t.clock.advance(50 * MINUTE_MS);
      }
      // Now 200 minutes after sign-in: past the 3-hour limit although never idle for long.
      expect((await check({ token: token! })).status).toBe(401);
    });

    it('lasts until exactly the absolute limit', async () => {
      const { token } = await signIn(t.app, user);
      t.clock.advance(100 * MINUTE_MS);
      expect((await check({ token: token! })).status).toBe(200);
      t.clock.advance(80 * MINUTE_MS - 1);
      expect((await check({ token: token! })).status).toBe(200);
      t.clock.advance(1);
      expect((await check({ token: token! })).status).toBe(401);
    });

    it('ends when the user is deactivated', async () => {
      const leaver = await t.factories.user(companyId);
      const { token } = await signIn(t.app, leaver);
      expect((await check({ token: token! })).status).toBe(200);
      await t.db.kysely.updateTable('users').set({ is_active: 0 }).where('id', '=', leaver.id).execute();
      expect((await check({ token: token! })).status).toBe(401);
    });

    it('refuses a missing, forged or absurdly long token', async () => {
      expect((await check()).status).toBe(401);
      expect((await check({ token: 'forged-token' })).body.returncode).toBe(ReturnCode.SESSION_INVALID);
      expect((await check({ token: 'x'.repeat(5000) })).status).toBe(401);
    });
  });

  describe('GET /api/logout', () => {
    it('revokes the session and clears the cookie', async () => {
      const { token } = await signIn(t.app, user);
      const { status, body, response } = await call(t.app, { method: 'GET', url: '/api/logout', headers: { token: token! } });
      expect(status).toBe(200);
      expect(body).toEqual({ returncode: 200, message: 'Signed out', result: null });
      const cleared = cookieFrom(response, COOKIE_NAMES.token)!;
      expect(cleared.value).toBe('');
      expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
      const after = await check({ token: token! });
      expect(after.status).toBe(401);
      expect(after.body.returncode).toBe(ReturnCode.SESSION_INVALID);
      const row = await t.db.kysely.selectFrom('sessions').select('revoked_at').where('token_hash', '=', sha256(token!)).executeTakeFirstOrThrow();
      expect(row.revoked_at).toBe(t.clock.now());
    });

    it('does nothing when asked from another site, by Origin, Referer or Sec-Fetch-Site', async () => {
      const { token } = await signIn(t.app, user);
      for (const headers of [
        { origin: 'https://evil.example' },
        { referer: 'https://evil.example/page' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        { origin: 'http://localhost:8080' },
      ] as Array<Record<string, string>>) {
        for (const credentials of [{ cookies: { [COOKIE_NAMES.token]: token! } }, { headers: { token: token! } }]) {
          const answer = await call(t.app, { method: 'GET', url: '/api/logout', ...credentials, headers: { ...credentials.headers, ...headers } });
          expect([answer.status, answer.body.returncode, answer.body.message], JSON.stringify(headers)).toEqual([403, ReturnCode.NO_PERMISSION, 'Cross-site request refused']);
          expect(cookieFrom(answer.response, COOKIE_NAMES.token), JSON.stringify(headers)).toBeUndefined();
        }
      }
      expect((await check({ token: token! })).status).toBe(200);
      // From the console itself it signs out.
      const own = await call(t.app, { method: 'GET', url: '/api/logout', cookies: { [COOKIE_NAMES.token]: token! }, headers: { 'sec-fetch-site': 'same-origin', referer: 'http://localhost/personal' } });
      expect(own.status).toBe(200);
      expect((await check({ token: token! })).status).toBe(401);
    });

    it("leaves the user's other sessions alone", async () => {
      const first = await signIn(t.app, user);
      const second = await signIn(t.app, user);
      await call(t.app, { method: 'GET', url: '/api/logout', headers: { token: first.token! } });
      expect((await check({ token: second.token! })).status).toBe(200);
    });
  });

  describe('cookie authentication', () => {
    const cookieOf = (token: string) => ({ [COOKIE_NAMES.token]: token });
    const post = (token: string, headers: Record<string, string>) =>
      call(t.app, {
        method: 'POST',
        url: '/api/user/updateUserPassword',
        cookies: cookieOf(token),
        headers,
        payload: { oldPassword: 'x', newPassword: 'short', confirmPassword: 'different' },
      });

    it('authenticates reads with the cookie alone', async () => {
      const { token } = await signIn(t.app, user);
      expect((await check({}, cookieOf(token!))).body).toEqual({ returncode: 200, message: 'Success', result: true });
    });

    it('refuses a cookie-authenticated write without a matching Origin or Referer', async () => {
      const { token } = await signIn(t.app, user);
      for (const headers of [{}, { origin: 'https://evil.example' }, { origin: 'null' }, { referer: 'https://evil.example/page' }, { origin: 'http://localhost:81' }] as Array<Record<string, string>>) {
        const answer = await post(token!, headers);
        expect(answer.status, JSON.stringify(headers)).toBe(403);
        expect(answer.body).toEqual({ returncode: ReturnCode.NO_PERMISSION, message: 'Cross-site request refused', result: null });
      }
    });

    it('refuses an Origin that differs from the request in scheme or port', async () => {
      const { token } = await signIn(t.app, user);
      const cases: Array<Record<string, string>> = [
        { host: 'atrium.test:3000', origin: 'http://atrium.test:3001' },
        { host: 'atrium.test', origin: 'https://atrium.test' },
        { host: 'atrium.test:443', origin: 'https://atrium.test:443' },
        { host: 'atrium.test', referer: 'https://atrium.test/personal' },
        { host: 'atrium.test', origin: 'http://atrium.test', 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of cases) {
        const answer = await post(token!, headers);
        expect(answer.status, JSON.stringify(headers)).toBe(403);
        expect(answer.body.message).toBe('Cross-site request refused');
      }
      expect((await post(token!, { host: 'atrium.test:3000', origin: 'http://atrium.test:3000' })).status).toBe(422);
    });

    it('lets a same-origin cookie write through (here to the password rules)', async () => {
      const { token } = await signIn(t.app, user);
      for (const headers of [{ origin: 'http://localhost:80' }, { origin: 'http://localhost' }, { referer: 'http://localhost/personal' }] as Array<Record<string, string>>) {
        const answer = await post(token!, headers);
        expect(answer.status, JSON.stringify(headers)).toBe(422);
        expect(answer.body.message).toBe('The two passwords do not match');
      }
    });

    it('does not apply the origin rule to header-token writes', async () => {
      const { token } = await signIn(t.app, user);
      const answer = await call(t.app, {
        method: 'POST',
        url: '/api/user/updateUserPassword',
        headers: { token: token!, origin: 'https://elsewhere.example' },
        payload: { oldPassword: 'x', newPassword: 'short', confirmPassword: 'different' },
      });
      expect(answer.status).toBe(422);
    });

    it('clears a cookie that names no live session', async () => {
      const answer = await check({}, cookieOf('stale-token'));
      expect(answer.status).toBe(401);
      expect(cookieFrom(answer.response, COOKIE_NAMES.token)?.value).toBe('');
    });

    it('refuses a sign-in posted from another site', async () => {
      const answer = await signIn(t.app, user, { origin: 'https://evil.example' });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('Cross-site request refused');
      expect((await signIn(t.app, user, { origin: 'http://localhost' })).status).toBe(200);
    });
  });
});

describe(`cross-site check with PUBLIC_URL behind a proxy (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    // The proxy neither keeps the Host nor sends X-Forwarded-* headers: PUBLIC_URL says where users are.
    t = await createTestApp({ config: { publicUrl: 'https://atrium.example', publicOrigin: 'https://atrium.example' } });
    user = await t.factories.user((await t.factories.company()).id);
  });
  afterAll(() => t.cleanup());

  const post = (token: string, headers: Record<string, string>) =>
    call(t.app, {
      method: 'POST',
      url: '/api/user/updateUserPassword',
      cookies: { [COOKIE_NAMES.token]: token },
      headers: { host: '10.0.0.5:3000', ...headers },
      payload: { oldPassword: 'x', newPassword: 'short', confirmPassword: 'different' },
    });

  it("accepts PUBLIC_URL's origin and refuses the rest, the backend's own address included", async () => {
    const { token } = await signIn(t.app, user, { origin: 'https://atrium.example' });
    expect(token).toBeDefined();
    expect((await post(token!, { origin: 'https://atrium.example' })).status).toBe(422);
    expect((await post(token!, { referer: 'https://atrium.example/personal' })).status).toBe(422);
    for (const origin of ['http://atrium.example', 'https://atrium.example:8443', 'http://10.0.0.5:3000', 'https://evil.example']) {
      expect((await post(token!, { origin })).status, origin).toBe(403);
    }
    expect((await signIn(t.app, user, { origin: 'http://10.0.0.5:3000', host: '10.0.0.5:3000' })).status).toBe(403);
  });
});

describe(`cross-site check without PUBLIC_URL, behind a trusted proxy (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: true } });
  });
  afterAll(() => t.cleanup());

  it('compares with the scheme and host the proxy forwarded', async () => {
    const user = await t.factories.user((await t.factories.company()).id);
    const forwarded = { host: '10.0.0.5:3000', 'x-forwarded-host': 'atrium.example', 'x-forwarded-proto': 'https' };
    expect((await signIn(t.app, user, { ...forwarded, origin: 'https://atrium.example' })).status).toBe(200);
    expect((await signIn(t.app, user, { ...forwarded, origin: 'http://atrium.example' })).status).toBe(403);
    expect((await signIn(t.app, user, { ...forwarded, origin: 'http://10.0.0.5:3000' })).status).toBe(403);
  });
});

describe(`session cookie behind an HTTPS proxy (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: true } });
  });
  afterAll(() => t.cleanup());

  it('is Secure when the request came over HTTPS', async () => {
    const user = await t.factories.user((await t.factories.company()).id);
    const { response } = await signIn(t.app, user, { 'x-forwarded-proto': 'https' });
    expect(cookieFrom(response, COOKIE_NAMES.token)?.secure).toBe(true);
  });
});
