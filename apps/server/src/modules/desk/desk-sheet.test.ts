import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, type Desk, type DeskImportReport, type Neighbourhood, type OperationLogEntry, type Page } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';
import type { TestUser } from '../../test/factories.js';
import { multipartForm, MULTIPART_HEADERS } from '../../test/uploads.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';

type Rows = Array<Array<string | number | null>>;

/** An xlsx workbook with these sheets, each a list of rows (the first the header). */
async function workbook(sheets: Record<string, Rows>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The sheets of an xlsx file as rows of cell values. */
async function readBook(data: Buffer): Promise<Array<{ name: string; rows: unknown[][]; book: ExcelJS.Workbook }>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  return book.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { name: sheet.name, rows, book };
  });
}

describe(`desk spreadsheet export and import (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let adminToken: string;
  let viewerToken: string;
  let floorId: number;
  let floor4Id: number;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Desk Sheet Co');
    companyId = a.company.id;
    adminToken = await t.factories.session(a.admin);
    viewerToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['roomsLocations:view'] }));
    const room = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Huddle', timeZone: 'Europe/London' });
    floorId = room.floorId;
    floor4Id = await t.factories.location({ companyId, parentId: room.buildingId, level: LOCATION_LEVEL.floor, name: 'Floor 4' });
    owner = await t.factories.user(companyId, { firstName: 'Olive', lastName: 'Owner', email: 'olive@desk-sheet.test' });
    await t.factories.department(companyId, 'Finance');
  });
  afterAll(() => t.cleanup());

  const post = <T>(url: string, payload: Record<string, unknown>) => call<T>(t.app, { method: 'POST', url: `/api/desk/${url}`, headers: { token: adminToken }, payload });
  const exportDesks = (query = '', headers: Record<string, string> = { token: adminToken }) => t.app.inject({ method: 'GET', url: `/api/desk/export${query}`, headers });
  const importFile = (data: Buffer, query = '', headers: Record<string, string> = { token: adminToken }) =>
    call<DeskImportReport>(t.app, { method: 'POST', url: `/api/desk/import${query}`, headers: { ...headers, ...MULTIPART_HEADERS }, payload: multipartForm({}, { name: 'desks.xlsx', content: data }) });
  const listDesks = async (id: number) => (await call<Desk[]>(t.app, { method: 'GET', url: `/api/desk/list?floorId=${id}`, headers: { token: adminToken } })).body.result;

  it('exports every desk as an xlsx sheet named for the station numbers, in the reader\'s language, formulas kept as text', async () => {
    const quiet = await post<Neighbourhood>('neighbourhood/save', { floorId, name: '@SUM(A1:A2)', color: '#3366cc' });
    await post('save', { floorId, number: 'A-1', mode: 'assigned', assignedUserId: owner.id, equipment: ['monitor', 'window'], neighbourhoodId: quiet.body.result.id });
    await post('save', { floorId, number: '=1+1', mode: 'drop_in' });
    await post('save', { floorId: floor4Id, number: 'B-1', mode: 'bookable' });

    const answer = await exportDesks();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="desks.xlsx"');
    const [sheet, ...others] = await readBook(answer.rawPayload);
    expect(others).toEqual([]);
    expect(sheet!.name).toBe('Station numbers');
    expect(sheet!.rows).toEqual([
      ['Building', 'Floor', 'Desk number', 'Use', 'Neighbourhood', 'Owner', 'Equipment'],
      ['Tower A', 'Floor 3', '=1+1', 'Drop-in'],
      ['Tower A', 'Floor 3', 'A-1', 'Assigned', '@SUM(A1:A2)', 'olive@desk-sheet.test', 'Monitor, By a window'],
      ['Tower A', 'Floor 4', 'B-1', 'Bookable'],
    ]);
    // A formula-looking text is a text cell, never a formula.
    const cells = sheet!.book.worksheets[0]!;
    for (const cell of [cells.getRow(2).getCell(3), cells.getRow(3).getCell(5)]) expect([cell.type, cell.formula]).toEqual([ExcelJS.ValueType.String, undefined]);

    const chinese = await exportDesks(`?floorId=${floor4Id}`, { token: viewerToken, lang: 'zh-CN' });
    expect(chinese.headers['content-disposition']).toBe(`attachment; filename="desks-${floor4Id}.xlsx"`);
    const [zh] = await readBook(chinese.rawPayload);
    expect(zh!.name).toBe('工位编号');
    expect(zh!.rows).toEqual([
      ['楼宇', '楼层', '工位编号', '使用方式', '工位分区', '使用人', '设备'],
      ['Tower A', 'Floor 4', 'B-1', '可预订'],
    ]);
  });

  it('imports every sheet: creates, updates, leaves unchanged, refuses bad rows with their reasons; a dry run writes nothing', async () => {
    const file = await workbook({
      'Station numbers': [
        ['Building', 'Floor', 'Desk number', 'Use', 'Neighbourhood', 'Owner', 'Equipment'],
        ['Tower A', 'Floor 3', 'A-1', 'Assigned', '@SUM(A1:A2)', 'olive@desk-sheet.test', 'Monitor, By a window'],
        ['Tower A', 'floor 3', 'a-2', 'Bookable', 'Window row', '', 'monitor, Standing desk'],
        ['Tower A', 'Floor 3', '=1+1', 'Unavailable', '', '', ''],
        ['Tower A', 'Floor 9', 'Z-1', 'Bookable', '', '', ''],
        ['Tower A', 'Floor 3', 'A-3', 'Sometimes', '', '', 'Jetpack'],
        ['Tower A', 'Floor 3', 'A-4', 'Assigned', '', '', ''],
        ['Tower A', 'Floor 3', 'A-5', 'Bookable', '', 'Finance', ''],
        ['Tower A', 'Floor 3', 'A-2', 'Bookable', '', '', ''],
      ],
      // A second sheet, in Chinese, with its columns in another order.
      第二页: [
        ['工位编号', '楼层', '楼宇', '使用方式', '使用人', '设备'],
        ['B-2', 'Floor 4', 'Tower A', '固定工位', 'Finance', '双显示器、扩展坞'],
      ],
    });
    const dry = await importFile(file, '?dryRun=true');
    expect([dry.status, dry.body.message], dry.body.message).toEqual([200, formatMessage('deskImportChecked', 'en-US', { created: 2, updated: 1, unchanged: 1, refused: 5 })]);
    expect((await listDesks(floorId)).map((desk) => desk.number)).toEqual(['=1+1', 'A-1']);

    const done = await importFile(file);
    expect([done.status, done.body.message], done.body.message).toEqual([200, formatMessage('deskImported', 'en-US', { created: 2, updated: 1, unchanged: 1, refused: 5 })]);
    const say = (key: Parameters<typeof formatMessage>[0], params?: Record<string, string>) => formatMessage(key as 'deskImportOwnerNeeded', 'en-US', params as never);
    expect(done.body.result.rows).toEqual([
      { sheet: 'Station numbers', row: 2, number: 'A-1', result: 'unchanged', reasons: [] },
      { sheet: 'Station numbers', row: 3, number: 'a-2', result: 'created', reasons: [] },
      { sheet: 'Station numbers', row: 4, number: '=1+1', result: 'updated', reasons: [] },
      { sheet: 'Station numbers', row: 5, number: 'Z-1', result: 'refused', reasons: [say('deskImportUnknownFloor', { building: 'Tower A', floor: 'Floor 9' })] },
      {
        sheet: 'Station numbers',
        row: 6,
        number: 'A-3',
        result: 'refused',
        reasons: [say('deskImportUnknownMode', { value: 'Sometimes' }), say('deskImportUnknownEquipment', { name: 'Jetpack' })],
      },
      { sheet: 'Station numbers', row: 7, number: 'A-4', result: 'refused', reasons: [say('deskImportOwnerNeeded')] },
      { sheet: 'Station numbers', row: 8, number: 'A-5', result: 'refused', reasons: [say('deskImportOwnerNotAssigned')] },
      { sheet: 'Station numbers', row: 9, number: 'A-2', result: 'refused', reasons: [say('importDuplicateInFile', { value: 'A-2' })] },
      { sheet: '第二页', row: 2, number: 'B-2', result: 'created', reasons: [] },
    ]);
    expect(done.body.result.neighbourhoodsCreated).toEqual(['Floor 3 / Window row']);

    const desks = await listDesks(floorId);
    expect(desks.map((desk) => [desk.number, desk.mode, desk.equipment])).toEqual([
      ['=1+1', 'unavailable', []],
      ['A-1', 'assigned', ['monitor', 'window']],
      ['a-2', 'bookable', ['monitor', 'standingDesk']],
    ]);
    const areas = (await call<Neighbourhood[]>(t.app, { method: 'GET', url: `/api/desk/neighbourhood/list?floorId=${floorId}`, headers: { token: adminToken } })).body.result;
    expect(areas.find((area) => area.name === 'Window row')).toMatchObject({ departmentId: null, deskCount: 1 });
    expect((await listDesks(floor4Id)).find((desk) => desk.number === 'B-2')).toMatchObject({ mode: 'assigned', assignedDepartmentName: 'Finance', equipment: ['dualMonitor', 'dockingStation'] });

    // Refusals in the reader's language.
    const zh = await importFile(await workbook({ s: [['楼宇', '楼层', '工位编号', '使用方式'], ['Tower A', 'Floor 3', 'C-1', '偶尔']] }), '', { token: adminToken, lang: 'zh-CN' });
    expect(zh.body.result.rows).toEqual([{ sheet: 's', row: 2, number: 'C-1', result: 'refused', reasons: [formatMessage('deskImportUnknownMode', 'zh-CN', { value: '偶尔' })] }]);

    const log = await call<Page<OperationLogEntry>>(t.app, { method: 'GET', url: '/api/operation-log/list?pageSize=50', headers: { token: adminToken } });
    expect(log.body.result.list.filter((entry) => entry.action === 'desk.import').map((entry) => entry.detail)).toEqual([
      { created: 0, updated: 0, unchanged: 0, refused: 1, neighbourhoods: 0 },
      { created: 2, updated: 1, unchanged: 1, refused: 5, neighbourhoods: 1 },
    ]);
  });

  it('reads back its own export unchanged, and a csv file', async () => {
    const exported = (await exportDesks()).rawPayload;
    const again = await importFile(exported);
    expect(again.body.result.counts).toEqual({ created: 0, updated: 0, unchanged: 5, refused: 0 });
    const csv = Buffer.from('building,floor,number,mode\nTower A,Floor 4,B-1,drop_in\n');
    const fromCsv = await importFile(csv);
    expect(fromCsv.body.result.rows).toEqual([{ sheet: 'csv', row: 2, number: 'B-1', result: 'updated', reasons: [] }]);
  });

  it('refuses a file that is no spreadsheet, an empty one, unknown or missing headers, and readers', async () => {
    const binary = await importFile(Buffer.from([0, 1, 2, 3, 0xff, 0xfe]));
    expect([binary.status, binary.body.message]).toEqual([422, formatMessage('importUnsupportedFile', 'en-US')]);
    const empty = await importFile(await workbook({ s: [['Building', 'Floor', 'Desk number']] }));
    expect([empty.status, empty.body.message]).toEqual([422, formatMessage('deskImportEmpty', 'en-US')]);
    const unknown = await importFile(await workbook({ s: [['Building', 'Floor', 'Desk number', 'Colour'], ['Tower A', 'Floor 3', 'X', 'red']] }));
    expect([unknown.status, unknown.body.message]).toEqual([422, formatMessage('deskImportUnknownColumns', 'en-US', { sheet: 's', columns: 'Colour' })]);
    const missing = await importFile(await workbook({ s: [['Floor', 'Desk number'], ['Floor 3', 'X']] }));
    expect([missing.status, missing.body.message]).toEqual([422, formatMessage('importMissingColumns', 'en-US', { sheet: 's', columns: 'building' })]);
    const reader = await importFile(await workbook({ s: [['Building', 'Floor', 'Desk number'], ['Tower A', 'Floor 3', 'R-1']] }), '', { token: viewerToken });
    expect(reader.status).toBe(403);
    expect((await listDesks(floorId)).some((desk) => desk.number === 'R-1')).toBe(false);
  });

  it("reaches no other company's floors: its floor refuses an export, and an import by its names finds none", async () => {
    const other = await t.factories.companyWithAdmin('Other Desk Sheet Co');
    const otherToken = await t.factories.session(other.admin);
    const otherRoom = await createTestRoom(t.db, t.factories, t.clock, other.company.id, { name: 'Elsewhere' });
    await call(t.app, { method: 'POST', url: '/api/desk/save', headers: { token: otherToken }, payload: { floorId: otherRoom.floorId, number: 'O-1', mode: 'bookable' } });
    const foreign = await call(t.app, { method: 'GET', url: `/api/desk/export?floorId=${otherRoom.floorId}`, headers: { token: adminToken } });
    expect([foreign.status, foreign.body.message]).toEqual([404, formatMessage('deskFloorNotFound', 'en-US')]);
    const [own] = await readBook((await exportDesks('', { token: otherToken })).rawPayload);
    expect(own!.rows.slice(1)).toEqual([['Tower A', 'Floor 3', 'O-1', 'Bookable']]);
    // The other company's admin imports a row naming "Tower A / Floor 3": it lands on their own floor, never on ours.
    const theirs = await importFile(await workbook({ s: [['Building', 'Floor', 'Desk number', 'Use'], ['Tower A', 'Floor 3', 'O-2', 'Bookable']] }), '', { token: otherToken });
    expect(theirs.body.result.counts.created).toBe(1);
    expect((await listDesks(floorId)).some((desk) => desk.number === 'O-2')).toBe(false);
    const stranger = await importFile(await workbook({ s: [['Building', 'Floor', 'Desk number'], ['Nowhere', 'Floor 3', 'O-3']] }), '', { token: otherToken });
    expect(stranger.body.result.counts.refused).toBe(1);
  });
});
