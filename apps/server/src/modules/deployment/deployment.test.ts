import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_NAMES, ReturnCode, STANDARD_DEPLOYMENT_PROFILE, type DeploymentProfile } from '@atrium/contract';
import { DeploymentProfilesFile, type DeploymentProfilesFile as ProfilesFile } from './deployment-profiles.js';
import { ConfigError, parseConfig } from '../../config.js';
import { call, cookieFrom, createTestApp, signIn, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { TEST_DIALECT } from '../../test/database.js';
import { matchProfile } from './deployment.service.js';

const SECRET = 'a-shared-secret-of-the-reverse-proxy-0123456789';
const VARIANT_HOST = 'rooms.customer.example';

const profilesFile = (companyId: number): ProfilesFile =>
  DeploymentProfilesFile.parse({
    profiles: [
      {
        name: 'customer',
        hosts: [VARIANT_HOST, '.customer.test'],
        homePage: '/roomBoard',
        signInPage: 'proxy',
        signOutUrl: 'https://sso.customer.example/logout',
        signOutReturnParameter: 'service',
        hiddenEntries: ['myAccount'],
        help: { url: 'https://help.customer.example/', rules: [{ url: 'https://help.customer.example/admins', userIds: [501] }] },
        showUserCode: true,
        proxySignIn: { companyId, secret: SECRET },
      },
      { name: 'plain-proxy', hosts: ['plain.customer.test'], signOutUrl: 'https://sso.customer.example/bye' },
    ],
  });

describe('matchProfile', () => {
  const file = profilesFile(1);
  it('takes an exact host, then a .domain suffix, else the default (none here)', () => {
    expect(matchProfile(file, VARIANT_HOST)?.name).toBe('customer');
    expect(matchProfile(file, 'ROOMS.Customer.Example.')?.name).toBe('customer');
    expect(matchProfile(file, 'a.customer.test')?.name).toBe('customer');
    expect(matchProfile(file, 'plain.customer.test')?.name).toBe('plain-proxy');
    expect(matchProfile(file, 'customer.test')).toBeNull();
    expect(matchProfile(file, 'evilcustomer.test')).toBeNull();
    expect(matchProfile({ ...file, default: { ...file.profiles[1]!, name: 'fallback', hosts: [] } }, 'other.example')?.name).toBe('fallback');
    expect(matchProfile(null, VARIANT_HOST)).toBeNull();
  });
});

describe('DEPLOYMENT_PROFILES at start-up', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'atrium-profiles-'));
  const write = (name: string, content: string) => {
    writeFileSync(path.join(dir, name), content);
    return name;
  };
  const parse = (file: string) => parseConfig({ DEPLOYMENT_PROFILES: file }, dir).deploymentProfiles;

  it('is null without the setting, and reads a valid file with its defaults filled in', () => {
    expect(parseConfig({}, dir).deploymentProfiles).toBeNull();
    const file = parse(write('ok.json', JSON.stringify({ profiles: [{ name: 'v', hosts: ['v.example'], homePage: '/roomBoard' }] })));
    expect(file?.profiles[0]).toMatchObject({ homePage: '/roomBoard', signInPage: 'form', hiddenEntries: [], showUserCode: false });
  });

  it('reads the example file of deploy/', () => {
    const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
    const file = parseConfig({ DEPLOYMENT_PROFILES: 'deploy/profiles.example.json' }, repoRoot).deploymentProfiles;
    expect(file?.profiles.map((profile) => profile.name)).toEqual(['customer', 'partner']);
    expect(matchProfile(file, 'a.office.customer.example')?.homePage).toBe('/roomBoard');
    expect(matchProfile(file, 'elsewhere.example')?.name).toBe('standard');
  });

  it('refuses a missing file, bad JSON and a bad profile with a message naming the place', () => {
    expect(() => parse('absent.json')).toThrow(/DEPLOYMENT_PROFILES is "absent.json": the file cannot be read \(ENOENT\)/);
    expect(() => parse(write('bad.json', '{ profiles: '))).toThrow(/DEPLOYMENT_PROFILES is "bad.json": not valid JSON/);
    const bad = write('invalid.json', JSON.stringify({ profiles: [{ name: 'v', hosts: ['v.example'], homePage: '/live', proxySignIn: { companyId: 1, secret: 'short' } }] }));
    expect(() => parse(bad)).toThrow(ConfigError);
    expect(() => parse(bad)).toThrow(/profiles\.0\.homePage: .*profiles\.0\.proxySignIn\.secret: the shared secret must have at least 32 characters/s);
    expect(() => parse(write('nohost.json', JSON.stringify({ profiles: [{ name: 'v' }] })))).toThrow(/every profile of "profiles" needs at least one host/);
    expect(() => parse(write('sso.json', JSON.stringify({ default: { name: 'd', signInPage: 'sso' } })))).toThrow(/default\.ssoDomain: signInPage "sso" needs ssoDomain/);
    expect(() => parse(write('extra.json', JSON.stringify({ default: { name: 'd', colour: 'red' } })))).toThrow(/default: Unrecognized key/);
  });
});

describe(`deployment profile routes (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let user: TestUser;
  let inactive: TestUser;
  let otherCompanyUser: TestUser;
  // The profile's company is known only once the app made it: the file object is the one the app reads.
  const file = profilesFile(1);

  const getToken = (headers: Record<string, string>) => call<{ token: string; userName: string }>(t.app, { method: 'GET', url: '/api/beike/getToken', headers: { host: VARIANT_HOST, ...headers } });

  beforeAll(async () => {
    t = await createTestApp({ config: { deploymentProfiles: file } });
    const companyId = (await t.factories.company()).id;
    file.profiles[0]!.proxySignIn!.companyId = companyId;
    user = await t.factories.user(companyId);
    inactive = await t.factories.user(companyId, { isActive: false });
    otherCompanyUser = await t.factories.user((await t.factories.company()).id);
  });
  afterAll(() => t.cleanup());

  it('answers the profile of the host, without secrets, and the standard console elsewhere', async () => {
    const variant = await call<DeploymentProfile>(t.app, { method: 'GET', url: '/api/deployment/profile', headers: { host: `${VARIANT_HOST}:8443` } });
    expect(variant.status).toBe(200);
    expect(variant.body.result).toEqual({
      name: 'customer',
      homePage: '/roomBoard',
      signInPage: 'proxy',
      ssoDomain: null,
      hiddenEntries: ['myAccount'],
      help: { url: 'https://help.customer.example/', rules: [{ url: 'https://help.customer.example/admins', userIds: [501], departmentIds: [] }] },
      showUserCode: true,
      hasExternalSignOut: true,
    });
    expect(JSON.stringify(variant.body)).not.toContain(SECRET);
    const standard = await call<DeploymentProfile>(t.app, { method: 'GET', url: '/api/deployment/profile', headers: { host: 'localhost' } });
    expect(standard.body.result).toEqual(STANDARD_DEPLOYMENT_PROFILE);
  });

  it('/beike/getToken signs in the user the proxy names, with the shared secret, like a sign-in', async () => {
    const answer = await getToken({ 'x-remote-user': user.userName.toUpperCase(), 'x-proxy-secret': SECRET });
    expect(answer.status).toBe(200);
    expect(answer.body.result.userName).toBe(user.userName);
    expect(cookieFrom(answer.response, COOKIE_NAMES.token)).toMatchObject({ value: answer.body.result.token, httpOnly: true });
    const me = await call<{ id: number }>(t.app, { method: 'GET', url: '/api/user/getCurrentUserInfo', headers: { token: answer.body.result.token } });
    expect(me.body.result.id).toBe(user.id);
    const logged = await t.db.kysely.selectFrom('operation_logs').select(['action', 'target_id', 'result']).where('action', '=', 'user.proxySignIn').execute();
    expect(logged).toEqual([{ action: 'user.proxySignIn', target_id: user.id, result: 'success' }]);
  });

  it('/beike/getToken never believes the user header without the right secret', async () => {
    for (const headers of [{ 'x-remote-user': user.userName } as Record<string, string>, { 'x-remote-user': user.userName, 'x-proxy-secret': `${SECRET}x` }, { 'x-remote-user': user.userName, 'x-proxy-secret': '' }]) {
      const answer = await getToken(headers);
      expect(answer.status).toBe(403);
      expect(answer.body.returncode).toBe(ReturnCode.NO_PERMISSION);
      expect(answer.body.result).toBeNull();
    }
  });

  it('/beike/getToken refuses an unknown, inactive or foreign user, and a host whose profile does not enable it', async () => {
    for (const name of ['nobody', inactive.userName, otherCompanyUser.userName, 'bad\u0000name']) {
      const answer = await getToken({ 'x-remote-user': name, 'x-proxy-secret': SECRET });
      expect(answer.body.returncode, name).toBe(ReturnCode.WRONG_CREDENTIALS);
    }
    for (const host of ['plain.customer.test', 'localhost']) {
      const answer = await call(t.app, { method: 'GET', url: '/api/beike/getToken', headers: { host, 'x-remote-user': user.userName, 'x-proxy-secret': SECRET } });
      expect(answer.body.returncode, host).toBe(ReturnCode.REFUSED);
      expect(answer.body.message).toBe('Sign-in through the reverse proxy is not enabled for this address');
    }
  });

  it('/beike/logout ends the session and answers the sign-out page with the way back', async () => {
    const { token } = await signIn(t.app, user);
    const answer = await call<{ url: string | null }>(t.app, { method: 'GET', url: `/api/beike/logout?url=${encodeURIComponent('/login')}`, headers: { host: VARIANT_HOST, token: token! } });
    expect(answer.status).toBe(200);
    expect(answer.body.result.url).toBe(`https://sso.customer.example/logout?service=${encodeURIComponent(`http://${VARIANT_HOST}/login`)}`);
    const after = await call(t.app, { method: 'GET', url: '/api/checkIsLogin', headers: { token: token! } });
    expect(after.body.returncode).toBe(ReturnCode.SESSION_INVALID);
  });

  it('/beike/logout answers the bare page without a return parameter, null without a profile, and refuses a foreign way back', async () => {
    const plain = await call<{ url: string | null }>(t.app, { method: 'GET', url: '/api/beike/logout?url=/login', headers: { host: 'plain.customer.test', token: (await signIn(t.app, user)).token! } });
    expect(plain.body.result.url).toBe('https://sso.customer.example/bye');
    const standard = await call<{ url: string | null }>(t.app, { method: 'GET', url: '/api/beike/logout', headers: { host: 'localhost', token: (await signIn(t.app, user)).token! } });
    expect(standard.body.result.url).toBeNull();
    const { token } = await signIn(t.app, user);
    for (const url of ['https://evil.example/', '//evil.example/x', '/\\evil.example/x', `https://${VARIANT_HOST}.evil.example/`]) {
      const foreign = await call(t.app, { method: 'GET', url: `/api/beike/logout?url=${encodeURIComponent(url)}`, headers: { host: VARIANT_HOST, token: token! } });
      expect(foreign.body.returncode, url).toBe(ReturnCode.REFUSED);
    }
    // Refused before anything changed: the session is still there.
    expect((await call(t.app, { method: 'GET', url: '/api/checkIsLogin', headers: { token: token! } })).body.returncode).toBe(ReturnCode.OK);
    expect((await call(t.app, { method: 'GET', url: '/api/beike/logout' })).body.returncode).toBe(ReturnCode.SESSION_INVALID);
  });
});

describe(`/beike/logout behind PUBLIC_URL (${TEST_DIALECT})`, () => {
  let t: TestApp;
  afterAll(() => t.cleanup());

  it("builds the way back on PUBLIC_URL's origin, which a TLS-terminating proxy hides from the request", async () => {
    t = await createTestApp({ config: { deploymentProfiles: profilesFile(1), publicUrl: `https://${VARIANT_HOST}`, publicOrigin: `https://${VARIANT_HOST}` } });
    const user = await t.factories.user((await t.factories.company()).id);
    const headers = { host: VARIANT_HOST, origin: `https://${VARIANT_HOST}` };
    const { token } = await signIn(t.app, user, headers);
    const answer = await call<{ url: string | null }>(t.app, { method: 'GET', url: `/api/beike/logout?url=${encodeURIComponent(`https://${VARIANT_HOST}/login`)}`, headers: { ...headers, token: token! } });
    expect(answer.body.result.url).toBe(`https://sso.customer.example/logout?service=${encodeURIComponent(`https://${VARIANT_HOST}/login`)}`);
  });
});
