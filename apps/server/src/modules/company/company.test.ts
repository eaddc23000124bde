import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReturnCode, type CompanyContacts, type CompanyInfo, type CurrentUserInfo, type OperationLogEntry, type Page } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { MULTIPART_HEADERS, multipartImage } from '../../test/uploads.js';

const VALID = {
  companyName: 'Lumen Labs',
  address: '12 Canal Street, Manchester',
  postalCode: 'M1 3HW',
  country: 'United Kingdom',
  industry: 'Research',
  companyDomain: 'lumen-labs',
  sizeBand: '21-50',
  billingEmail: 'Billing@Lumen.test',
  supportEmail: '',
  emergencyEmail: null,
};

describe(`company (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let otherCompanyId: number;
  let admin: string;
  let viewer: string;
  let outsider: string;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Lumen');
    const b = await t.factories.company({ name: 'Other', domain: 'taken' });
    companyId = a.company.id;
    otherCompanyId = b.id;
    admin = await t.factories.session(a.admin);
    viewer = await t.factories.session(await t.factories.user(companyId, { permissions: ['accountGlobal:view'] }));
    outsider = await t.factories.session(await t.factories.user(companyId, { permissions: ['reports:view'] }));
  });
  afterAll(() => t.cleanup());

  const get = <T>(url: string, token: string) => call<T>(t.app, { method: 'GET', url, headers: { token } });
  const update = (payload: Record<string, unknown>, token = admin) =>
    call<CompanyInfo>(t.app, { method: 'POST', url: '/api/company/updateCompany', headers: { token }, payload });

  it("answers the caller's company at both addresses; another id is 404", async () => {
    const plain = await get<CompanyInfo>('/api/company', viewer);
    expect(plain.status).toBe(200);
    expect(plain.body.result).toMatchObject({ id: companyId, companyName: 'Lumen', billingEmail: null, sizeBand: null });
    expect((await get<CompanyInfo>(`/api/company/getCompany?id=${companyId}`, viewer)).body.result.id).toBe(companyId);
    const other = await get(`/api/company/getCompany?id=${otherCompanyId}`, viewer);
    expect(other.status).toBe(404);
    expect(other.body.returncode).toBe(ReturnCode.NOT_FOUND);
  });

  it('saves every field, lower-casing the domain and e-mails, and logs the change', async () => {
    const saved = await update(VALID);
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({
      companyName: 'Lumen Labs',
      address: '12 Canal Street, Manchester',
      postalCode: 'M1 3HW',
      country: 'United Kingdom',
      industry: 'Research',
      companyDomain: 'lumen-labs',
      sizeBand: '21-50',
      billingEmail: 'billing@lumen.test',
      supportEmail: null,
      emergencyEmail: null,
      logo: null,
    });
    const log = await get<Page<OperationLogEntry>>('/api/operation-log/list?action=company.update', admin);
    expect(log.body.result.list[0]).toMatchObject({ result: 'success', targetId: companyId, targetName: 'Lumen Labs' });
  });

  it.each([
    ['a missing name', { companyName: '' }],
    ['a missing address', { address: ' ' }],
    ['a one-letter domain', { companyDomain: 'a' }],
    ['a 15-letter domain', { companyDomain: 'abcdefghijklmno' }],
    ['a domain with an underscore', { companyDomain: 'lumen_labs' }],
    ['no contact e-mail', { billingEmail: '', supportEmail: null, emergencyEmail: '' }],
    ['a malformed e-mail', { supportEmail: 'not-an-email' }],
    ['an unknown size band', { sizeBand: '51-100' }],
    ['a logo from elsewhere', { logo: 'https://evil.test/x.png' }],
  ])('refuses %s with 400/1001', async (_label, change) => {
    const answer = await update({ ...VALID, ...change });
    expect(answer.status).toBe(400);
    expect(answer.body.returncode).toBe(ReturnCode.BAD_REQUEST);
  });

  it("refuses a domain another company uses, in any case (409/1003), and keeps the company's own", async () => {
    const taken = await update({ ...VALID, companyDomain: 'TAKEN' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ returncode: ReturnCode.CONFLICT, message: 'This company domain is already in use' });
    expect((await update({ ...VALID, companyDomain: 'Lumen-Labs' })).status).toBe(200);
    const failures = await get<Page<OperationLogEntry>>('/api/operation-log/list?action=company.update&result=failure', admin);
    expect(failures.body.result.total).toBe(1);
  });

  it('needs the edit permission to change, the view permission to read', async () => {
    const byViewer = await update(VALID, viewer);
    expect(byViewer.status).toBe(403);
    expect(byViewer.body.returncode).toBe(ReturnCode.NO_PERMISSION);
    for (const url of ['/api/company', '/api/company/getCompany', '/api/tenant/company-contacts']) {
      const answer = await get(url, outsider);
      expect(answer.status, url).toBe(403);
      expect(answer.body.returncode, url).toBe(ReturnCode.NO_PERMISSION);
    }
    const contacts = await call(t.app, { method: 'PUT', url: '/api/tenant/company-contacts', headers: { token: viewer }, payload: { billingEmail: 'a@b.test' } });
    expect(contacts.status).toBe(403);
  });

  it('reads and replaces the contact e-mails, at least one', async () => {
    const put = (payload: Record<string, unknown>) =>
      call<CompanyContacts>(t.app, { method: 'PUT', url: '/api/tenant/company-contacts', headers: { token: admin }, payload });
    expect((await put({ billingEmail: '', supportEmail: null })).status).toBe(400);
    expect((await put({ supportEmail: 'help@' })).status).toBe(400);
    const saved = await put({ supportEmail: 'Help@Lumen.test', emergencyEmail: 'alarm@lumen.test' });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toEqual({ billingEmail: null, supportEmail: 'help@lumen.test', emergencyEmail: 'alarm@lumen.test' });
    expect((await get<CompanyContacts>('/api/tenant/company-contacts', viewer)).body.result).toEqual(saved.body.result);
    expect((await get<CompanyInfo>('/api/company', viewer)).body.result.supportEmail).toBe('help@lumen.test');
  });

  it("shows a new logo and name in the shell's current-user answer after saving", async () => {
    const upload = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { token: admin, ...MULTIPART_HEADERS }, payload: multipartImage() });
    const logo = (upload.json() as { result: { fileUrl: string } }).result.fileUrl;
    expect((await update({ ...VALID, companyName: 'Lumen Labs Ltd', logo })).status).toBe(200);
    const info = await get<CurrentUserInfo>('/api/user/getCurrentUserInfo', outsider);
    expect(info.body.result.company).toEqual({ id: companyId, name: 'Lumen Labs Ltd', logo });
    // Saving again with the logo kept works; a file address the company never uploaded is unknown.
    expect((await update({ ...VALID, companyName: 'Lumen Labs', logo })).status).toBe(200);
    const invented = await update({ ...VALID, logo: logo.replace(/\/[^/]+\.png$/, '/AAAAAAAAAAAAAAAAAAAAAAAA.png') });
    expect([invented.status, invented.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
    expect((await update({ ...VALID, logo: null })).body.result.logo).toBeNull();
  });
});
