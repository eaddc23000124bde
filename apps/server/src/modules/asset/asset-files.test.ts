import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_COLUMNS, formatMessage, type Asset, type AssetImportReport, type OperationLogEntry, type Page } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';
import { multipartForm, MULTIPART_HEADERS } from '../../test/uploads.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'atrium-asset-labels-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
/** The PDF's text as a person reads it (poppler's pdftotext), one space between words. */
function pdfText(pdf: Buffer): string {
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim();
}
function pdfPages(pdf: Buffer): number {
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
}

/** An xlsx workbook of one sheet with these rows (the first the header). */
async function workbook(rows: Array<Array<string | number | Date | null>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('assets');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe(`asset export, import and labels (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let token: string;
  let floorId: number;
  let modelId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Asset Files Co');
    companyId = a.company.id;
    token = await t.factories.session(a.admin);
    floorId = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Studio', timeZone: 'Europe/London' })).floorId;
    const category = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/asset/category/add', headers: { token }, payload: { parentId: null, name: 'Monitors' } });
    const model = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/asset/model/save', headers: { token }, payload: { categoryId: category.body.result.id, name: 'Dell P2422H', manufacturer: 'Dell' } });
    modelId = model.body.result.id;
  });
  afterAll(() => t.cleanup());

  const save = async (payload: Record<string, unknown>) => {
    const answer = await call<Asset>(t.app, { method: 'POST', url: '/api/asset/save', headers: { token }, payload: { modelId, ...payload } });
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result;
  };
  const importFile = (data: Buffer, query = '', headers: Record<string, string> = { token }) =>
    call<AssetImportReport>(t.app, { method: 'POST', url: `/api/asset/import${query}`, headers: { ...headers, ...MULTIPART_HEADERS }, payload: multipartForm({}, { name: 'assets.xlsx', content: data }) });

  it('exports the filtered list as xlsx whose cells starting with = + - @ stay inert text', async () => {
    const dangerous = ['=HYPERLINK("http://evil.test","x")', '+1+2', '-3+4', '@SUM(A1:A2)'];
    for (const [index, notes] of dangerous.entries()) await save({ tag: `X-${index + 1}`, serial: index === 0 ? '=1+1' : null, notes, locationId: floorId, purchaseDate: '2026-02-01' });
    await save({ tag: 'R-1', status: 'retired' });
    const answer = await t.app.inject({ method: 'GET', url: '/api/asset/export?status=ready', headers: { token } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="assets.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([...ASSET_COLUMNS]);
    const notesColumn = ASSET_COLUMNS.indexOf('notes') + 1;
    const rows = [2, 3, 4, 5].map((n) => sheet.getRow(n));
    expect(rows.map((row) => row.getCell(1).value)).toEqual(['X-1', 'X-2', 'X-3', 'X-4']);
    // Retired assets are not in a filter of ready ones.
    expect(sheet.rowCount).toBe(5);
    for (const [index, row] of rows.entries()) {
      const cell = row.getCell(notesColumn);
      expect([cell.type, cell.value, cell.formula]).toEqual([ExcelJS.ValueType.String, dangerous[index], undefined]);
    }
    expect([rows[0]!.getCell(2).type, rows[0]!.getCell(2).value]).toEqual([ExcelJS.ValueType.String, '=1+1']);
    expect(rows[0]!.getCell(ASSET_COLUMNS.indexOf('location') + 1).value).toBe('Floor 3');
  });

  it("exports nothing of another company's: its category or location as a filter matches nothing", async () => {
    const other = await t.factories.companyWithAdmin('Other Files Co');
    const otherToken = await t.factories.session(other.admin);
    const category = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/asset/category/add', headers: { token: otherToken }, payload: { parentId: null, name: 'Other gear' } });
    const otherFloor = (await createTestRoom(t.db, t.factories, t.clock, other.company.id, { name: 'Other room' })).floorId;
    for (const query of [`categoryId=${category.body.result.id}`, `locationId=${otherFloor}`]) {
      const answer = await t.app.inject({ method: 'GET', url: `/api/asset/export?${query}`, headers: { token } });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
      expect([answer.statusCode, book.worksheets[0]!.rowCount], query).toEqual([200, 1]);
    }
    const own = await t.app.inject({ method: 'GET', url: '/api/asset/export', headers: { token: otherToken } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(own.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(1);
  });

  it('checks an import in a dry run without writing, then creates and updates by tag, refusing bad rows with their row numbers', async () => {
    const file = await workbook([
      ['Tag', 'Model', 'Serial', 'Status', 'Location', 'PurchaseDate', 'Notes'],
      ['N-1', 'dell p2422h', 'SN-100', '', 'Floor 3', '2026-03-01', 'New one'],
      ['X-2', 'Dell P2422H', 'SN-200', 'in_repair', '', '', 'Updated by tag'],
      ['N-2', 'Nokia 3310', '', '', '', '', ''],
      ['N-3', 'Dell P2422H', '', 'lost', '', '31/12/2026', ''],
      ['n-1', 'Dell P2422H', '', '', '', '', ''],
      ['N-4', 'Dell P2422H', 'SN-100', '', 'Atlantis', '', ''],
      ['N-5', 'Dell P2422H', '', '', '', new Date(Date.UTC(2026, 4, 6)), ''],
    ]);
    const dry = await importFile(file, '?dryRun=true');
    expect([dry.status, dry.body.message], dry.body.message).toEqual([200, formatMessage('assetImportChecked', 'en-US', { created: 2, updated: 1, refused: 4 })]);
    const before = (await call<Page<Asset>>(t.app, { method: 'GET', url: '/api/asset/list?pageSize=50', headers: { token } })).body.result;
    expect(before.list.map((asset) => asset.tag)).toEqual(['R-1', 'X-1', 'X-2', 'X-3', 'X-4']);
    expect(before.list.find((asset) => asset.tag === 'X-2')!.status).toBe('ready');

    const done = await importFile(file);
    expect([done.status, done.body.message], done.body.message).toEqual([200, formatMessage('assetImported', 'en-US', { created: 2, updated: 1, refused: 4 })]);
    expect(done.body.result.dryRun).toBe(false);
    expect(done.body.result.created.map((row) => [row.row, row.tag])).toEqual([
      [2, 'N-1'],
      [8, 'N-5'],
    ]);
    expect(done.body.result.updated.map((row) => [row.row, row.tag])).toEqual([[3, 'X-2']]);
    expect(done.body.result.refused).toEqual([
      { sheet: 'assets', row: 4, tag: 'N-2', reasons: [formatMessage('assetImportUnknownModel', 'en-US', { name: 'Nokia 3310' })] },
      { sheet: 'assets', row: 5, tag: 'N-3', reasons: [formatMessage('importInvalidField', 'en-US', { field: 'status' }), formatMessage('importInvalidField', 'en-US', { field: 'purchaseDate' })] },
      { sheet: 'assets', row: 6, tag: 'n-1', reasons: [formatMessage('importDuplicateInFile', 'en-US', { value: 'n-1' })] },
      { sheet: 'assets', row: 7, tag: 'N-4', reasons: [formatMessage('importUnknownLocation', 'en-US', { name: 'Atlantis' })] },
    ]);
    const after = (await call<Page<Asset>>(t.app, { method: 'GET', url: '/api/asset/list?pageSize=50', headers: { token } })).body.result.list;
    expect(after.find((asset) => asset.tag === 'N-1')).toMatchObject({ serial: 'SN-100', locationId: floorId, purchaseDate: '2026-03-01', notes: 'New one', status: 'ready' });
    expect(after.find((asset) => asset.tag === 'N-5')!.purchaseDate).toBe('2026-05-06');
    // Updated by its tag: the blank location and purchase date cleared.
    expect(after.find((asset) => asset.tag === 'X-2')).toMatchObject({ serial: 'SN-200', status: 'in_repair', notes: 'Updated by tag', locationId: null, purchaseDate: null });

    // A serial taken on the model in the database refuses the row with the catalogue's message, in Chinese too.
    const again = await importFile(await workbook([['tag', 'model', 'serial'], ['N-9', 'Dell P2422H', 'sn-100']]), '', { token, lang: 'zh-CN' });
    expect(again.body.result.refused).toEqual([{ sheet: 'assets', row: 2, tag: 'N-9', reasons: [formatMessage('assetSerialTaken', 'zh-CN', { serial: 'sn-100' })] }]);

    const log = await call<Page<OperationLogEntry>>(t.app, { method: 'GET', url: '/api/operation-log/list?pageSize=50', headers: { token } });
    const imports = log.body.result.list.filter((entry) => entry.action === 'asset.import');
    expect(imports.map((entry) => entry.detail)).toEqual([
      { created: 0, updated: 0, refused: 1 },
      { created: 2, updated: 1, refused: 4 },
    ]);
  });

  it('refuses a file that is no spreadsheet, one without the tag and model columns, and readers', async () => {
    const binary = await importFile(Buffer.from([0, 1, 2, 3, 0xff, 0xfe]));
    expect([binary.status, binary.body.message]).toEqual([422, formatMessage('importUnsupportedFile', 'en-US')]);
    const columns = await importFile(await workbook([['serial', 'notes'], ['1', '2']]));
    expect([columns.status, columns.body.message]).toEqual([422, formatMessage('importMissingColumns', 'en-US', { sheet: 'assets', columns: 'tag, model' })]);
    const reader = await t.factories.session(await t.factories.user(companyId, { permissions: ['trackingFields:view'] }));
    expect((await importFile(await workbook([['tag', 'model']]), '', { token: reader })).status).toBe(403);
  });

  it('prints labels with each tag and model, 24 to an A4 page, for the assets named or the filter', async () => {
    const list = (await call<Page<Asset>>(t.app, { method: 'GET', url: '/api/asset/list?pageSize=50', headers: { token } })).body.result.list;
    const chosen = list.filter((asset) => ['X-1', 'N-1'].includes(asset.tag));
    const answer = await t.app.inject({ method: 'GET', url: `/api/asset/labels?ids=${chosen.map((asset) => asset.id).join(',')}`, headers: { token } });
    expect([answer.statusCode, answer.headers['content-type']]).toEqual([200, 'application/pdf']);
    const text = pdfText(answer.rawPayload);
    expect(text).toContain('X-1');
    expect(text).toContain('N-1');
    expect(text).toContain('Dell P2422H');
    expect(text).toContain('S/N SN-100');
    expect(text).not.toContain('X-3');
    for (let n = 0; n < 30; n++) await save({ tag: `BULK-${String(n).padStart(2, '0')}` });
    const bulk = await t.app.inject({ method: 'GET', url: '/api/asset/labels?keyword=bulk-', headers: { token } });
    expect(pdfPages(bulk.rawPayload)).toBe(2);
    expect(pdfText(bulk.rawPayload)).toContain('BULK-29');
    const none = await call(t.app, { method: 'GET', url: '/api/asset/labels?keyword=nothing-matches', headers: { token } });
    expect([none.status, none.body.message]).toEqual([422, formatMessage('assetLabelsNone', 'en-US')]);
    expect((await call(t.app, { method: 'GET', url: '/api/asset/labels?ids=1,x', headers: { token } })).status).toBe(400);
    const unknown = await call(t.app, { method: 'GET', url: `/api/asset/labels?ids=${chosen[0]!.id},999999`, headers: { token } });
    expect([unknown.status, unknown.body.message]).toEqual([404, formatMessage('assetNotFound', 'en-US')]);
  });
});
