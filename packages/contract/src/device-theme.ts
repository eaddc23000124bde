import { z } from 'zod';

/**
 * Themes of door displays and their image gallery (spec 001 sections 3, 4, 5, 7 and 9;
 * docs/decisions/0004-rooms-and-devices.md, Themes).
 */

/** Theme direction: "0" landscape, "1" portrait (spec 001 section 3). */
export const THEME_DIRECTIONS = ['0', '1'] as const;
export const ThemeDirection = z.enum(THEME_DIRECTIONS);
export type ThemeDirection = z.infer<typeof ThemeDirection>;
export const THEME_DIRECTION = { landscape: '0', portrait: '1' } as const;

/** Platforms a theme is made for; a theme's themeType lists one or both, comma-separated. */
export const THEME_PLATFORMS = ['ios', 'android'] as const;
export const ThemePlatform = z.enum(THEME_PLATFORMS);
export type ThemePlatform = z.infer<typeof ThemePlatform>;

/** The use a device is put to; door displays (booking screens) are the only one with themes so far. */
export const DEVICE_USE_TYPES = ['door-display'] as const;
export const DeviceUseType = z.enum(DEVICE_USE_TYPES);
export type DeviceUseType = z.infer<typeof DeviceUseType>;

/** Gallery image types: 0 logo, 1 background (spec: 0 is logo, otherwise background). */
export const THEME_IMAGE_TYPE = { logo: 0, background: 1 } as const;
export const ThemeImageType = z.coerce
  .number()
  .int()
  .refine((value) => value === 0 || value === 1, { message: 'imageType must be 0 (logo) or 1 (background)' })
  .transform((value) => value as 0 | 1);
export type ThemeImageType = 0 | 1;

/** Gallery page size and the slides the carousel shows at once (spec 001 section 9). */
export const THEME_GALLERY_PAGE_SIZE = 15;
export const THEME_GALLERY_SLIDES = 4;
/** Width of the theme drawer in pixels (spec 001 section 9); full width on narrow screens. */
export const THEME_DRAWER_WIDTH = 415;
/** Most images a company may keep in the gallery, per image type. */
export const THEME_GALLERY_MAX_CUSTOM = 100;
/** Recommended sizes in pixels (spec 001 section 5), shown next to the upload. */
export const THEME_RECOMMENDED_SIZES = {
  logo: [{ width: 600, height: 160 }],
  background: [
    { width: 2048, height: 1536 },
    { width: 1280, height: 800 },
  ],
} as const;

const Id = z.coerce.number().int().positive();
const ImagePath = z.string().trim().min(1).max(300);

/** A theme as the room's displays may use it, with the room's own logo and background where it has them. */
export const DeviceTheme = z.object({
  id: z.number().int().describe("The room's record of this theme: updateRoomDeviceThemeLogo and ...BackgroundMap take it"),
  themeId: z.number().int(),
  themeName: z.string().describe("In the caller's language"),
  themePath: z.string().describe('Preview image address'),
  themeDirection: ThemeDirection,
  themeType: z.string().describe('Platforms, comma-separated: ios, android or ios,android'),
  isCanDefine: z.enum(['0', '1']).describe('"1": the logo and background can be changed'),
  isInternal: z.boolean().describe('Shown to platform operators only (ATRIUM_PLATFORM_OPERATORS)'),
  logoPath: z.string().describe("The room's logo, or the theme's default"),
  backgroundMapPath: z.string().describe("The room's background, or the theme's default"),
  defaultLogoPath: z.string(),
  defaultBackgroundMapPath: z.string(),
});
export type DeviceTheme = z.infer<typeof DeviceTheme>;

/** `POST /deviceTheme/findRoomDeviceThemeList` query. */
export const RoomThemeListQuery = z.object({
  roomId: Id,
  themeType: ThemePlatform.optional().describe("Only themes for this platform (the display's); all when absent"),
});
export type RoomThemeListQuery = z.infer<typeof RoomThemeListQuery>;

/** `GET /deviceTheme/getDeviceThemeRecordByDeviceId` query. */
export const DeviceThemeRecordQuery = z.object({
  deviceId: Id,
  deviceUseType: DeviceUseType.default('door-display'),
});
export type DeviceThemeRecordQuery = z.infer<typeof DeviceThemeRecordQuery>;

/** The theme a device shows. */
export const DeviceThemeRecord = z.object({
  deviceId: z.number().int(),
  deviceUseType: DeviceUseType,
  roomId: z.number().int(),
  themeId: z.number().int(),
  isDefault: z.boolean().describe('No theme was chosen yet: the first theme for the display\'s platform applies'),
  theme: DeviceTheme,
});
export type DeviceThemeRecord = z.infer<typeof DeviceThemeRecord>;

/** `POST /deviceTheme/updateRoomDeviceThemeRecord` body. */
export const UpdateDeviceThemeRecordBody = z.object({
  deviceId: Id,
  themeId: Id,
  deviceUseType: DeviceUseType.default('door-display'),
});
export type UpdateDeviceThemeRecordBody = z.infer<typeof UpdateDeviceThemeRecordBody>;

/** One gallery image (spec 001 section 3). */
export const ThemeImage = z.object({
  id: z.number().int(),
  imagePath: z.string(),
  imageType: z.union([z.literal(0), z.literal(1)]),
  isBuiltIn: z.boolean().describe('Built-in images cannot be deleted'),
});
export type ThemeImage = z.infer<typeof ThemeImage>;

/** `POST /deviceTheme/findThemeMapDepotList` body. */
export const ThemeGalleryQuery = z.object({
  imageType: ThemeImageType,
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(THEME_GALLERY_PAGE_SIZE),
});
export type ThemeGalleryQuery = z.infer<typeof ThemeGalleryQuery>;

/** A page of the gallery: built-in images first, then the company's, newest first. */
export const ThemeGalleryPage = z.object({
  list: z.array(ThemeImage),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type ThemeGalleryPage = z.infer<typeof ThemeGalleryPage>;

/** `POST /deviceTheme/updateRoomDeviceThemeLogo` body; null goes back to the theme's default. */
export const UpdateRoomThemeLogoBody = z.object({ id: Id, logoPath: ImagePath.nullable() });
export type UpdateRoomThemeLogoBody = z.infer<typeof UpdateRoomThemeLogoBody>;

/** `POST /deviceTheme/updateRoomDeviceThemeBackgroundMap` body; null goes back to the theme's default. */
export const UpdateRoomThemeBackgroundBody = z.object({ id: Id, backgroundMapPath: ImagePath.nullable() });
export type UpdateRoomThemeBackgroundBody = z.infer<typeof UpdateRoomThemeBackgroundBody>;

/** `POST /deviceTheme/batchDelRoomDeviceThemeLogo` and `batchDelThemeBackgroundMap` body: gallery image ids. */
export const DeleteThemeImagesBody = z.object({ ids: z.array(Id).min(1).max(100) });
export type DeleteThemeImagesBody = z.infer<typeof DeleteThemeImagesBody>;

/** What deleting gallery images did. */
export const DeleteThemeImagesResult = z.object({
  deleted: z.number().int(),
  roomsReset: z.number().int().describe('Room themes that used a deleted image and went back to the default'),
});
export type DeleteThemeImagesResult = z.infer<typeof DeleteThemeImagesResult>;

/** The theme a door display reads with its device token (`GET /device/theme`). */
export const DisplayTheme = z.object({
  deviceId: z.number().int(),
  roomId: z.number().int(),
  themeId: z.number().int(),
  themeName: z.string(),
  themeDirection: ThemeDirection,
  themePath: z.string(),
  logoPath: z.string().describe('Address the display fetches with its device-token header'),
  backgroundMapPath: z.string(),
});
export type DisplayTheme = z.infer<typeof DisplayTheme>;
