import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_INFO_FIELDS,
  DICTIONARY_TYPES,
  EQUIPMENT_KEYS,
  INFO_ITEM_LIMITS,
  NOTICE_TIMES,
  REMINDER_CHOICES,
  ReturnCode,
  type DictionaryItem,
  type InfoShowSetting,
  type InfoShowSettingList,
  type OperationLogEntry,
  type Page,
} from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';

const ALL_ON = { title: true, host: true, participants: true, description: true, time: true, futureMeetings: true };
const LIST = '/api/customSetting/getInfoShowCustomSettingList';
const SAVE = '/api/customSetting/addInfoShowCustomSetting';
const DELETE = '/api/customSetting/delInfoShowCustomSettingByID';

describe(`display information and the dictionary (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let tokens: { admin: string; viewer: string; outsider: string };
  let rooms: { north: number; south: number; floor: number; gone: number };

  const get = <T>(url: string, token: string, lang = 'en-US') => call<T>(t.app, { method: 'GET', url, headers: { token, lang } });
  const post = <T>(url: string, token: string, payload: unknown, lang = 'en-US') =>
    call<T>(t.app, { method: 'POST', url, headers: { token, lang }, payload: payload as Record<string, unknown> });

  beforeAll(async () => {
    t = await createTestApp();
    const { company, admin } = await t.factories.companyWithAdmin('Display Co');
    companyId = company.id;
    const viewer = await t.factories.user(companyId, { permissions: ['reservationScreens:view'] });
    const outsider = await t.factories.user(companyId, { permissions: ['reports:view'] });
    tokens = { admin: await t.factories.session(admin), viewer: await t.factories.session(viewer), outsider: await t.factories.session(outsider) };
    const floor = await t.factories.location({ companyId, level: LOCATION_LEVEL.floor, name: 'Floor 1' });
    const room = (name: string) => t.factories.location({ companyId, parentId: floor, level: LOCATION_LEVEL.room, name });
    rooms = { north: await room('North'), south: await room('South'), floor, gone: await room('Gone') };
    await t.db.kysely.updateTable('locations').set({ deleted_at: t.clock.now() }).where('id', '=', rooms.gone).execute();
  });
  afterAll(() => t.cleanup());

  describe('dictionary', () => {
    it('answers one type with labels in the caller\'s language, in order', async () => {
      const en = await get<DictionaryItem[]>('/api/customSetting/getSysDicItemList?dicType=equipment', tokens.outsider);
      expect(en.status).toBe(200);
      expect(en.body.result.map((item) => item.code)).toEqual([...EQUIPMENT_KEYS]);
      expect(en.body.result[0]).toEqual({ dicType: 'equipment', code: 'projector', label: 'Projector', sort: 1 });
      const zh = await get<DictionaryItem[]>('/api/customSetting/getSysDicItemList?dicType=noticeTime', tokens.outsider, 'zh-CN');
      expect(zh.body.result.map((item) => Number(item.code))).toEqual([...NOTICE_TIMES]);
      expect(zh.body.result[0]!.label).toBe('事件发生时');
      const reminders = await get<DictionaryItem[]>('/api/customSetting/getSysDicItemList?dicType=reminderTime', tokens.outsider);
      expect(reminders.body.result.map((item) => Number(item.code))).toEqual([...REMINDER_CHOICES]);
    });

    it('answers every type without dicType, and refuses an unknown type', async () => {
      const all = await get<DictionaryItem[]>('/api/customSetting/getSysDicItemList', tokens.outsider);
      expect([...new Set(all.body.result.map((item) => item.dicType))]).toEqual(DICTIONARY_TYPES);
      expect(all.body.result.filter((item) => item.dicType === 'capacityBand').map((item) => item.code)).toEqual(['1-5', '6-10', '11-20', '21-50', '50+']);
      const unknown = await get('/api/customSetting/getSysDicItemList?dicType=colours', tokens.outsider, 'zh-CN');
      expect([unknown.status, unknown.body.returncode]).toEqual([400, ReturnCode.BAD_REQUEST]);
      expect(unknown.body.message).toBe('请求有误：dicType');
      expect((await call(t.app, { method: 'GET', url: '/api/customSetting/getSysDicItemList' })).status).toBe(401);
    });
  });

  describe('info show settings', () => {
    it('answers the built-in default while nothing is saved, with the live rooms to choose from', async () => {
      const { body } = await get<InfoShowSettingList>(LIST, tokens.viewer);
      expect(body.result).toEqual({
        companyDefault: { id: null, roomId: null, roomName: null, fields: DEFAULT_INFO_FIELDS, items: [], updatedAt: null },
        rooms: [],
        roomChoices: [
          { id: rooms.north, name: 'North' },
          { id: rooms.south, name: 'South' },
        ],
      });
    });

    it('saves the company default and a room, one entry per scope (saving again replaces it)', async () => {
      const items = [
        { label: 'Wi-Fi', value: 'Guest-Net' },
        { label: 'Helpdesk', value: '4455' },
      ];
      const first = await post<InfoShowSetting>(SAVE, tokens.admin, { roomId: null, fields: { ...DEFAULT_INFO_FIELDS, description: true }, items });
      expect([first.status, first.body.message]).toEqual([200, 'Display information saved']);
      expect(first.body.result).toMatchObject({ roomId: null, roomName: null, items, updatedAt: t.clock.now() });
      // The same scope again, with the lines reordered and padded: the one entry changes.
      const again = await post<InfoShowSetting>(SAVE, tokens.admin, { roomId: null, fields: ALL_ON, items: [{ label: ' Helpdesk ', value: ' 4455 ' }, items[0]] });
      expect(again.body.result.id).toBe(first.body.result.id);
      expect(again.body.result.items).toEqual([items[1], items[0]]);
      const room = await post<InfoShowSetting>(SAVE, tokens.admin, { roomId: rooms.south, fields: { ...ALL_ON, participants: false }, items: [] });
      expect(room.body.result).toMatchObject({ roomId: rooms.south, roomName: 'South', fields: { participants: false } });
      const byId = await post<InfoShowSetting>(SAVE, tokens.admin, { id: room.body.result.id, roomId: rooms.south, fields: ALL_ON, items: [] });
      expect(byId.body.result).toMatchObject({ id: room.body.result.id, fields: ALL_ON });

      const list = (await get<InfoShowSettingList>(LIST, tokens.viewer)).body.result;
      expect(list.companyDefault).toMatchObject({ id: first.body.result.id, fields: ALL_ON, items: [items[1], items[0]] });
      expect(list.rooms.map((entry) => [entry.roomId, entry.roomName])).toEqual([[rooms.south, 'South']]);

      const log = await get<Page<OperationLogEntry>>('/api/operation-log/list?action=displayInfo.save', tokens.admin);
      expect(log.body.result.list[0]).toMatchObject({ action: 'displayInfo.save', targetType: 'room', targetId: rooms.south, targetName: 'South', result: 'success' });
    });

    it('refuses bad input with clear messages in both languages', async () => {
      const tooMany = Array.from({ length: INFO_ITEM_LIMITS.maxItems + 1 }, (_, i) => ({ label: `L${i}`, value: 'v' }));
      const cases: [unknown, string][] = [
        [{ roomId: null, fields: ALL_ON, items: tooMany }, 'items'],
        [{ roomId: null, fields: ALL_ON, items: [{ label: 'x'.repeat(INFO_ITEM_LIMITS.labelMax + 1), value: 'v' }] }, 'items.0.label'],
        [{ roomId: null, fields: ALL_ON, items: [{ label: 'Wi-Fi', value: '   ' }] }, 'items.0.value'],
        [{ roomId: null, fields: { title: true }, items: [] }, 'fields.host'],
        [{ fields: ALL_ON, items: [] }, 'roomId'],
      ];
      for (const [payload, path] of cases) {
        const answer = await post<{ issues: { path: string }[] }>(SAVE, tokens.admin, payload, 'zh-CN');
        expect([answer.status, answer.body.returncode], path).toEqual([400, ReturnCode.BAD_REQUEST]);
        expect(answer.body.message, path).toContain('请求有误');
        expect(answer.body.message, path).toContain(path);
      }
      const repeated = await post(SAVE, tokens.admin, { roomId: null, fields: ALL_ON, items: [{ label: 'Wi-Fi', value: 'a' }, { label: 'wi-fi', value: 'b' }] });
      expect([repeated.status, repeated.body.returncode, repeated.body.message]).toEqual([422, ReturnCode.REFUSED, 'Each information line needs its own label: "wi-fi" appears twice']);
      const repeatedZh = await post(SAVE, tokens.admin, { roomId: null, fields: ALL_ON, items: [{ label: 'A', value: 'a' }, { label: 'A', value: 'b' }] }, 'zh-CN');
      expect(repeatedZh.body.message).toBe('每条信息的标签不能重复：“A”出现了两次');
    });

    it('answers 404 for a floor, a deleted room or an unknown id, and refuses moving an entry to another scope', async () => {
      for (const roomId of [rooms.floor, rooms.gone, 999_999]) {
        const answer = await post(SAVE, tokens.admin, { roomId, fields: ALL_ON, items: [] });
        expect([answer.status, answer.body.returncode], String(roomId)).toEqual([404, ReturnCode.NOT_FOUND]);
      }
      expect((await post(SAVE, tokens.admin, { id: 999_999, roomId: null, fields: ALL_ON, items: [] })).status).toBe(404);
      const list = (await get<InfoShowSettingList>(LIST, tokens.viewer)).body.result;
      const moved = await post(SAVE, tokens.admin, { id: list.companyDefault.id, roomId: rooms.north, fields: ALL_ON, items: [] });
      expect([moved.status, moved.body.message]).toEqual([422, 'An entry keeps its scope; remove it and add one for the other scope instead']);
    });

    it('deletes an entry: the room falls back to the company default', async () => {
      const list = (await get<InfoShowSettingList>(LIST, tokens.viewer)).body.result;
      const south = list.rooms.find((entry) => entry.roomId === rooms.south)!;
      const removed = await post(DELETE, tokens.admin, { id: south.id });
      expect([removed.status, removed.body.message, removed.body.result]).toEqual([200, 'Display information removed; the company default applies', null]);
      expect((await post(DELETE, tokens.admin, { id: south.id })).status).toBe(404);
      expect((await post(DELETE, tokens.admin, {})).status).toBe(400);
      expect((await get<InfoShowSettingList>(LIST, tokens.viewer)).body.result.rooms).toEqual([]);
      const log = await get<Page<OperationLogEntry>>('/api/operation-log/list?action=displayInfo.delete', tokens.admin);
      expect(log.body.result.list.map((entry) => entry.result)).toEqual(['success']);
    });

    it('lets view read but not change, and refuses anyone without the area', async () => {
      expect((await post(SAVE, tokens.viewer, { roomId: null, fields: ALL_ON, items: [] })).status).toBe(403);
      expect((await post(DELETE, tokens.viewer, { id: 1 })).status).toBe(403);
      const outsider = await get(LIST, tokens.outsider);
      expect([outsider.status, outsider.body.returncode]).toEqual([403, ReturnCode.NO_PERMISSION]);
    });

    it("keeps each company's entries to itself", async () => {
      const other = await t.factories.companyWithAdmin('Other Display Co');
      const token = await t.factories.session(other.admin);
      const list = (await get<InfoShowSettingList>(LIST, token)).body.result;
      expect(list).toMatchObject({ companyDefault: { id: null }, rooms: [], roomChoices: [] });
      const mine = (await get<InfoShowSettingList>(LIST, tokens.viewer)).body.result;
      const foreign = await post(SAVE, token, { id: mine.companyDefault.id, roomId: null, fields: ALL_ON, items: [] });
      expect([foreign.status, foreign.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
      expect((await post(SAVE, token, { roomId: rooms.north, fields: ALL_ON, items: [] })).status).toBe(404);
      expect((await post(DELETE, token, { id: mine.companyDefault.id })).status).toBe(404);
      expect((await get<InfoShowSettingList>(LIST, tokens.viewer)).body.result.companyDefault.id).toBe(mine.companyDefault.id);
    });
  });
});
