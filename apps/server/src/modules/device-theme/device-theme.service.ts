import {
  formatMessage,
  THEME_GALLERY_MAX_CUSTOM,
  THEME_IMAGE_TYPE,
  truncateText,
  type DeleteThemeImagesResult,
  type DeviceTheme,
  type DeviceThemeRecord,
  type DeviceThemeRecordQuery,
  type DeviceUseType,
  type DisplayTheme,
  type Lang,
  type RoomThemeListQuery,
  type ThemeGalleryPage,
  type ThemeGalleryQuery,
  type ThemeImage,
  type ThemeImageType,
  type ThemePlatform,
  type UpdateDeviceThemeRecordBody,
} from '@atrium/contract';
import type { Transact } from '../../db/repositories.js';
import type { Clock } from '../../platform/clock.js';
import { notFound, refused } from '../../platform/errors.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { UploadService } from '../upload/upload.service.js';
import type { DeviceThemeRepository, RoomThemeImageColumn, ThemedDevice, ThemeRow } from './device-theme.repository.js';
import { presentDisplayTheme, presentImage, presentTheme } from './device-theme.presenter.js';

export interface DeviceThemeServiceDeps {
  themes: DeviceThemeRepository;
  uploads: Pick<UploadService, 'saveImage' | 'removeImage'>;
  transact: Transact;
  operationLog: OperationLog;
  clock: Clock;
  /** Lower-cased account names of the platform operators (ATRIUM_PLATFORM_OPERATORS): they also see internal themes. */
  platformOperators: ReadonlySet<string>;
}

/** Who asks, as the theme rules need it. */
export type ThemeCaller = Pick<Actor, 'companyId' | 'userId'>;

export type DeviceThemeService = ReturnType<typeof createDeviceThemeService>;

const COLUMN_OF: Record<ThemeImageType, RoomThemeImageColumn> = { 0: 'logo_path', 1: 'background_path' };
const isPlatform = (value: string | null): value is ThemePlatform => value === 'ios' || value === 'android';

/**
 * Themes of door displays (docs/decisions/0004, Themes): the catalogue a room's displays may use,
 * each device's chosen theme, a room's own logo and background for customisable themes, and the
 * gallery of images (built-in ones plus the company's uploads).
 */
/** What the theme of a display depends on: the display, its company, room and platform. */
export type DisplayDevice = Pick<ThemedDevice, 'id' | 'companyId' | 'roomId' | 'platform'>;

export function createDeviceThemeService({ themes, uploads, transact, operationLog, clock, platformOperators }: DeviceThemeServiceDeps) {
  async function isOperator(caller: ThemeCaller): Promise<boolean> {
    if (platformOperators.size === 0) return false;
    const userName = await themes.findUserName(caller.companyId, caller.userId);
    return userName !== undefined && platformOperators.has(userName.toLowerCase());
  }

  async function requireDevice(companyId: number, deviceId: number, useType: DeviceUseType): Promise<ThemedDevice> {
    const device = await themes.findDevice(companyId, deviceId);
    // Another company's device, a cancelled one, or one used otherwise: as unknown as a missing one.
    if (!device || device.kind !== useType) throw notFound();
    return device;
  }

  /** The theme a device shows: its record's, or the first public theme of its platform. */
  async function effectiveTheme(device: DisplayDevice, useType: DeviceUseType): Promise<{ theme: ThemeRow; isDefault: boolean }> {
    const record = await themes.findThemeRecord(device.companyId, device.id, useType);
    const chosen = record && (await themes.findTheme(record.themeId));
    if (chosen) return { theme: chosen, isDefault: false };
    const candidates = await themes.listThemes({ platform: isPlatform(device.platform) ? device.platform : undefined, includeInternal: false });
    const fallback = candidates[0] ?? (await themes.listThemes({ includeInternal: false }))[0];
    if (!fallback) throw new Error('The theme catalogue is empty');
    return { theme: fallback, isDefault: true };
  }

  async function roomThemeOf(companyId: number, roomId: number, theme: ThemeRow, lang: Lang): Promise<DeviceTheme> {
    await themes.ensureRoomThemes(companyId, roomId, [theme.id], clock.now());
    const record = (await themes.listRoomThemes(companyId, roomId)).find((row) => row.themeId === theme.id)!;
    return presentTheme(theme, record, lang);
  }

  async function recordOf(device: ThemedDevice, useType: DeviceUseType, lang: Lang): Promise<DeviceThemeRecord> {
    const { theme, isDefault } = await effectiveTheme(device, useType);
    return {
      deviceId: device.id,
      deviceUseType: useType,
      roomId: device.roomId,
      themeId: theme.id,
      isDefault,
      theme: await roomThemeOf(device.companyId, device.roomId, theme, lang),
    };
  }

  /** Sets a room theme's logo or background to a gallery image of that type (null: the default). */
  async function setRoomThemeImage(actor: Actor, lang: Lang, id: number, imageType: ThemeImageType, imagePath: string | null): Promise<DeviceTheme> {
    const { companyId } = actor;
    const roomTheme = await themes.findRoomTheme(companyId, id);
    if (!roomTheme) throw notFound();
    const theme = (await themes.findTheme(roomTheme.themeId))!;
    const typeName = formatMessage(imageType === THEME_IMAGE_TYPE.logo ? 'themeLogo' : 'themeBackground', lang);
    return operationLog.track(
      actor,
      {
        action: imageType === THEME_IMAGE_TYPE.logo ? 'deviceTheme.updateLogo' : 'deviceTheme.updateBackground',
        targetType: 'roomTheme',
        targetId: id,
        targetName: theme.name,
        detail: { roomId: roomTheme.roomId, themeId: theme.id, imagePath },
      },
      async () => {
        if (!theme.isCustomisable) throw refused('themeNotCustomisable', { name: lang === 'zh-CN' ? theme.nameZh : theme.name });
        if (imagePath !== null && !(await themes.isGalleryImage(companyId, imageType, imagePath))) {
          // The company's image of the other type is a wrong choice; anything else (another company's) is unknown.
          const otherType = imageType === THEME_IMAGE_TYPE.logo ? THEME_IMAGE_TYPE.background : THEME_IMAGE_TYPE.logo;
          if (await themes.isGalleryImage(companyId, otherType, imagePath)) throw refused('themeImageNotInGallery', { type: typeName });
          throw notFound();
        }
        await themes.setRoomThemeImage(companyId, id, COLUMN_OF[imageType], imagePath, clock.now());
        const updated = (await themes.findRoomTheme(companyId, id))!;
        return presentTheme(theme, updated, lang);
      },
    );
  }

  return {
    isOperator,

    /** The themes the room's displays may use on a platform, each with the room's own images. */
    async listRoomThemes(caller: ThemeCaller, lang: Lang, query: RoomThemeListQuery): Promise<DeviceTheme[]> {
      const { companyId } = caller;
      if (!(await themes.hasRoom(companyId, query.roomId))) throw notFound();
      const catalogue = await themes.listThemes({ platform: query.themeType, includeInternal: await isOperator(caller) });
      await themes.ensureRoomThemes(companyId, query.roomId, catalogue.map((theme) => theme.id), clock.now());
      const records = new Map((await themes.listRoomThemes(companyId, query.roomId)).map((row) => [row.themeId, row]));
      return catalogue.map((theme) => presentTheme(theme, records.get(theme.id)!, lang));
    },

    async getDeviceRecord(caller: ThemeCaller, lang: Lang, query: DeviceThemeRecordQuery): Promise<DeviceThemeRecord> {
      const device = await requireDevice(caller.companyId, query.deviceId, query.deviceUseType);
      return recordOf(device, query.deviceUseType, lang);
    },

    /** Gives a device a theme of its platform; internal themes only by platform operators. */
    async setDeviceTheme(actor: Actor, lang: Lang, body: UpdateDeviceThemeRecordBody): Promise<DeviceThemeRecord> {
      const device = await requireDevice(actor.companyId, body.deviceId, body.deviceUseType);
      const theme = await themes.findTheme(body.themeId);
      if (!theme || (theme.isInternal && !(await isOperator(actor)))) throw notFound();
      const previous = await themes.findThemeRecord(actor.companyId, device.id, body.deviceUseType);
      await operationLog.track(
        actor,
        {
          action: 'deviceTheme.setDeviceTheme',
          targetType: 'device',
          targetId: device.id,
          targetName: device.name,
          detail: { themeId: theme.id, previousThemeId: previous?.themeId ?? null },
        },
        async () => {
          if (isPlatform(device.platform) && !theme.platforms.includes(device.platform)) {
            throw refused('themeNotForPlatform', { name: lang === 'zh-CN' ? theme.nameZh : theme.name, platform: device.platform });
          }
          await themes.saveThemeRecord(actor.companyId, device.id, body.deviceUseType, theme.id, clock.now());
        },
      );
      return recordOf(device, body.deviceUseType, lang);
    },

    async listGallery(caller: ThemeCaller, query: ThemeGalleryQuery): Promise<ThemeGalleryPage> {
      const { rows, total } = await themes.listGallery(caller.companyId, query.imageType, query.pageSize, (query.pageNum - 1) * query.pageSize);
      return { list: rows.map(presentImage), total, pageNum: query.pageNum, pageSize: query.pageSize };
    },

    /** Stores an uploaded png or jpeg (checked by its bytes) in the company's gallery. */
    async uploadImage(actor: Actor, imageType: ThemeImageType, fileName: string, content: Buffer): Promise<ThemeImage> {
      return operationLog.track(
        actor,
        (image: ThemeImage | undefined) => ({
          action: 'deviceTheme.uploadImage',
          targetType: 'themeImage',
          targetId: image?.id ?? null,
          targetName: truncateText(fileName, 254),
          detail: { imageType },
        }),
        async () => {
          if ((await themes.countCompanyImages(actor.companyId, imageType)) >= THEME_GALLERY_MAX_CUSTOM) {
            throw refused('themeGalleryFull', { max: THEME_GALLERY_MAX_CUSTOM });
          }
          const stored = await uploads.saveImage(actor.companyId, 'image', fileName, content);
          const id = await themes.insertImage(actor.companyId, imageType, stored.fileUrl, clock.now());
          return { id, imagePath: stored.fileUrl, imageType, isBuiltIn: false };
        },
      );
    },

    /**
     * Deletes the company's gallery images of one type. Every id must name one of the company's own
     * images of that type (404 otherwise, nothing deleted); built-in ones are refused. Room themes
     * using a deleted image go back to the theme's default.
     */
    async deleteImages(actor: Actor, imageType: ThemeImageType, ids: readonly number[]): Promise<DeleteThemeImagesResult> {
      const unique = [...new Set(ids)];
      const found = await themes.findImages(actor.companyId, unique);
      if (found.length !== unique.length || found.some((image) => image.imageType !== imageType)) throw notFound();
      return operationLog.track(
        actor,
        { action: 'deviceTheme.deleteImages', targetType: 'themeImage', targetId: unique.length === 1 ? unique[0]! : null, detail: { imageType, ids: unique } },
        async () => {
          if (found.some((image) => image.companyId === null)) throw refused('themeImageBuiltIn');
          const paths = found.map((image) => image.imagePath);
          const result = await transact(async (tx) => {
            const roomsReset = await tx.deviceThemes.resetRoomThemeImages(actor.companyId, COLUMN_OF[imageType], paths, clock.now());
            const deleted = await tx.deviceThemes.deleteImages(actor.companyId, unique);
            return { deleted, roomsReset };
          });
          // Files go once the rows are gone; a failed removal leaves an unreferenced file, never a broken theme.
          for (const imagePath of paths) await uploads.removeImage(actor.companyId, imagePath);
          return result;
        },
      );
    },

    setRoomThemeLogo: (actor: Actor, lang: Lang, id: number, logoPath: string | null) => setRoomThemeImage(actor, lang, id, THEME_IMAGE_TYPE.logo, logoPath),
    setRoomThemeBackground: (actor: Actor, lang: Lang, id: number, path: string | null) =>
      setRoomThemeImage(actor, lang, id, THEME_IMAGE_TYPE.background, path),

    /** What a door display draws: its theme with the room's images, at addresses it may fetch. */
    async getDisplayTheme(device: DisplayDevice): Promise<DisplayTheme> {
      const useType: DeviceUseType = 'door-display';
      const { theme } = await effectiveTheme(device, useType);
      return presentDisplayTheme(device.id, await roomThemeOf(device.companyId, device.roomId, theme, 'en-US'), device.roomId);
    },
  };
}
