import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, ReturnCode, type DirectoryUser, type OperationLogEntry, type Page, type SendSsoMailResult, type SsoCandidate, type SsoCheckResult, type SsoMember, type SsoSetting } from '@atrium/contract';
import { MINUTE_MS } from '../../platform/clock.js';
import { call, cookieFrom, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';
import { followToOrigin, startTestProvider, type ProviderAccount, type TestProvider } from '../../test/oidc-provider.js';
import { startSmtpServer, textPart } from '../../test/smtp.js';
import { SSO_BROWSER_COOKIE, SSO_STARTS_PER_HOUR } from './sso.routes.js';
import { safeRedirect } from './sso.service.js';

const PUBLIC_URL = 'http://atrium.test';
const CALLBACK = `${PUBLIC_URL}/api/oauth/callback`;

describe(`single sign-on (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let provider: TestProvider;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let companyId: number;
  let admin: TestUser;
  let adminToken: string;
  let member: TestUser;
  let other: { companyId: number; admin: TestUser; token: string };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    provider = await startTestProvider({ redirectUri: CALLBACK });
    t = await createTestApp({ config: { publicUrl: PUBLIC_URL, smtpUrl: smtp.url } });
    companyId = (await t.factories.company({ name: 'Acme', domain: 'acme' })).id;
    admin = await t.factories.user(companyId, { permissions: ALL_PERMISSIONS, userName: 'admin.acme', email: 'admin@acme.test' });
    adminToken = await t.factories.session(admin);
    member = await t.factories.user(companyId, { userName: 'ann.acme', email: 'Ann@Acme.test' });
    const b = await t.factories.companyWithAdmin('Bravo');
    other = { companyId: b.company.id, admin: b.admin, token: await t.factories.session(b.admin) };
  });
  afterAll(async () => {
    await t.cleanup();
    await provider.close();
    await smtp.close();
  });

  const get = <T>(url: string, token: string) => call<T>(t.app, { method: 'GET', url, headers: { token } });
  const send = <T>(method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload: unknown) =>
    call<T>(t.app, { method, url, headers: { token }, payload: payload as Record<string, unknown> });
  const saveSetting = (overrides: Record<string, unknown> = {}, token = adminToken) =>
    send<SsoSetting>('PUT', '/api/sso/setting', token, {
      isEnabled: true,
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      userNameClaim: 'email',
      scope: 'all',
      ...overrides,
    });
  const setList = async (kind: 'member' | 'exception', userIds: number[]) =>
    expect((await send('POST', '/api/sso/members', adminToken, { kind, userIds })).status).toBe(200);

  /** The browser's part: start at our server, sign in at the provider, come back to our callback. */
  async function startAndSignIn(account: ProviderAccount, query = 'domain=acme') {
    const started = await call<{ url: string }>(t.app, { method: 'GET', url: `/api/oauth/getSSOLoginUrl?${query}` });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const browser = cookieFrom(started.response, SSO_BROWSER_COOKIE)!.value;
    provider.signInAs(account);
    const callback = await followToOrigin(started.body.result.url, PUBLIC_URL);
    return { callback, browser, authorizationUrl: new URL(started.body.result.url) };
  }
  const returnTo = (callback: URL, browser: string | undefined) =>
    t.app.inject({ method: 'GET', url: callback.pathname + callback.search, headers: browser ? { cookie: `${SSO_BROWSER_COOKIE}=${browser}` } : {} });

  const accountOf = (user: Pick<TestUser, 'email'>, sub = `sub-${user.email}`): ProviderAccount => ({ sub, email: user.email, preferred_username: `idp-${sub}` });

  describe('setting', () => {
    it('answers defaults with the redirect URI before anything is saved, and never the secret', async () => {
      const answer = await get<SsoSetting>('/api/sso/setting', adminToken);
      expect(answer.body.result).toEqual({
        isEnabled: false,
        issuer: '',
        clientId: '',
        hasSecret: false,
        userNameClaim: 'email',
        scope: 'all',
        redirectUri: CALLBACK,
        updatedAt: null,
      });
    });

    it('refuses to turn SSO on without issuer, client id and secret', async () => {
      const answer = await send('PUT', '/api/sso/setting', adminToken, { isEnabled: true, issuer: provider.issuer, clientId: 'x' });
      expect([answer.status, answer.body.returncode]).toEqual([422, ReturnCode.REFUSED]);
      expect(answer.body.message).toContain('client secret');
    });

    it.each([
      [{ isEnabled: true, issuer: 'http://idp.example.com' }],
      [{ isEnabled: true, issuer: 'not a url' }],
      [{ isEnabled: true, issuer: 'https://idp.example.com?x=1' }],
      [{ isEnabled: true, userNameClaim: 'bad claim' }],
      [{ isEnabled: true, scope: 'some' }],
      [{ isEnabled: true, unknown: 1 }],
    ])('refuses %j with 400', async (payload) => {
      const answer = await send('PUT', '/api/sso/setting', adminToken, payload);
      expect([answer.status, answer.body.returncode]).toEqual([400, ReturnCode.BAD_REQUEST]);
    });

    it('refuses a setting that would make the saving administrator sign in by SSO, in both languages', async () => {
      const answer = await saveSetting();
      expect([answer.status, answer.body.returncode]).toEqual([422, ReturnCode.REFUSED]);
      expect(answer.body.message).toMatch(/lock you out.*exception members/);
      const zh = await call(t.app, {
        method: 'PUT',
        url: '/api/sso/setting',
        headers: { token: adminToken, lang: 'zh-CN' },
        payload: { isEnabled: true, issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
      });
      expect(zh.body.message).toContain('例外成员');
      // Nothing was saved.
      expect((await get<SsoSetting>('/api/sso/setting', adminToken)).body.result.isEnabled).toBe(false);
    });

    it('saves once the administrator is an exception; the secret is kept when left empty and never answered', async () => {
      await setList('exception', [admin.id]);
      const saved = await saveSetting();
      expect(saved.status).toBe(200);
      expect(saved.body.result).toMatchObject({ isEnabled: true, issuer: provider.issuer, clientId: provider.clientId, hasSecret: true, scope: 'all' });
      const again = await saveSetting({ clientSecret: '' });
      expect(again.body.result.hasSecret).toBe(true);
      const read = await get<SsoSetting>('/api/sso/setting', adminToken);
      expect(JSON.stringify(read.body)).not.toContain(provider.clientSecret);
      expect(JSON.stringify(saved.body)).not.toContain(provider.clientSecret);
      const log = await get<Page<OperationLogEntry>>('/api/operation-log/list?action=sso.updateSetting', adminToken);
      expect(log.body.result.list.map((entry) => entry.result)).toEqual(['success', 'success', 'failure', 'failure', 'failure']);
      expect(JSON.stringify(log.body)).not.toContain(provider.clientSecret);
    });

    it('refuses to take the administrator off the exceptions while SSO covers everyone', async () => {
      const answer = await send('DELETE', '/api/sso/members', adminToken, { kind: 'exception', userIds: [admin.id] });
      expect([answer.status, answer.body.returncode]).toEqual([422, ReturnCode.REFUSED]);
      const list = await get<Page<SsoMember>>('/api/sso/members?kind=exception', adminToken);
      expect(list.body.result.list.map((row) => row.userId)).toEqual([admin.id]);
      const candidates = await get<Page<SsoCandidate>>('/api/sso/candidates?keyword=acme', adminToken);
      expect(candidates.body.result.list.map((row) => [row.userName, row.isException, row.isMember])).toEqual([
        ['admin.acme', true, false],
        ['ann.acme', false, false],
      ]);
    });

    it('keeps each company to its own setting and users', async () => {
      const theirs = await get<SsoSetting>('/api/sso/setting', other.token);
      expect(theirs.body.result.isEnabled).toBe(false);
      expect(theirs.body.result.issuer).toBe('');
      const foreign = await send('POST', '/api/sso/members', other.token, { kind: 'member', userIds: [member.id] });
      expect([foreign.status, foreign.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
      const mail = await get(`/api/oauth/sendOauthMail?userIds=${member.id}`, other.token);
      expect([mail.status, mail.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
      expect((await get<Page<SsoMember>>('/api/sso/members?kind=exception', other.token)).body.result.total).toBe(0);
      const candidates = await get<Page<SsoCandidate>>('/api/sso/candidates?keyword=acme&pageSize=100', other.token);
      expect(candidates.body.result.total).toBe(0);
    });

    it('checks a provider by its discovery document, and reports what fails', async () => {
      const found = await send<SsoCheckResult>('POST', '/api/sso/check', adminToken, { issuer: provider.issuer });
      expect(found.body.result).toMatchObject({ isReachable: true, issuer: provider.issuer, authorizationEndpoint: `${provider.issuer}/auth`, error: null });
      expect(found.body.result.scopesSupported).toContain('openid');
      const missing = await send<SsoCheckResult>('POST', '/api/sso/check', adminToken, { issuer: 'http://127.0.0.1:9/nothing' });
      expect(missing.body.result.isReachable).toBe(false);
      expect(missing.body.result.error).toBeTruthy();
    });

    it('walks the permission matrix', async () => {
      const viewer = await t.factories.session(await t.factories.user(companyId, { permissions: ['accountGlobal:view'] }));
      const outsider = await t.factories.session(await t.factories.user(companyId, { permissions: ['reports:view'] }));
      expect((await get('/api/sso/setting', viewer)).status).toBe(200);
      expect((await get('/api/sso/members?kind=member', viewer)).status).toBe(200);
      for (const [method, url, payload] of [
        ['PUT', '/api/sso/setting', { isEnabled: false }],
        ['POST', '/api/sso/members', { kind: 'member', userIds: [member.id] }],
        ['DELETE', '/api/sso/members', { kind: 'member', userIds: [member.id] }],
        ['POST', '/api/sso/check', { issuer: provider.issuer }],
        ['POST', '/api/user/addSSOUser', { userName: 'x.y', email: 'x@y.test', fullName: 'X' }],
      ] as const) {
        const answer = await send(method, url, viewer, payload);
        expect([answer.status, answer.body.returncode], url).toEqual([403, ReturnCode.NO_PERMISSION]);
      }
      expect((await get(`/api/oauth/sendOauthMail?userIds=${member.id}`, viewer)).status).toBe(403);
      expect((await get('/api/sso/setting', outsider)).status).toBe(403);
      expect((await call(t.app, { method: 'GET', url: '/api/sso/setting' })).status).toBe(401);
    });
  });

  describe('sign-in through the provider', () => {
    beforeEach(async () => {
      expect((await saveSetting({ scope: 'all', userNameClaim: 'email', clientSecret: '' })).status).toBe(200);
    });

    it('signs a member in: session cookie, current user, SSO mark, log entry, saved path', async () => {
      const { callback, browser, authorizationUrl } = await startAndSignIn(accountOf(member), 'domain=ACME&redirect=/directory');
      expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(CALLBACK);
      expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();
      const back = await returnTo(callback, browser);
      expect(back.statusCode).toBe(302);
      expect(back.headers.location).toBe('/directory');
      const session = cookieFrom(back, 'atrium_v1_token')!;
      expect(session.httpOnly).toBe(true);
      const me = await call<{ userName: string }>(t.app, { method: 'GET', url: '/api/user/getCurrentUserInfo', headers: { cookie: `atrium_v1_token=${session.value}` } });
      expect([me.status, me.body.result.userName]).toEqual([200, member.userName]);
      const user = await get<DirectoryUser>(`/api/user/details?id=${member.id}`, adminToken);
      expect(user.body.result.isSso).toBe(true);
      const log = await get<Page<OperationLogEntry>>('/api/operation-log/list?action=user.ssoSignIn', adminToken);
      expect(log.body.result.list[0]).toMatchObject({ result: 'success', targetName: member.userName });
    });

    it('finds the user by the e-mail the member typed, ignoring case, and hints it to the provider', async () => {
      const { callback, browser, authorizationUrl } = await startAndSignIn(accountOf(member), `email=${encodeURIComponent('ann@ACME.test')}`);
      expect(authorizationUrl.searchParams.get('login_hint')).toBe('ann@ACME.test');
      const back = await returnTo(callback, browser);
      expect(back.headers.location).toBe('/');
      expect(cookieFrom(back, 'atrium_v1_token')).toBeDefined();
    });

    it('opens a full session even when a first-sign-in password change is pending', async () => {
      const newcomer = await t.factories.user(companyId, { mustChangePassword: true });
      const { callback, browser } = await startAndSignIn(accountOf(newcomer));
      const back = await returnTo(callback, browser);
      const token = cookieFrom(back, 'atrium_v1_token')!.value;
      const menu = await call(t.app, { method: 'GET', url: '/api/user/getMenuList', headers: { token } });
      expect([menu.status, menu.body.returncode]).toEqual([200, ReturnCode.OK]);
      // The password route still refuses the pending change: the password is not the way in.
      expect((await signIn(t.app, newcomer)).status).toBe(422);
    });

    it('uses the configured claim', async () => {
      expect((await saveSetting({ userNameClaim: 'preferred_username', clientSecret: '' })).status).toBe(200);
      const byName = await t.factories.user(companyId, { userName: 'idp-bob' });
      const { callback, browser } = await startAndSignIn({ sub: 'bob', email: 'someone-else@elsewhere.test', preferred_username: 'IDP-BOB' });
      const back = await returnTo(callback, browser);
      expect(back.headers.location).toBe('/');
      const me = await call<{ id: number }>(t.app, { method: 'GET', url: '/api/user/getCurrentUserInfo', headers: { token: cookieFrom(back, 'atrium_v1_token')!.value } });
      expect(me.body.result.id).toBe(byName.id);
    });

    it('uses a state once: a replay, an unknown state, another browser or a late return are refused', async () => {
      const { callback, browser } = await startAndSignIn(accountOf(member));
      expect((await returnTo(callback, browser)).headers.location).toBe('/');
      const replay = await returnTo(callback, browser);
      expect(replay.headers.location).toBe('/login-sso?error=stateInvalid');
      expect(cookieFrom(replay, 'atrium_v1_token')).toBeUndefined();

      const unknown = new URL(callback);
      unknown.searchParams.set('state', 'forged-state');
      expect((await returnTo(unknown, browser)).headers.location).toBe('/login-sso?error=stateInvalid');

      const second = await startAndSignIn(accountOf(member));
      expect((await returnTo(second.callback, 'another-browser-cookie-aaaaaaaaaaaaaaaaaaaaaaa')).headers.location).toBe('/login-sso?error=stateInvalid');
      expect((await returnTo(second.callback, undefined)).headers.location).toBe('/login-sso?error=stateInvalid');

      const late = await startAndSignIn(accountOf(member));
      t.clock.advance(11 * MINUTE_MS);
      expect((await returnTo(late.callback, late.browser)).headers.location).toBe('/login-sso?error=stateInvalid');
    });

    it('refuses an identity that is not a user of the company, or is inactive', async () => {
      const stranger = await startAndSignIn({ sub: 'stranger', email: 'nobody@nowhere.test' });
      expect((await returnTo(stranger.callback, stranger.browser)).headers.location).toBe('/login-sso?error=userUnknown');
      // A user of another company with the same provider is not one of ours.
      const foreign = await startAndSignIn(accountOf(other.admin));
      expect((await returnTo(foreign.callback, foreign.browser)).headers.location).toBe('/login-sso?error=userUnknown');
      // A claim holding a NUL (issue 16) is no user name: refused like a stranger, not a 500 on PostgreSQL.
      const odd = await startAndSignIn({ sub: 'odd', email: `${member.email}\u0000` });
      expect((await returnTo(odd.callback, odd.browser)).headers.location).toBe('/login-sso?error=userUnknown');
      const inactive = await t.factories.user(companyId, { isActive: false });
      const left = await startAndSignIn(accountOf(inactive));
      const back = await returnTo(left.callback, left.browser);
      expect(back.headers.location).toBe('/login-sso?error=userInactive');
      expect(cookieFrom(back, 'atrium_v1_token')).toBeUndefined();
    });

    it('refuses exception members with scope all, and users off the member list with scope part', async () => {
      const exception = await t.factories.user(companyId);
      await setList('exception', [exception.id]);
      const asException = await startAndSignIn(accountOf(exception));
      expect((await returnTo(asException.callback, asException.browser)).headers.location).toBe('/login-sso?error=notCovered');

      expect((await saveSetting({ scope: 'part', clientSecret: '' })).status).toBe(200);
      const listed = await t.factories.user(companyId);
      await setList('member', [listed.id]);
      const notListed = await startAndSignIn(accountOf(member));
      expect((await returnTo(notListed.callback, notListed.browser)).headers.location).toBe('/login-sso?error=notCovered');
      const onList = await startAndSignIn(accountOf(listed));
      expect((await returnTo(onList.callback, onList.browser)).headers.location).toBe('/');
    });

    it('refuses the password of a covered user, and lets exceptions and uncovered users use theirs', async () => {
      const refused = await signIn(t.app, member);
      expect([refused.status, refused.body.returncode]).toEqual([422, ReturnCode.REFUSED]);
      expect(refused.body.message).toContain('Sign in with SSO');
      const zh = await signIn(t.app, member, { lang: 'zh-CN' });
      expect(zh.body.message).toContain('单点登录');
      expect((await signIn(t.app, admin)).status).toBe(200);

      expect((await saveSetting({ scope: 'part', clientSecret: '' })).status).toBe(200);
      expect((await signIn(t.app, member)).status).toBe(200);
      expect((await saveSetting({ isEnabled: false, clientSecret: '' })).status).toBe(200);
      expect((await signIn(t.app, member)).status).toBe(200);
    });

    it('answers one neutral refusal for an unknown company or e-mail, SSO off, or an uncovered account', async () => {
      for (const query of ['domain=nosuch', 'email=nobody%40nowhere.test', `email=${encodeURIComponent(admin.email)}`]) {
        const answer = await call(t.app, { method: 'GET', url: `/api/oauth/getSSOLoginUrl?${query}` });
        expect([answer.status, answer.body.returncode], query).toEqual([422, ReturnCode.REFUSED]);
        expect(answer.body.message).toContain('not available');
      }
      const theirs = await call(t.app, { method: 'GET', url: '/api/oauth/getSSOLoginUrl?domain=co1' });
      expect(theirs.status).toBe(422);
      expect((await call(t.app, { method: 'GET', url: '/api/oauth/getSSOLoginUrl' })).status).toBe(400);
    });

    it('limits the sign-in starts one address makes, as each keeps a pending sign-in', async () => {
      const from = (remoteAddress: string) => call(t.app, { method: 'GET', url: '/api/oauth/getSSOLoginUrl?domain=nosuch', remoteAddress });
      for (let i = 0; i < SSO_STARTS_PER_HOUR; i++) expect((await from('203.0.113.7')).status).toBe(422);
      const refused = await from('203.0.113.7');
      expect([refused.status, refused.body.returncode]).toEqual([429, ReturnCode.TOO_MANY_REQUESTS]);
      expect((await call(t.app, { method: 'GET', url: '/api/oauth/googleAuth?domain=nosuch', remoteAddress: '203.0.113.7' })).status).toBe(429);
      expect((await from('203.0.113.8')).status).toBe(422);
    });

    it('sends the provider error back to the sign-in page', async () => {
      const started = await call<{ url: string }>(t.app, { method: 'GET', url: '/api/oauth/getSSOLoginUrl?domain=acme' });
      const state = new URL(started.body.result.url).searchParams.get('state')!;
      const browser = cookieFrom(started.response, SSO_BROWSER_COOKIE)!.value;
      const back = await returnTo(new URL(`${CALLBACK}?error=access_denied&state=${state}`), browser);
      expect(back.headers.location).toBe('/login-sso?error=providerRefused');
    });

    it('offers Google only when the issuer is Google, and Feishu only when the company set up its Feishu app', async () => {
      const google = await call(t.app, { method: 'GET', url: '/api/oauth/googleAuth?domain=acme' });
      expect([google.status, google.body.message]).toEqual([422, 'Sign-in with a Google account is not configured for this company']);
      // Feishu sign-in is the work-chat one (work-chat-sign-in.test.ts); this company has no Feishu app.
      const feishu = await call(t.app, { method: 'GET', url: '/api/oauth/feiShuAuth?domain=acme', headers: { lang: 'zh-CN' } });
      expect([feishu.status, feishu.body.message]).toEqual([422, '该账号或公司未启用单点登录。请使用密码登录，或联系管理员']);
    });
  });

  describe('notice mail and SSO users', () => {
    beforeAll(async () => {
      expect((await saveSetting({ scope: 'all', clientSecret: '' })).status).toBe(200);
    });

    it('mails covered members a one-time link that goes straight to the provider', async () => {
      const before = smtp.received.length;
      const answer = await get<SendSsoMailResult>(`/api/oauth/sendOauthMail?userIds=${member.id},${admin.id}`, adminToken);
      expect(answer.body.result).toEqual({ sent: [member.id], skipped: [admin.id] });
      expect(answer.body.message).toBe('Notice sent to 1 members; 1 skipped (not covered by single sign-on or without e-mail)');
      await expect.poll(() => smtp.received.length).toBe(before + 1);
      const mail = smtp.received.at(-1)!;
      expect(mail.to.map((to) => to.toLowerCase())).toEqual([member.email.toLowerCase()]);
      const text = textPart(mail);
      expect(text).toContain(`${PUBLIC_URL}/login-sso?domain=acme`);
      expect(text).toContain('单点登录');
      const link = new URL(/(http:\/\/atrium\.test\/api\/oauth\/ssoAuthActivate\?token=\S+)/.exec(text)![1]!);

      const follow = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
      expect(follow.statusCode).toBe(302);
      const authorization = new URL(follow.headers.location as string);
      expect(authorization.origin).toBe(provider.issuer);
      expect(authorization.searchParams.get('login_hint')).toBe(member.email);
      const browser = cookieFrom(follow, SSO_BROWSER_COOKIE)!.value;
      provider.signInAs(accountOf(member));
      const callback = await followToOrigin(authorization.href, PUBLIC_URL);
      expect((await returnTo(callback, browser)).headers.location).toBe('/');

      const again = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
      expect(again.headers.location).toBe('/login-sso?error=linkInvalid');
      expect((await t.app.inject({ method: 'GET', url: '/api/oauth/ssoAuthActivate?token=nonsense' })).headers.location).toBe('/login-sso?error=linkInvalid');
    });

    it('creates an SSO user without a password or mail, who signs in through the provider', async () => {
      const before = smtp.received.length;
      const created = await send<DirectoryUser>('POST', '/api/user/addSSOUser', adminToken, { userName: 'sso.sam', email: 'sam@acme.test', fullName: 'Sam Single' });
      expect(created.status).toBe(200);
      expect(created.body.result).toMatchObject({ userName: 'sso.sam', fullName: 'Sam Single', isSso: true, isPendingActivation: false, status: 'active' });
      const duplicate = await send('POST', '/api/user/addSSOUser', adminToken, { userName: 'SSO.sam', email: 'other@acme.test', fullName: 'Sam' });
      expect(duplicate.status).toBe(409);
      const { callback, browser } = await startAndSignIn({ sub: 'sam', email: 'sam@acme.test' });
      expect((await returnTo(callback, browser)).headers.location).toBe('/');
      expect(smtp.received.length).toBe(before);
      const log = await get<Page<OperationLogEntry>>('/api/operation-log/list?action=user.createSso', adminToken);
      expect(log.body.result.list.map((entry) => [entry.targetName, entry.result])).toEqual([
        ['SSO.sam', 'failure'],
        ['sso.sam', 'success'],
      ]);
    });

    it('applies the role rule of user creation', async () => {
      const limited = await t.factories.user(companyId, { permissions: ['users:edit'] });
      const limitedToken = await t.factories.session(limited);
      const answer = await send('POST', '/api/user/addSSOUser', limitedToken, { userName: 'sso.eve', email: 'eve@acme.test', fullName: 'Eve', roleId: admin.roleId });
      expect([answer.status, answer.body.returncode]).toEqual([422, ReturnCode.REFUSED]);
      const foreignRole = await send('POST', '/api/user/addSSOUser', adminToken, { userName: 'sso.eve', email: 'eve@acme.test', fullName: 'Eve', roleId: other.admin.roleId });
      expect(foreignRole.status).toBe(404);
    });
  });

  it('allows only same-site relative paths after sign-in', () => {
    expect(safeRedirect('/role-detail/3/members?x=1')).toBe('/role-detail/3/members?x=1');
    for (const bad of ['https://evil.test', '//evil.test', '/\\evil.test', 'directory', '/login', '/api/logout', undefined]) expect(safeRedirect(bad)).toBe('/');
  });
});
