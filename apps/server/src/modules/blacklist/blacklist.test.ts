import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, ReturnCode, type BlacklistCandidate, type BlacklistConfig, type BlacklistPage, type Lang, type Page, type OperationLogEntry } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';
import type { TestUser } from '../../test/factories.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe(`booking blacklist page (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let adminToken: string;
  let viewerToken: string;
  let booker: TestUser;
  let bookerToken: string;
  let other: TestUser;
  let roomId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Rules Co');
    admin = a.admin;
    adminToken = await t.factories.session(admin);
    viewerToken = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['reservationScreens:view'] }));
    booker = await t.factories.user(a.company.id, { permissions: ['calendarRoomUse:view'], firstName: 'Barry', lastName: 'Booker' });
    bookerToken = await t.factories.session(booker);
    other = await t.factories.user(a.company.id, { permissions: ['calendarRoomUse:view'], firstName: 'Olga', lastName: 'Other' });
    roomId = (await createTestRoom(t.db, t.factories, t.clock, a.company.id, { name: 'Pudong', timeZone: 'Asia/Shanghai' })).roomId;
  });
  afterAll(() => t.cleanup());

  const post = <T = { id: number }>(url: string, payload: Record<string, unknown>, token = adminToken, lang: Lang = 'en-US') =>
    call<T>(t.app, { method: 'POST', url: `/api/meeting/blacklist/${url}`, headers: { token, lang }, payload });
  const list = (query = '', token = adminToken) => call<BlacklistPage>(t.app, { method: 'GET', url: `/api/meeting/blacklist/list?pageSize=50${query}`, headers: { token } });
  let slot = 0;
  const book = (lang: Lang = 'en-US') => {
    const startAt = t.clock.now() + DAY + slot++ * 2 * HOUR;
    return call(t.app, { method: 'POST', url: '/api/meeting/reservation', headers: { token: bookerToken, lang }, payload: { roomId, title: 'Planning', startAt, endAt: startAt + HOUR } });
  };

  it('bars a colleague until a date with a reason: the booking API refuses them, the list shows the entry as active', async () => {
    const endsAt = t.clock.now() + 7 * DAY;
    const added = await post('add', { userId: booker.id, reason: 'Three no-shows in a row', endsAt });
    expect([added.status, added.body.message]).toEqual([200, formatMessage('blacklistAdded', 'en-US')]);
    const refused = await book('zh-CN');
    expect([refused.status, refused.body.returncode]).toEqual([403, ReturnCode.NO_PERMISSION]);
    expect(refused.body.message).toContain('Three no-shows in a row');
    const page = (await list()).body.result;
    expect(page.list.map((entry) => [entry.userId, entry.fullName, entry.reason, entry.endsAt, entry.state, entry.createdByName !== null])).toEqual([
      [booker.id, 'Barry Booker', 'Three no-shows in a row', endsAt, 'active', true],
    ]);
    // Someone with view only reads it and cannot change it.
    expect((await list('', viewerToken)).body.result.total).toBe(1);
    expect((await post('add', { userId: other.id, reason: 'Probe' }, viewerToken)).status).toBe(403);
    expect((await post('lift', { id: added.body.result.id }, viewerToken)).status).toBe(403);
  });

  it('answers the configuration: the rules, whether the caller manages the list, and their own bar', async () => {
    const config = (token: string) => call<BlacklistConfig>(t.app, { method: 'GET', url: '/api/location/v2/getBlackListConfig', headers: { token } });
    const forBooker = await config(bookerToken);
    expect(forBooker.status).toBe(200);
    expect(forBooker.body.result).toMatchObject({ reasonMax: 500, states: ['active', 'scheduled', 'ended', 'lifted'], canManage: false, mine: { barred: true, reason: 'Three no-shows in a row' } });
    expect((await config(adminToken)).body.result).toMatchObject({ canManage: true, mine: { barred: false, reason: null, endsAt: null } });
    expect((await config(viewerToken)).status).toBe(403);
  });

  it('refuses with a clear message: again while barred, oneself, an end before the start, an unknown colleague, no reason', async () => {
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const again = await post('add', { userId: booker.id, reason: 'Again' }, adminToken, lang);
      expect([again.status, again.body.message]).toEqual([422, formatMessage('blacklistAlready', lang, { name: 'Barry Booker' })]);
    }
    expect((await post('add', { userId: admin.id, reason: 'Me' })).body.message).toBe(formatMessage('blacklistSelf', 'en-US'));
    const backwards = await post('add', { userId: other.id, reason: 'Backwards', startsAt: t.clock.now() + DAY, endsAt: t.clock.now() + HOUR });
    expect([backwards.status, backwards.body.message]).toEqual([422, formatMessage('blacklistEndBeforeStart', 'en-US')]);
    expect((await post('add', { userId: 999_999, reason: 'Nobody' })).status).toBe(404);
    expect((await post('add', { userId: other.id, reason: '   ' })).status).toBe(400);
  });

  it('lifts an entry early: the colleague books again, the entry stays in the history as lifted, once', async () => {
    const [entry] = (await list('&state=active')).body.result.list;
    const lifted = await post('lift', { id: entry!.id });
    expect([lifted.status, lifted.body.message]).toEqual([200, formatMessage('blacklistLifted', 'en-US')]);
    expect((await book()).status).toBe(200);
    const history = (await list('&state=lifted')).body.result.list;
    expect(history.map((row) => [row.id, row.state, row.liftedAt, row.liftedByName !== null])).toEqual([[entry!.id, 'lifted', t.clock.now(), true]]);
    const twice = await post('lift', { id: entry!.id });
    expect([twice.status, twice.body.message]).toEqual([422, formatMessage('blacklistNotOpen', 'en-US')]);
    // Both changes are in the operation log.
    const log = await call<Page<OperationLogEntry>>(t.app, { method: 'GET', url: '/api/operation-log/list?pageSize=15', headers: { token: adminToken } });
    const actions = log.body.result.list.filter((row) => row.action.startsWith('blacklist.')).map((row) => [row.action, row.targetName, row.result]);
    expect(actions).toContainEqual(['blacklist.add', 'Barry Booker', 'success']);
    expect(actions).toContainEqual(['blacklist.lift', 'Barry Booker', 'success']);
  });

  it('bars from a later moment until an end: scheduled, then active, then ended, as the clock moves', async () => {
    const startsAt = t.clock.now() + DAY;
    const endsAt = t.clock.now() + 3 * DAY;
    const added = await post('add', { userId: booker.id, reason: 'Next week only', startsAt, endsAt });
    expect(added.status, added.body.message).toBe(200);
    const stateOf = async () => (await list()).body.result.list.find((row) => row.id === added.body.result.id)!.state;
    expect(await stateOf()).toBe('scheduled');
    expect((await book()).status).toBe(200);
    t.clock.set(startsAt);
    bookerToken = await t.factories.session(booker);
    adminToken = await t.factories.session(admin);
    expect(await stateOf()).toBe('active');
    expect((await book()).status).toBe(403);
    t.clock.set(endsAt);
    bookerToken = await t.factories.session(booker);
    adminToken = await t.factories.session(admin);
    expect(await stateOf()).toBe('ended');
    expect((await book()).status).toBe(200);
    // An ended entry is history: it cannot be lifted, and the colleague may be barred anew.
    expect((await post('lift', { id: added.body.result.id })).status).toBe(422);
    expect((await list('&state=ended')).body.result.list.map((row) => row.id)).toEqual([added.body.result.id]);
  });

  it('finds entries by name and colleagues to bar, in the company only', async () => {
    expect((await list('&keyword=barry')).body.result.total).toBeGreaterThan(0);
    expect((await list('&keyword=olga')).body.result.total).toBe(0);
    const candidates = await call<BlacklistCandidate[]>(t.app, { method: 'GET', url: '/api/meeting/blacklist/candidates?keyword=olg', headers: { token: adminToken } });
    expect(candidates.body.result.map((person) => person.fullName)).toEqual(['Olga Other']);
    const b = await t.factories.companyWithAdmin('Other Rules Co');
    const theirs = await call<BlacklistPage>(t.app, { method: 'GET', url: '/api/meeting/blacklist/list', headers: { token: await t.factories.session(b.admin) } });
    expect(theirs.body.result.total).toBe(0);
  });
});
