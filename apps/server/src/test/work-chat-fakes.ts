import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * In-process fakes of the work-chat providers' documented APIs (decision 0024), test peers the way
 * oidc-provider is for OpenID Connect: they hand out access tokens only for the right app id and
 * secret, refuse a missing or wrong token with the provider's own error, page as the provider does,
 * and play the provider's sign-in page (which sends the browser back with a one-time code for the
 * person `signInAs` names).
 */
export interface WorkChatFake<D, U> {
  url: string;
  departments: D[];
  users: U[];
  /** Paths with their queries, in the order asked (access tokens replaced by `<token>`). */
  requests: string[];
  /** The person the provider's sign-in page signs in (their WeCom userid, Feishu open_id, DingTalk unionid). */
  signInAs(id: string | null): void;
  /** A code the provider's in-app JS API would give the person (their WeCom userid, Feishu open_id, DingTalk unionid). */
  appCode(id: string): string;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
type Handler = (request: { method: string; url: URL; headers: IncomingMessage['headers']; body: Json }) => { status?: number; json?: unknown; redirect?: string };

const token = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

async function serve(handler: Handler, requests: string[]): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      requests.push(`${req.method} ${url.pathname}${url.search}`.replace(/access_token=[^&]+/, 'access_token=<token>'));
      let body: Json = {};
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json) : {};
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ errcode: 40035, errmsg: 'invalid json' }));
        return;
      }
      const answer = handler({ method: req.method ?? 'GET', url, headers: req.headers, body });
      if (answer.redirect) {
        res.writeHead(302, { location: answer.redirect }).end();
        return;
      }
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(answer.json ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The sign-in page's answer: back to redirect_uri with a fresh code (`codeName`) and the state, or an error when nobody is signed in. */
function authorize(url: URL, codes: Map<string, string>, person: string | null, codeName = 'code'): { redirect: string } | { status: number; json: Json } {
  const redirectUri = url.searchParams.get('redirect_uri');
  if (!redirectUri) return { status: 400, json: { errcode: 40001, errmsg: 'redirect_uri missing' } };
  const back = new URL(redirectUri);
  if (person === null) back.searchParams.set('error', 'access_denied');
  else {
    const code = token('code-');
    codes.set(code, person);
    back.searchParams.set(codeName, code);
  }
  back.searchParams.set('state', url.searchParams.get('state') ?? '');
  return { redirect: back.toString() };
}

export interface WecomDepartment {
  id: number;
  name: string;
  parentid: number;
}
export interface WecomUser {
  userid: string;
  name: string;
  department: number[];
  main_department?: number;
  email?: string;
  biz_mail?: string;
  /** 1 active, 2 disabled, 4 not yet joined, 5 left. */
  status: number;
}

/** WeCom (企业微信): gettoken, department/list, user/list, auth/getuserinfo; the sign-in page /wwlogin/sso/login. */
export async function startWecomFake(options: { corpId: string; secret: string; agentId: string; departments: WecomDepartment[]; users: WecomUser[] }): Promise<WorkChatFake<WecomDepartment, WecomUser>> {
  const state = { departments: options.departments, users: options.users, person: null as string | null };
  const tokens = new Set<string>();
  const codes = new Map<string, string>();
  const requests: string[] = [];
  const handler: Handler = ({ url }) => {
    const q = url.searchParams;
    if (url.pathname === '/wwlogin/sso/login') {
      if (q.get('appid') !== options.corpId || q.get('agentid') !== options.agentId) return { status: 400, json: { errcode: 40013, errmsg: 'invalid corpid' } };
      return authorize(url, codes, state.person);
    }
    if (url.pathname === '/cgi-bin/gettoken') {
      if (q.get('corpid') !== options.corpId) return { json: { errcode: 40013, errmsg: 'invalid corpid' } };
      if (q.get('corpsecret') !== options.secret) return { json: { errcode: 40001, errmsg: 'invalid credential' } };
      const issued = token('wecom-');
      tokens.add(issued);
      return { json: { errcode: 0, errmsg: 'ok', access_token: issued, expires_in: 7200 } };
    }
    const accessToken = q.get('access_token');
    if (!accessToken) return { json: { errcode: 41001, errmsg: 'access_token missing' } };
    if (!tokens.has(accessToken)) return { json: { errcode: 40014, errmsg: 'invalid access_token' } };
    if (url.pathname === '/cgi-bin/department/list') return { json: { errcode: 0, errmsg: 'ok', department: state.departments } };
    if (url.pathname === '/cgi-bin/user/list') {
      const departmentId = Number(q.get('department_id'));
      if (!state.departments.some((department) => department.id === departmentId)) return { json: { errcode: 60003, errmsg: 'department not found' } };
      return { json: { errcode: 0, errmsg: 'ok', userlist: state.users.filter((user) => user.department.includes(departmentId)) } };
    }
    if (url.pathname === '/cgi-bin/auth/getuserinfo') {
      const person = codes.get(q.get('code') ?? '');
      if (!person) return { json: { errcode: 40029, errmsg: 'invalid code' } };
      codes.delete(q.get('code')!);
      return { json: { errcode: 0, errmsg: 'ok', userid: person } };
    }
    return { status: 404, json: { errcode: 404, errmsg: 'not found' } };
  };
  const server = await serve(handler, requests);
  return fakeOf(server, state, requests, codes);
}

function fakeOf<D, U>(server: { url: string; close(): Promise<void> }, state: { departments: D[]; users: U[]; person: string | null }, requests: string[], appCodes: Map<string, string>): WorkChatFake<D, U> {
  return {
    appCode(id) {
      const code = token('app-');
      appCodes.set(code, id);
      return code;
    },
    url: server.url,
    get departments() {
      return state.departments;
    },
    set departments(next) {
      state.departments = next;
    },
    get users() {
      return state.users;
    },
    set users(next) {
      state.users = next;
    },
    requests,
    signInAs(id) {
      state.person = id;
    },
    close: server.close,
  };
}

export interface FeishuDepartment {
  open_department_id: string;
  name: string;
  parent_department_id: string;
}
export interface FeishuUser {
  open_id: string;
  user_id?: string;
  name: string;
  email?: string;
  enterprise_email?: string;
  department_ids: string[];
  status: { is_frozen: boolean; is_resigned: boolean; is_activated: boolean };
}

/** Feishu's page: `page_size` (at most 50) items after the offset `page_token` names. */
function feishuPage<T>(items: T[], q: URLSearchParams): { status?: number; json: Json } {
  const size = Number(q.get('page_size') ?? '10');
  if (!Number.isInteger(size) || size < 1 || size > 50) return { status: 400, json: { code: 99992402, msg: 'field validation failed: page_size' } };
  const offset = q.get('page_token') ? Number(Buffer.from(q.get('page_token')!, 'base64url').toString()) : 0;
  const slice = items.slice(offset, offset + size);
  const hasMore = offset + size < items.length;
  return { json: { code: 0, msg: 'success', data: { items: slice, has_more: hasMore, ...(hasMore ? { page_token: Buffer.from(String(offset + size)).toString('base64url') } : {}) } } };
}

/** Feishu (飞书): tenant and app tokens, contact/v3 departments and users (paged), authen/v1 sign-in. */
export async function startFeishuFake(options: { appId: string; secret: string; departments: FeishuDepartment[]; users: FeishuUser[] }): Promise<WorkChatFake<FeishuDepartment, FeishuUser>> {
  const state = { departments: options.departments, users: options.users, person: null as string | null };
  const tenantTokens = new Set<string>();
  const appTokens = new Set<string>();
  const userTokens = new Map<string, string>();
  const codes = new Map<string, string>();
  const requests: string[] = [];
  const bearer = (headers: IncomingMessage['headers']) => /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
  const handler: Handler = ({ method, url, headers, body }) => {
    const q = url.searchParams;
    if (url.pathname === '/open-apis/authen/v1/authorize') {
      if (q.get('app_id') !== options.appId) return { status: 400, json: { code: 20029, msg: 'app_id invalid' } };
      return authorize(url, codes, state.person);
    }
    if (method === 'POST' && (url.pathname === '/open-apis/auth/v3/tenant_access_token/internal' || url.pathname === '/open-apis/auth/v3/app_access_token/internal')) {
      if (body.app_id !== options.appId || body.app_secret !== options.secret) return { json: { code: 10014, msg: 'app secret invalid' } };
      const tenant = token('t-');
      tenantTokens.add(tenant);
      if (url.pathname.includes('tenant_access_token')) return { json: { code: 0, msg: 'ok', tenant_access_token: tenant, expire: 7200 } };
      const app = token('a-');
      appTokens.add(app);
      return { json: { code: 0, msg: 'ok', app_access_token: app, tenant_access_token: tenant, expire: 7200 } };
    }
    const presented = bearer(headers);
    if (!presented) return { status: 400, json: { code: 99991661, msg: 'Missing access token for authorization' } };
    if (method === 'POST' && url.pathname === '/open-apis/authen/v1/access_token') {
      if (!appTokens.has(presented)) return { status: 400, json: { code: 99991663, msg: 'Invalid access token for authorization' } };
      const person = codes.get(String(body.code ?? ''));
      if (body.grant_type !== 'authorization_code' || !person) return { json: { code: 20003, msg: 'invalid code' } };
      codes.delete(String(body.code));
      const userToken = token('u-');
      userTokens.set(userToken, person);
      return { json: { code: 0, msg: 'success', data: { access_token: userToken, token_type: 'Bearer', expires_in: 6900, open_id: person } } };
    }
    if (url.pathname === '/open-apis/authen/v1/user_info') {
      const person = userTokens.get(presented);
      const user = state.users.find((item) => item.open_id === person);
      if (!user) return { status: 400, json: { code: 99991663, msg: 'Invalid access token for authorization' } };
      return { json: { code: 0, msg: 'success', data: { name: user.name, open_id: user.open_id, email: user.email ?? '', enterprise_email: user.enterprise_email ?? '' } } };
    }
    if (!tenantTokens.has(presented)) return { status: 400, json: { code: 99991663, msg: 'Invalid access token for authorization' } };
    if (url.pathname === '/open-apis/contact/v3/departments/0/children') {
      if (q.get('department_id_type') !== 'open_department_id' || q.get('fetch_child') !== 'true') return { status: 400, json: { code: 40003, msg: 'this fake serves the whole tree by open_department_id' } };
      return feishuPage(state.departments, q);
    }
    if (url.pathname === '/open-apis/contact/v3/users/find_by_department') {
      const departmentId = q.get('department_id') ?? '';
      if (q.get('department_id_type') !== 'open_department_id') return { status: 400, json: { code: 40003, msg: 'department_id_type must be open_department_id here' } };
      if (departmentId !== '0' && !state.departments.some((department) => department.open_department_id === departmentId)) return { status: 400, json: { code: 40004, msg: 'no dept authority error' } };
      return feishuPage(state.users.filter((user) => user.department_ids.includes(departmentId)), q);
    }
    return { status: 404, json: { code: 404, msg: 'not found' } };
  };
  return fakeOf(await serve(handler, requests), state, requests, codes);
}

export interface DingtalkDepartment {
  dept_id: number;
  name: string;
  parent_id: number;
}
export interface DingtalkUser {
  userid: string;
  unionid: string;
  name: string;
  email?: string;
  org_email?: string;
  dept_id_list: number[];
  active: boolean;
}

/** DingTalk (钉钉): gettoken, topapi/v2 departments and users (cursor paging, size at most 100), OAuth 2 sign-in on the v1.0 API. */
export async function startDingtalkFake(options: { appKey: string; secret: string; corpId: string; departments: DingtalkDepartment[]; users: DingtalkUser[] }): Promise<WorkChatFake<DingtalkDepartment, DingtalkUser>> {
  const state = { departments: options.departments, users: options.users, person: null as string | null };
  const tokens = new Set<string>();
  const userTokens = new Map<string, string>();
  const codes = new Map<string, string>();
  const appCodes = new Map<string, string>();
  const requests: string[] = [];
  const handler: Handler = ({ method, url, headers, body }) => {
    const q = url.searchParams;
    if (url.pathname === '/oauth2/auth') {
      if (q.get('client_id') !== options.appKey || q.get('response_type') !== 'code') return { status: 400, json: { code: 'invalidClient', message: 'client_id invalid' } };
      return authorize(url, codes, state.person, 'authCode');
    }
    if (url.pathname === '/gettoken') {
      if (q.get('appkey') !== options.appKey || q.get('appsecret') !== options.secret) return { json: { errcode: 40089, errmsg: 'invalid appkey or appsecret' } };
      const issued = token('ding-');
      tokens.add(issued);
      return { json: { errcode: 0, errmsg: 'ok', access_token: issued, expires_in: 7200 } };
    }
    if (method === 'POST' && url.pathname === '/v1.0/oauth2/userAccessToken') {
      const person = codes.get(String(body.code ?? ''));
      if (body.clientId !== options.appKey || body.clientSecret !== options.secret) return { status: 400, json: { code: 'invalidClient', message: 'clientId or clientSecret invalid' } };
      if (body.grantType !== 'authorization_code' || !person) return { status: 400, json: { code: 'invalidAuthCode', message: 'authCode invalid' } };
      codes.delete(String(body.code));
      const userToken = token('dtu-');
      userTokens.set(userToken, person);
      return { json: { accessToken: userToken, refreshToken: token('r-'), expireIn: 7200, corpId: options.corpId } };
    }
    if (url.pathname === '/v1.0/contact/users/me') {
      const person = userTokens.get(String(headers['x-acs-dingtalk-access-token'] ?? ''));
      const user = state.users.find((item) => item.unionid === person);
      if (!user) return { status: 401, json: { code: 'InvalidAuthentication', message: 'token invalid' } };
      return { json: { nick: user.name, unionId: user.unionid, openId: `open-${user.unionid}`, email: user.email ?? '', stateCode: '86' } };
    }
    const accessToken = q.get('access_token');
    if (!accessToken) return { json: { errcode: 41001, errmsg: 'access_token missing' } };
    if (!tokens.has(accessToken)) return { json: { errcode: 40014, errmsg: 'invalid access_token' } };
    if (method === 'POST' && url.pathname === '/topapi/v2/department/listsub') {
      const parent = Number(body.dept_id);
      if (parent !== 1 && !state.departments.some((department) => department.dept_id === parent)) return { json: { errcode: 60003, errmsg: 'department not found' } };
      return { json: { errcode: 0, errmsg: 'ok', result: state.departments.filter((department) => department.parent_id === parent) } };
    }
    if (method === 'POST' && url.pathname === '/topapi/v2/user/getuserinfo') {
      const person = appCodes.get(String(body.code ?? ''));
      const user = state.users.find((item) => item.unionid === person);
      if (!user) return { json: { errcode: 40078, errmsg: 'invalid auth code' } };
      appCodes.delete(String(body.code));
      return { json: { errcode: 0, errmsg: 'ok', result: { userid: user.userid, unionid: user.unionid, name: user.name } } };
    }
    if (method === 'POST' && url.pathname === '/topapi/v2/user/list') {
      const size = Number(body.size);
      const cursor = Number(body.cursor);
      if (!Number.isInteger(size) || size < 1 || size > 100) return { json: { errcode: 40035, errmsg: 'invalid size: 1 to 100' } };
      if (!Number.isInteger(cursor) || cursor < 0) return { json: { errcode: 40035, errmsg: 'invalid cursor' } };
      const members = state.users.filter((user) => user.dept_id_list.includes(Number(body.dept_id)));
      const list = members.slice(cursor, cursor + size);
      const hasMore = cursor + size < members.length;
      return { json: { errcode: 0, errmsg: 'ok', result: { list, has_more: hasMore, ...(hasMore ? { next_cursor: cursor + size } : {}) } } };
    }
    return { status: 404, json: { errcode: 404, errmsg: 'not found' } };
  };
  return fakeOf(await serve(handler, requests), state, requests, appCodes);
}
