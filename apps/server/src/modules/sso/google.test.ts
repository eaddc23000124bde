import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, COOKIE_NAMES, ReturnCode, type GoogleUserInfo, type LinkedIdentities } from '@atrium/contract';
import { call, cookieFrom, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';
import { followToOrigin, startTestProvider, type ProviderAccount, type TestProvider } from '../../test/oidc-provider.js';
import { SSO_BROWSER_COOKIE } from './sso.routes.js';

const PUBLIC_URL = 'http://atrium.test';
const CALLBACK = `${PUBLIC_URL}/api/oauth/callback`;

/**
 * Sign-in with a Google account (`/googleOauth/*`, spec 000 section 7) through the company's OpenID
 * Connect setting. The in-process provider stands for Google: the installation's GOOGLE_ISSUER names it.
 */
describe(`Google sign-in (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let provider: TestProvider;
  let admin: TestUser;
  let adminToken: string;
  let member: TestUser;
  let other: { admin: TestUser; token: string };

  beforeAll(async () => {
    provider = await startTestProvider({ redirectUri: CALLBACK });
    t = await createTestApp({ config: { publicUrl: PUBLIC_URL, googleIssuer: provider.issuer } });
    const companyId = (await t.factories.company({ name: 'Gamma', domain: 'gamma' })).id;
    admin = await t.factories.user(companyId, { permissions: ALL_PERMISSIONS, userName: 'admin.gamma', email: 'admin@gamma.test' });
    adminToken = await t.factories.session(admin);
    member = await t.factories.user(companyId, { userName: 'gus.gamma', email: 'gus@gamma.test' });
    const b = await t.factories.companyWithAdmin('Delta');
    other = { admin: b.admin, token: await t.factories.session(b.admin) };
    const send = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) => call(t.app, { method, url, headers: { token: adminToken }, payload });
    expect((await send('POST', '/api/sso/members', { kind: 'exception', userIds: [admin.id] })).status).toBe(200);
    const saved = await send('PUT', '/api/sso/setting', {
      isEnabled: true,
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      userNameClaim: 'email',
      scope: 'all',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterAll(async () => {
    await t.cleanup();
    await provider.close();
  });

  const start = (payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
    call<{ url: string }>(t.app, { method: 'POST', url: '/api/googleOauth/oAuth2Login', payload, remoteAddress });
  const userInfo = (headers: Record<string, string>) => call<GoogleUserInfo>(t.app, { method: 'GET', url: '/api/googleOauth/getUserInfoByToken', headers });

  it('signs a member in with their Google account, and the session then reads who it is', async () => {
    const started = await start({ email: 'gus@gamma.test', redirect: '/personal' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const authorization = new URL(started.body.result.url);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('login_hint')).toBe('gus@gamma.test');
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    const browser = cookieFrom(started.response, SSO_BROWSER_COOKIE)!.value;

    provider.signInAs({ sub: 'google-sub-gus', email: member.email });
    const callback = await followToOrigin(started.body.result.url, PUBLIC_URL);
    const back = await t.app.inject({ method: 'GET', url: callback.pathname + callback.search, headers: { cookie: `${SSO_BROWSER_COOKIE}=${browser}` } });
    expect([back.statusCode, back.headers.location]).toEqual([302, '/personal']);
    const session = cookieFrom(back, COOKIE_NAMES.token)!;

    const info = await userInfo({ cookie: `${COOKIE_NAMES.token}=${session.value}` });
    expect(info.status).toBe(200);
    expect(info.body.result).toEqual({ id: member.id, userName: member.userName, fullName: expect.any(String) as string, email: member.email, isSso: true, issuer: provider.issuer, isGoogle: true });
  });

  it('refuses a forged return: the state must come from this browser', async () => {
    const started = await start({ domain: 'gamma' });
    provider.signInAs({ sub: 'google-sub-gus', email: member.email });
    const callback = await followToOrigin(started.body.result.url, PUBLIC_URL);
    const back = await t.app.inject({ method: 'GET', url: callback.pathname + callback.search, headers: { cookie: `${SSO_BROWSER_COOKIE}=${'x'.repeat(43)}` } });
    expect(back.headers.location).toBe('/login-sso?error=stateInvalid');
  });

  it('answers one neutral refusal when the company has no Google sign-in, in both languages', async () => {
    const answer = await start({ domain: 'nosuch' });
    expect([answer.status, answer.body.returncode, answer.body.message]).toEqual([422, ReturnCode.REFUSED, 'Sign-in with a Google account is not configured for this company']);
    const zh = await call(t.app, { method: 'POST', url: '/api/googleOauth/oAuth2Login', headers: { lang: 'zh-CN' }, payload: { domain: 'nosuch' } });
    expect(zh.body.message).not.toBe(answer.body.message);
    expect((await start({})).status).toBe(400);
  });

  it("reads only the caller's own information: another company's user sees their own, without the provider", async () => {
    const theirs = await userInfo({ token: other.token });
    expect(theirs.body.result).toMatchObject({ id: other.admin.id, isSso: false, issuer: null, isGoogle: false });
    expect(JSON.stringify(theirs.body)).not.toContain(provider.issuer);
    expect((await userInfo({})).status).toBe(401);
    const mine = await userInfo({ token: adminToken });
    expect(mine.body.result).toMatchObject({ id: admin.id, isSso: false, isGoogle: true });
  });

  describe('linking an account on /auth-add', () => {
    let hal: TestUser;
    let halToken: string;
    const personal: ProviderAccount = { sub: 'sub-hal-personal', email: 'hal.personal@mail.test' };

    beforeAll(async () => {
      hal = await t.factories.user(admin.companyId, { userName: 'hal.gamma', email: 'hal@gamma.test' });
      halToken = await t.factories.session(hal);
    });

    /** The browser's part of a flow: start, sign in at the provider as `account`, come back to the callback. */
    async function throughProvider(started: { url: string }, browser: string, account: ProviderAccount) {
      provider.signInAs(account);
      const callback = await followToOrigin(started.url, PUBLIC_URL);
      return t.app.inject({ method: 'GET', url: callback.pathname + callback.search, headers: { cookie: `${SSO_BROWSER_COOKIE}=${browser}` } });
    }
    async function link(token: string, account: ProviderAccount) {
      const started = await call<{ url: string }>(t.app, { method: 'POST', url: '/api/oauth/link', headers: { token } });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      return throughProvider(started.body.result, cookieFrom(started.response, SSO_BROWSER_COOKIE)!.value, account);
    }
    async function signInBySso(account: ProviderAccount) {
      const started = await call<{ url: string }>(t.app, { method: 'GET', url: '/api/oauth/getSSOLoginUrl?domain=gamma' });
      return throughProvider(started.body.result, cookieFrom(started.response, SSO_BROWSER_COOKIE)!.value, account);
    }
    const identities = (token: string) => call<LinkedIdentities>(t.app, { method: 'GET', url: '/api/oauth/identities', headers: { token } });

    it('an account whose e-mail names nobody signs in nobody before it is linked', async () => {
      expect((await signInBySso(personal)).headers.location).toBe('/login-sso?error=userUnknown');
    });

    it('links the signed-in user to their account at the provider, without opening a session', async () => {
      const back = await link(halToken, personal);
      expect([back.statusCode, back.headers.location]).toEqual([302, '/auth-add?linked=1']);
      expect(cookieFrom(back, COOKIE_NAMES.token)).toBeUndefined();
      const mine = await identities(halToken);
      expect(mine.body.result).toEqual({ issuer: provider.issuer, list: [{ issuer: provider.issuer, email: personal.email, linkedAt: t.clock.now() }] });
      // The linked account now signs Hal in, whatever its e-mail claim says.
      const signedIn = await signInBySso(personal);
      expect(signedIn.headers.location).toBe('/');
      const info = await userInfo({ cookie: `${COOKIE_NAMES.token}=${cookieFrom(signedIn, COOKIE_NAMES.token)!.value}` });
      expect(info.body.result.id).toBe(hal.id);
      const log = await call<{ list: { action: string; targetId: number }[] }>(t.app, { method: 'GET', url: '/api/operation-log/list?action=user.linkIdentity', headers: { token: adminToken } });
      expect(log.body.result.list.map((entry) => entry.targetId)).toEqual([hal.id]);
    });

    it("refuses to link an account already linked to a colleague, and keeps each user's list their own", async () => {
      const gusToken = await t.factories.session(member);
      const back = await link(gusToken, personal);
      expect(back.headers.location).toBe('/auth-add?error=identityTaken');
      expect((await identities(gusToken)).body.result.list).toEqual([]);
      const theirs = await identities(other.token);
      expect(theirs.body.result).toEqual({ issuer: null, list: [] });
      // Another company without single sign-on cannot start one.
      const refused = await call(t.app, { method: 'POST', url: '/api/oauth/link', headers: { token: other.token } });
      expect([refused.status, refused.body.returncode]).toEqual([422, ReturnCode.REFUSED]);
      expect((await call(t.app, { method: 'POST', url: '/api/oauth/link' })).status).toBe(401);
    });

    it('unlinks: the account then names nobody again', async () => {
      const unlink = () => call(t.app, { method: 'DELETE', url: '/api/oauth/identities', headers: { token: halToken }, payload: { issuer: provider.issuer } });
      expect((await unlink()).status).toBe(200);
      expect((await unlink()).status).toBe(404);
      expect((await identities(halToken)).body.result.list).toEqual([]);
      expect((await signInBySso(personal)).headers.location).toBe('/login-sso?error=userUnknown');
    });
  });
});
