import type { DeviceTheme, DisplayTheme, Lang, ThemeImage } from '@atrium/contract';
import type { GalleryRow, RoomThemeRow, ThemeRow } from './device-theme.repository.js';

/** A catalogue theme with the room's record of it, in the caller's language. */
export function presentTheme(theme: ThemeRow, roomTheme: RoomThemeRow, lang: Lang): DeviceTheme {
  return {
    id: roomTheme.id,
    themeId: theme.id,
    themeName: lang === 'zh-CN' ? theme.nameZh : theme.name,
    themePath: theme.previewPath,
    themeDirection: theme.direction,
    themeType: theme.platforms.join(','),
    isCanDefine: theme.isCustomisable ? '1' : '0',
    isInternal: theme.isInternal,
    // A fixed theme always shows its own images, whatever a record may still hold.
    logoPath: (theme.isCustomisable ? roomTheme.logoPath : null) ?? theme.defaultLogoPath,
    backgroundMapPath: (theme.isCustomisable ? roomTheme.backgroundPath : null) ?? theme.defaultBackgroundPath,
    defaultLogoPath: theme.defaultLogoPath,
    defaultBackgroundMapPath: theme.defaultBackgroundPath,
  };
}

export function presentImage(row: GalleryRow): ThemeImage {
  return { id: row.id, imagePath: row.imagePath, imageType: row.imageType, isBuiltIn: row.companyId === null };
}

/** A company upload's address as a display reads it: `/api/device/theme/images/<name>` with its device token. */
const UPLOAD_PATH = /^\/api\/upload\/files\/[0-9]+\/([^/]+)$/;
export const DISPLAY_IMAGE_PREFIX = '/api/device/theme/images/';
const forDisplay = (imagePath: string) => {
  const match = UPLOAD_PATH.exec(imagePath);
  return match ? `${DISPLAY_IMAGE_PREFIX}${match[1]}` : imagePath;
};

/** What a door display needs to draw its theme (English names: displays choose their own language). */
export function presentDisplayTheme(deviceId: number, theme: DeviceTheme, roomId: number): DisplayTheme {
  return {
    deviceId,
    roomId,
    themeId: theme.themeId,
    themeName: theme.themeName,
    themeDirection: theme.themeDirection,
    themePath: theme.themePath,
    logoPath: forDisplay(theme.logoPath),
    backgroundMapPath: forDisplay(theme.backgroundMapPath),
  };
}
