import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DeviceStatus, PageQuery } from '@atrium/contract';
import { containsIgnoringCase } from '../../db/like.js';
import { fetchPage } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';
import { numberOrNull } from '../../db/rows.js';

/** A location node as the path builder needs it. */
export interface LocationNode {
  id: number;
  parentId: number | null;
  name: string;
  level: number;
  timeZone: string | null;
}

/** A door display row, before presenting. */
export interface DeviceRecord {
  id: number;
  companyId: number;
  roomId: number;
  roomName: string;
  name: string;
  activationCode: string | null;
  state: 'inactive' | 'activated' | 'cancelled';
  platform: string | null;
  appVersion: string | null;
  activatedAt: number | null;
  lastSeenAt: number | null;
  createdAt: number;
}

export interface DeviceFilters {
  /** Only these rooms; null for every room. */
  roomIds: number[] | null;
  status?: DeviceStatus | undefined;
  keyword?: string | undefined;
  /** Heartbeats at or after this time count as online. */
  onlineSince: number;
}

export interface ScreenSettingRecord {
  id: number;
  title: string;
  settings: string;
  exitPasswordHash: string | null;
  updatedAt: number;
}

export interface LightCycleRecord {
  id: number;
  deviceId: number;
  weekday: string;
  startTime: string;
  endTime: string;
}

const DOOR_DISPLAY = 'door-display';


export type DoorDisplayRepository = ReturnType<typeof createDoorDisplayRepository>;

/** Door displays, their screen groups and light cycles; every query filters by the company. */
export function createDoorDisplayRepository(db: Kysely<DB>) {
  const deviceColumns = [
    'd.id',
    'd.company_id',
    'd.room_id',
    'l.name as room_name',
    'd.name',
    'd.activation_code',
    'd.state',
    'd.platform',
    'd.app_version',
    'd.activated_at',
    'd.last_seen_at',
    'd.created_at',
  ] as const;

  const devices = () =>
    db
      .selectFrom('devices as d')
      .innerJoin('locations as l', 'l.id', 'd.room_id')
      .where('d.kind', '=', DOOR_DISPLAY);

  type DeviceRow = {
    id: number;
    company_id: number;
    room_id: number;
    room_name: string;
    name: string;
    activation_code: string | null;
    state: DeviceRecord['state'];
    platform: string | null;
    app_version: string | null;
    activated_at: number | null;
    last_seen_at: number | null;
    created_at: number;
  };

  const toDevice = (row: DeviceRow): DeviceRecord => ({
    id: row.id,
    companyId: row.company_id,
    roomId: row.room_id,
    roomName: row.room_name,
    name: row.name,
    activationCode: row.activation_code,
    state: row.state,
    platform: row.platform,
    appVersion: row.app_version,
    activatedAt: numberOrNull(row.activated_at),
    lastSeenAt: numberOrNull(row.last_seen_at),
    createdAt: Number(row.created_at),
  });

  function statusFilter(status: DeviceStatus, onlineSince: number) {
    return (eb: ExpressionBuilder<DB & { d: DB['devices'] }, 'd'>) => {
      if (status === 'inactive') return eb('d.state', '=', 'inactive');
      if (status === 'online') return eb.and([eb('d.state', '=', 'activated'), eb('d.last_seen_at', '>=', onlineSince)]);
      return eb.and([eb('d.state', '=', 'activated'), eb.or([eb('d.last_seen_at', 'is', null), eb('d.last_seen_at', '<', onlineSince)])]);
    };
  }

  return {
    /** The company's live location nodes, to build paths and subtrees. */
    async listLocations(companyId: number): Promise<LocationNode[]> {
      const rows = await db
        .selectFrom('locations')
        .select(['id', 'parent_id', 'name', 'level', 'time_zone'])
        .where('company_id', '=', companyId)
        .where('deleted_at', 'is', null)
        .execute();
      return rows.map((row) => ({ id: row.id, parentId: row.parent_id, name: row.name, level: row.level, timeZone: row.time_zone }));
    },

    /** The company's rooms whose location is live, by name. */
    async listRooms(companyId: number): Promise<{ id: number; name: string }[]> {
      return db
        .selectFrom('rooms as r')
        .innerJoin('locations as l', 'l.id', 'r.id')
        .select(['r.id', 'l.name'])
        .where('r.company_id', '=', companyId)
        .where('l.deleted_at', 'is', null)
        .orderBy('l.name')
        .orderBy('r.id')
        .execute();
    },

    /** The company's rooms among `ids` whose location is live. */
    async findRooms(companyId: number, ids: number[]): Promise<{ id: number; name: string }[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('rooms as r')
        .innerJoin('locations as l', 'l.id', 'r.id')
        .select(['r.id', 'l.name'])
        .where('r.company_id', '=', companyId)
        .where('l.deleted_at', 'is', null)
        .where('r.id', 'in', ids)
        .execute();
    },

    async isCodeTaken(code: string): Promise<boolean> {
      const row = await db.selectFrom('devices').select('id').where('activation_code', '=', code).executeTakeFirst();
      return row !== undefined;
    },

    async insertDevice(device: { companyId: number; roomId: number; name: string; code: string }, now: number): Promise<number> {
      const row = await db
        .insertInto('devices')
        .values({
          company_id: device.companyId,
          room_id: device.roomId,
          name: device.name,
          kind: DOOR_DISPLAY,
          activation_code: device.code,
          state: 'inactive',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    listDevices(companyId: number, filters: DeviceFilters, query: PageQuery) {
      let base = devices().where('d.company_id', '=', companyId).where('d.state', '!=', 'cancelled');
      if (filters.roomIds) {
        if (filters.roomIds.length === 0) base = base.where(sql<boolean>`1 = 0`);
        else base = base.where('d.room_id', 'in', filters.roomIds);
      }
      if (filters.status) base = base.where(statusFilter(filters.status, filters.onlineSince));
      const keyword = filters.keyword;
      if (keyword) {
        base = base.where((eb) =>
          eb.or([
            containsIgnoringCase('d.name', keyword),
            containsIgnoringCase('l.name', keyword),
            eb('d.activation_code', '=', keyword),
          ]),
        );
      }
      return fetchPage(
        query,
        () => base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        (limit, offset) => base.select(deviceColumns).orderBy('l.name').orderBy('d.id').limit(limit).offset(offset).execute() as Promise<DeviceRow[]>,
        toDevice,
      );
    },

    /** The live (not cancelled) displays of some rooms (null: every room), as a room's booking-screen state needs them. */
    async listRoomDevices(companyId: number, roomIds: number[] | null): Promise<Array<Pick<DeviceRecord, 'roomId' | 'state' | 'lastSeenAt'>>> {
      if (roomIds && roomIds.length === 0) return [];
      let query = db
        .selectFrom('devices')
        .select(['room_id', 'state', 'last_seen_at'])
        .where('company_id', '=', companyId)
        .where('kind', '=', DOOR_DISPLAY)
        .where('state', '!=', 'cancelled');
      if (roomIds) query = query.where('room_id', 'in', roomIds);
      const rows = await query.execute();
      return rows.map((row) => ({ roomId: row.room_id, state: row.state, lastSeenAt: numberOrNull(row.last_seen_at) }));
    },

    /** A live (not cancelled) display of the company. */
    async findDevice(companyId: number, id: number): Promise<DeviceRecord | undefined> {
      const row = await devices().select(deviceColumns).where('d.company_id', '=', companyId).where('d.id', '=', id).where('d.state', '!=', 'cancelled').executeTakeFirst();
      return row ? toDevice(row as DeviceRow) : undefined;
    },

    async findDevices(companyId: number, ids: number[]): Promise<DeviceRecord[]> {
      const rows = await devices().select(deviceColumns).where('d.company_id', '=', companyId).where('d.id', 'in', ids).where('d.state', '!=', 'cancelled').execute();
      return (rows as DeviceRow[]).map(toDevice);
    },

    async updateDevice(
      companyId: number,
      id: number,
      patch: { name?: string; roomId?: number; code?: string | null; signOut?: boolean },
      now: number,
    ): Promise<void> {
      await db
        .updateTable('devices')
        .set({
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.roomId !== undefined ? { room_id: patch.roomId } : {}),
          ...(patch.code !== undefined ? { activation_code: patch.code } : {}),
          ...(patch.signOut ? { state: 'inactive' as const, token_hash: null, activated_at: null, last_seen_at: null } : {}),
          updated_at: now,
        })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    },

    /** Cancels displays: their codes and tokens stop working. */
    async cancelDevices(companyId: number, ids: number[], now: number): Promise<void> {
      await db
        .updateTable('devices')
        .set({ state: 'cancelled', activation_code: null, token_hash: null, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute();
    },

    /**
     * Trades a waiting code for a token: only one caller wins a code (the update names the code and
     * the inactive state). Returns the display, or undefined for a wrong, used or cancelled code.
     */
    async activate(code: string, fields: { tokenHash: string; platform: string; appVersion: string }, now: number) {
      const row = await db
        .updateTable('devices')
        .set({
          state: 'activated',
          activation_code: null,
          token_hash: fields.tokenHash,
          platform: fields.platform,
          app_version: fields.appVersion,
          activated_at: now,
          last_seen_at: now,
          updated_at: now,
        })
        .where('activation_code', '=', code)
        .where('state', '=', 'inactive')
        .where('kind', '=', DOOR_DISPLAY)
        .returning(['id', 'room_id', 'company_id'])
        .executeTakeFirst();
      return row ? { id: row.id, roomId: row.room_id, companyId: row.company_id } : undefined;
    },

    /** The activated display holding this token hash. */
    async findByTokenHash(tokenHash: string): Promise<DeviceRecord | undefined> {
      const row = await devices().select(deviceColumns).where('d.token_hash', '=', tokenHash).where('d.state', '=', 'activated').executeTakeFirst();
      return row ? toDevice(row as DeviceRow) : undefined;
    },

    async touchDevice(id: number, fields: { platform?: string | undefined; appVersion?: string | undefined }, now: number): Promise<void> {
      await db
        .updateTable('devices')
        .set({
          last_seen_at: now,
          ...(fields.platform ? { platform: fields.platform } : {}),
          ...(fields.appVersion ? { app_version: fields.appVersion } : {}),
        })
        .where('id', '=', id)
        .where('state', '=', 'activated')
        .execute();
    },

    async listScreenSettings(companyId: number): Promise<ScreenSettingRecord[]> {
      const rows = await db
        .selectFrom('screen_settings')
        .select(['id', 'title', 'settings', 'exit_password_hash', 'updated_at'])
        .where('company_id', '=', companyId)
        .orderBy('title')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ id: row.id, title: row.title, settings: row.settings, exitPasswordHash: row.exit_password_hash, updatedAt: Number(row.updated_at) }));
    },

    async findScreenSetting(companyId: number, id: number): Promise<ScreenSettingRecord | undefined> {
      const row = await db
        .selectFrom('screen_settings')
        .select(['id', 'title', 'settings', 'exit_password_hash', 'updated_at'])
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { id: row.id, title: row.title, settings: row.settings, exitPasswordHash: row.exit_password_hash, updatedAt: Number(row.updated_at) } : undefined;
    },

    /** The screen group of a room, if it has one. */
    async findScreenSettingOfRoom(companyId: number, roomId: number): Promise<ScreenSettingRecord | undefined> {
      const row = await db
        .selectFrom('screen_setting_rooms as sr')
        .innerJoin('screen_settings as s', 's.id', 'sr.setting_id')
        .select(['s.id', 's.title', 's.settings', 's.exit_password_hash', 's.updated_at'])
        .where('sr.company_id', '=', companyId)
        .where('sr.room_id', '=', roomId)
        .executeTakeFirst();
      return row ? { id: row.id, title: row.title, settings: row.settings, exitPasswordHash: row.exit_password_hash, updatedAt: Number(row.updated_at) } : undefined;
    },

    /** Room memberships of the company's screen groups, with room names. */
    async listScreenSettingRooms(companyId: number): Promise<{ settingId: number; roomId: number; roomName: string; title: string }[]> {
      const rows = await db
        .selectFrom('screen_setting_rooms as sr')
        .innerJoin('screen_settings as s', 's.id', 'sr.setting_id')
        .innerJoin('locations as l', 'l.id', 'sr.room_id')
        .select(['sr.setting_id', 'sr.room_id', 'l.name', 's.title'])
        .where('sr.company_id', '=', companyId)
        .orderBy('l.name')
        .execute();
      return rows.map((row) => ({ settingId: row.setting_id, roomId: row.room_id, roomName: row.name, title: row.title }));
    },

    async insertScreenSetting(
      setting: { companyId: number; title: string; settings: string; exitPasswordHash: string | null },
      now: number,
    ): Promise<number> {
      const row = await db
        .insertInto('screen_settings')
        .values({
          company_id: setting.companyId,
          title: setting.title,
          settings: setting.settings,
          exit_password_hash: setting.exitPasswordHash,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateScreenSetting(
      companyId: number,
      id: number,
      patch: { title: string; settings: string; exitPasswordHash?: string | null },
      now: number,
    ): Promise<void> {
      await db
        .updateTable('screen_settings')
        .set({
          title: patch.title,
          settings: patch.settings,
          ...(patch.exitPasswordHash !== undefined ? { exit_password_hash: patch.exitPasswordHash } : {}),
          updated_at: now,
        })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    },

    async deleteScreenSetting(companyId: number, id: number): Promise<void> {
      await db.deleteFrom('screen_setting_rooms').where('company_id', '=', companyId).where('setting_id', '=', id).execute();
      await db.deleteFrom('screen_settings').where('company_id', '=', companyId).where('id', '=', id).execute();
    },

    /** Replaces the rooms of a screen group. */
    async setScreenSettingRooms(companyId: number, settingId: number, roomIds: number[]): Promise<void> {
      await db.deleteFrom('screen_setting_rooms').where('company_id', '=', companyId).where('setting_id', '=', settingId).execute();
      if (roomIds.length === 0) return;
      await db
        .insertInto('screen_setting_rooms')
        .values(roomIds.map((roomId) => ({ setting_id: settingId, room_id: roomId, company_id: companyId })))
        .execute();
    },

    async listLightCycles(companyId: number, deviceId: number): Promise<LightCycleRecord[]> {
      const rows = await db
        .selectFrom('device_light_cycles')
        .select(['id', 'device_id', 'weekday', 'start_time', 'end_time'])
        .where('company_id', '=', companyId)
        .where('device_id', '=', deviceId)
        .orderBy('start_time')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ id: row.id, deviceId: row.device_id, weekday: row.weekday, startTime: row.start_time, endTime: row.end_time }));
    },

    async findLightCycle(companyId: number, id: number): Promise<LightCycleRecord | undefined> {
      const row = await db
        .selectFrom('device_light_cycles')
        .select(['id', 'device_id', 'weekday', 'start_time', 'end_time'])
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { id: row.id, deviceId: row.device_id, weekday: row.weekday, startTime: row.start_time, endTime: row.end_time } : undefined;
    },

    async insertLightCycle(cycle: { companyId: number; deviceId: number; weekday: string; startTime: string; endTime: string }, now: number): Promise<number> {
      const row = await db
        .insertInto('device_light_cycles')
        .values({
          company_id: cycle.companyId,
          device_id: cycle.deviceId,
          weekday: cycle.weekday,
          start_time: cycle.startTime,
          end_time: cycle.endTime,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateLightCycle(companyId: number, id: number, cycle: { deviceId: number; weekday: string; startTime: string; endTime: string }, now: number): Promise<void> {
      await db
        .updateTable('device_light_cycles')
        .set({ device_id: cycle.deviceId, weekday: cycle.weekday, start_time: cycle.startTime, end_time: cycle.endTime, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    },

    async deleteLightCycle(companyId: number, id: number): Promise<void> {
      await db.deleteFrom('device_light_cycles').where('company_id', '=', companyId).where('id', '=', id).execute();
    },
  };
}
