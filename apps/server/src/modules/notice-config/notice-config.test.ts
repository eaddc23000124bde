import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTICE_CONFIG, NOTICE_FOOTER_MAX, ReturnCode, type NoticeConfigResult, type OperationLogEntry, type Page } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createSettingsRepository } from '../settings/settings.repository.js';
import { NOTICE_CONFIG_KEY } from './notice-config.service.js';

const QUERY = '/api/config/notice/query';
const UPDATE = '/api/config/notice/update';

describe(`notice configuration (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let tokens: { admin: string; viewer: string; outsider: string };
  const post = <T>(url: string, token: string, payload: unknown = {}, lang = 'en-US') =>
    call<T>(t.app, { method: 'POST', url, headers: { token, lang }, payload: payload as Record<string, unknown> });

  beforeAll(async () => {
    t = await createTestApp();
    const { company, admin } = await t.factories.companyWithAdmin('Notice Co');
    companyId = company.id;
    const viewer = await t.factories.user(companyId, { permissions: ['messages:view'] });
    const outsider = await t.factories.user(companyId, { permissions: ['reservationScreens:edit'] });
    tokens = { admin: await t.factories.session(admin), viewer: await t.factories.session(viewer), outsider: await t.factories.session(outsider) };
  });
  afterAll(() => t.cleanup());

  it('answers the defaults while never saved', async () => {
    const answer = await post<NoticeConfigResult>(QUERY, tokens.viewer);
    expect(answer.status).toBe(200);
    expect(answer.body.result).toEqual({ ...DEFAULT_NOTICE_CONFIG, updatedAt: null });
    // The body may be left out altogether.
    const bare = await call(t.app, { method: 'POST', url: QUERY, headers: { token: tokens.viewer } });
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
  });

  it('saves a whole configuration and answers it, logged with the changed fields', async () => {
    const config = {
      ...DEFAULT_NOTICE_CONFIG,
      events: { ...DEFAULT_NOTICE_CONFIG.events, checkInDue: true, noShowReleased: false },
      consoleEvents: { ...DEFAULT_NOTICE_CONFIG.consoleEvents, reminder: false },
      noticeMinutes: 0,
      reminderMinutes: 45,
      footer: '  Questions? Call the front desk on 4455.  ',
    };
    const saved = await post<NoticeConfigResult>(UPDATE, tokens.admin, config, 'zh-CN');
    expect([saved.status, saved.body.message]).toEqual([200, '通知设置已保存']);
    expect(saved.body.result).toEqual({ ...config, footer: 'Questions? Call the front desk on 4455.', updatedAt: t.clock.now() });
    expect((await post<NoticeConfigResult>(QUERY, tokens.viewer)).body.result).toEqual(saved.body.result);
    const log = await call<Page<OperationLogEntry>>(t.app, { method: 'GET', url: '/api/operation-log/list?action=noticeConfig.update', headers: { token: tokens.admin } });
    expect(log.body.result.list[0]).toMatchObject({ result: 'success', targetType: 'company', targetId: companyId, detail: { changed: ['events', 'consoleEvents', 'noticeMinutes', 'reminderMinutes', 'footer'] } });
  });

  it('refuses times outside the choices, a long footer and missing fields, in both languages', async () => {
    const before = (await post<NoticeConfigResult>(QUERY, tokens.viewer)).body.result;
    const { updatedAt: _updatedAt, ...valid } = before;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, noticeMinutes: 7 }, 'noticeMinutes'],
      [{ ...valid, noticeMinutes: 90 }, 'noticeMinutes'],
      [{ ...valid, reminderMinutes: 10 }, 'reminderMinutes'],
      [{ ...valid, footer: 'x'.repeat(NOTICE_FOOTER_MAX + 1) }, 'footer'],
      [{ ...valid, events: { created: true } }, 'events.changed'],
      [{ ...valid, consoleEvents: { ...valid.consoleEvents, reminder: 'on' } }, 'consoleEvents.reminder'],
      [{ ...valid, notifyParticipants: 'yes' }, 'notifyParticipants'],
    ];
    for (const [payload, path] of cases) {
      for (const lang of ['en-US', 'zh-CN']) {
        const answer = await post(UPDATE, tokens.admin, payload, lang);
        expect([answer.status, answer.body.returncode], path).toEqual([400, ReturnCode.BAD_REQUEST]);
        expect(answer.body.message, path).toMatch(new RegExp(`^${lang === 'en-US' ? 'Bad request: ' : '请求有误：'}${path.replace('.', '\\.')}`));
      }
    }
    const refused = (await post<{ issues: { message: string }[] }>(UPDATE, tokens.admin, { ...valid, reminderMinutes: 10 })).body.result;
    expect(refused.issues[0]!.message).toBe('One of 5, 15, 30, 45, 60');
    expect((await post<NoticeConfigResult>(QUERY, tokens.viewer)).body.result).toEqual(before);
  });

  it('falls back field by field when a stored row is damaged', async () => {
    const company = await t.factories.companyWithAdmin('Damaged Co');
    await createSettingsRepository(t.db.kysely).putSetting(company.company.id, NOTICE_CONFIG_KEY, { reminderMinutes: 60, events: { created: false } }, t.clock.now());
    const answer = await post<NoticeConfigResult>(QUERY, await t.factories.session(company.admin));
    // A row saved before the console switches existed reads with their defaults.
    expect(answer.body.result).toMatchObject({ reminderMinutes: 60, noticeMinutes: 15, events: { ...DEFAULT_NOTICE_CONFIG.events, created: false }, consoleEvents: DEFAULT_NOTICE_CONFIG.consoleEvents });
    await createSettingsRepository(t.db.kysely).putSetting(company.company.id, NOTICE_CONFIG_KEY, { reminderMinutes: 7 }, t.clock.now());
    expect((await post<NoticeConfigResult>(QUERY, await t.factories.session(company.admin))).body.result.reminderMinutes).toBe(15);
  });

  it('lets view read, edit change, and nobody else', async () => {
    const { updatedAt: _updatedAt, ...valid } = (await post<NoticeConfigResult>(QUERY, tokens.viewer)).body.result;
    expect([(await post(UPDATE, tokens.viewer, valid)).status]).toEqual([403]);
    const outsider = await post(QUERY, tokens.outsider);
    expect([outsider.status, outsider.body.returncode]).toEqual([403, ReturnCode.NO_PERMISSION]);
    expect((await call(t.app, { method: 'POST', url: QUERY, payload: {} })).status).toBe(401);
  });

  it("keeps each company's configuration to itself", async () => {
    const other = await t.factories.companyWithAdmin('Other Notice Co');
    const token = await t.factories.session(other.admin);
    expect((await post<NoticeConfigResult>(QUERY, token)).body.result).toEqual({ ...DEFAULT_NOTICE_CONFIG, updatedAt: null });
    const { updatedAt: _updatedAt, ...mine } = (await post<NoticeConfigResult>(QUERY, tokens.viewer)).body.result;
    await post(UPDATE, token, { ...mine, footer: 'Other only' });
    expect((await post<NoticeConfigResult>(QUERY, tokens.viewer)).body.result.footer).toBe('Questions? Call the front desk on 4455.');
  });
});
