import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, ReturnCode, type Asset, type AssetAssignment, type AssetCategory, type AssetModel, type AssetOptions, type AssetTarget, type OperationLogEntry, type Page } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';
import type { TestUser } from '../../test/factories.js';
import { createAssetCatalogueRepository } from './asset-catalogue.repository.js';
import { createAssetRepository } from './asset.repository.js';
import { createAssetService } from './asset.service.js';

describe(`assets and the equipment catalogue (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let admin: TestUser;
  let adminToken: string;
  let holder: TestUser;
  let floorId: number;
  let buildingId: number;
  let roomId: number;
  let deskId: number;
  /** Readers and editors of one area only. */
  let assetViewer: string;
  let catalogueViewer: string;
  let assetEditor: string;
  const ids = { it: 0, furniture: 0, monitors: 0, laptops: 0, chairs: 0, monitorModel: 0, laptopModel: 0, monitor1: 0, laptop1: 0, retired: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Asset Co');
    companyId = a.company.id;
    admin = a.admin;
    adminToken = await t.factories.session(admin);
    holder = await t.factories.user(companyId, { firstName: 'Hana', lastName: 'Holder' });
    const room = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Boardroom', timeZone: 'Europe/London' });
    floorId = room.floorId;
    buildingId = room.buildingId;
    roomId = room.roomId;
    const desk = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/desk/save', headers: { token: adminToken }, payload: { floorId, number: 'D-7', mode: 'bookable' } });
    deskId = desk.body.result.id;
    assetViewer = await t.factories.session(await t.factories.user(companyId, { permissions: ['trackingFields:view'] }));
    catalogueViewer = await t.factories.session(await t.factories.user(companyId, { permissions: ['roomsLocations:view'] }));
    assetEditor = await t.factories.session(await t.factories.user(companyId, { permissions: ['trackingFields:edit'] }));
  });
  afterAll(() => t.cleanup());

  const post = <T>(url: string, payload: Record<string, unknown>, token = adminToken, lang: 'en-US' | 'zh-CN' = 'en-US') =>
    call<T>(t.app, { method: 'POST', url: `/api/asset/${url}`, headers: { token, lang }, payload });
  const get = <T>(url: string, token = adminToken) => call<T>(t.app, { method: 'GET', url: `/api/asset/${url}`, headers: { token } });

  it('builds the category tree, keeps names unique among siblings regardless of case, renames and moves, never under itself', async () => {
    for (const [key, parent, name] of [
      ['it', null, 'IT'],
      ['furniture', null, 'Furniture'],
      ['monitors', 'it', 'Monitors'],
      ['laptops', 'it', 'Laptops'],
      ['chairs', 'furniture', 'Chairs'],
    ] as const) {
      const added = await post<AssetCategory>('category/add', { parentId: parent === null ? null : ids[parent], name });
      expect([added.status, added.body.message], added.body.message).toEqual([200, formatMessage('assetCategorySaved', 'en-US', { name })]);
      ids[key] = added.body.result.id;
    }
    const tree = await get<AssetCategory[]>('category/list', catalogueViewer);
    expect(tree.body.result.map((c) => [c.name, c.depth])).toEqual([
      ['Furniture', 0],
      ['Chairs', 1],
      ['IT', 0],
      ['Laptops', 1],
      ['Monitors', 1],
    ]);
    const same = await post('category/add', { parentId: ids.it, name: 'monitors ' }, adminToken, 'zh-CN');
    expect([same.status, same.body.returncode, same.body.message]).toEqual([422, ReturnCode.REFUSED, formatMessage('assetCategoryNameTaken', 'zh-CN', { name: 'monitors' })]);
    expect((await post('category/add', { parentId: null, name: 'it' })).status).toBe(422);
    // The same name elsewhere in the tree is another category.
    expect((await post<AssetCategory>('category/add', { parentId: ids.furniture, name: 'Monitors' })).status).toBe(200);

    const renamed = await post<AssetCategory>('category/rename', { id: ids.chairs, name: 'Seating' });
    expect(renamed.body.result).toMatchObject({ name: 'Seating', parentId: ids.furniture });
    expect((await post('category/rename', { id: ids.laptops, name: 'MONITORS' })).status).toBe(422);
    const inside = await post('category/move', { id: ids.it, parentId: ids.monitors });
    expect([inside.status, inside.body.message]).toEqual([422, formatMessage('assetCategoryMoveInside', 'en-US')]);
    expect((await post('category/move', { id: ids.it, parentId: ids.it })).status).toBe(422);
    // Furniture already has a Monitors: moving IT's there is refused.
    expect((await post('category/move', { id: ids.monitors, parentId: ids.furniture })).status).toBe(422);
    const moved = await post<AssetCategory>('category/move', { id: ids.chairs, parentId: ids.it });
    expect(moved.body.result).toMatchObject({ parentId: ids.it, depth: 1 });
    expect((await post<AssetCategory>('category/move', { id: ids.chairs, parentId: ids.furniture })).status).toBe(200);
    expect((await post('category/add', { parentId: null, name: '' })).status).toBe(400);
    expect((await post('category/add', { parentId: 999999, name: 'Orphan' })).status).toBe(404);
  });

  it('adds and changes models with a unique name, and refuses deleting a category while a category or model is under it', async () => {
    const monitor = await post<AssetModel>('model/save', { categoryId: ids.monitors, name: 'Dell U2723QE', manufacturer: 'Dell', modelNumber: 'U2723QE' });
    expect([monitor.status, monitor.body.message], monitor.body.message).toEqual([200, formatMessage('assetModelSaved', 'en-US', { name: 'Dell U2723QE' })]);
    expect(monitor.body.result).toMatchObject({ categoryName: 'Monitors', manufacturer: 'Dell', assetCount: 0 });
    ids.monitorModel = monitor.body.result.id;
    const laptop = await post<AssetModel>('model/save', { categoryId: ids.laptops, name: 'ThinkPad T14', manufacturer: 'Lenovo', modelNumber: '' });
    expect(laptop.body.result.modelNumber).toBeNull();
    ids.laptopModel = laptop.body.result.id;
    const taken = await post('model/save', { categoryId: ids.laptops, name: 'thinkpad  t14' });
    expect([taken.status, taken.body.message]).toEqual([422, formatMessage('assetModelNameTaken', 'en-US', { name: 'thinkpad  t14' })]);
    const changed = await post<AssetModel>('model/save', { id: ids.laptopModel, categoryId: ids.laptops, name: 'ThinkPad T14 Gen 4', manufacturer: 'Lenovo' });
    expect(changed.body.result.name).toBe('ThinkPad T14 Gen 4');
    expect((await get<AssetModel[]>('model/list', catalogueViewer)).body.result.map((m) => m.name)).toEqual(['Dell U2723QE', 'ThinkPad T14 Gen 4']);

    const used = await post('category/delete', { id: ids.it }, adminToken, 'zh-CN');
    expect([used.status, used.body.message]).toEqual([422, formatMessage('assetCategoryInUse', 'zh-CN', { name: 'IT' })]);
    expect((await post('category/delete', { id: ids.monitors })).status).toBe(422);
    const spare = await post<AssetCategory>('category/add', { parentId: ids.furniture, name: 'Lamps' });
    const deleted = await post('category/delete', { id: spare.body.result.id });
    expect([deleted.status, deleted.body.message]).toEqual([200, formatMessage('assetCategoryDeleted', 'en-US')]);
    expect((await get<AssetCategory[]>('category/list')).body.result.some((c) => c.name === 'Lamps')).toBe(false);
    // A deleted category's name is free again.
    expect((await post('category/add', { parentId: ids.furniture, name: 'Lamps' })).status).toBe(200);
  });

  it('adds assets with a tag unique in the company regardless of case and a serial unique per model', async () => {
    const saved = await post<Asset>('save', { tag: 'LDN-0001', serial: 'SN-1', modelId: ids.monitorModel, locationId: floorId, purchaseDate: '2026-01-15', warrantyEnd: '2029-01-14', notes: 'Left of the window' }, assetEditor);
    expect([saved.status, saved.body.message], saved.body.message).toEqual([200, formatMessage('assetSaved', 'en-US', { tag: 'LDN-0001' })]);
    expect(saved.body.result).toMatchObject({ tag: 'LDN-0001', status: 'ready', holder: null, modelName: 'Dell U2723QE', categoryName: 'Monitors', locationName: 'Floor 3', purchaseDate: '2026-01-15' });
    ids.monitor1 = saved.body.result.id;
    const tagTaken = await post('save', { tag: 'ldn-0001', modelId: ids.laptopModel }, assetEditor, 'zh-CN');
    expect([tagTaken.status, tagTaken.body.returncode, tagTaken.body.message]).toEqual([422, ReturnCode.REFUSED, formatMessage('assetTagTaken', 'zh-CN', { tag: 'ldn-0001' })]);
    const serialTaken = await post('save', { tag: 'LDN-0002', serial: 'sn-1', modelId: ids.monitorModel }, assetEditor);
    expect([serialTaken.status, serialTaken.body.message]).toEqual([422, formatMessage('assetSerialTaken', 'en-US', { serial: 'sn-1' })]);
    // The same serial on another model's asset is another maker's number.
    const laptop = await post<Asset>('save', { tag: 'LDN-0002', serial: 'SN-1', modelId: ids.laptopModel, locationId: buildingId }, assetEditor);
    expect(laptop.status, laptop.body.message).toBe(200);
    ids.laptop1 = laptop.body.result.id;
    const third = await post<Asset>('save', { tag: 'LDN-0003', modelId: ids.laptopModel, status: 'retired' }, assetEditor);
    expect(third.body.result.status).toBe('retired');
    ids.retired = third.body.result.id;

    expect((await post('save', { tag: 'X', modelId: 999999 })).body.message).toBe(formatMessage('assetModelNotFound', 'en-US'));
    expect((await post('save', { tag: 'X', modelId: ids.laptopModel, locationId: 999999 })).body.message).toBe(formatMessage('assetLocationNotFound', 'en-US'));
    expect((await post('save', { tag: 'X', modelId: ids.laptopModel, status: 'deployed' })).status).toBe(400);
    expect((await post('save', { tag: 'X', modelId: ids.laptopModel, purchaseDate: '15/01/2026' })).status).toBe(400);
    expect((await post('save', { tag: ' ', modelId: ids.laptopModel })).status).toBe(400);

    // Eight saves of one tag at once make one asset.
    const answers = await Promise.all(Array.from({ length: 8 }, () => post<Asset>('save', { tag: 'RACE-1', modelId: ids.laptopModel })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422, 422, 422, 422, 422, 422, 422]);

    // A model with assets stays.
    const inUse = await post('model/delete', { id: ids.monitorModel });
    expect([inUse.status, inUse.body.message]).toEqual([422, formatMessage('assetModelInUse', 'en-US', { name: 'Dell U2723QE' })]);
  });

  it('checks an asset out to one holder at a time, in and out again, keeping every holder in its history', async () => {
    const out = await post<Asset>('checkout', { id: ids.monitor1, targetKind: 'user', targetId: holder.id }, assetEditor);
    expect([out.status, out.body.message], out.body.message).toEqual([200, formatMessage('assetCheckedOut', 'en-US', { tag: 'LDN-0001', name: 'Hana Holder' })]);
    expect(out.body.result).toMatchObject({ status: 'deployed', holder: { kind: 'user', id: holder.id, name: 'Hana Holder' } });
    const twice = await post('checkout', { id: ids.monitor1, targetKind: 'desk', targetId: deskId }, assetEditor, 'zh-CN');
    expect([twice.status, twice.body.message]).toEqual([422, formatMessage('assetAlreadyAssigned', 'zh-CN', { tag: 'LDN-0001' })]);
    expect((await post('checkout', { id: ids.retired, targetKind: 'user', targetId: holder.id })).body.message).toBe(formatMessage('assetNotReady', 'en-US', { tag: 'LDN-0003' }));
    expect((await post('checkout', { id: ids.laptop1, targetKind: 'desk', targetId: 999999 })).body.message).toBe(formatMessage('assetTargetNotFound', 'en-US'));
    expect((await post('checkout', { id: ids.laptop1, targetKind: 'printer', targetId: deskId })).status).toBe(400);
    // A deployed asset's status waits for its check-in; deleting it too.
    expect((await post('save', { id: ids.monitor1, tag: 'LDN-0001', modelId: ids.monitorModel, status: 'retired' })).body.message).toBe(formatMessage('assetDeployedStatus', 'en-US', { tag: 'LDN-0001' }));
    expect((await post('delete', { ids: [ids.monitor1] })).body.message).toBe(formatMessage('assetDeleteDeployed', 'en-US', { tag: 'LDN-0001' }));
    // An edit without a status keeps it deployed with its holder.
    const edited = await post<Asset>('save', { id: ids.monitor1, tag: 'LDN-0001', serial: 'SN-1', modelId: ids.monitorModel, locationId: floorId, notes: 'Moved' });
    expect(edited.body.result).toMatchObject({ status: 'deployed', holder: { kind: 'user' }, notes: 'Moved' });

    const back = await post<Asset>('checkin', { id: ids.monitor1 }, assetEditor);
    expect([back.body.message, back.body.result.status, back.body.result.holder]).toEqual([formatMessage('assetCheckedIn', 'en-US', { tag: 'LDN-0001' }), 'ready', null]);
    expect((await post('checkin', { id: ids.monitor1 })).body.message).toBe(formatMessage('assetNotAssigned', 'en-US', { tag: 'LDN-0001' }));
    t.clock.advance(60_000);
    const fresh = await t.factories.session(admin);
    // Kept in the building, then put on a desk: it stands on the desk's floor; in a room: in the room.
    expect((await post<Asset>('save', { id: ids.monitor1, tag: 'LDN-0001', serial: 'SN-1', modelId: ids.monitorModel, locationId: buildingId, notes: 'Moved' }, fresh)).body.result.locationId).toBe(buildingId);
    const onDesk = await post<Asset>('checkout', { id: ids.monitor1, targetKind: 'desk', targetId: deskId }, fresh);
    expect(onDesk.body.result).toMatchObject({ holder: { kind: 'desk', id: deskId, name: 'D-7' }, locationId: floorId });
    expect((await post('checkin', { id: ids.monitor1 }, fresh)).status).toBe(200);
    const inRoom = await post<Asset>('checkout', { id: ids.monitor1, targetKind: 'room', targetId: roomId }, fresh);
    expect(inRoom.body.result).toMatchObject({ holder: { kind: 'room', id: roomId, name: 'Boardroom' }, locationId: roomId, locationName: 'Boardroom' });

    const history = await get<AssetAssignment[]>(`history?id=${ids.monitor1}`, await t.factories.session(await t.factories.user(companyId, { permissions: ['trackingFields:view'] })));
    expect(history.body.result.map((h) => [h.targetKind, h.targetName, h.returnedAt === null])).toEqual([
      ['room', 'Boardroom', true],
      ['desk', 'D-7', false],
      ['user', 'Hana Holder', false],
    ]);
    expect(history.body.result[2]!.assignedByName).not.toBeNull();

    // Simultaneous check-outs of one ready asset: one wins.
    const racers = await Promise.all([holder.id, admin.id, holder.id, admin.id].map((id) => post('checkout', { id: ids.laptop1, targetKind: 'user', targetId: id }, fresh)));
    expect(racers.map((answer) => answer.status).sort()).toEqual([200, 422, 422, 422]);
    const open = await t.db.kysely.selectFrom('asset_assignments').select('id').where('asset_id', '=', ids.laptop1).where('returned_at', 'is', null).execute();
    expect(open).toHaveLength(1);
  });

  it('lists by tag with search by tag, serial, model or holder, and filters by status, category subtree and location subtree', async () => {
    const token = assetViewer;
    const tags = async (query: string) => (await get<Page<Asset>>(`list?pageSize=50&${query}`, token)).body.result.list.map((asset) => asset.tag);
    expect(await tags('')).toEqual(['LDN-0001', 'LDN-0002', 'LDN-0003', 'RACE-1']);
    expect(await tags('keyword=0002')).toEqual(['LDN-0002']);
    expect(await tags('keyword=sn-1')).toEqual(['LDN-0001', 'LDN-0002']);
    expect(await tags('keyword=u2723')).toEqual(['LDN-0001']);
    expect(await tags('keyword=boardroom')).toEqual(['LDN-0001']);
    expect(await tags('keyword=100%25')).toEqual([]);
    expect(await tags('status=retired')).toEqual(['LDN-0003']);
    expect(await tags(`categoryId=${ids.it}`)).toEqual(['LDN-0001', 'LDN-0002', 'LDN-0003', 'RACE-1']);
    expect(await tags(`categoryId=${ids.monitors}`)).toEqual(['LDN-0001']);
    expect(await tags(`locationId=${buildingId}`)).toEqual(['LDN-0001', 'LDN-0002']);
    expect(await tags(`locationId=${floorId}`)).toEqual(['LDN-0001']);
    const page = await get<Page<Asset>>('list?page=2&pageSize=15', token);
    expect([page.body.result.total, page.body.result.list.length]).toEqual([4, 0]);
    expect((await get<Asset>(`detail?id=${ids.monitor1}`, token)).body.result.tag).toBe('LDN-0001');
    const options = await get<AssetOptions>('options', token);
    expect(options.body.result.models.map((m) => m.name)).toEqual(['Dell U2723QE', 'ThinkPad T14 Gen 4']);
    expect(options.body.result.locations.find((node) => node.id === floorId)).toEqual({ id: floorId, parentId: buildingId, name: 'Floor 3', level: 6 });
  });

  it('marks an asset audited with its next audit a year on or on the day given', async () => {
    const now = t.clock.now();
    const token = await t.factories.session(admin);
    const audited = await post<Asset>('audit', { id: ids.laptop1 }, token);
    expect([audited.body.message, audited.body.result.lastAuditAt, audited.body.result.nextAuditAt]).toEqual([formatMessage('assetAudited', 'en-US', { tag: 'LDN-0002' }), now, now + 365 * 86_400_000]);
    const chosen = await post<Asset>('audit', { id: ids.laptop1, nextAuditAt: now + 1000 }, token);
    expect(chosen.body.result.nextAuditAt).toBe(now + 1000);
  });

  it('lets the repair centre take an asset out of use and back: a deployed one is checked in first, a retired one stays retired', async () => {
    const service = createAssetService({ db: t.db.kysely, assets: createAssetRepository(t.db.kysely), catalogue: createAssetCatalogueRepository(t.db.kysely), operationLog: undefined as never, clock: t.clock });
    expect(await service.setRepairState(companyId, ids.monitor1, true)).toBe('in_repair');
    const asset = (await get<Asset>(`detail?id=${ids.monitor1}`, await t.factories.session(admin))).body.result;
    expect([asset.status, asset.holder]).toEqual(['in_repair', null]);
    const history = await service.history(companyId, ids.monitor1);
    expect(history[0]!.returnedAt).not.toBeNull();
    expect(await service.setRepairState(companyId, ids.monitor1, false)).toBe('ready');
    expect(await service.setRepairState(companyId, ids.retired, true)).toBe('retired');
    expect(await service.setRepairState(companyId, ids.retired, false)).toBe('retired');
    // In the caller's transaction, as the repair centre writes its report.
    await t.db.kysely.transaction().execute(async (trx) => expect(await service.setRepairState(companyId, ids.monitor1, true, trx)).toBe('in_repair'));
    expect(await service.setRepairState(companyId, ids.monitor1, false)).toBe('ready');
    await expect(service.setRepairState(companyId + 1000, ids.monitor1, true)).rejects.toMatchObject({ messageKey: 'assetNotFound' });
  });

  it('keeps readers out of changes and each area to its own pages, and logs each change', async () => {
    const token = await t.factories.session(admin);
    const viewer = await t.factories.session(await t.factories.user(companyId, { permissions: ['trackingFields:view'] }));
    const catalogue = await t.factories.session(await t.factories.user(companyId, { permissions: ['roomsLocations:view'] }));
    expect((await post('save', { tag: 'V-1', modelId: ids.laptopModel }, viewer)).status).toBe(403);
    expect((await post('checkout', { id: ids.laptop1, targetKind: 'user', targetId: holder.id }, viewer)).status).toBe(403);
    expect((await post('checkin', { id: ids.laptop1 }, viewer)).status).toBe(403);
    expect((await post('audit', { id: ids.laptop1 }, viewer)).status).toBe(403);
    expect((await post('delete', { ids: [ids.laptop1] }, viewer)).status).toBe(403);
    expect((await get('targets?kind=user', viewer)).status).toBe(403);
    expect((await get('list', catalogue)).status).toBe(403);
    expect((await post('category/add', { parentId: null, name: 'V' }, catalogue)).status).toBe(403);
    expect((await post('model/save', { categoryId: ids.it, name: 'V' }, viewer)).status).toBe(403);
    expect((await get('category/list', viewer)).status).toBe(403);

    const targets = await get<AssetTarget[]>('targets?kind=user&keyword=hana', token);
    expect(targets.body.result.map((target) => target.name)).toEqual(['Hana Holder']);
    expect((await get<AssetTarget[]>('targets?kind=desk&keyword=d-', token)).body.result.map((target) => [target.name, target.detail])).toEqual([['D-7', 'Floor 3']]);
    expect((await get<AssetTarget[]>('targets?kind=room', token)).body.result.map((target) => target.name)).toEqual(['Boardroom']);

    const deleted = await post<{ count: number }>('delete', { ids: [ids.retired] }, token);
    expect([deleted.status, deleted.body.message]).toEqual([200, formatMessage('assetsDeleted', 'en-US', { count: 1 })]);
    expect((await get(`detail?id=${ids.retired}`, token)).status).toBe(404);
    // Its tag is free again.
    expect((await post('save', { tag: 'LDN-0003', modelId: ids.laptopModel }, token)).status).toBe(200);

    const log = await call<Page<OperationLogEntry>>(t.app, { method: 'GET', url: '/api/operation-log/list?pageSize=100', headers: { token } });
    const actions = log.body.result.list.map((entry) => [entry.action, entry.targetName]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['assetCategory.create', 'IT'],
        ['assetCategory.update', 'Seating'],
        ['assetCategory.move', 'Seating'],
        ['assetModel.create', 'Dell U2723QE'],
        ['asset.create', 'LDN-0001'],
        ['asset.checkout', 'LDN-0001'],
        ['asset.checkin', 'LDN-0001'],
        ['asset.audit', 'LDN-0002'],
        ['asset.delete', 'LDN-0003'],
      ]),
    );
    expect(log.body.result.list.find((entry) => entry.action === 'asset.checkout' && entry.detail?.['holderName'] === 'Hana Holder')).toBeDefined();
  });
});

