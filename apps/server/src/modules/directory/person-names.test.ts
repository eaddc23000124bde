import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryUser, OwnProfile, Page } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';
import { createTestRoom } from '../../test/rooms.js';
import { startSmtpServer, textPart } from '../../test/smtp.js';

/**
 * People's names follow their script's order everywhere a full name is built (issue 17): 李伟, not
 * 伟 李, in the directory, the profile, mails and exports; Western names stay "First Last".
 */
describe(`people's names in their script's order (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let companyId: number;
  let adminToken: string;
  let host: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ config: { smtpUrl: smtp.url, publicUrl: 'https://atrium.example.test', mailFrom: 'Atrium <no-reply@atrium.test>' } });
    const { company, admin } = await t.factories.companyWithAdmin('Names Co');
    companyId = company.id;
    adminToken = await t.factories.session(admin);
    host = await t.factories.user(company.id, { firstName: '芳', lastName: '王', permissions: ['reports:view'] });
  });
  afterAll(async () => {
    await t?.cleanup();
    await smtp?.close();
  });

  const api = <T>(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    call<T>(t.app, { method, url: `/api${url}`, headers: { token }, ...(payload ? { payload } : {}) });

  it('creates 伟 李 as 李伟 and addresses the activation mail to 李伟', async () => {
    const created = await api<DirectoryUser>(adminToken, 'POST', '/user', { userName: 'li.wei', email: 'li.wei@names.test', firstName: '伟', lastName: '李' });
    expect(created.status, created.body.message).toBe(200);
    expect(created.body.result.fullName).toBe('李伟');
    const listed = await api<Page<DirectoryUser>>(adminToken, 'POST', '/user/getUserList', { keyword: 'li.wei' });
    expect(listed.body.result.list.map((user) => user.fullName)).toEqual(['李伟']);
    const mail = smtp.received.find((candidate) => candidate.to.includes('li.wei@names.test'));
    expect(mail && textPart(mail)).toContain('李伟');
    expect(mail && textPart(mail)).not.toContain('伟 李');
  });

  it('keeps "First Last" for other names, and rebuilds the name when a user is edited', async () => {
    const ada = await api<DirectoryUser>(adminToken, 'POST', '/user', { userName: 'ada', email: 'ada@names.test', firstName: 'Ada', lastName: 'Lovelace' });
    expect(ada.body.result.fullName).toBe('Ada Lovelace');
    const edited = await api<DirectoryUser>(adminToken, 'PUT', '/user', { id: ada.body.result.id, firstName: '娜娜', lastName: '欧阳' });
    expect(edited.status, edited.body.message).toBe(200);
    expect(edited.body.result.fullName).toBe('欧阳娜娜');
  });

  it('builds the name the same way when people change their own profile', async () => {
    const self = await t.factories.user(companyId, { firstName: 'Test', lastName: 'Person' });
    const token = await t.factories.session(self);
    const saved = await api<OwnProfile>(token, 'PUT', '/user/profile', { firstName: '明', lastName: '张', gender: 'male' });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.result.fullName).toBe('张明');
  });

  it('exports a Chinese host as 王芳', async () => {
    const { roomId } = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Bund', timeZone: 'Asia/Shanghai' });
    const start = t.clock.now() - 24 * 3_600_000;
    await t.db.kysely
      .insertInto('reservations')
      .values({ company_id: companyId, resource_id: roomId, host_user_id: host.id, title: 'Sync', start_at: start, end_at: start + 3_600_000, status: 'confirmed', channel: 'console', privacy: 'public', created_at: start, updated_at: start })
      .execute();
    const answer = await t.app.inject({ method: 'POST', url: '/api/report/export', headers: { token: adminToken, lang: 'zh-CN' }, payload: { format: 'csv' } });
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = parse(answer.body.replace(/^\uFEFF/, '')) as string[][];
    const hostColumn = rows[0]!.indexOf('主持人');
    expect(rows.slice(1).map((row) => row[hostColumn])).toEqual(['王芳']);
  });
});
