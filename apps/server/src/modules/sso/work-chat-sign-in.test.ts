import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, COOKIE_NAMES, ReturnCode, type WorkChatProviders } from '@atrium/contract';
import { call, cookieFrom, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { startDingtalkFake, startFeishuFake, startWecomFake } from '../../test/work-chat-fakes.js';
import { SSO_BROWSER_COOKIE } from './sso.routes.js';

const PUBLIC_URL = 'http://atrium.test';
const WECOM = { corpId: 'wwsignin0001', agentId: '1000005', secret: 'wecom-Sign-In-Secret' };
const FEISHU = { appId: 'cli_signin0002', secret: 'feishu-Sign-In-Secret' };
const DINGTALK = { appKey: 'dingsignin0003', corpId: 'dingcorp0003', secret: 'dingtalk-Sign-In-Secret' };

/** Sign-in with WeCom, Feishu and DingTalk (decision 0024) against fakes of their documented OAuth calls. */
describe(`work-chat sign-in (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let wecom: Awaited<ReturnType<typeof startWecomFake>>;
  let feishu: Awaited<ReturnType<typeof startFeishuFake>>;
  let dingtalk: Awaited<ReturnType<typeof startDingtalkFake>>;
  let adminToken: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    wecom = await startWecomFake({
      ...WECOM,
      departments: [{ id: 1, name: 'Omega', parentid: 0 }],
      users: [{ userid: 'zhangsan', name: '张三', department: [1], email: 'zhang@omega.test', status: 1 }],
    });
    feishu = await startFeishuFake({
      ...FEISHU,
      departments: [],
      users: [
        { open_id: 'ou_fei', name: 'Fei Li', enterprise_email: 'fei@omega.test', department_ids: ['0'], status: { is_frozen: false, is_resigned: false, is_activated: true } },
        { open_id: 'ou_stranger', name: 'Stranger', enterprise_email: 'stranger@elsewhere.test', department_ids: ['0'], status: { is_frozen: false, is_resigned: false, is_activated: true } },
      ],
    });
    dingtalk = await startDingtalkFake({
      ...DINGTALK,
      departments: [],
      users: [
        { userid: 'ding.user', unionid: 'union-ding', name: '丁一', email: 'ding@omega.test', dept_id_list: [1], active: true },
        { userid: 'gone.user', unionid: 'union-gone', name: 'Gone', email: 'gone@omega.test', dept_id_list: [1], active: true },
      ],
    });
    t = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
    const companyId = (await t.factories.company({ name: 'Omega', domain: 'omega' })).id;
    const admin = await t.factories.user(companyId, { permissions: ALL_PERMISSIONS, userName: 'admin.omega', email: 'admin@omega.test' });
    await t.factories.setOwner(companyId, admin.id);
    adminToken = await t.factories.session(admin);
    ids.zhang = (await t.factories.user(companyId, { userName: 'ww.zhang', email: 'zhang@omega.test' })).id;
    ids.fei = (await t.factories.user(companyId, { userName: 'fei.li', email: 'fei@omega.test' })).id;
    ids.ding = (await t.factories.user(companyId, { userName: 'ding.user', email: 'ding@omega.test' })).id;
    ids.gone = (await t.factories.user(companyId, { userName: 'gone.user', email: 'gone@omega.test' })).id;
    await t.db.kysely.updateTable('users').set({ is_active: 0 }).where('id', '=', ids.gone).execute();
    await t.factories.company({ name: 'Sigma', domain: 'sigma' });

    const save = async (payload: Record<string, unknown>) => {
      const answer = await call(t.app, { method: 'PUT', url: '/api/work-chat/setting', headers: { token: adminToken }, payload });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    await save({ provider: 'wecom', isEnabled: true, isSignInEnabled: true, corpId: WECOM.corpId, appKey: WECOM.agentId, secret: WECOM.secret, baseUrl: wecom.url });
    await save({ provider: 'feishu', isEnabled: false, isSignInEnabled: true, corpId: FEISHU.appId, secret: FEISHU.secret, baseUrl: feishu.url });
    await save({ provider: 'dingtalk', isEnabled: false, isSignInEnabled: true, corpId: DINGTALK.corpId, appKey: DINGTALK.appKey, secret: DINGTALK.secret, baseUrl: dingtalk.url });
    // The WeCom sync links zhangsan (matched by e-mail) to ww.zhang.
    const synced = await call(t.app, { method: 'POST', url: '/api/company/sync-work-wechat', headers: { token: adminToken }, payload: {} });
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
  });
  afterAll(async () => {
    await t.cleanup();
    await Promise.all([wecom.close(), feishu.close(), dingtalk.close()]);
  });

  /** Starts at `path`, lets the fake's sign-in page answer, and brings the browser back to our callback with its cookie. */
  async function signIn(path: string, cookie?: string) {
    const started = await call<{ url: string }>(t.app, { method: 'GET', url: path });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const browser = cookie ?? cookieFrom(started.response, SSO_BROWSER_COOKIE)!.value;
    const page = await fetch(started.body.result.url, { redirect: 'manual' });
    const back = new URL(page.headers.get('location')!);
    expect(back.origin).toBe(PUBLIC_URL);
    const answer = await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie: `${SSO_BROWSER_COOKIE}=${browser}` } });
    return { started, authorization: new URL(started.body.result.url), answer, session: cookieFrom(answer, COOKIE_NAMES.token)?.value };
  }
  const whoIs = async (session: string | undefined) => {
    const info = await call<{ id: number }>(t.app, { method: 'GET', url: '/api/user/getCurrentUserInfo', headers: { cookie: `${COOKIE_NAMES.token}=${session}` } });
    return info.body.result.id;
  };

  it('lists the providers a company offers, and none for an unknown domain', async () => {
    const offered = await call<WorkChatProviders>(t.app, { method: 'GET', url: '/api/oauth/work-chat/providers?domain=omega' });
    expect(offered.body.result.providers).toEqual(['wecom', 'feishu', 'dingtalk']);
    const none = await call<WorkChatProviders>(t.app, { method: 'GET', url: '/api/oauth/work-chat/providers?domain=nowhere' });
    expect(none.body.result.providers).toEqual([]);
  });

  it('signs in with WeCom the person the directory sync linked, whatever their user name here', async () => {
    wecom.signInAs('zhangsan');
    const { authorization, answer, session } = await signIn('/api/oauth/work-chat/login?provider=wecom&domain=omega&redirect=/personal');
    expect(authorization.pathname).toBe('/wwlogin/sso/login');
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({ login_type: 'CorpApp', appid: WECOM.corpId, agentid: WECOM.agentId, redirect_uri: `${PUBLIC_URL}/api/oauth/work-chat/callback/wecom` });
    expect([answer.statusCode, answer.headers.location]).toEqual([302, '/personal']);
    expect(await whoIs(session)).toBe(ids.zhang);
  });

  it('signs in with Feishu through /oauth/feiShuAuth, matching the e-mail Feishu gives', async () => {
    feishu.signInAs('ou_fei');
    const { authorization, answer, session } = await signIn('/api/oauth/feiShuAuth?domain=omega');
    expect(authorization.pathname).toBe('/open-apis/authen/v1/authorize');
    expect(authorization.searchParams.get('app_id')).toBe(FEISHU.appId);
    expect([answer.statusCode, answer.headers.location]).toEqual([302, '/']);
    expect(await whoIs(session)).toBe(ids.fei);
  });

  it('signs in with DingTalk (authCode, OAuth 2 on the v1.0 API)', async () => {
    dingtalk.signInAs('union-ding');
    const { authorization, answer, session } = await signIn('/api/oauth/work-chat/login?provider=dingtalk&domain=omega');
    expect(authorization.pathname).toBe('/oauth2/auth');
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({ client_id: DINGTALK.appKey, response_type: 'code', scope: 'openid', prompt: 'consent' });
    expect(answer.headers.location).toBe('/');
    expect(await whoIs(session)).toBe(ids.ding);
  });

  it('refuses: nobody of the company, an inactive person, a refusal at the provider, another browser, a replay', async () => {
    feishu.signInAs('ou_stranger');
    expect((await signIn('/api/oauth/feiShuAuth?domain=omega')).answer.headers.location).toBe('/login-sso?error=userUnknown');
    dingtalk.signInAs('union-gone');
    const gone = await signIn('/api/oauth/work-chat/login?provider=dingtalk&domain=omega');
    expect([gone.answer.headers.location, gone.session]).toEqual(['/login-dingtalk?error=userInactive', undefined]);
    wecom.signInAs(null);
    expect((await signIn('/api/oauth/work-chat/login?provider=wecom&domain=omega')).answer.headers.location).toBe('/login-sso?error=providerRefused');
    wecom.signInAs('zhangsan');
    const stolen = await signIn('/api/oauth/work-chat/login?provider=wecom&domain=omega', 'x'.repeat(43));
    expect([stolen.answer.headers.location, stolen.session]).toEqual(['/login-sso?error=stateInvalid', undefined]);

    // A state is used once, and only by the provider it went to.
    const started = await call<{ url: string }>(t.app, { method: 'GET', url: '/api/oauth/work-chat/login?provider=wecom&domain=omega' });
    const browser = cookieFrom(started.response, SSO_BROWSER_COOKIE)!.value;
    const back = new URL((await fetch(started.body.result.url, { redirect: 'manual' })).headers.get('location')!);
    const asDingtalk = await t.app.inject({ method: 'GET', url: `/api/oauth/work-chat/callback/dingtalk${back.search}`, headers: { cookie: `${SSO_BROWSER_COOKIE}=${browser}` } });
    expect(asDingtalk.headers.location).toBe('/login-dingtalk?error=stateInvalid');
    const replay = await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie: `${SSO_BROWSER_COOKIE}=${browser}` } });
    expect(replay.headers.location).toBe('/login-sso?error=stateInvalid');
    // Nor does the OpenID Connect callback finish a work-chat sign-in.
    const started2 = await call<{ url: string }>(t.app, { method: 'GET', url: '/api/oauth/work-chat/login?provider=wecom&domain=omega' });
    const back2 = new URL((await fetch(started2.body.result.url, { redirect: 'manual' })).headers.get('location')!);
    const viaOidc = await t.app.inject({ method: 'GET', url: `/api/oauth/callback${back2.search}`, headers: { cookie: `${SSO_BROWSER_COOKIE}=${cookieFrom(started2.response, SSO_BROWSER_COOKIE)!.value}` } });
    expect(viaOidc.headers.location).toBe('/login-sso?error=stateInvalid');
  });

  it('does not start for a company that does not offer the provider, in both languages', async () => {
    for (const url of ['/api/oauth/work-chat/login?provider=wecom&domain=sigma', '/api/oauth/feiShuAuth?domain=nowhere']) {
      const answer = await call(t.app, { method: 'GET', url, headers: { lang: 'zh-CN' } });
      expect([answer.status, answer.body.returncode], url).toEqual([422, ReturnCode.REFUSED]);
      expect(answer.body.message).toContain('单点登录');
    }
    expect((await call(t.app, { method: 'GET', url: '/api/oauth/work-chat/login?provider=slack&domain=omega' })).status).toBe(400);
  });

  it('signs in with the code of an app opened inside DingTalk (the corpId start-up call), once', async () => {
    const code = dingtalk.appCode('union-ding');
    const payload = { authCode: code, authType: 3, companyDomain: 'omega', corpId: DINGTALK.corpId, phone: '13800000000' };
    const answer = await call<{ token: string }>(t.app, { method: 'POST', url: '/api/oauth/work-chat/auth-code', payload });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await whoIs(cookieFrom(answer.response, COOKIE_NAMES.token)!.value)).toBe(ids.ding);
    const replay = await call(t.app, { method: 'POST', url: '/api/oauth/work-chat/auth-code', payload });
    expect([replay.status, replay.body.returncode]).toEqual([422, ReturnCode.REFUSED]);
    expect(replay.body.message).toContain('work-chat app');
    const otherCorp = await call(t.app, { method: 'POST', url: '/api/oauth/work-chat/auth-code', payload: { ...payload, authCode: dingtalk.appCode('union-ding'), corpId: 'dingother' } });
    expect(otherCorp.status).toBe(422);
    // WeCom's in-app code goes through the same getuserinfo as its web sign-in.
    const weCode = await call(t.app, { method: 'POST', url: '/api/oauth/work-chat/auth-code', payload: { authCode: wecom.appCode('zhangsan'), authType: 1, companyDomain: 'omega' } });
    expect(await whoIs(cookieFrom(weCode.response, COOKIE_NAMES.token)!.value)).toBe(ids.zhang);
  });

  it('offers nothing once sign-in is switched off', async () => {
    const off = await call(t.app, { method: 'PUT', url: '/api/work-chat/setting', headers: { token: adminToken }, payload: { provider: 'feishu', isEnabled: false, isSignInEnabled: false, corpId: FEISHU.appId, baseUrl: feishu.url } });
    expect(off.status).toBe(200);
    const offered = await call<WorkChatProviders>(t.app, { method: 'GET', url: '/api/oauth/work-chat/providers?domain=omega' });
    expect(offered.body.result.providers).toEqual(['wecom', 'dingtalk']);
    expect((await call(t.app, { method: 'GET', url: '/api/oauth/feiShuAuth?domain=omega' })).status).toBe(422);
  });
});
