import { sql, type Kysely } from 'kysely';
import type { DeviceUseType, ThemeImageType, ThemePlatform } from '@atrium/contract';
import type { DB } from '../../db/schema.js';

/** A theme of the catalogue. */
export interface ThemeRow {
  id: number;
  name: string;
  nameZh: string;
  direction: '0' | '1';
  platforms: ThemePlatform[];
  isCustomisable: boolean;
  isInternal: boolean;
  previewPath: string;
  defaultLogoPath: string;
  defaultBackgroundPath: string;
}

/** A room's record of one theme: its own logo and background (null: the theme's default). */
export interface RoomThemeRow {
  id: number;
  roomId: number;
  themeId: number;
  logoPath: string | null;
  backgroundPath: string | null;
}

/** A device as themes need it. */
export interface ThemedDevice {
  id: number;
  companyId: number;
  roomId: number;
  name: string;
  kind: string;
  platform: string | null;
}

export interface GalleryRow {
  id: number;
  companyId: number | null;
  imageType: ThemeImageType;
  imagePath: string;
}

/** Which column of a room theme an image fills. */
export type RoomThemeImageColumn = 'logo_path' | 'background_path';

type ThemeSelect = {
  id: number;
  name: string;
  name_zh: string;
  direction: '0' | '1';
  platforms: string;
  is_customisable: number;
  is_internal: number;
  preview_path: string;
  default_logo_path: string;
  default_background_path: string;
};

const toTheme = (row: ThemeSelect): ThemeRow => ({
  id: row.id,
  name: row.name,
  nameZh: row.name_zh,
  direction: row.direction,
  platforms: row.platforms.split(',').filter(Boolean) as ThemePlatform[],
  isCustomisable: Number(row.is_customisable) === 1,
  isInternal: Number(row.is_internal) === 1,
  previewPath: row.preview_path,
  defaultLogoPath: row.default_logo_path,
  defaultBackgroundPath: row.default_background_path,
});

const THEME_COLUMNS = [
  'id',
  'name',
  'name_zh',
  'direction',
  'platforms',
  'is_customisable',
  'is_internal',
  'preview_path',
  'default_logo_path',
  'default_background_path',
] as const;

const toRoomTheme = (row: { id: number; room_id: number; theme_id: number; logo_path: string | null; background_path: string | null }): RoomThemeRow => ({
  id: row.id,
  roomId: row.room_id,
  themeId: row.theme_id,
  logoPath: row.logo_path,
  backgroundPath: row.background_path,
});

const toGallery = (row: { id: number; company_id: number | null; image_type: number; image_path: string }): GalleryRow => ({
  id: row.id,
  companyId: row.company_id,
  imageType: row.image_type === 0 ? 0 : 1,
  imagePath: row.image_path,
});

export type DeviceThemeRepository = ReturnType<typeof createDeviceThemeRepository>;

/** Themes, room themes, device theme records and the gallery; company rows always within one company. */
export function createDeviceThemeRepository(db: Kysely<DB>) {
  return {
    /** The catalogue in its order; internal themes only when asked. */
    async listThemes({ platform, includeInternal }: { platform?: ThemePlatform | undefined; includeInternal: boolean }): Promise<ThemeRow[]> {
      let query = db.selectFrom('device_themes').select(THEME_COLUMNS).orderBy('sort_order').orderBy('id');
      if (!includeInternal) query = query.where('is_internal', '=', 0);
      const rows = (await query.execute()).map(toTheme);
      return platform ? rows.filter((theme) => theme.platforms.includes(platform)) : rows;
    },

    async findTheme(themeId: number): Promise<ThemeRow | undefined> {
      const row = await db.selectFrom('device_themes').select(THEME_COLUMNS).where('id', '=', themeId).executeTakeFirst();
      return row && toTheme(row);
    },

    /** Whether the company has the room (a room whose location was deleted is gone). */
    async hasRoom(companyId: number, roomId: number): Promise<boolean> {
      const row = await db
        .selectFrom('rooms as r')
        .innerJoin('locations as l', (join) => join.onRef('l.id', '=', 'r.id').onRef('l.company_id', '=', 'r.company_id'))
        .select('r.id')
        .where('r.company_id', '=', companyId)
        .where('r.id', '=', roomId)
        .where('l.deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A device of the company that is not cancelled. */
    async findDevice(companyId: number, deviceId: number): Promise<ThemedDevice | undefined> {
      const row = await db
        .selectFrom('devices')
        .select(['id', 'company_id', 'room_id', 'name', 'kind', 'platform'])
        .where('company_id', '=', companyId)
        .where('id', '=', deviceId)
        .where('state', '!=', 'cancelled')
        .executeTakeFirst();
      return row && { id: row.id, companyId: row.company_id, roomId: row.room_id, name: row.name, kind: row.kind, platform: row.platform };
    },

    /** The activated device holding the token whose SHA-256 (hex) this is. */

    /** Makes the room's record of each theme that has none yet (records start with the defaults). */
    async ensureRoomThemes(companyId: number, roomId: number, themeIds: readonly number[], now: number): Promise<void> {
      if (themeIds.length === 0) return;
      await db
        .insertInto('room_themes')
        .values(themeIds.map((themeId) => ({ company_id: companyId, room_id: roomId, theme_id: themeId, logo_path: null, background_path: null, updated_at: now })))
        .onConflict((conflict) => conflict.columns(['room_id', 'theme_id']).doNothing())
        .execute();
    },

    async listRoomThemes(companyId: number, roomId: number): Promise<RoomThemeRow[]> {
      const rows = await db
        .selectFrom('room_themes')
        .select(['id', 'room_id', 'theme_id', 'logo_path', 'background_path'])
        .where('company_id', '=', companyId)
        .where('room_id', '=', roomId)
        .execute();
      return rows.map(toRoomTheme);
    },

    async findRoomTheme(companyId: number, id: number): Promise<RoomThemeRow | undefined> {
      const row = await db
        .selectFrom('room_themes')
        .select(['id', 'room_id', 'theme_id', 'logo_path', 'background_path'])
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toRoomTheme(row);
    },

    async setRoomThemeImage(companyId: number, id: number, column: RoomThemeImageColumn, imagePath: string | null, now: number): Promise<void> {
      await db
        .updateTable('room_themes')
        .set({ [column]: imagePath, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    },

    /** Sends every room theme using one of these images back to the theme's default; answers how many. */
    async resetRoomThemeImages(companyId: number, column: RoomThemeImageColumn, imagePaths: readonly string[], now: number): Promise<number> {
      if (imagePaths.length === 0) return 0;
      const result = await db
        .updateTable('room_themes')
        .set({ [column]: null, updated_at: now })
        .where('company_id', '=', companyId)
        .where(column, 'in', imagePaths)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async findThemeRecord(companyId: number, deviceId: number, useType: DeviceUseType): Promise<{ themeId: number } | undefined> {
      const row = await db
        .selectFrom('device_theme_records')
        .select('theme_id')
        .where('company_id', '=', companyId)
        .where('device_id', '=', deviceId)
        .where('device_use_type', '=', useType)
        .executeTakeFirst();
      return row && { themeId: row.theme_id };
    },

    async saveThemeRecord(companyId: number, deviceId: number, useType: DeviceUseType, themeId: number, now: number): Promise<void> {
      await db
        .insertInto('device_theme_records')
        .values({ company_id: companyId, device_id: deviceId, device_use_type: useType, theme_id: themeId, updated_at: now })
        .onConflict((conflict) => conflict.columns(['device_id', 'device_use_type']).doUpdateSet({ theme_id: themeId, updated_at: now }))
        .execute();
    },

    /** A page of the gallery: the built-in images in their order, then the company's, newest first. */
    async listGallery(companyId: number, imageType: ThemeImageType, limit: number, offset: number): Promise<{ rows: GalleryRow[]; total: number }> {
      const visible = db
        .selectFrom('theme_images')
        .where('image_type', '=', imageType)
        .where((eb) => eb.or([eb('company_id', '=', companyId), eb('company_id', 'is', null)]));
      const [count, rows] = await Promise.all([
        visible.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        visible
          .select(['id', 'company_id', 'image_type', 'image_path'])
          .orderBy(sql`case when company_id is null then 0 else 1 end`)
          .orderBy(sql`case when company_id is null then id else -id end`)
          .limit(limit)
          .offset(offset)
          .execute(),
      ]);
      return { rows: rows.map(toGallery), total: Number(count.total) };
    },

    async countCompanyImages(companyId: number, imageType: ThemeImageType): Promise<number> {
      const row = await db
        .selectFrom('theme_images')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('company_id', '=', companyId)
        .where('image_type', '=', imageType)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    async insertImage(companyId: number, imageType: ThemeImageType, imagePath: string, now: number): Promise<number> {
      const row = await db
        .insertInto('theme_images')
        .values({ company_id: companyId, image_type: imageType, image_path: imagePath, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The images among `ids` the company sees: its own and the built-in ones. */
    async findImages(companyId: number, ids: readonly number[]): Promise<GalleryRow[]> {
      const rows = await db
        .selectFrom('theme_images')
        .select(['id', 'company_id', 'image_type', 'image_path'])
        .where('id', 'in', ids)
        .where((eb) => eb.or([eb('company_id', '=', companyId), eb('company_id', 'is', null)]))
        .execute();
      return rows.map(toGallery);
    },

    /** Whether the company sees a gallery image of this type at this address. */
    async isGalleryImage(companyId: number, imageType: ThemeImageType, imagePath: string): Promise<boolean> {
      const row = await db
        .selectFrom('theme_images')
        .select('id')
        .where('image_type', '=', imageType)
        .where('image_path', '=', imagePath)
        .where((eb) => eb.or([eb('company_id', '=', companyId), eb('company_id', 'is', null)]))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Deletes the company's own images among `ids` (never a built-in one). */
    async deleteImages(companyId: number, ids: readonly number[]): Promise<number> {
      const result = await db.deleteFrom('theme_images').where('company_id', '=', companyId).where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The signed-in user's account name, to tell platform operators. */
    async findUserName(companyId: number, userId: number): Promise<string | undefined> {
      const row = await db.selectFrom('users').select('user_name').where('company_id', '=', companyId).where('id', '=', userId).executeTakeFirst();
      return row?.user_name;
    },
  };
}
