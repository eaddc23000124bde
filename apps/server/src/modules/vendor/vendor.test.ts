import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, ReturnCode } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { VENDOR_CALLS } from './vendor.routes.js';

describe(`vendor-only calls (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let admin: string;
  let plain: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { company, admin: user } = await t.factories.companyWithAdmin('Vendor Co');
    admin = await t.factories.session(user);
    plain = await t.factories.session(await t.factories.user(company.id, { permissions: [] }));
  });
  afterAll(() => t.cleanup());

  const ask = (method: 'GET' | 'POST', url: string, headers: Record<string, string>) =>
    call(t.app, { method, url: `/api${url}`, headers, ...(method === 'POST' ? { payload: {} } : {}) });

  it('serves each path with a catalogued refusal in both languages', async () => {
    expect(VENDOR_CALLS.map((vendorCall) => `${vendorCall.method} ${vendorCall.url}`)).toEqual([
      'GET /user/getWxLoginImage',
      'POST /face/sync',
      'POST /sms/queryBalance',
      'POST /sms/queryPageList',
    ]);
    for (const { method, url, message } of VENDOR_CALLS) {
      for (const lang of ['en-US', 'zh-CN'] as const) {
        const answer = await ask(method, url, { token: admin, lang });
        expect([answer.status, answer.body.returncode, answer.body.result], url).toEqual([422, ReturnCode.REFUSED, null]);
        expect(answer.body.message, url).toBe(formatMessage(message, lang));
      }
    }
    expect((await ask('POST', '/sms/queryBalance', { token: admin, lang: 'zh-CN' })).body.message).toContain('短信');
    expect((await ask('GET', '/user/getWxLoginImage', { lang: 'en-US' })).body.message).toContain('WeChat');
  });

  it('keeps the permission each feature would need', async () => {
    // The WeChat sign-in image belongs to the sign-in page: no session needed.
    expect((await ask('GET', '/user/getWxLoginImage', {})).status).toBe(422);
    for (const { method, url, access } of VENDOR_CALLS.filter((vendorCall) => vendorCall.access.access === 'permission')) {
      expect((await ask(method, url, {})).status, url).toBe(401);
      const denied = await ask(method, url, { token: plain });
      expect([denied.status, denied.body.returncode], `${url} ${JSON.stringify(access)}`).toEqual([403, ReturnCode.NO_PERMISSION]);
    }
  });
});
