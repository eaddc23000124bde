import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alphaOfSwatch, DEFAULT_SWATCHES, normalizeSwatchColor, type GroupListItem, type GroupMember, type GroupNode, type GroupStatistics, type LazyTreeNode, type OperationLogEntry, type Page, type Swatch } from '@atrium/contract';
import { LOCATION_LEVEL } from '../location/location.repository.js';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe(`departments and groups (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let token: string;
  let viewerToken: string;
  let outsiderToken: string;
  let otherToken: string;
  let otherDepartment: number;
  let otherLocation: number;
  let companyId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Alpha');
    admin = a.admin;
    companyId = a.company.id;
    token = await t.factories.session(admin);
    viewerToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['departments:view'] }));
    outsiderToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['users:view'] }));
    const b = await t.factories.companyWithAdmin('Beta');
    otherToken = await t.factories.session(b.admin);
    otherDepartment = await t.factories.department(b.company.id, 'Beta Department');
    otherLocation = await t.factories.location({ companyId: b.company.id, level: LOCATION_LEVEL.country, name: 'Beta Land' });
  });
  afterAll(() => t.cleanup());

  const send = <T = unknown>(method: Method, url: string, payload?: unknown, as = token) =>
    call<T>(t.app, { method, url, headers: { token: as }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const tree = async (query = '') => (await send<GroupNode[]>('GET', `/api/tenant/group/list${query}`)).body.result;
  const create = async (body: Record<string, unknown>) => {
    const answer = await send<{ id: number }>('POST', '/api/group', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.id;
  };
  const lastLog = async () => (await send<Page<OperationLogEntry>>('GET', '/api/operation-log/list')).body.result.list[0]!;

  describe('the tree', () => {
    let engineering: number;
    let platform: number;
    let design: number;

    beforeAll(async () => {
      engineering = await create({ name: 'Engineering', groupCode: 'ENG', description: 'Builds things' });
      platform = await create({ name: 'Platform', parentId: engineering, groupCode: 'ENG-PLT' });
      design = await create({ name: 'Design', parentId: engineering });
      for (let i = 0; i < 2; i++) await t.factories.user(companyId, { departmentId: engineering, gender: 'female' });
      for (let i = 0; i < 3; i++) await t.factories.user(companyId, { departmentId: platform, gender: 'male', firstName: 'Plato', lastName: `Number ${i}` });
    });

    it('counts own members and the whole branch, in creation order, with levels', async () => {
      const [root] = (await tree()).filter((node) => node.id === engineering);
      expect(root).toMatchObject({ name: 'Engineering', groupCode: 'ENG', description: 'Builds things', level: 1, leaf: false, memberCount: 2, totalMemberCount: 5 });
      expect(root!.children.map((child) => [child.name, child.level, child.memberCount, child.leaf])).toEqual([
        ['Platform', 2, 3, true],
        ['Design', 2, 0, true],
      ]);
      const plain = (await send<GroupNode[]>('GET', '/api/group/list')).body.result;
      expect(plain.find((node) => node.id === engineering)!.totalMemberCount).toBe(5);
    });

    it('filters by name or code, keeping ancestors, by query and by body', async () => {
      const byCode = await tree('?keyword=plt');
      expect(byCode.map((node) => node.name)).toEqual(['Engineering']);
      expect(byCode[0]!.children.map((node) => node.name)).toEqual(['Platform']);
      expect(byCode[0]!.totalMemberCount).toBe(5);
      const byBody = await send<GroupNode[]>('POST', '/api/tenant/group/list', { keyword: 'DESIGN' });
      expect(byBody.body.result[0]!.children.map((node) => node.name)).toEqual(['Design']);
      expect(await tree('?keyword=nothing-like-this')).toEqual([]);
    });

    it('lists the departments flat, in tree order, for pickers', async () => {
      const flat = (await send<GroupListItem[]>('GET', '/api/userGroup/getList')).body.result;
      const names = flat.map((item) => item.name);
      expect(names.indexOf('Platform')).toBe(names.indexOf('Engineering') + 1);
      expect(flat.find((item) => item.id === design)).toMatchObject({ parentId: engineering, level: 2 });
    });

    it('answers lazy levels of departments and of locations', async () => {
      const top = (await send<LazyTreeNode[]>('GET', '/api/tenant/group/list-of-location-or-group')).body.result;
      expect(top.find((node) => node.id === engineering)).toMatchObject({ selector: 'group', leaf: false, level: 1 });
      const below = (await send<LazyTreeNode[]>('GET', `/api/tenant/group/list-of-location-or-group?selector=group&parentId=${engineering}`)).body.result;
      expect(below.map((node) => node.name)).toEqual(['Platform', 'Design']);
      const country = await t.factories.location({ companyId, level: LOCATION_LEVEL.country, name: 'Freedonia' });
      await t.factories.location({ companyId, parentId: country, level: LOCATION_LEVEL.city, name: 'Fredville' });
      const places = (await send<LazyTreeNode[]>('GET', '/api/tenant/group/list-of-location-or-group?selector=location')).body.result;
      expect(places).toEqual([{ id: country, name: 'Freedonia', selector: 'location', level: LOCATION_LEVEL.country, leaf: false }]);
      const cities = (await send<LazyTreeNode[]>('GET', `/api/tenant/group/list-of-location-or-group?selector=location&parentId=${country}`)).body.result;
      expect(cities.map((node) => [node.name, node.leaf])).toEqual([['Fredville', true]]);
      expect((await send('GET', `/api/tenant/group/list-of-location-or-group?parentId=${otherDepartment}`)).status).toBe(404);
      expect((await send<LazyTreeNode[]>('GET', `/api/tenant/group/list-of-location-or-group?selector=location&parentId=${otherLocation}`)).body.result).toEqual([]);
    });

    it('pages and filters members, with or without sub-departments', async () => {
      const search = (body: Record<string, unknown>) => send<Page<GroupMember>>('POST', '/api/tenant/group/user/search', body);
      expect((await search({ groupId: engineering })).body.result.total).toBe(2);
      const all = (await search({ groupId: engineering, includeDescendants: true })).body.result;
      expect(all.total).toBe(5);
      expect(all.list[0]).toMatchObject({ role: { id: expect.any(Number) }, department: { id: expect.any(Number) }, isActive: true });
      const plato = (await search({ groupId: engineering, includeDescendants: true, keyword: 'plato' })).body.result;
      expect(plato.total).toBe(3);
      expect(plato.list.every((member) => member.department.name === 'Platform')).toBe(true);
      expect((await search({ groupId: engineering, includeDescendants: true, keyword: '%' })).body.result.total).toBe(0);
      for (let i = 0; i < 14; i++) await t.factories.user(companyId, { departmentId: design });
      const second = (await search({ groupId: design, page: 2, pageSize: 15 })).body.result;
      expect(second).toMatchObject({ total: 14, page: 2, pageSize: 15 });
      expect(second.list).toHaveLength(0);
      expect((await search({ groupId: design, pageSize: 20 })).status).toBe(400);
    });

    it('counts a branch by role and gender, and the whole company without a groupId', async () => {
      const stats = (await send<GroupStatistics>('GET', `/api/tenant/group/user/statistics?groupId=${engineering}`)).body.result;
      expect(stats).toMatchObject({ groupId: engineering, memberCount: 2, subDepartmentCount: 2, descendantCount: 2, byGender: { male: 3, female: 2 } });
      expect(stats.totalMemberCount).toBe(stats.byRole.reduce((sum, role) => sum + role.count, 0));
      const company = (await send<GroupStatistics>('GET', '/api/tenant/group/user/statistics')).body.result;
      expect(company.groupId).toBeNull();
      expect(company.totalMemberCount).toBeGreaterThanOrEqual(stats.totalMemberCount + 3);
      expect(company.memberCount).toBe(3); // the admin, the viewer and the outsider have no department
    });

    it('refuses a duplicate group code ignoring case, on create and on update', async () => {
      const created = await send('POST', '/api/group', { name: 'Other', groupCode: 'eng' });
      expect(created.status).toBe(409);
      expect(created.body).toMatchObject({ returncode: 1003, message: 'The group code eng is already used by another department' });
      expect((await send('PUT', '/api/group', { id: design, name: 'Design', groupCode: 'Eng-Plt' })).status).toBe(409);
      // Its own code and empty codes are fine.
      expect((await send('PUT', '/api/group', { id: platform, name: 'Platform', groupCode: 'eng-plt' })).status).toBe(200);
      await create({ name: 'No code 1', groupCode: '' });
      await create({ name: 'No code 2' });
    });

    it('validates names and references', async () => {
      expect((await send('POST', '/api/group', { name: '' })).status).toBe(400);
      expect((await send('POST', '/api/group', { name: 'x'.repeat(255) })).status).toBe(400);
      expect((await send('POST', '/api/group', { name: 'x'.repeat(254) })).status).toBe(200);
      expect((await send('POST', '/api/group', { name: 'Orphan', parentId: otherDepartment })).body.returncode).toBe(1002);
      expect((await send('POST', '/api/group', { name: 'Abroad', locationId: otherLocation })).body.returncode).toBe(1002);
    });

    it('edits, moves and refuses cycles', async () => {
      const edited = await send('PUT', '/api/group', { id: design, name: 'Product Design', description: 'Pixels' });
      expect(edited.status).toBe(200);
      const node = (await tree()).find((n) => n.id === engineering)!.children.find((n) => n.id === design)!;
      expect(node).toMatchObject({ name: 'Product Design', description: 'Pixels', parentId: engineering });
      expect((await send('PUT', '/api/group', { id: engineering, name: 'Engineering', parentId: platform })).body).toMatchObject({ returncode: 1005 });
      expect((await send('PUT', '/api/group', { id: engineering, name: 'Engineering', parentId: engineering })).status).toBe(422);
      const moved = await send('PUT', '/api/group', { id: design, name: 'Product Design', parentId: null });
      expect(moved.status).toBe(200);
      expect((await tree()).some((n) => n.id === design && n.level === 1)).toBe(true);
      const log = await lastLog();
      expect(log).toMatchObject({ action: 'group.update', targetId: design, result: 'success' });
    });

    it('refuses to delete a department with members or sub-departments, and deletes an empty one', async () => {
      const withChildren = await send('DELETE', '/api/group', { id: engineering });
      expect(withChildren.status).toBe(422);
      expect(withChildren.body.message).toBe('The department still has 1 sub-department(s); delete or move them first');
      const withMembers = await send('DELETE', '/api/group', { id: platform }, token);
      expect(withMembers.body.message).toBe('The department still has 3 member(s); move them to another department first');
      expect((await lastLog())).toMatchObject({ action: 'group.delete', result: 'failure', targetId: platform });
      const empty = await create({ name: 'Temporary', parentId: engineering });
      expect((await send('DELETE', '/api/group', { id: empty })).status).toBe(200);
      expect((await lastLog())).toMatchObject({ action: 'group.delete', result: 'success', targetName: 'Temporary' });
      expect((await send('DELETE', '/api/group', { id: empty })).status).toBe(404);
    });

    it('records creations in the operation log', async () => {
      const id = await create({ name: 'Logged', groupCode: 'LOG' });
      expect(await lastLog()).toMatchObject({ action: 'group.create', targetType: 'group', targetId: id, targetName: 'Logged', detail: { groupCode: 'LOG' } });
    });
  });

  describe('the palette', () => {
    const palette = async (as = token) => (await send<Swatch[]>('GET', '/api/tenant/group/style-table', undefined, as)).body.result;

    it('starts with the default swatches, once', async () => {
      const first = await palette();
      expect(first.map((swatch) => swatch.color)).toEqual(DEFAULT_SWATCHES.map((color) => normalizeSwatchColor(color)));
      expect(await palette()).toEqual(first);
    });

    it('adds normalised colours, with alpha, and refuses duplicates', async () => {
      const added = await send<Swatch>('POST', '/api/tenant/group/style-table', { color: '#abc' });
      expect(added.body.result).toMatchObject({ color: '#AABBCC', alpha: 100 });
      const duplicate = await send('POST', '/api/tenant/group/style-table', { color: '#AABBCC' });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.message).toBe('The colour #AABBCC is already in the palette');
      const translucent = await send<Swatch>('POST', '/api/tenant/group/style-table', { color: '#aabbcc', alpha: 50 });
      expect(translucent.body.result).toMatchObject({ color: '#AABBCC80', alpha: 50 });
      const notANumber = await send<Swatch>('POST', '/api/tenant/group/style-table', { color: '#123456', alpha: 'abc' });
      expect(notANumber.body.result).toMatchObject({ color: '#123456', alpha: 100 });
      for (const bad of [{ color: 'red' }, { color: '#12345' }, { color: '#1234567' }, { color: '#123', alpha: 101 }, { color: '#123', alpha: -1 }]) {
        expect((await send('POST', '/api/tenant/group/style-table', bad)).status, JSON.stringify(bad)).toBe(400);
      }
      expect(await lastLog()).toMatchObject({ action: 'group.createStyle', targetName: '#123456' });
    });

    it('paints a department, follows a swatch change and clears the colour when the swatch goes', async () => {
      const department = await create({ name: 'Painted' });
      const swatch = (await send<Swatch>('POST', '/api/tenant/group/style-table', { color: '#010203' })).body.result;
      expect((await send('PUT', '/api/tenant/group/style', { groupId: department, styleId: swatch.id })).status).toBe(200);
      const painted = async () => (await tree()).find((node) => node.id === department)!;
      expect(await painted()).toMatchObject({ styleId: swatch.id, styleColor: '#010203' });
      expect((await send('PUT', '/api/tenant/group/style-table', { id: swatch.id, color: '#040506' })).status).toBe(200);
      expect(await painted()).toMatchObject({ styleId: swatch.id, styleColor: '#040506' });
      const taken = await send('PUT', '/api/tenant/group/style-table', { id: swatch.id, color: '#AABBCC' });
      expect(taken.status).toBe(409);
      expect((await send('PUT', '/api/tenant/group/style-table', { id: swatch.id, color: '#040506' })).status).toBe(200);
      expect((await send<{ deleted: number }>('DELETE', '/api/tenant/group/style-table', { ids: [swatch.id] })).body.result).toEqual({ deleted: 1 });
      expect(await painted()).toMatchObject({ styleId: null, styleColor: null });
      expect(await lastLog()).toMatchObject({ action: 'group.deleteStyles', detail: { ids: [swatch.id] } });
      const other = (await palette())[0]!;
      await send('PUT', '/api/tenant/group/style', { groupId: department, styleId: other.id });
      expect((await send('PUT', '/api/tenant/group/style', { groupId: department, styleId: null })).status).toBe(200);
      expect(await painted()).toMatchObject({ styleId: null, styleColor: null });
    });

    it('keeps an emptied palette empty', async () => {
      const ids = (await palette()).map((swatch) => swatch.id);
      expect((await send('DELETE', '/api/tenant/group/style-table', { ids })).status).toBe(200);
      expect(await palette()).toEqual([]);
    });

    it('gives each company its own palette', async () => {
      const other = await palette(otherToken);
      expect(other).toHaveLength(DEFAULT_SWATCHES.length);
      const mine = (await send<Swatch>('POST', '/api/tenant/group/style-table', { color: '#0F0F0F' })).body.result;
      expect((await send('PUT', '/api/tenant/group/style-table', { id: other[0]!.id, color: '#111111' })).status).toBe(404);
      expect((await send('DELETE', '/api/tenant/group/style-table', { ids: [mine.id, other[0]!.id] })).status).toBe(404);
      expect((await palette()).map((swatch) => swatch.id)).toContain(mine.id);
      expect((await palette(otherToken))).toEqual(other);
    });
  });

  it('round-trips every alpha percent through the stored colour', () => {
    for (let alpha = 0; alpha <= 100; alpha++) expect(alphaOfSwatch(normalizeSwatchColor('#123456', alpha))).toBe(alpha);
  });

  describe('access', () => {
    const reads: Array<[Method, string, unknown?]> = [
      ['GET', '/api/userGroup/getList'],
      ['GET', '/api/group/list'],
      ['GET', '/api/tenant/group/list'],
      ['POST', '/api/tenant/group/list', {}],
      ['GET', '/api/tenant/group/list-of-location-or-group'],
      ['POST', '/api/tenant/group/user/search', { groupId: 1 }],
      ['GET', '/api/tenant/group/user/statistics'],
      ['GET', '/api/tenant/group/style-table'],
    ];
    const writes: Array<[Method, string, unknown]> = [
      ['POST', '/api/group', { name: 'x' }],
      ['PUT', '/api/group', { id: 1, name: 'x' }],
      ['DELETE', '/api/group', { id: 1 }],
      ['POST', '/api/tenant/group/style-table', { color: '#FEDCBA' }],
      ['PUT', '/api/tenant/group/style-table', { id: 1, color: '#FEDCBA' }],
      ['DELETE', '/api/tenant/group/style-table', { ids: [1] }],
      ['PUT', '/api/tenant/group/style', { groupId: 1, styleId: 1 }],
    ];

    it('needs departments:view to read and departments:edit to change', async () => {
      for (const [method, url, body] of [...reads, ...writes]) {
        const answer = await send(method, url, body, outsiderToken);
        expect(answer.status, `${method} ${url}`).toBe(403);
        expect(answer.body.returncode).toBe(1014);
      }
      for (const [method, url, body] of writes) expect((await send(method, url, body, viewerToken)).status, `${method} ${url}`).toBe(403);
      for (const [method, url, body] of reads.filter(([, url]) => !url.includes('search'))) {
        expect((await send(method, url, body, viewerToken)).status, `${method} ${url}`).toBe(200);
      }
    });

    it("answers 404 for another company's department or swatch", async () => {
      const otherSwatch = (await send<Swatch[]>('GET', '/api/tenant/group/style-table', undefined, otherToken)).body.result[0]!;
      const mine = await create({ name: 'Mine' });
      const attempts: Array<[Method, string, unknown]> = [
        ['PUT', '/api/group', { id: otherDepartment, name: 'Taken over' }],
        ['DELETE', '/api/group', { id: otherDepartment }],
        ['POST', '/api/tenant/group/user/search', { groupId: otherDepartment }],
        ['GET', `/api/tenant/group/user/statistics?groupId=${otherDepartment}`, undefined],
        ['PUT', '/api/tenant/group/style', { groupId: otherDepartment, styleId: null }],
        ['PUT', '/api/tenant/group/style', { groupId: mine, styleId: otherSwatch.id }],
        ['PUT', '/api/tenant/group/style-table', { id: otherSwatch.id, color: '#FEDCBA' }],
        ['DELETE', '/api/tenant/group/style-table', { ids: [otherSwatch.id] }],
      ];
      for (const [method, url, body] of attempts) {
        const answer = await send(method, url, body);
        expect(answer.status, `${method} ${url}`).toBe(404);
        expect(answer.body.returncode).toBe(1002);
      }
      const theirs = (await send<GroupNode[]>('GET', '/api/group/list', undefined, otherToken)).body.result;
      expect(theirs.map((node) => node.name)).toEqual(['Beta Department']);
    });
  });
});
