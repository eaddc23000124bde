import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, neutraliseFormula, type DirectoryUser, type ImportReport, type Page } from '@atrium/contract';
import { createMailOutboxRepository } from '../mail/mail.repository.js';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';

/** A multipart body with one file. */
function multipart(filename: string, data: Buffer, contentType = 'application/octet-stream') {
  const boundary = '----atrium-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const xlsFixture = (name: string) => readFileSync(new URL(`../../test/fixtures/xls/${name}`, import.meta.url));

async function workbook(sheets: Record<string, string[][]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe(`directory import and export (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let token: string;
  let tokenViewer: string;
  let tokenB: string;
  let company: number;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.company({ name: 'Alpha' });
    company = a.id;
    await t.factories.role(a.id, [], { name: 'Staff', isDefault: true });
    await t.factories.department(a.id, 'Engineering');
    admin = await t.factories.user(a.id, { permissions: ALL_PERMISSIONS, userName: 'alpha.admin', firstName: '=HYPERLINK("http://evil")', lastName: '@SUM(A1)' });
    token = await t.factories.session(admin);
    tokenViewer = await t.factories.session(await t.factories.user(a.id, { permissions: ['users:view'], userName: 'viewer' }));
    const b = await t.factories.company({ name: 'Bravo' });
    tokenB = await t.factories.session(await t.factories.user(b.id, { permissions: ALL_PERMISSIONS, userName: 'bravo.secret' }));
  });
  afterAll(() => t.cleanup());

  it('prefixes formula-like cells with a quote', () => {
    expect(['=1+1', '+1', '-2', '@x', '\tx', '\rx', 'plain', ''].map(neutraliseFormula)).toEqual(["'=1+1", "'+1", "'-2", "'@x", "'\tx", "'\rx", 'plain', '']);
  });

  it('exports the filtered list as csv without formulas, only the caller’s company', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user/export', headers: { token: tokenViewer }, payload: { format: 'csv' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('users.csv');
    const text = response.body.replace(/^\uFEFF/, '');
    expect(text.split('\n')[0]).toContain('userName,email,firstName,lastName');
    expect(text).toContain(`'=HYPERLINK`);
    expect(text).toContain(`'@SUM(A1)`);
    expect(text).not.toContain('bravo.secret');
    const filtered = await t.app.inject({ method: 'POST', url: '/api/user/export', headers: { token }, payload: { format: 'csv', keyword: 'viewer' } });
    expect(filtered.body).toContain('viewer');
    expect(filtered.body).not.toContain('alpha.admin');
    const other = await t.app.inject({ method: 'POST', url: '/api/user/export', headers: { token: tokenB }, payload: { format: 'csv' } });
    expect(other.body).not.toContain('alpha.admin');
  });

  it('exports xlsx whose cells are text, never formulas', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user/export', headers: { token }, payload: { format: 'xlsx' } });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const cells: unknown[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell.value)));
    expect(cells.every((value) => typeof value === 'string')).toBe(true);
    // Typed text cells keep the names as written (issue 16): a string cell never runs.
    expect(cells).toEqual(expect.arrayContaining(['=HYPERLINK("http://evil")', '@SUM(A1)']));
    expect(cells.some((value) => String(value).startsWith("'"))).toBe(false);
  });

  it('imports csv rows, refusing each bad row with its reasons and its line in the file', async () => {
    const csv = [
      'userName,email,firstName,lastName,department,role,phone',
      'ok.one,ok.one@alpha.test,Okay,One,Engineering,Staff,+44 20 7946 0001',
      'bad name,bad@alpha.test,Bad,Name,,,',
      '',
      'ok.two,ok.two@alpha.test,Okay,Two,Nowhere,,',
      'alpha.admin,dup@alpha.test,Dup,User,,,',
      'ok.three,OK.ONE@alpha.test,Okay,Three,,,',
    ].join('\n');
    const answer = await call<ImportReport>(t.app, { method: 'POST', url: '/api/user/import', headers: { token, ...multipart('people.csv', Buffer.from(csv)).headers }, payload: multipart('people.csv', Buffer.from(csv)).payload });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.result.accepted.map((row) => [row.row, row.userName])).toEqual([[2, 'ok.one']]);
    const refused = Object.fromEntries(answer.body.result.refused.map((row) => [row.row, row.reasons.join(' | ')]));
    expect(refused[3]).toContain('userName is missing or not valid');
    // Line 4 is blank: the report names the lines a spreadsheet program shows.
    expect(Object.keys(refused)).toEqual(['3', '5', '6', '7']);
    expect(refused[5]).toContain('Unknown department: Nowhere');
    expect(refused[6]).toContain('alpha.admin is already in use');
    expect(refused[7]).toContain('appears more than once');
    const mails = await createMailOutboxRepository(t.db.kysely).list(company, { page: 1, pageSize: 15, recipient: 'ok.one@' });
    expect(mails.total).toBe(1);
    const created = await call<Page<DirectoryUser>>(t.app, { method: 'POST', url: '/api/user/getUserList', headers: { token }, payload: { keyword: 'ok.one' } });
    expect(created.body.result.list[0]).toMatchObject({ department: { name: 'Engineering' }, role: { name: 'Staff' }, isPendingActivation: true });
  });

  it('reads every sheet of an xlsx workbook, in the caller’s language', async () => {
    const data = await workbook({
      First: [['userName', 'email', 'firstName', 'lastName'], ['sheet.one', 'sheet.one@alpha.test', 'Sheet', 'One']],
      Second: [['email', 'userName', 'firstName', 'lastName'], [], ['sheet.two@alpha.test', 'sheet.two', 'Sheet', 'Two'], ['not-an-email', 'sheet.three', 'Sheet', 'Three']],
    });
    const body = multipart('people.xlsx', data);
    const answer = await call<ImportReport>(t.app, { method: 'POST', url: '/api/user/import', headers: { token, lang: 'zh-CN', ...body.headers }, payload: body.payload });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.result.accepted.map((row) => `${row.sheet}:${row.row}:${row.userName}`)).toEqual(['First:2:sheet.one', 'Second:3:sheet.two']);
    expect(answer.body.result.refused).toEqual([{ sheet: 'Second', row: 4, userName: 'sheet.three', reasons: ['email 缺失或无效'] }]);
  });

  it('reads every sheet of a legacy xls workbook, whatever the file is called', async () => {
    const body = multipart('people.dat', xlsFixture('import.xls'));
    const answer = await call<ImportReport>(t.app, { method: 'POST', url: '/api/user/import', headers: { token, ...body.headers }, payload: body.payload });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.result.accepted.map((row) => `${row.sheet}:${row.row}:${row.userName}`)).toEqual(['People:2:xls.one', 'People:3:xls.two', 'More:2:xls.three']);
    expect(answer.body.result.refused).toEqual([{ sheet: 'People', row: 4, userName: 'xls.bad', reasons: ['email is missing or not valid'] }]);
    const created = await call<Page<DirectoryUser>>(t.app, { method: 'POST', url: '/api/user/getUserList', headers: { token }, payload: { keyword: 'xls.' } });
    expect(created.body.result.list.map((user) => [user.userName, user.usercode, user.phone, user.department?.name ?? null, user.firstName]).sort()).toEqual([
      ['xls.one', '1001', '+44 20 7946 0101', 'Engineering', 'Xls'],
      ['xls.three', null, null, null, 'Xls'],
      ['xls.two', '1002', null, null, '小明'],
    ]);
  });

  it('refuses password-protected and damaged xls files with their reason, in the caller’s language', async () => {
    const protectedXls = multipart('locked.xls', xlsFixture('password.xls'));
    const locked = await call(t.app, { method: 'POST', url: '/api/user/import', headers: { token, lang: 'zh-CN', ...protectedXls.headers }, payload: protectedXls.payload });
    expect([locked.status, locked.body.returncode, locked.body.message]).toEqual([422, 1005, '此工作簿受密码保护，请取消密码后重新上传']);
    const damagedXls = multipart('old.xls', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64)]));
    const damaged = await call(t.app, { method: 'POST', url: '/api/user/import', headers: { token, ...damagedXls.headers }, payload: damagedXls.payload });
    expect([damaged.status, damaged.body.returncode, damaged.body.message]).toEqual([422, 1005, 'This .xls file is damaged and cannot be read; open and save it again, or save it as .xlsx']);
  });

  it('refuses files that are no spreadsheet, missing columns, and callers without users:edit', async () => {
    const binary = multipart('x.csv', Buffer.from([0, 1, 2, 0xff, 0xfe]));
    expect((await call(t.app, { method: 'POST', url: '/api/user/import', headers: { token, ...binary.headers }, payload: binary.payload })).status).toBe(422);
    const noColumns = multipart('x.csv', Buffer.from('name,mail\nx,y\n'));
    const missing = await call(t.app, { method: 'POST', url: '/api/user/import', headers: { token, ...noColumns.headers }, payload: noColumns.payload });
    expect(missing.body.message).toContain('userName, email, firstName, lastName');
    const json = await call(t.app, { method: 'POST', url: '/api/user/import', headers: { token }, payload: {} });
    expect(json.status).toBe(422);
    const viewer = await call(t.app, { method: 'POST', url: '/api/user/import', headers: { token: tokenViewer, ...noColumns.headers }, payload: noColumns.payload });
    expect([viewer.status, viewer.body.returncode]).toEqual([403, 1014]);
  });
});
