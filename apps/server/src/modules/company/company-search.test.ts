import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_SEARCH_LIMIT, ReturnCode, type CompanySearchResult } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';

describe(`company search (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let token: string;
  let ids: { ada: number; research: number; floor: number; room: number };
  const search = (query: string, lang = 'en-US') =>
    call<CompanySearchResult>(t.app, { method: 'GET', url: `/api/tenant/company/search?${query}`, headers: { token, lang } });

  beforeAll(async () => {
    t = await createTestApp();
    const { id: companyId } = await t.factories.company({ name: 'Search Co' });
    const research = await t.factories.department(companyId, 'Ocean Research');
    const ada = await t.factories.user(companyId, { firstName: 'Ada', lastName: 'Oceanic', departmentId: research, userName: 'ada.o' });
    await t.factories.user(companyId, { firstName: 'Retired', lastName: 'Oceanic', isActive: false });
    const floor = await t.factories.location({ companyId, level: LOCATION_LEVEL.floor, name: 'Ocean Floor' });
    const room = await t.factories.location({ companyId, parentId: floor, level: LOCATION_LEVEL.room, name: 'Ocean View' });
    const gone = await t.factories.location({ companyId, parentId: floor, level: LOCATION_LEVEL.room, name: 'Ocean Gone' });
    await t.db.kysely.updateTable('locations').set({ deleted_at: t.clock.now() }).where('id', '=', gone).execute();
    // Any signed-in user may search: pickers serve everyone who books.
    token = await t.factories.session(await t.factories.user(companyId, { permissions: [] }));
    ids = { ada: ada.id, research, floor, room };

    const other = await t.factories.company({ name: 'Other Search Co' });
    await t.factories.department(other.id, 'Ocean Rivals');
    await t.factories.user(other.id, { firstName: 'Olga', lastName: 'Oceanic' });
    await t.factories.location({ companyId: other.id, level: LOCATION_LEVEL.floor, name: 'Ocean Rivals Floor' });
  });
  afterAll(() => t.cleanup());

  it("finds the company's active people, departments and live locations, ignoring case, and nothing of another company", async () => {
    const answer = await search('keyword=OCEAN');
    expect(answer.status).toBe(200);
    expect(answer.body.result).toEqual({
      users: [{ id: ids.ada, fullName: 'Ada Oceanic', email: expect.any(String), departmentName: 'Ocean Research' }],
      departments: [{ id: ids.research, name: 'Ocean Research' }],
      locations: [
        { id: ids.floor, name: 'Ocean Floor', level: LOCATION_LEVEL.floor },
        { id: ids.room, name: 'Ocean View', level: LOCATION_LEVEL.room },
      ],
    });
    expect((await search('keyword=ada.o')).body.result.users.map((user) => user.id)).toEqual([ids.ada]);
    expect((await search('keyword=%25')).body.result).toEqual({ users: [], departments: [], locations: [] });
  });

  it('limits each kind and refuses a missing keyword or a bad limit', async () => {
    expect((await search('keyword=ocean&limit=1')).body.result.locations).toHaveLength(1);
    const missing = await search('', 'zh-CN');
    expect([missing.status, missing.body.returncode, missing.body.message]).toEqual([400, ReturnCode.BAD_REQUEST, '请求有误：keyword']);
    expect((await search('keyword=%20%20')).status).toBe(400);
    expect((await search(`keyword=ocean&limit=${COMPANY_SEARCH_LIMIT.max + 1}`)).status).toBe(400);
    expect((await call(t.app, { method: 'GET', url: '/api/tenant/company/search?keyword=ocean' })).status).toBe(401);
  });
});
