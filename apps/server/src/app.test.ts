import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, ReturnCode } from '@atrium/contract';
import type { RouteRecord } from './platform/access.js';
import { success } from './platform/envelope.js';
import { call, createTestApp, signIn, type TestApp } from './test/app.js';
import { dropPostgresDatabaseStrictly, TEST_DIALECT } from './test/database.js';

/** A concrete URL for a route pattern: parameters and wildcards filled with harmless values. */
const concreteUrl = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*/g, 'x');
const describeRoute = (route: RouteRecord) => `${route.method} ${route.url}`;

/** The public surface, exactly: anything else must demand a session. */
const EXPECTED_PUBLIC = [
  'GET /',
  'GET /api/health',
  'POST /api/login',
  'POST /api/boss/login',
  'GET /api/user/checkActiveUserReq',
  'POST /api/user/activeUserAndSetPassword',
  'GET /api/oauth/getSSOLoginUrl',
  'GET /api/oauth/googleAuth',
  // Google sign-in with the parameters in a body, as /oauth/googleAuth does (decision 0021).
  'POST /api/googleOauth/oAuth2Login',
  // A one-time sign-in link from the QR drawer: the link's secret is the credential (decision 0021).
  'POST /api/sign-in-link/sign-in',
  'GET /api/oauth/feiShuAuth',
  'GET /api/oauth/work-chat/providers',
  'GET /api/oauth/work-chat/login',
  'GET /api/oauth/work-chat/callback/:provider',
  'POST /api/oauth/work-chat/auth-code',
  // Calendar sync's OAuth consent comes back here: the signed state is the proof (decision 0023).
  'GET /api/third-party/oauth/callback',
  // Google Calendar's push notifications: each checks its channel's token (decision 0023).
  'POST /api/third-party/google/notify',
  'GET /api/user/getWxLoginImage',
  'GET /api/oauth/callback',
  'GET /api/oauth/ssoAuthActivate',
  'GET /api/register/status',
  'POST /api/register/sendCode',
  'POST /api/register/verifyCode',
  'POST /api/register/create',
  'GET /api/user/sendResetPasswordEmail',
  'GET /api/user/checkResetReq',
  'POST /api/user/resetPassword',
  // Built-in theme images (product artwork, no company data).
  'GET /api/deviceTheme/builtin/:name',
  // Built-in broadcast images (product artwork, no company data).
  'GET /api/broadcast/builtin/:name',
  // A door display trades its 5-digit activation code for its device token; its other calls are `device` routes.
  'POST /api/device/activate',
  'POST /api/device/visitor/activate',
  // A smart device trades its activation code for its secret (decision 0020).
  'POST /api/device/smart/activate',
  // The public live board: each checks the secret of its link.
  'GET /api/live/board',
  'GET /api/live/board/stream',
  // A floor's desk lobby screen, by its link's secret (decision 0019, "The live view").
  'GET /api/desk/live/screen',
  'GET /api/desk/live/screen/plan',
  'GET /api/desk/live/screen/stream',
  // The public air board of a lobby screen, by its link's secret (decision 0020).
  'GET /api/air/board',
  // Calendar feeds: each checks its secret.
  'GET /api/calendar/feed/:file',
  // Microsoft Graph's calendar webhook: each notification must carry its subscription's secret (decision 0023).
  'POST /api/third-party/graph/notify',
  // A visitor's pass: each checks the signed token of the invitation link (decision 0018).
  'GET /api/visitor/pass',
  'POST /api/visitor/pass/confirm',
  'GET /api/visitor/pass/export',
  'POST /api/visitor/pass/erase',
  'GET /api/visitor/pass/nda',
  'POST /api/visitor/pass/nda',
  'POST /api/visitor/pass/photo',
  'POST /api/visitor/pass/answers',
  // A place's walk-in page: each checks the signed token of the place's link (decision 0018).
  'GET /api/visitor/register',
  'GET /api/visitor/register/hosts',
  'POST /api/visitor/register',
  // The host's deployment profile (no secrets), and the sign-in through the trusted reverse proxy, which checks its shared secret (decision 0021).
  'GET /api/deployment/profile',
  'GET /api/beike/getToken',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
].sort();

describe(`route table (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.cleanup());

  it('declares exactly the expected public routes', () => {
    const publicRoutes = t.app.routeTable.filter((route) => route.access === 'public' && route.method !== 'HEAD').map(describeRoute);
    expect([...new Set(publicRoutes)].sort()).toEqual(EXPECTED_PUBLIC);
  });

  it('answers 401/2001 on every other route called without a session or device token', async () => {
    const guarded = t.app.routeTable.filter((route) => route.access !== 'public');
    expect(guarded.length).toBeGreaterThanOrEqual(7);
    for (const route of guarded) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        ...(['GET', 'HEAD'].includes(route.method) ? {} : { payload: {} }),
      });
      expect(response.statusCode, describeRoute(route)).toBe(401);
      if (route.method !== 'HEAD') {
        expect(response.json(), describeRoute(route)).toMatchObject({
          returncode: ReturnCode.SESSION_INVALID,
          message: formatMessage(route.access === 'device' ? 'deviceTokenInvalid' : 'sessionInvalid', 'en-US'),
          result: null,
        });
      }
    }
  });

  it('lets the public routes through without a session', async () => {
    for (const route of t.app.routeTable.filter((candidate) => candidate.access === 'public')) {
      const response = await t.app.inject({ method: route.method as 'GET', url: concreteUrl(route.url), ...(route.method === 'POST' ? { payload: {} } : {}) });
      expect(response.statusCode, describeRoute(route)).toBeLessThan(500);
      expect(response.statusCode, describeRoute(route)).not.toBe(401);
    }
  });

  it('puts every /api route in the OpenAPI document, with the session or device-token requirement', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[]; requestBody?: unknown; responses?: Record<string, unknown> }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    const apiRoutes = t.app.routeTable.filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD');
    expect(apiRoutes.length).toBeGreaterThanOrEqual(9);
    for (const route of apiRoutes) {
      const operation = doc.paths[route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(operation, describeRoute(route)).toBeDefined();
      expect(operation!.responses?.['200'], describeRoute(route)).toBeDefined();
      if (route.access === 'public') expect(operation!.security, describeRoute(route)).toBeUndefined();
      else if (route.access === 'device') expect(operation!.security, describeRoute(route)).toEqual([{ deviceToken: [] }]);
      else if (route.access === 'operator') expect(operation!.security, describeRoute(route)).toEqual([{ tokenHeader: [] }, { operatorCookie: [] }]);
      else expect(operation!.security, describeRoute(route)).toEqual([{ tokenHeader: [] }, { tokenCookie: [] }]);
    }
    expect(doc.components.securitySchemes).toEqual({
      tokenHeader: { type: 'apiKey', in: 'header', name: 'token' },
      tokenCookie: { type: 'apiKey', in: 'cookie', name: 'atrium_v1_token' },
      operatorCookie: { type: 'apiKey', in: 'cookie', name: 'atrium_v1_operator_token' },
      deviceToken: { type: 'apiKey', in: 'header', name: 'device-token' },
    });
    expect(apiRoutes.filter((route) => route.access === 'device').length).toBeGreaterThan(0);
    expect(JSON.stringify(doc.paths['/api/login']!.post!.requestBody)).toContain('userName');
  });
});

describe(`access declarations (${TEST_DIALECT})`, () => {
  it('refuses to start with a route that declares no access', async () => {
    await expect(
      createTestApp({
        beforeReady(app) {
          app.register(async (scope) => {
            scope.get('/api/undeclared', async () => null);
          });
        },
      }),
    ).rejects.toThrow("Route GET /api/undeclared declares no access: add config { access: 'public' | 'device' | 'authenticated' | 'permission' | 'operator' }");
  });

  it.each([
    [{ access: 'permission' }, 'needs a permission from the catalogue'],
    [{ access: 'permission', permission: 'coffee:edit' }, 'needs a permission from the catalogue, got "coffee:edit"'],
    [{ access: 'authenticated', permission: 'users:view' }, 'names a permission but its access is "authenticated"'],
    [{ access: 'device', deviceKind: 'doorDisplay', permission: 'users:view' }, 'names a permission but its access is "device"'],
    [{ access: 'device' }, 'a device route names the kind of device it serves (deviceKind), and only a device route does'],
    [{ access: 'authenticated', deviceKind: 'visitorKiosk' }, 'a device route names the kind of device it serves (deviceKind), and only a device route does'],
    [{ access: 'everyone' }, 'declares an unknown access "everyone"'],
  ])('refuses the declaration %j', async (config, message) => {
    await expect(
      createTestApp({
        beforeReady(app) {
          app.get('/api/odd', { config: config as never }, async () => null);
        },
      }),
    ).rejects.toThrow(message);
  });
});

describe(`permission guard (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  beforeAll(async () => {
    t = await createTestApp({
      beforeReady(app) {
        app.get('/api/test/reports', { config: { access: 'permission', permission: 'reports:view' } }, async (request) => success(request, 'reports'));
        app.post('/api/test/users', { config: { access: 'permission', permission: 'users:edit' } }, async (request) => success(request, 'saved'));
      },
    });
    companyId = (await t.factories.company()).id;
  });
  afterAll(() => t.cleanup());

  const tokenWith = async (permissions: string[]) => (await signIn(t.app, await t.factories.user(companyId, { permissions }))).token!;

  it('answers 403/1014 when the role lacks the permission', async () => {
    const token = await tokenWith(['calendarRoomUse:view']);
    for (const [method, url] of [['GET', '/api/test/reports'], ['POST', '/api/test/users']] as const) {
      const answer = await call(t.app, { method, url, headers: { token, lang: 'zh-CN' }, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(answer.status, url).toBe(403);
      expect(answer.body).toEqual({ returncode: ReturnCode.NO_PERMISSION, message: '您没有该操作的权限', result: null });
    }
  });

  it('lets edit satisfy view, but not view satisfy edit', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/test/reports', headers: { token: await tokenWith(['reports:edit']) } })).body.result).toBe('reports');
    const viewer = await tokenWith(['users:view']);
    expect((await call(t.app, { method: 'POST', url: '/api/test/users', headers: { token: viewer }, payload: {} })).status).toBe(403);
    const editor = await tokenWith(['users:edit']);
    expect((await call(t.app, { method: 'POST', url: '/api/test/users', headers: { token: editor }, payload: {} })).body.result).toBe('saved');
  });

  it('checks the session before the permission', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/test/reports' })).status).toBe(401);
  });
});

describe(`closing the app (${TEST_DIALECT})`, () => {
  it('releases the database', async () => {
    const t = await createTestApp();
    await t.factories.company();
    await t.app.close();
    if (TEST_DIALECT === 'postgres') {
      // A plain DROP fails while any connection is open.
      await expect(dropPostgresDatabaseStrictly(t.database.url)).resolves.toBeUndefined();
    } else {
      await expect(t.db.kysely.selectFrom('companies').selectAll().execute()).rejects.toThrow();
    }
    await t.cleanup();
  });
});
