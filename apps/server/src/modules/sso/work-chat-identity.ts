import type { WorkChatProvider } from '@atrium/contract';
import { callProvider, hostOf, query, type WorkChatApp } from '../directory-sync/work-chat-api.js';

/** Who the provider says signed in: their stable id (as the directory sync links it) and what else it tells. */
export interface WorkChatIdentity {
  subject: string;
  /** A name to match with the company's user names and e-mails when no link names the person. */
  names: string[];
}

/** The provider's sign-in page for the company's app, coming back to `redirectUri` with the code and `state`. */
export function authorizationUrl(app: WorkChatApp, { redirectUri, state }: { redirectUri: string; state: string }): string {
  const host = hostOf(app, 'authorize');
  if (app.provider === 'wecom') return `${host}/wwlogin/sso/login?${query({ login_type: 'CorpApp', appid: app.corpId, agentid: app.appKey, redirect_uri: redirectUri, state })}`;
  if (app.provider === 'feishu') return `${host}/open-apis/authen/v1/authorize?${query({ app_id: app.corpId, redirect_uri: redirectUri, state })}`;
  return `${host}/oauth2/auth?${query({ redirect_uri: redirectUri, response_type: 'code', client_id: app.appKey, scope: 'openid', state, prompt: 'consent' })}`;
}

const present = (...values: unknown[]) => values.filter((value): value is string => typeof value === 'string' && value.trim() !== '').map((value) => value.trim());

async function wecom(app: WorkChatApp, code: string): Promise<WorkChatIdentity> {
  const api = hostOf(app, 'api');
  const { access_token: token } = await callProvider<{ access_token: string }>(`${api}/cgi-bin/gettoken?${query({ corpid: app.corpId, corpsecret: app.secret })}`);
  // Web sign-in and an app opened inside WeCom answer the same call; a non-member gets an openid, no userid.
  const answer = await callProvider<{ userid?: string; UserId?: string }>(`${api}/cgi-bin/auth/getuserinfo?${query({ access_token: token, code })}`);
  const userId = answer.userid ?? answer.UserId;
  if (!userId) throw new Error('not a member of the company');
  return { subject: userId, names: [userId] };
}

async function feishu(app: WorkChatApp, code: string): Promise<WorkChatIdentity> {
  const api = hostOf(app, 'api');
  const { app_access_token: appToken } = await callProvider<{ app_access_token: string }>(`${api}/open-apis/auth/v3/app_access_token/internal`, {
    method: 'POST',
    body: { app_id: app.corpId, app_secret: app.secret },
  });
  const granted = await callProvider<{ data?: { access_token?: string } }>(`${api}/open-apis/authen/v1/access_token`, {
    method: 'POST',
    body: { grant_type: 'authorization_code', code },
    headers: { authorization: `Bearer ${appToken}` },
  });
  if (!granted.data?.access_token) throw new Error('no user access token');
  const { data } = await callProvider<{ data?: Record<string, unknown> }>(`${api}/open-apis/authen/v1/user_info`, { headers: { authorization: `Bearer ${granted.data.access_token}` } });
  const openId = present(data?.open_id)[0];
  if (!openId) throw new Error('no open_id');
  return { subject: openId, names: present(data?.enterprise_email, data?.email) };
}

async function dingtalkWeb(app: WorkChatApp, code: string): Promise<WorkChatIdentity> {
  const api = hostOf(app, 'api2');
  const token = await callProvider<{ accessToken?: string }>(`${api}/v1.0/oauth2/userAccessToken`, {
    method: 'POST',
    body: { clientId: app.appKey, clientSecret: app.secret, code, grantType: 'authorization_code' },
  });
  if (!token.accessToken) throw new Error('no user access token');
  const me = await callProvider<Record<string, unknown>>(`${api}/v1.0/contact/users/me`, { headers: { 'x-acs-dingtalk-access-token': token.accessToken } });
  const unionId = present(me.unionId)[0];
  if (!unionId) throw new Error('no unionId');
  return { subject: unionId, names: present(me.email) };
}

/** An app opened inside DingTalk: the JS API's auth code is exchanged with the app's token (`topapi/v2/user/getuserinfo`). */
async function dingtalkApp(app: WorkChatApp, code: string): Promise<WorkChatIdentity> {
  const api = hostOf(app, 'api');
  const { access_token: token } = await callProvider<{ access_token: string }>(`${api}/gettoken?${query({ appkey: app.appKey, appsecret: app.secret })}`);
  const { result } = await callProvider<{ result?: { userid?: string; unionid?: string } }>(`${api}/topapi/v2/user/getuserinfo?${query({ access_token: token })}`, { method: 'POST', body: { code } });
  const unionId = present(result?.unionid)[0];
  if (!unionId) throw new Error('no unionid');
  return { subject: unionId, names: present(result?.userid) };
}

/** The person a sign-in code names: a code from the provider's sign-in page (`web`) or from its in-app JS API (`app`). */
export function identify(app: WorkChatApp, code: string, kind: 'web' | 'app'): Promise<WorkChatIdentity> {
  const by: Record<WorkChatProvider, (app: WorkChatApp, code: string) => Promise<WorkChatIdentity>> = {
    wecom,
    feishu,
    dingtalk: kind === 'web' ? dingtalkWeb : dingtalkApp,
  };
  return by[app.provider](app, code);
}
