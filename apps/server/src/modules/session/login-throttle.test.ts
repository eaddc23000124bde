import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE, ReturnCode } from '@atrium/contract';
import { HOUR_MS, MINUTE_MS } from '../../platform/clock.js';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createCountingHasher, type TestUser } from '../../test/factories.js';

const FREE = LOGIN_THROTTLE.freeFailuresPerPair;
/** The delays after each failure beyond the free ones: doubling from 2 s, capped at 15 minutes. */
const GROWING = [2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900];

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

  /** Waits out each refusal and fails once more, `rounds` times; answers the waits asked. */
  const waitAndFail = async (user: Pick<TestUser, 'userName'>, rounds: number, addressOf: (round: number) => string = () => ownAddress) => {
    const waits: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const address = addressOf(round);
      const refused = await attempt(t, user.userName, `Wrong-again-${round}`, address);
      expect(refused.status, `round ${round}`).toBe(429);
      const wait = refused.body.result!.retryAfterSeconds;
      expect(refused.response.headers['retry-after']).toBe(String(wait));
      waits.push(wait);
      t.clock.advance(wait * 1000);
      await failTimes(t, user, 1, address);
    }
    return waits;
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

  it('holds back a stranger guessing from one address, never the owner signing in from another', async () => {
    const owner = await t.factories.user(companyId, { userName: 'owner.admin' });
    await failTimes(t, owner, FREE);
    expect((await attempt(t, owner.userName, owner.password)).status).toBe(429);
    // The owner, from an address this account has never used, gets in.
    expect((await attempt(t, owner.userName, owner.password, '192.0.2.10')).status).toBe(200);
    // The stranger is still held back.
    expect((await attempt(t, owner.userName, owner.password)).status).toBe(429);
  });

  it('lets a few failures through, then delays each further one twice as long, up to 15 minutes, before checking the password', async () => {
    const user = await t.factories.user(companyId);
    await failTimes(t, user, FREE);
    const verificationsBefore = counting.counts.verify + counting.counts.verifyDummy;
    const refused = await attempt(t, user.userName, user.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      returncode: ReturnCode.TOO_MANY_REQUESTS,
      message: 'Too many failed sign-in attempts. Please try again in 2 seconds',
      result: { retryAfterSeconds: 2 },
    });
    expect(counting.counts.verify + counting.counts.verifyDummy).toBe(verificationsBefore);
    // The e-mail names the same account, so it is held back too.
    expect((await attempt(t, user.email, user.password)).status).toBe(429);
    expect(await waitAndFail(user, GROWING.length)).toEqual(GROWING);
  });

  it('words the wait in seconds or in minutes, in both languages', async () => {
    const user = await t.factories.user(companyId);
    await failTimes(t, user, FREE);
    const ask = (lang: string) => attempt(t, user.userName, user.password, ownAddress, lang);
    expect((await ask('zh-CN')).body.message).toBe('登录失败次数过多，请 2 秒后再试');
    // One second left still reads "2 seconds": never "1 seconds", and never too early.
    t.clock.advance(1000);
    expect((await ask('en-US')).body).toMatchObject({ message: 'Too many failed sign-in attempts. Please try again in 2 seconds', result: { retryAfterSeconds: 1 } });
    t.clock.advance(1000);
    await failTimes(t, user, 1);
    await waitAndFail(user, 5);
    // 128 s to wait: whole minutes, rounded up.
    expect((await ask('en-US')).body).toMatchObject({ message: 'Too many failed sign-in attempts. Please try again in 3 minutes', result: { retryAfterSeconds: 128 } });
    expect((await ask('zh-CN')).body.message).toBe('登录失败次数过多，请 3 分钟后再试');
  });

  it('keeps counting for a day, then forgets', async () => {
    const user = await t.factories.user(companyId);
    await failTimes(t, user, FREE);
    // An hour later the failures still count: one more goes through, then a longer delay.
    t.clock.advance(HOUR_MS);
    await failTimes(t, user, 1);
    expect((await attempt(t, user.userName, user.password)).body.result).toEqual({ retryAfterSeconds: 4 });
    t.clock.advance(LOGIN_THROTTLE.windowHours * HOUR_MS);
    await failTimes(t, user, FREE);
    expect((await attempt(t, user.userName, user.password)).body.result).toEqual({ retryAfterSeconds: 2 });
  });

  it('starts the pair afresh after a successful sign-in', async () => {
    const user = await t.factories.user(companyId);
    await failTimes(t, user, FREE);
    await waitAndFail(user, 3);
    const refused = await attempt(t, user.userName, user.password);
    expect(refused.body.result).toEqual({ retryAfterSeconds: 16 });
    t.clock.advance(16_000);
    expect((await attempt(t, user.userName, user.password)).status).toBe(200);
    await failTimes(t, user, FREE);
    expect((await attempt(t, user.userName, user.password)).body.result).toEqual({ retryAfterSeconds: 2 });
  });

  it('stalls a guessing attack spread over many addresses, but not the owner at an address it signed in from', async () => {
    const user = await t.factories.user(companyId);
    const home = '192.0.2.20';
    expect((await attempt(t, user.userName, user.password, home)).status).toBe(200);
    // Five addresses, two failures each: below every pair's free failures, ten for the account.
    for (let i = 1; i <= 5; i++) await failTimes(t, user, 2, `198.18.1.${i}`);
    // Every further address, new to this account, now waits, longer each time.
    const waits = await waitAndFail(user, 6, (round) => `198.18.2.${round + 1}`);
    expect(waits).toEqual(GROWING.slice(0, 6));
    expect((await attempt(t, user.userName, user.password, '198.18.3.1')).body.result).toEqual({ retryAfterSeconds: 128 });
    // The owner at home is not held back; somewhere new, the owner waits like everyone else.
    expect((await attempt(t, user.userName, user.password, home)).status).toBe(200);
    expect((await attempt(t, user.userName, user.password, '192.0.2.21')).status).toBe(429);
  });

  it('does not treat a few addresses of the owner as a spread-out attack', async () => {
    const user = await t.factories.user(companyId);
    // Typos at home, at the office and on the phone: three addresses, few failures.
    for (const address of ['192.0.2.30', '192.0.2.31', '192.0.2.32']) await failTimes(t, user, 2, address);
    expect((await attempt(t, user.userName, user.password, '192.0.2.33')).status).toBe(200);
  });

  it('counts parallel guesses before checking them, so a burst cannot slip through together', async () => {
    const user = await t.factories.user(companyId);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => attempt(t, user.userName, `Parallel-${i}`)));
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(FREE);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(12 - FREE);
  });

  it('answers and counts an unknown account exactly like a known one', async () => {
    const user = await t.factories.user(companyId);
    const answers = async (userName: string, address: string) => {
      const seen: unknown[] = [];
      for (let i = 0; i < FREE + 4; i++) {
        const answer = await attempt(t, userName, 'Wrong-password-1', address);
        seen.push([answer.status, answer.body]);
        if (answer.status === 429) t.clock.advance(answer.body.result!.retryAfterSeconds * 1000);
      }
      return seen;
    };
    const unknown = await answers('no.such.person', '192.0.2.40');
    expect(unknown).toEqual(await answers(user.userName, '192.0.2.41'));
    expect(unknown.filter((seen) => (seen as [number])[0] === 429)).toHaveLength(2);
    // Names are matched without regard to case, unknown ones too.
    expect((await attempt(t, 'NO.SUCH.PERSON', 'Whatever-123', '192.0.2.40')).status).toBe(429);
  });

  it('refuses an address after its allowed failures, whichever account it tries', async () => {
    const address = '198.51.100.7';
    const perAccount = FREE - 1;
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
    expect(refused.body.result).toEqual({ retryAfterSeconds: LOGIN_THROTTLE.addressWindowMinutes * 60 });
    // The same account from another address is fine, and so is this address once the window passed.
    expect((await attempt(t, fresh.userName, fresh.password, '198.51.100.8')).status).toBe(200);
    t.clock.advance(LOGIN_THROTTLE.addressWindowMinutes * MINUTE_MS);
    expect((await attempt(t, fresh.userName, fresh.password, address)).status).toBe(200);
  });

  it('treats the addresses of one IPv6 network as one', async () => {
    const user = await t.factories.user(companyId);
    for (let i = 1; i <= FREE; i++) await failTimes(t, user, 1, `2001:db8:0:1::${i}`);
    expect((await attempt(t, user.userName, user.password, '2001:db8:0:1:ffff::9')).status).toBe(429);
    expect((await attempt(t, user.userName, user.password, '2001:db8:0:2::1')).status).toBe(200);
  });

  it('shares the count between two server instances on the same database', async () => {
    const user = await t.factories.user(companyId);
    await failTimes(t, user, 3);
    await failTimes(second, user, FREE - 3);
    expect((await attempt(second, user.userName, user.password)).status).toBe(429);
    expect((await attempt(t, user.userName, user.password)).status).toBe(429);
  });

  it('keeps no failure older than the window and no typed account name', async () => {
    const typedSecret = 'Not-a-user-name-but-a-password-9';
    await attempt(t, typedSecret, 'Whatever-123');
    const kept = JSON.stringify(await t.db.kysely.selectFrom('login_attempts').selectAll().execute());
    expect(kept).toContain(ownAddress);
    expect(kept.toLowerCase()).not.toContain(typedSecret.toLowerCase());
    t.clock.advance(LOGIN_THROTTLE.windowHours * HOUR_MS + 1);
    await attempt(t, 'someone.else', 'Whatever-123');
    const rows = await t.db.kysely.selectFrom('login_attempts').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => Number(row.at) > t.clock.now() - LOGIN_THROTTLE.windowHours * HOUR_MS)).toBe(true);
  });
});
