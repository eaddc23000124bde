import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReturnCode, type OwnProfile, type OwnSession } from '@atrium/contract';
import { HOUR_MS } from '../../platform/clock.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';

describe(`personal (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let user: TestUser;
  let token: string;
  let otherUser: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    const companyId = (await t.factories.company()).id;
    // No permission at all: the personal page is always allowed.
    user = await t.factories.user(companyId, { permissions: [] });
    otherUser = await t.factories.user((await t.factories.company()).id);
    token = (await signIn(t.app, user, { 'user-agent': 'Mozilla/5.0 Firefox/140.0' })).token!;
  });
  afterAll(() => t.cleanup());

  const get = <T>(url: string, as = token) => call<T>(t.app, { method: 'GET', url, headers: { token: as } });
  const put = (payload: Record<string, unknown>) => call<OwnProfile>(t.app, { method: 'PUT', url: '/api/user/profile', headers: { token }, payload });
  const end = (payload: Record<string, unknown>, as = token) => call(t.app, { method: 'DELETE', url: '/api/user/sessions', headers: { token: as }, payload });

  it('answers and changes the own profile; user name and e-mail stay', async () => {
    const before = (await get<OwnProfile>('/api/user/common/details')).body.result;
    expect(before).toMatchObject({ id: user.id, userName: user.userName, email: user.email, gender: 'secret' });
    const saved = await put({ firstName: 'Grace', lastName: 'Hopper', phone: '+1 (555) 010-2030', gender: 'female', userName: 'hijack', email: 'x@y.test' });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      fullName: 'Grace Hopper',
      phone: '+1 (555) 010-2030',
      gender: 'female',
      userName: user.userName,
      email: user.email,
      avatar: null,
    });
    const info = await get<{ fullName: string }>('/api/user/getCurrentUserInfo');
    expect(info.body.result.fullName).toBe('Grace Hopper');
  });

  it("keeps the viewer's own time zone (null follows the browser), answers it with the current user, and leaves it alone when a change names none", async () => {
    type Info = { timeZone: string | null };
    expect((await get<OwnProfile>('/api/user/common/details')).body.result.timeZone).toBeNull();
    expect((await get<Info>('/api/user/getCurrentUserInfo')).body.result.timeZone).toBeNull();
    // Any spelling the zone database knows is kept in its canonical form.
    const saved = await put({ firstName: 'Grace', lastName: 'Hopper', gender: 'female', timeZone: 'america/new_york' });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.result.timeZone).toBe('America/New_York');
    expect((await get<Info>('/api/user/getCurrentUserInfo')).body.result.timeZone).toBe('America/New_York');
    // A change that names no zone keeps it; null goes back to the browser's.
    expect((await put({ firstName: 'Grace', lastName: 'Hopper', gender: 'female' })).body.result.timeZone).toBe('America/New_York');
    expect((await put({ firstName: 'Grace', lastName: 'Hopper', gender: 'female', timeZone: null })).body.result.timeZone).toBeNull();
    expect((await get<Info>('/api/user/getCurrentUserInfo')).body.result.timeZone).toBeNull();
    // Another user's zone is theirs alone.
    const theirs = (await signIn(t.app, otherUser)).token!;
    await put({ firstName: 'Grace', lastName: 'Hopper', gender: 'female', timeZone: 'Asia/Shanghai' });
    expect((await get<Info>('/api/user/getCurrentUserInfo', theirs)).body.result.timeZone).toBeNull();
    await put({ firstName: 'Grace', lastName: 'Hopper', gender: 'female', timeZone: null });
  });

  it.each(['Mars/Olympus_Mons', 'GMT+25', '', 'x'.repeat(65), 42])('refuses the time zone %j (400/1001) and keeps the one before', async (timeZone) => {
    await put({ firstName: 'Grace', lastName: 'Hopper', gender: 'female', timeZone: 'Europe/London' });
    const answer = await put({ firstName: 'Grace', lastName: 'Hopper', gender: 'female', timeZone });
    expect([answer.status, answer.body.returncode]).toEqual([400, ReturnCode.BAD_REQUEST]);
    expect(answer.body.message).toContain('timeZone');
    expect((await get<OwnProfile>('/api/user/common/details')).body.result.timeZone).toBe('Europe/London');
    await put({ firstName: 'Grace', lastName: 'Hopper', gender: 'female', timeZone: null });
  });

  it.each([
    ['an empty first name', { firstName: '', gender: 'male' }],
    ['letters in the phone', { firstName: 'A', phone: '12ab5678', gender: 'male' }],
    ['a short phone', { firstName: 'A', phone: '123', gender: 'male' }],
    ['an unknown gender', { firstName: 'A', gender: 'other' }],
    ['an avatar from elsewhere', { firstName: 'A', gender: 'male', avatar: 'javascript:alert(1)' }],
  ])('refuses %s (400/1001)', async (_label, payload) => {
    const answer = await put(payload);
    expect(answer.status).toBe(400);
    expect(answer.body.returncode).toBe(ReturnCode.BAD_REQUEST);
  });

  it('lists the live sessions with the current one marked, and ends one or all the others', async () => {
    t.clock.advance(HOUR_MS);
    const second = (await signIn(t.app, user, { 'user-agent': 'Mozilla/5.0 Chrome/150.0' })).token!;
    const third = (await signIn(t.app, user)).token!;
    const listed = (await get<OwnSession[]>('/api/user/sessions', second)).body.result;
    expect(listed).toHaveLength(3);
    expect(listed.filter((session) => session.isCurrent)).toHaveLength(1);
    const current = listed.find((session) => session.isCurrent)!;
    expect(current.userAgent).toContain('Chrome');
    const firstSession = listed.find((session) => session.userAgent?.includes('Firefox'))!;

    const refuseCurrent = await end({ id: current.id }, second);
    expect(refuseCurrent.status).toBe(422);
    expect(refuseCurrent.body.message).toBe('This is the session you are using; sign out instead');

    expect((await end({ id: firstSession.id }, second)).status).toBe(200);
    expect((await get('/api/checkIsLogin', token)).status).toBe(401);
    expect((await get('/api/checkIsLogin', third)).status).toBe(200);

    expect((await end({}, second)).status).toBe(200);
    expect((await get('/api/checkIsLogin', third)).status).toBe(401);
    expect((await get('/api/checkIsLogin', second)).status).toBe(200);
    expect((await get<OwnSession[]>('/api/user/sessions', second)).body.result.map((session) => session.isCurrent)).toEqual([true]);
    token = second;
  });

  it("answers 404 for another user's session, and never ends it", async () => {
    const theirs = (await signIn(t.app, otherUser)).token!;
    const theirId = (await get<OwnSession[]>('/api/user/sessions', theirs)).body.result[0]!.id;
    const answer = await end({ id: theirId });
    expect(answer.status).toBe(404);
    expect(answer.body.returncode).toBe(ReturnCode.NOT_FOUND);
    expect((await get('/api/checkIsLogin', theirs)).status).toBe(200);
    expect(JSON.stringify((await get('/api/user/sessions')).body)).not.toContain(otherUser.userName);
  });
});
