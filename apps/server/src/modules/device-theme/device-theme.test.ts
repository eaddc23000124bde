import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMAGE_MAX_BYTES,
  ReturnCode,
  type DeleteThemeImagesResult,
  type DeviceTheme,
  type DeviceThemeRecord,
  type DisplayTheme,
  type ThemeGalleryPage,
  type ThemeImage,
} from '@atrium/contract';
import { seedDeviceThemes } from '../../db/seeds/device-themes.js';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createThemeFactories, themeImageMultipart, type TestDisplay } from '../../test/theme-factories.js';
import { JPEG_BYTES, MULTIPART_HEADERS, PNG_BYTES } from '../../test/uploads.js';

const OPERATOR = 'Theme.Operator';

const themeUpload = (options: Parameters<typeof themeImageMultipart>[0] = {}) => ({ headers: MULTIPART_HEADERS, payload: themeImageMultipart(options) });

/** Width and height from a PNG's header. */
const pngSize = (content: Buffer) => ({ width: content.readUInt32BE(16), height: content.readUInt32BE(20) });
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe(`device themes (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let admin: string;
  let viewer: string;
  let operator: string;
  let stranger: string;
  let strangerCompanyId: number;
  let android: TestDisplay;
  let ios: TestDisplay;
  let foreign: TestDisplay;

  beforeAll(async () => {
    t = await createTestApp({ config: { platformOperators: [OPERATOR.toLowerCase()] } });
    const a = await t.factories.companyWithAdmin();
    const b = await t.factories.companyWithAdmin();
    companyId = a.company.id;
    strangerCompanyId = b.company.id;
    admin = await t.factories.session(a.admin);
    viewer = await t.factories.session(await t.factories.user(companyId, { permissions: ['reservationScreens:view'] }));
    operator = await t.factories.session(await t.factories.user(companyId, { userName: OPERATOR, permissions: ['reservationScreens:edit'] }));
    stranger = await t.factories.session(b.admin);
    const rooms = createThemeFactories(t.db, t.factories, () => t.clock.now());
    android = await rooms.display(companyId, { platform: 'android' });
    ios = await rooms.display(companyId, { platform: 'ios' });
    foreign = await rooms.display(b.company.id, { platform: 'android' });
  });
  afterAll(() => t.cleanup());

  const post = <T>(token: string, url: string, payload: unknown = {}, lang = 'en-US') =>
    call<T>(t.app, { method: 'POST', url: `/api/deviceTheme/${url}`, headers: { token, lang }, payload: payload as object });
  const themesOf = (token: string, roomId: number, themeType?: string, lang = 'en-US') =>
    post<DeviceTheme[]>(token, `findRoomDeviceThemeList?roomId=${roomId}${themeType ? `&themeType=${themeType}` : ''}`, {}, lang);
  const recordOf = (token: string, deviceId: number) =>
    call<DeviceThemeRecord>(t.app, { method: 'GET', url: `/api/deviceTheme/getDeviceThemeRecordByDeviceId?deviceId=${deviceId}&deviceUseType=door-display`, headers: { token } });
  const upload = (token: string, options: Parameters<typeof themeUpload>[0] = {}) => {
    const { headers, payload } = themeUpload(options);
    return call<ThemeImage>(t.app, { method: 'POST', url: '/api/deviceTheme/uploadThemeImage', headers: { token, ...headers }, payload });
  };
  const gallery = (token: string, imageType: number, pageNum = 1) => post<ThemeGalleryPage>(token, 'findThemeMapDepotList', { imageType, pageNum, pageSize: 15 });

  describe('the theme list of a room', () => {
    it("lists the platform's public themes with every field, the room's records made once", async () => {
      const answer = await themesOf(viewer, android.roomId, 'android');
      expect(answer.status).toBe(200);
      const list = answer.body.result;
      expect(list.map((theme) => theme.themeId)).toEqual([1, 2, 4, 5, 7, 8, 9, 10]);
      expect(list.every((theme) => theme.themeType.split(',').includes('android'))).toBe(true);
      expect(list[0]).toEqual({
        id: expect.any(Number),
        themeId: 1,
        themeName: 'Classic',
        themePath: '/api/deviceTheme/builtin/theme-1.png',
        themeDirection: '0',
        themeType: 'ios,android',
        isCanDefine: '1',
        isInternal: false,
        logoPath: '/api/deviceTheme/builtin/logo-atrium.png',
        backgroundMapPath: '/api/deviceTheme/builtin/background-ocean.png',
        defaultLogoPath: '/api/deviceTheme/builtin/logo-atrium.png',
        defaultBackgroundMapPath: '/api/deviceTheme/builtin/background-ocean.png',
      });
      expect(list.find((theme) => theme.themeId === 4)).toMatchObject({ themeDirection: '1', isCanDefine: '1' });
      expect(list.find((theme) => theme.themeId === 2)).toMatchObject({ isCanDefine: '0' });
      const again = await themesOf(viewer, android.roomId, 'android');
      expect(again.body.result.map((theme) => theme.id)).toEqual(list.map((theme) => theme.id));
      const ids = await themesOf(viewer, android.roomId, 'ios');
      expect(ids.body.result.map((theme) => theme.themeId)).toEqual([1, 3, 4, 6, 7, 8, 9, 10]);
      expect((await themesOf(viewer, android.roomId)).body.result).toHaveLength(10);
    });

    it('names the themes in the caller\'s language', async () => {
      const answer = await themesOf(viewer, android.roomId, 'android', 'zh-CN');
      expect(answer.body.result[0]!.themeName).toBe('经典');
    });

    it('shows internal themes to platform operators only', async () => {
      const operatorList = await themesOf(operator, android.roomId, 'android');
      expect(operatorList.body.result.map((theme) => theme.themeId)).toEqual([1, 2, 4, 5, 7, 8, 9, 10, 11, 12]);
      expect(operatorList.body.result.filter((theme) => theme.isInternal).map((theme) => theme.themeId)).toEqual([11, 12]);
      // The operator setting names an account, not a permission: the company's full administrator does not see them.
      expect((await themesOf(admin, android.roomId)).body.result.some((theme) => theme.isInternal)).toBe(false);
    });

    it("answers 404 for another company's room or an unknown one, and checks the query", async () => {
      for (const roomId of [foreign.roomId, 999_999]) {
        const answer = await themesOf(admin, roomId, 'android');
        expect([answer.status, answer.body.returncode, answer.body.result]).toEqual([404, ReturnCode.NOT_FOUND, null]);
      }
      expect((await themesOf(admin, android.roomId, 'windows')).status).toBe(400);
      expect((await post(admin, 'findRoomDeviceThemeList')).status).toBe(400);
    });
  });

  describe("a device's theme", () => {
    it('starts with the first public theme of its platform, then keeps the chosen one', async () => {
      const before = await recordOf(viewer, ios.deviceId);
      expect(before.status).toBe(200);
      expect(before.body.result).toMatchObject({ deviceId: ios.deviceId, roomId: ios.roomId, deviceUseType: 'door-display', themeId: 1, isDefault: true });
      const saved = await post<DeviceThemeRecord>(admin, 'updateRoomDeviceThemeRecord', { deviceId: ios.deviceId, themeId: 6, deviceUseType: 'door-display' });
      expect(saved.status).toBe(200);
      expect(saved.body.message).toBe('Theme saved');
      expect(saved.body.result).toMatchObject({ themeId: 6, isDefault: false, theme: { themeId: 6, themeName: 'Coral', themeDirection: '1' } });
      expect((await recordOf(viewer, ios.deviceId)).body.result).toMatchObject({ themeId: 6, isDefault: false });
      const log = await t.db.kysely.selectFrom('operation_logs').selectAll().where('action', '=', 'deviceTheme.setDeviceTheme').where('target_id', '=', ios.deviceId).execute();
      expect(log).toHaveLength(1);
      expect(JSON.parse(log[0]!.detail!)).toEqual({ themeId: 6, previousThemeId: null });
    });

    it("refuses a theme not made for the display's platform", async () => {
      const answer = await post(admin, 'updateRoomDeviceThemeRecord', { deviceId: android.deviceId, themeId: 3 });
      expect([answer.status, answer.body.returncode]).toEqual([422, ReturnCode.REFUSED]);
      expect(answer.body.message).toBe('The theme Daylight is not made for android displays');
    });

    it('lets only platform operators choose an internal theme', async () => {
      const refused = await post(admin, 'updateRoomDeviceThemeRecord', { deviceId: android.deviceId, themeId: 12 });
      expect([refused.status, refused.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
      const allowed = await post<DeviceThemeRecord>(operator, 'updateRoomDeviceThemeRecord', { deviceId: android.deviceId, themeId: 12 });
      expect(allowed.status).toBe(200);
      expect(allowed.body.result.theme.isInternal).toBe(true);
      // Others still read what the display shows.
      expect((await recordOf(viewer, android.deviceId)).body.result.themeId).toBe(12);
      expect((await post(admin, 'updateRoomDeviceThemeRecord', { deviceId: android.deviceId, themeId: 1 })).status).toBe(200);
    });

    it("answers 404 for another company's, a cancelled or an unknown device, and for an unknown theme", async () => {
      const cancelled = await createThemeFactories(t.db, t.factories, () => t.clock.now()).display(companyId, { state: 'cancelled' });
      for (const deviceId of [foreign.deviceId, cancelled.deviceId, 999_999]) {
        expect((await recordOf(admin, deviceId)).status).toBe(404);
        const answer = await post(admin, 'updateRoomDeviceThemeRecord', { deviceId, themeId: 1 });
        expect([answer.status, answer.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
      }
      expect((await post(admin, 'updateRoomDeviceThemeRecord', { deviceId: android.deviceId, themeId: 77 })).status).toBe(404);
      expect((await recordOf(stranger, android.deviceId)).status).toBe(404);
      expect((await post(admin, 'updateRoomDeviceThemeRecord', { deviceId: android.deviceId, themeId: 1, deviceUseType: 'printer' })).status).toBe(400);
    });

    it('needs reservationScreens:edit to change and :view to read', async () => {
      const answer = await post(viewer, 'updateRoomDeviceThemeRecord', { deviceId: android.deviceId, themeId: 1 });
      expect([answer.status, answer.body.returncode]).toEqual([403, ReturnCode.NO_PERMISSION]);
      const nobody = await t.factories.session(await t.factories.user(companyId, { permissions: ['users:view'] }));
      expect((await recordOf(nobody, android.deviceId)).status).toBe(403);
    });
  });

  describe('the gallery', () => {
    it('accepts a png or jpeg by its bytes whatever its name, and serves it with nosniff', async () => {
      const renamed = await upload(admin, { content: PNG_BYTES, fileName: 'photo.jpg' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.result).toMatchObject({ imageType: 0, isBuiltIn: false });
      expect(renamed.body.result.imagePath).toMatch(new RegExp(`^/api/upload/files/${companyId}/[A-Za-z0-9_-]+\\.png$`));
      const served = await t.app.inject({ method: 'GET', url: renamed.body.result.imagePath, headers: { token: viewer } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-type']).toBe('image/png');
      const jpeg = await upload(admin, { content: JPEG_BYTES, fileName: 'logo.png', imageType: '1' });
      expect(jpeg.body.result.imagePath).toMatch(/\.jpg$/);
      expect(jpeg.body.result.imageType).toBe(1);
      expect((await t.db.kysely.selectFrom('operation_logs').select('id').where('action', '=', 'deviceTheme.uploadImage').execute()).length).toBe(2);
    });

    it.each([
      ['an HTML page named .png', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), 'logo.png'],
      ['an SVG (refused: scripts could ride in it)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg'],
      ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'), 'logo.png'],
    ])('refuses %s, naming the accepted formats', async (_label, content, fileName) => {
      const answer = await upload(admin, { content, fileName });
      expect([answer.status, answer.body.returncode]).toEqual([415, ReturnCode.UNSUPPORTED_MEDIA_TYPE]);
      expect(answer.body.message).toBe('Please upload png, jpeg, jpg format file');
    });

    it('refuses a file over 2 MB, a missing type or file, and a viewer', async () => {
      const large = await upload(admin, { content: Buffer.concat([PNG_BYTES, Buffer.alloc(IMAGE_MAX_BYTES, 0)]) });
      expect([large.status, large.body.returncode, large.body.message]).toEqual([413, ReturnCode.PAYLOAD_TOO_LARGE, 'The file must not exceed 2 MB']);
      const noType = await upload(admin, { imageType: null });
      expect([noType.status, noType.body.message]).toEqual([400, 'Please say whether the image is a logo (0) or a background (1)']);
      expect((await upload(admin, { imageType: '7' })).status).toBe(400);
      const { headers } = themeUpload();
      const noFile = await call(t.app, {
        method: 'POST',
        url: '/api/deviceTheme/uploadThemeImage',
        headers: { token: admin, ...headers },
        payload: Buffer.from('--X\r\nContent-Disposition: form-data; name="imageType"\r\n\r\n0\r\n--X--\r\n'),
      });
      expect([noFile.status, noFile.body.message]).toEqual([400, 'Please choose a file to upload']);
      expect((await upload(viewer)).status).toBe(403);
    });

    it("pages 15 at a time: built-in images first, then the company's newest first, never another company's", async () => {
      await upload(stranger, { imageType: '1' });
      const uploaded: number[] = [];
      for (let i = 0; i < 13; i++) uploaded.push((await upload(admin, { imageType: '1' })).body.result.id);
      const first = await gallery(viewer, 1);
      expect(first.status).toBe(200);
      // 5 built-in, 1 jpeg from before, 13 new.
      expect(first.body.result).toMatchObject({ total: 19, pageNum: 1, pageSize: 15 });
      expect(first.body.result.list).toHaveLength(15);
      expect(first.body.result.list.slice(0, 5).every((image) => image.isBuiltIn)).toBe(true);
      expect(first.body.result.list[5]!.id).toBe(uploaded.at(-1));
      const second = await gallery(viewer, 1, 2);
      expect(second.body.result.list).toHaveLength(4);
      const all = [...first.body.result.list, ...second.body.result.list];
      expect(new Set(all.map((image) => image.id)).size).toBe(19);
      expect(all.every((image) => image.imageType === 1)).toBe(true);
      expect(all.some((image) => image.imagePath.includes(`/files/${strangerCompanyId}/`))).toBe(false);
      const logos = await gallery(viewer, 0);
      expect(logos.body.result.list.filter((image) => image.isBuiltIn)).toHaveLength(3);
      expect((await post(viewer, 'findThemeMapDepotList', { imageType: 'logo' })).status).toBe(400);
      expect((await post(viewer, 'findThemeMapDepotList', { imageType: 0, pageNum: 0 })).status).toBe(400);
    });
  });

  describe("a room's own logo and background", () => {
    let classic: DeviceTheme;
    let fixed: DeviceTheme;
    let ownLogo: ThemeImage;

    beforeAll(async () => {
      const list = (await themesOf(admin, android.roomId, 'android')).body.result;
      classic = list.find((theme) => theme.themeId === 1)!;
      fixed = list.find((theme) => theme.themeId === 2)!;
      ownLogo = (await upload(admin, { fileName: 'brand.png' })).body.result;
    });

    it('sets a gallery logo and background on a customisable theme, and null goes back to the default', async () => {
      const logo = await post<DeviceTheme>(admin, 'updateRoomDeviceThemeLogo', { id: classic.id, logoPath: ownLogo.imagePath });
      expect(logo.status).toBe(200);
      expect(logo.body.result.logoPath).toBe(ownLogo.imagePath);
      const builtInBackground = (await gallery(admin, 1)).body.result.list[1]!;
      const background = await post<DeviceTheme>(admin, 'updateRoomDeviceThemeBackgroundMap', { id: classic.id, backgroundMapPath: builtInBackground.imagePath });
      expect(background.body.result).toMatchObject({ logoPath: ownLogo.imagePath, backgroundMapPath: builtInBackground.imagePath });
      const listed = (await themesOf(viewer, android.roomId, 'android')).body.result.find((theme) => theme.id === classic.id);
      expect(listed).toMatchObject({ logoPath: ownLogo.imagePath, backgroundMapPath: builtInBackground.imagePath });
      const reset = await post<DeviceTheme>(admin, 'updateRoomDeviceThemeBackgroundMap', { id: classic.id, backgroundMapPath: null });
      expect(reset.body.result.backgroundMapPath).toBe(classic.defaultBackgroundMapPath);
      // Another room keeps the theme's defaults.
      const other = (await themesOf(viewer, ios.roomId, 'ios')).body.result.find((theme) => theme.themeId === 1);
      expect(other!.logoPath).toBe(classic.defaultLogoPath);
    });

    it("refuses a fixed theme and an image of the other type; another company's image is unknown", async () => {
      const onFixed = await post(admin, 'updateRoomDeviceThemeLogo', { id: fixed.id, logoPath: ownLogo.imagePath });
      expect([onFixed.status, onFixed.body.message]).toEqual([422, 'The theme Slate has a fixed logo and background']);
      const background = (await gallery(admin, 1)).body.result.list[0]!;
      const wrongType = await post(admin, 'updateRoomDeviceThemeLogo', { id: classic.id, logoPath: background.imagePath });
      expect([wrongType.status, wrongType.body.message]).toEqual([422, 'Please choose a logo from the gallery']);
      const strangerLogo = (await upload(stranger)).body.result;
      for (const logoPath of [strangerLogo.imagePath, 'https://evil.test/logo.png']) {
        const answer = await post(admin, 'updateRoomDeviceThemeLogo', { id: classic.id, logoPath });
        expect([answer.status, answer.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
      }
      const zh = await post(admin, 'updateRoomDeviceThemeBackgroundMap', { id: classic.id, backgroundMapPath: ownLogo.imagePath }, 'zh-CN');
      expect(zh.body.message).toBe('请从图库中选择背景图');
    });

    it("answers 404 for another company's room theme", async () => {
      const foreignTheme = (await themesOf(stranger, foreign.roomId, 'android')).body.result[0]!;
      const answer = await post(admin, 'updateRoomDeviceThemeLogo', { id: foreignTheme.id, logoPath: null });
      expect([answer.status, answer.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
    });

    it('deletes own images after confirmation, the rooms using them going back to the default', async () => {
      await post(admin, 'updateRoomDeviceThemeLogo', { id: classic.id, logoPath: ownLogo.imagePath });
      const file = path.join(t.config.dataDir, 'uploads', String(companyId), path.basename(ownLogo.imagePath));
      expect(existsSync(file)).toBe(true);
      const deleted = await post<DeleteThemeImagesResult>(admin, 'batchDelRoomDeviceThemeLogo', { ids: [ownLogo.id] });
      expect(deleted.status).toBe(200);
      expect(deleted.body.result).toEqual({ deleted: 1, roomsReset: 1 });
      expect(existsSync(file)).toBe(false);
      const listed = (await themesOf(viewer, android.roomId, 'android')).body.result.find((theme) => theme.id === classic.id);
      expect(listed!.logoPath).toBe(classic.defaultLogoPath);
      expect((await gallery(admin, 0)).body.result.list.some((image) => image.id === ownLogo.id)).toBe(false);
    });

    it("refuses built-in images, and answers 404 for another company's or the other type's", async () => {
      const builtIn = (await gallery(admin, 0)).body.result.list[0]!;
      const refused = await post(admin, 'batchDelRoomDeviceThemeLogo', { ids: [builtIn.id] });
      expect([refused.status, refused.body.message]).toEqual([422, 'Built-in images cannot be deleted']);
      const strangerImage = (await upload(stranger, { imageType: '1' })).body.result;
      const own = (await upload(admin, { imageType: '1' })).body.result;
      const mixed = await post(admin, 'batchDelThemeBackgroundMap', { ids: [own.id, strangerImage.id] });
      expect([mixed.status, mixed.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
      expect((await post(admin, 'batchDelRoomDeviceThemeLogo', { ids: [own.id] })).status).toBe(404);
      expect((await gallery(admin, 1)).body.result.total).toBe(20);
      expect((await post(admin, 'batchDelThemeBackgroundMap', { ids: [] })).status).toBe(400);
      expect((await post<DeleteThemeImagesResult>(admin, 'batchDelThemeBackgroundMap', { ids: [own.id, own.id] })).body.result).toEqual({ deleted: 1, roomsReset: 0 });
    });
  });

  describe('the display reads its theme with its device token', () => {
    it('answers the theme with addresses the display may fetch', async () => {
      const logo = (await upload(admin, { fileName: 'display.png' })).body.result;
      const classic = (await themesOf(admin, android.roomId, 'android')).body.result.find((theme) => theme.themeId === 1)!;
      await post(admin, 'updateRoomDeviceThemeLogo', { id: classic.id, logoPath: logo.imagePath });
      await post(admin, 'updateRoomDeviceThemeRecord', { deviceId: android.deviceId, themeId: 1 });

      const answer = await call<DisplayTheme>(t.app, { method: 'GET', url: '/api/device/theme', headers: { 'device-token': android.token } });
      expect(answer.status).toBe(200);
      const name = path.basename(logo.imagePath);
      expect(answer.body.result).toEqual({
        deviceId: android.deviceId,
        roomId: android.roomId,
        themeId: 1,
        themeName: 'Classic',
        themeDirection: '0',
        themePath: '/api/deviceTheme/builtin/theme-1.png',
        logoPath: `/api/device/theme/images/${name}`,
        backgroundMapPath: '/api/deviceTheme/builtin/background-ocean.png',
      });
      const image = await t.app.inject({ method: 'GET', url: answer.body.result.logoPath, headers: { 'device-token': android.token } });
      expect(image.statusCode).toBe(200);
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      // The uploaded logo, as stored: decoded and written again (platform/images.ts), the same pixels.
      expect(await sharp(image.rawPayload).raw().toBuffer()).toEqual(await sharp(PNG_BYTES).raw().toBuffer());
      const background = await t.app.inject({ method: 'GET', url: answer.body.result.backgroundMapPath });
      expect(background.statusCode).toBe(200);
      expect(background.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    });

    it('refuses a missing, unknown or inactive token, and images outside its company gallery', async () => {
      const inactive = await createThemeFactories(t.db, t.factories, () => t.clock.now()).display(companyId, { state: 'inactive' });
      for (const headers of [{}, { 'device-token': 'not-a-token' }, { 'device-token': inactive.token }, { token: admin }]) {
        const answer = await call(t.app, { method: 'GET', url: '/api/device/theme', headers });
        expect([answer.status, answer.body.returncode]).toEqual([401, ReturnCode.SESSION_INVALID]);
      }
      const strangerLogo = (await upload(stranger)).body.result;
      const crossing = await t.app.inject({ method: 'GET', url: `/api/device/theme/images/${path.basename(strangerLogo.imagePath)}`, headers: { 'device-token': android.token } });
      expect(crossing.statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/device/theme/images/x.png' })).statusCode).toBe(401);
      const foreignAnswer = await call<DisplayTheme>(t.app, { method: 'GET', url: '/api/device/theme', headers: { 'device-token': foreign.token } });
      expect(foreignAnswer.body.result.deviceId).toBe(foreign.deviceId);
    });
  });

  describe('the built-in images', () => {
    it('are real PNGs at the recommended sizes for every path of the catalogue and gallery', async () => {
      const themes = await t.db.kysely.selectFrom('device_themes').selectAll().execute();
      const images = await t.db.kysely.selectFrom('theme_images').select(['image_path', 'image_type']).where('company_id', 'is', null).execute();
      expect(themes).toHaveLength(12);
      const paths = new Set([...themes.flatMap((theme) => [theme.preview_path, theme.default_logo_path, theme.default_background_path]), ...images.map((image) => image.image_path)]);
      for (const imagePath of paths) {
        const response = await t.app.inject({ method: 'GET', url: imagePath });
        expect(response.statusCode, imagePath).toBe(200);
        expect(response.headers['content-type']).toBe('image/png');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        const content = response.rawPayload;
        expect(content.subarray(0, 8).equals(PNG_SIGNATURE), imagePath).toBe(true);
        const size = pngSize(content);
        if (imagePath.includes('/logo-')) expect(size, imagePath).toEqual({ width: 600, height: 160 });
        if (imagePath.includes('/background-')) expect(size, imagePath).toEqual({ width: 1280, height: 800 });
      }
      for (const theme of themes) {
        const size = pngSize((await t.app.inject({ method: 'GET', url: theme.preview_path })).rawPayload);
        expect(size.width > size.height, `theme ${theme.id}`).toBe(theme.direction === '0');
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/deviceTheme/builtin/../../atrium.db' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/deviceTheme/builtin/unknown.png' })).statusCode).toBe(404);
    });
  });
});

describe(`seedDeviceThemes (${TEST_DIALECT})`, () => {
  it("gives the company's displays a theme of their platform, once", async () => {
    const t = await createTestApp();
    try {
      const a = await t.factories.company();
      const b = await t.factories.company();
      const displays = createThemeFactories(t.db, t.factories, () => t.clock.now());
      const made = [
        await displays.display(a.id, { platform: 'android' }),
        await displays.display(a.id, { platform: 'ios' }),
        await displays.display(a.id, { platform: null, state: 'inactive' }),
        await displays.display(a.id, { state: 'cancelled' }),
      ];
      const other = await displays.display(b.id);
      expect(await seedDeviceThemes(t.db.kysely, a.id, t.clock.now())).toBe(3);
      expect(await seedDeviceThemes(t.db.kysely, a.id, t.clock.now())).toBe(0);
      const records = await t.db.kysely.selectFrom('device_theme_records').select(['device_id', 'theme_id', 'company_id']).orderBy('device_id').execute();
      expect(records).toEqual([
        { device_id: made[0]!.deviceId, theme_id: 1, company_id: a.id },
        { device_id: made[1]!.deviceId, theme_id: 4, company_id: a.id },
        { device_id: made[2]!.deviceId, theme_id: 8, company_id: a.id },
      ]);
      expect(records.some((record) => record.device_id === other.deviceId)).toBe(false);
    } finally {
      await t.cleanup();
    }
  });
});
