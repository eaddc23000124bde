import type { Kysely, Selectable } from 'kysely';
import { VISIT_RETENTION_DAYS, type BadgeStockName, type Permission, type KioskTheme, type VisitorDeviceKind } from '@atrium/contract';
import type { DB, VisitorDeviceTable } from '../../db/schema.js';
import { numberOrNull } from '../../db/rows.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';
import { parsePermissions } from '../role/role.repository.js';

export type VisitorDeviceRepository = ReturnType<typeof createVisitorDeviceRepository>;

/** A reception device's row, numbers as numbers (PostgreSQL's bigint timestamps arrive as strings). */
export interface VisitorDeviceRow {
  id: number;
  companyId: number;
  locationId: number;
  kind: VisitorDeviceKind;
  name: string;
  serial: string | null;
  activationCode: string | null;
  activatedAt: number | null;
  lastSeenAt: number | null;
  platform: string | null;
  appVersion: string | null;
  battery: number | null;
  network: string | null;
  ip: string | null;
  mac: string | null;
  printerId: number | null;
  stock: BadgeStockName | null;
  /** Tenths of a millimetre. */
  offsetX: number;
  offsetY: number;
}

/** An activated pad, as the access guard hands it to the kiosk's calls. */
export interface KioskPad {
  id: number;
  companyId: number;
  locationId: number;
  name: string;
  printerId: number | null;
}

/** What a device's add or update writes; absent fields stay. */
export interface DeviceFields {
  name?: string;
  locationId?: number;
  serial?: string | null;
  printerId?: number | null;
  stock?: BadgeStockName | null;
  offsetX?: number;
  offsetY?: number;
}

/** What a pad reports with its heartbeat. */
export interface PadReport {
  platform?: string | undefined;
  appVersion?: string | undefined;
  battery?: number | undefined;
  network?: string | undefined;
  ip?: string | undefined;
  mac?: string | undefined;
}

const toRow = (row: Selectable<VisitorDeviceTable>): VisitorDeviceRow => ({
  id: row.id,
  companyId: row.company_id,
  locationId: row.location_id,
  kind: row.kind,
  name: row.name,
  serial: row.serial,
  activationCode: row.activation_code,
  activatedAt: numberOrNull(row.activated_at),
  lastSeenAt: numberOrNull(row.last_seen_at),
  platform: row.platform,
  appVersion: row.app_version,
  battery: row.battery === null ? null : Number(row.battery),
  network: row.network,
  ip: row.ip,
  mac: row.mac,
  printerId: row.printer_id,
  stock: row.stock as BadgeStockName | null,
  offsetX: Number(row.offset_x),
  offsetY: Number(row.offset_y),
});

const columnsOf = (fields: DeviceFields) => ({
  ...(fields.name !== undefined ? { name: fields.name } : {}),
  ...(fields.locationId !== undefined ? { location_id: fields.locationId } : {}),
  ...(fields.serial !== undefined ? { serial: fields.serial } : {}),
  ...(fields.printerId !== undefined ? { printer_id: fields.printerId } : {}),
  ...(fields.stock !== undefined ? { stock: fields.stock } : {}),
  ...(fields.offsetX !== undefined ? { offset_x: fields.offsetX } : {}),
  ...(fields.offsetY !== undefined ? { offset_y: fields.offsetY } : {}),
});

/** The queries of the reception devices, the places' sign-in windows and the kiosk's theme (decision 0018). */
export function createVisitorDeviceRepository(db: Kysely<DB>) {
  return {
    async list(companyId: number, filters: { locationId?: number | undefined; kind?: VisitorDeviceKind | undefined }): Promise<VisitorDeviceRow[]> {
      let query = db.selectFrom('visitor_devices').selectAll().where('company_id', '=', companyId);
      if (filters.locationId !== undefined) query = query.where('location_id', '=', filters.locationId);
      if (filters.kind !== undefined) query = query.where('kind', '=', filters.kind);
      return (await query.orderBy('kind').orderBy('name').orderBy('id').execute()).map(toRow);
    },

    async find(companyId: number, id: number): Promise<VisitorDeviceRow | undefined> {
      const row = await db.selectFrom('visitor_devices').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
      return row && toRow(row);
    },

    async findMany(companyId: number, ids: readonly number[]): Promise<VisitorDeviceRow[]> {
      if (ids.length === 0) return [];
      return (await db.selectFrom('visitor_devices').selectAll().where('company_id', '=', companyId).where('id', 'in', ids).execute()).map(toRow);
    },

    async isCodeTaken(code: string): Promise<boolean> {
      return (await db.selectFrom('visitor_devices').select('id').where('activation_code', '=', code).executeTakeFirst()) !== undefined;
    },

    async insert(companyId: number, kind: VisitorDeviceKind, fields: DeviceFields & { name: string; locationId: number }, code: string | null, now: number): Promise<number> {
      const row = await db
        .insertInto('visitor_devices')
        .values({ company_id: companyId, kind, ...columnsOf(fields), name: fields.name, location_id: fields.locationId, activation_code: code, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Writes the fields; a new code signs the pad out (its token stops working). */
    async update(companyId: number, id: number, fields: DeviceFields, newCode: string | null, now: number): Promise<boolean> {
      const signOut = newCode === null ? {} : { activation_code: newCode, token_hash: null, activated_at: null };
      const result = await db
        .updateTable('visitor_devices')
        .set({ ...columnsOf(fields), ...signOut, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes the devices; pads that printed to a deleted printer keep no printer. */
    async remove(companyId: number, ids: readonly number[], now: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await trx.updateTable('visitor_devices').set({ printer_id: null, updated_at: now }).where('company_id', '=', companyId).where('printer_id', 'in', ids).execute();
        const result = await trx.deleteFrom('visitor_devices').where('company_id', '=', companyId).where('id', 'in', ids).executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },

    /** A pad trades its waiting code for a token hash; answers the pad, or undefined for a wrong or used code. */
    async activate(code: string, tokenHash: string, report: PadReport, now: number): Promise<KioskPad | undefined> {
      const row = await db
        .updateTable('visitor_devices')
        .set({ activation_code: null, token_hash: tokenHash, activated_at: now, last_seen_at: now, platform: report.platform ?? null, app_version: report.appVersion ?? null, updated_at: now })
        .where('activation_code', '=', code)
        .where('kind', '=', 'pad')
        .returning(['id', 'company_id', 'location_id', 'name', 'printer_id'])
        .executeTakeFirst();
      return row && { id: row.id, companyId: row.company_id, locationId: row.location_id, name: row.name, printerId: row.printer_id };
    },

    async findPadByTokenHash(tokenHash: string): Promise<KioskPad | undefined> {
      const row = await db
        .selectFrom('visitor_devices')
        .select(['id', 'company_id', 'location_id', 'name', 'printer_id'])
        .where('token_hash', '=', tokenHash)
        .where('kind', '=', 'pad')
        .executeTakeFirst();
      return row && { id: row.id, companyId: row.company_id, locationId: row.location_id, name: row.name, printerId: row.printer_id };
    },

    /** A heartbeat: the moment, and what the pad reported (absent fields keep their last value). */
    async touch(id: number, report: PadReport, now: number): Promise<void> {
      const reported = Object.fromEntries(
        Object.entries({ platform: report.platform, app_version: report.appVersion, battery: report.battery, network: report.network, ip: report.ip, mac: report.mac }).filter(([, value]) => value !== undefined),
      );
      await db.updateTable('visitor_devices').set({ ...reported, last_seen_at: now }).where('id', '=', id).execute();
    },

    // ---- Places' sign-in windows ----

    /** The sign-in hours set at these places (a place and its building), keyed by place. */
    async signInHours(companyId: number, locationIds: readonly number[]): Promise<Map<number, number>> {
      if (locationIds.length === 0) return new Map();
      const rows = await db.selectFrom('visitor_places').select(['location_id', 'sign_in_hours']).where('company_id', '=', companyId).where('location_id', 'in', locationIds).execute();
      return new Map(rows.map((row) => [row.location_id, Number(row.sign_in_hours)]));
    },

    async saveSignInHours(companyId: number, locationId: number, hours: number, by: number, now: number): Promise<void> {
      await db
        .insertInto('visitor_places')
        .values({ company_id: companyId, location_id: locationId, sign_in_hours: hours, updated_by: by, updated_at: now })
        .onConflict((conflict) => conflict.columns(['company_id', 'location_id']).doUpdateSet({ sign_in_hours: hours, updated_by: by, updated_at: now }))
        .execute();
    },

    // ---- Receptionists per place ----

    /** A place's receptionists, by name (switched-off colleagues too: they still hold the place until removed). */
    receptionists(companyId: number, locationId: number): Promise<Array<{ id: number; fullName: string }>> {
      return db
        .selectFrom('visitor_receptionists as r')
        .innerJoin('users as u', (join) => join.onRef('u.id', '=', 'r.user_id').onRef('u.company_id', '=', 'r.company_id'))
        .select(['u.id', 'u.full_name'])
        .where('r.company_id', '=', companyId)
        .where('r.location_id', '=', locationId)
        .orderBy('u.full_name')
        .orderBy('u.id')
        .execute()
        .then((rows) => rows.map((row) => ({ id: row.id, fullName: row.full_name })));
    },

    /** Active colleagues of the company among `ids`, with their role's permissions. */
    async colleaguesWithPermissions(companyId: number, ids: readonly number[]): Promise<Array<{ id: number; fullName: string; permissions: readonly Permission[] }>> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('users as u')
        .leftJoin('roles as r', (join) => join.onRef('r.id', '=', 'u.role_id').onRef('r.company_id', '=', 'u.company_id'))
        .select(['u.id', 'u.full_name', 'r.permissions'])
        .where('u.company_id', '=', companyId)
        .where('u.is_active', '=', 1)
        .where('u.id', 'in', [...ids])
        .execute();
      return rows.map((row) => ({ id: row.id, fullName: row.full_name, permissions: row.permissions ? parsePermissions(row.permissions) : [] }));
    },

    /** Replaces a place's receptionists in one transaction. */
    async setReceptionists(companyId: number, locationId: number, userIds: readonly number[], now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('visitor_receptionists').where('company_id', '=', companyId).where('location_id', '=', locationId).execute();
        if (userIds.length > 0) {
          await trx.insertInto('visitor_receptionists').values(userIds.map((userId) => ({ company_id: companyId, location_id: locationId, user_id: userId, created_at: now }))).execute();
        }
      });
    },

    // ---- The kiosk's theme (on the company's visitor settings) ----

    async kioskTheme(companyId: number): Promise<KioskTheme> {
      const row = await db.selectFrom('visitor_settings').select(['kiosk_welcome_en', 'kiosk_welcome_zh', 'kiosk_color']).where('company_id', '=', companyId).executeTakeFirst();
      return { welcomeEn: row?.kiosk_welcome_en ?? null, welcomeZh: row?.kiosk_welcome_zh ?? null, color: row?.kiosk_color ?? null };
    },

    async saveKioskTheme(companyId: number, theme: KioskTheme, by: number, now: number): Promise<void> {
      const columns = { kiosk_welcome_en: theme.welcomeEn, kiosk_welcome_zh: theme.welcomeZh, kiosk_color: theme.color, updated_by: by, updated_at: now };
      await db
        .insertInto('visitor_settings')
        .values({ company_id: companyId, retention_days: VISIT_RETENTION_DAYS.default, ...columns })
        .onConflict((conflict) => conflict.column('company_id').doUpdateSet(columns))
        .execute();
    },

    /** A place's building: a floor's parent, any other place itself; undefined when the place is not the company's. */
    async buildingOf(companyId: number, locationId: number): Promise<number | undefined> {
      const row = await db.selectFrom('locations').select(['level', 'parent_id']).where('company_id', '=', companyId).where('id', '=', locationId).executeTakeFirst();
      if (!row) return undefined;
      return Number(row.level) === LOCATION_LEVEL.floor && row.parent_id !== null ? row.parent_id : locationId;
    },
  };
}
