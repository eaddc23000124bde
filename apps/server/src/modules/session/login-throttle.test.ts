import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE, ReturnCode } from '@atrium/contract';
import { MINUTE_MS } from '../../platform/clock.js';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createCountingHasher, type TestUser } from '../../test/factories.js';

const WINDOW_SECONDS = LOGIN_THROTTLE.windowMinutes * 60;

describe(`sign-in throttling (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let second: TestApp;
  let counting: ReturnType<typeof createCountingHasher>;
  let companyId: number;
  // Each test signs in from its own address, so the per-address count of one does not spill into the next.
  let testAddress = 0;
  let ownAddress = '';
  beforeEach(() => {
    ownAddress = `203.0.113.${++testAddress}`;
  });

  const attempt = (app: TestApp, userName: string, password: string, address = ownAddress, lang = 'en-US') =>
    call<{ retryAfterSeconds: number } | null>(app.app, {
      method: 'POST',
      url: '/api/login',
      remoteAddress: address,
      headers: { lang },
      payload: { userName, password },
    });

  const failTimes = async (app: TestApp, user: Pick<TestUser, 'userName'>, times: number, address?: string) => {
    for (let i = 0; i < times; i++) {
      const answer = await attempt(app, user.userName, `Wrong-password-${i}`, address);
      expect(answer.body.returncode).toBe(ReturnCode.WRONG_CREDENTIALS);
    }
  };

  beforeAll(async () => {
    counting = createCountingHasher();
    t = await createTestApp({ hasher: counting.hasher });
    // A second server process on the same database, sharing nothing in memory with the first.
    second = await createTestApp({ database: t.database, clock: t.clock });
    companyId = (await t.factories.company()).id;
  });
  afterAll(async () => {
    await second.cleanup();
    await t.cleanup();
  });

  it('refuses an account after its allowed failures, before checking the password, with Retry-After', async () => {
    const user = await t.factories.user(companyId);
    await failTimes(t, user, LOGIN_THROTTLE.maxFailuresPerAccount);
    const verificationsBefore = counting.counts.verify + counting.counts.verifyDummy;
    const refused = await attempt(t, user.userName, user.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      returncode: ReturnCode.TOO_MANY_REQUESTS,
      message: `Too many failed sign-in attempts. Please try again in ${LOGIN_THROTTLE.windowMinutes} minutes`,
      result: { retryAfterSeconds: WINDOW_SECONDS },
    });
    expect(refused.response.headers['retry-after']).toBe(String(WINDOW_SECONDS));
    expect(counting.counts.verify + counting.counts.verifyDummy).toBe(verificationsBefore);

    // The e-mail names the same account, so it is refused too.
    expect((await attempt(t, user.email, user.password)).status).toBe(429);
    const zh = await attempt(t, user.userName, user.password, undefined, 'zh-CN');
    expect(zh.body.message).toBe(`登录失败次数过多，请 ${LOGIN_THROTTLE.windowMinutes} 分钟后再试`);

    t.clock.advance(5 * MINUTE_MS);
    const later = await attempt(t, user.userName, user.password);
    expect(later.body.result).toEqual({ retryAfterSeconds: WINDOW_SECONDS - 300 });
    expect(later.body.message).toContain('10 minutes');

    t.clock.advance(10 * MINUTE_MS);
    expect((await attempt(t, user.userName, user.password)).status).toBe(200);
  });

  it('counts failures in a sliding window', async () => {
    const user = await t.factories.user(companyId);
    await failTimes(t, user, LOGIN_THROTTLE.maxFailuresPerAccount - 1);
    t.clock.advance(LOGIN_THROTTLE.windowMinutes * MINUTE_MS);
    // The old failures have left the window: more may fail before the lock.
    await failTimes(t, user, LOGIN_THROTTLE.maxFailuresPerAccount - 1);
    expect((await attempt(t, user.userName, user.password)).status).toBe(200);
  });

  it('clears the account failures on a successful sign-in', async () => {
    const user = await t.factories.user(companyId);
    await failTimes(t, user, LOGIN_THROTTLE.maxFailuresPerAccount - 1);
    expect((await attempt(t, user.userName, user.password)).status).toBe(200);
    await failTimes(t, user, LOGIN_THROTTLE.maxFailuresPerAccount - 1);
    expect((await attempt(t, user.userName, user.password)).status).toBe(200);
  });

  it('throttles unknown account names the same way', async () => {
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccount; i++) {
      expect((await attempt(t, 'no.such.person', 'Whatever-123')).status).toBe(400);
    }
    expect((await attempt(t, 'NO.SUCH.PERSON', 'Whatever-123')).status).toBe(429);
  });

  it('refuses an address after its allowed failures, whichever account it tries', async () => {
    const address = '198.51.100.7';
    const perAccount = LOGIN_THROTTLE.maxFailuresPerAccount - 1;
    let failures = 0;
    while (failures < LOGIN_THROTTLE.maxFailuresPerAddress) {
      const victim = await t.factories.user(companyId);
      const times = Math.min(perAccount, LOGIN_THROTTLE.maxFailuresPerAddress - failures);
      await failTimes(t, victim, times, address);
      failures += times;
    }
    const fresh = await t.factories.user(companyId);
    const refused = await attempt(t, fresh.userName, fresh.password, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.response.headers['retry-after'])).toBeGreaterThan(0);
    // The same account from another address is fine.
    expect((await attempt(t, fresh.userName, fresh.password, '198.51.100.8')).status).toBe(200);
  });

  it('shares the count between two server instances on the same database', async () => {
    const user = await t.factories.user(companyId);
    await failTimes(t, user, 3);
    await failTimes(second, user, LOGIN_THROTTLE.maxFailuresPerAccount - 3);
    expect((await attempt(second, user.userName, user.password)).status).toBe(429);
    expect((await attempt(t, user.userName, user.password)).status).toBe(429);
  });
});
