import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeleteThemeImagesBody,
  DeleteThemeImagesResult,
  DeviceTheme,
  DeviceThemeRecord,
  DeviceThemeRecordQuery,
  DisplayTheme,
  IMAGE_MAX_BYTES,
  ReturnCode,
  RoomThemeListQuery,
  THEME_IMAGE_TYPE,
  ThemeGalleryPage,
  ThemeGalleryQuery,
  ThemeImage,
  ThemeImageType,
  UpdateDeviceThemeRecordBody,
  UpdateRoomThemeBackgroundBody,
  UpdateRoomThemeLogoBody,
} from '@atrium/contract';
import { requireAuth, requireDevice } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { AppError, notFound } from '../../platform/errors.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { UploadService } from '../upload/upload.service.js';
import { readUpload, sendImage } from '../upload/upload.http.js';
import type { DeviceThemeRepository } from './device-theme.repository.js';
import type { DeviceThemeService, DisplayDevice } from './device-theme.service.js';
import { builtInImage } from './theme-assets.js';

const TAGS = ['deviceTheme'];
const VIEW = { access: 'permission', permission: 'reservationScreens:view' } as const;
const EDIT = { access: 'permission', permission: 'reservationScreens:edit' } as const;

/** Reads the multipart upload: `imageType` (0 logo, 1 background) and `file`. */
async function readThemeUpload(request: FastifyRequest): Promise<{ imageType: 0 | 1; name: string; content: Buffer }> {
  const { fields, file } = await readUpload(request);
  const parsed = ThemeImageType.safeParse(fields.get('imageType'));
  if (!parsed.success) throw new AppError(ReturnCode.BAD_REQUEST, 'themeImageTypeRequired');
  return { imageType: parsed.data, ...file };
}

export interface DeviceThemeRouteDeps {
  deviceThemes: DeviceThemeService;
  /** For the gallery files a display reads. */
  repository: Pick<DeviceThemeRepository, 'isGalleryImage'>;
  uploads: Pick<UploadService, 'readImage'>;
}

/**
 * Themes of door displays (spec 001 section 7, /deviceTheme/*), under reservationScreens; the
 * gallery upload; the built-in images; and the display's own read with its device token.
 */
export function deviceThemeRoutes({ deviceThemes, repository, uploads }: DeviceThemeRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 4, fieldSize: 256, parts: 6 },
      throwFileSizeLimit: true,
    });

    app.post(
      '/deviceTheme/findRoomDeviceThemeList',
      {
        config: VIEW,
        schema: {
          tags: TAGS,
          summary: "The themes a room's displays may use, with the room's own logo and background",
          description:
            'Query: roomId, themeType (ios or android: only themes for that platform). Internal themes are listed to platform operators only (ATRIUM_PLATFORM_OPERATORS). Another company\'s room: 404.',
          querystring: RoomThemeListQuery,
          response: envelopeResponses(z.array(DeviceTheme)),
        },
      },
      async (request) => success(request, await deviceThemes.listRoomThemes(requireAuth(request), request.lang, request.query)),
    );

    app.get(
      '/deviceTheme/getDeviceThemeRecordByDeviceId',
      {
        config: VIEW,
        schema: {
          tags: TAGS,
          summary: 'The theme a device shows (the default one until a theme is chosen)',
          description: 'Query: deviceId, deviceUseType (door-display). Another company\'s or a cancelled device: 404.',
          querystring: DeviceThemeRecordQuery,
          response: envelopeResponses(DeviceThemeRecord),
        },
      },
      async (request) => success(request, await deviceThemes.getDeviceRecord(requireAuth(request), request.lang, request.query)),
    );

    app.post(
      '/deviceTheme/updateRoomDeviceThemeRecord',
      {
        config: EDIT,
        schema: {
          tags: TAGS,
          summary: 'Give a device a theme',
          description:
            "Body: deviceId, themeId, deviceUseType. The theme must be made for the display's platform (422/1005 otherwise); an internal theme is unknown (404) to anyone but a platform operator.",
          body: UpdateDeviceThemeRecordBody,
          response: envelopeResponses(DeviceThemeRecord),
        },
      },
      async (request) => success(request, await deviceThemes.setDeviceTheme(actorOf(request), request.lang, request.body), 'themeSaved'),
    );

    app.post(
      '/deviceTheme/updateRoomDeviceThemeLogo',
      {
        config: EDIT,
        schema: {
          tags: TAGS,
          summary: "Set the logo of a room's theme from the gallery (null: the theme's default)",
          description: 'Body: id (the room theme, from findRoomDeviceThemeList), logoPath (a gallery logo\'s imagePath). Fixed themes: 422/1005.',
          body: UpdateRoomThemeLogoBody,
          response: envelopeResponses(DeviceTheme),
        },
      },
      async (request) =>
        success(request, await deviceThemes.setRoomThemeLogo(actorOf(request), request.lang, request.body.id, request.body.logoPath), 'themeImageSaved'),
    );

    app.post(
      '/deviceTheme/updateRoomDeviceThemeBackgroundMap',
      {
        config: EDIT,
        schema: {
          tags: TAGS,
          summary: "Set the background of a room's theme from the gallery (null: the theme's default)",
          description: 'Body: id (the room theme), backgroundMapPath (a gallery background\'s imagePath). Fixed themes: 422/1005.',
          body: UpdateRoomThemeBackgroundBody,
          response: envelopeResponses(DeviceTheme),
        },
      },
      async (request) =>
        success(
          request,
          await deviceThemes.setRoomThemeBackground(actorOf(request), request.lang, request.body.id, request.body.backgroundMapPath),
          'themeImageSaved',
        ),
    );

    app.post(
      '/deviceTheme/findThemeMapDepotList',
      {
        config: VIEW,
        schema: {
          tags: TAGS,
          summary: "The image gallery: built-in images first, then the company's uploads, newest first",
          description: 'Body: imageType (0 logo, 1 background), pageNum (from 1), pageSize (15).',
          body: ThemeGalleryQuery,
          response: envelopeResponses(ThemeGalleryPage),
        },
      },
      async (request) => success(request, await deviceThemes.listGallery(requireAuth(request), request.body)),
    );

    app.post(
      '/deviceTheme/uploadThemeImage',
      {
        config: EDIT,
        schema: {
          tags: TAGS,
          summary: 'Add an image to the gallery (multipart: `imageType` 0 or 1, then `file`)',
          description:
            'png or jpeg recognised by the bytes, whatever the name (SVG and anything else: 415/1013 naming the formats); at most 2 MB (413/1006). The server names the stored file.',
          consumes: ['multipart/form-data'],
          response: envelopeResponses(ThemeImage),
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const upload = await readThemeUpload(request);
        return success(request, await deviceThemes.uploadImage(actor, upload.imageType, upload.name, upload.content), 'themeImageSaved');
      },
    );

    app.post(
      '/deviceTheme/batchDelRoomDeviceThemeLogo',
      {
        config: EDIT,
        schema: {
          tags: TAGS,
          summary: "Delete logos from the company's gallery",
          description: 'Body: ids (gallery logos). Built-in images: 422/1005. Room themes using a deleted logo go back to the theme\'s default.',
          body: DeleteThemeImagesBody,
          response: envelopeResponses(DeleteThemeImagesResult),
        },
      },
      async (request) => success(request, await deviceThemes.deleteImages(actorOf(request), THEME_IMAGE_TYPE.logo, request.body.ids), 'themeImagesDeleted'),
    );

    app.post(
      '/deviceTheme/batchDelThemeBackgroundMap',
      {
        config: EDIT,
        schema: {
          tags: TAGS,
          summary: "Delete backgrounds from the company's gallery",
          description: 'Body: ids (gallery backgrounds). Built-in images: 422/1005. Room themes using a deleted background go back to the default.',
          body: DeleteThemeImagesBody,
          response: envelopeResponses(DeleteThemeImagesResult),
        },
      },
      async (request) =>
        success(request, await deviceThemes.deleteImages(actorOf(request), THEME_IMAGE_TYPE.background, request.body.ids), 'themeImagesDeleted'),
    );

    app.get(
      '/deviceTheme/builtin/:name',
      {
        config: { access: 'public' },
        schema: {
          tags: TAGS,
          summary: 'A built-in theme image (previews, logos, backgrounds): product assets, the same for everyone',
          params: z.object({ name: z.string().max(60) }),
          response: { 200: z.any().describe('PNG bytes') },
        },
      },
      async (request, reply) => {
        const content = await builtInImage(request.params.name);
        if (!content) throw notFound();
        return sendImage(reply, content, 'image/png', 'public, max-age=86400');
      },
    );

    /** The display holding the token in the device-token header (checked by the guard). */
    const displayOf = (request: FastifyRequest): DisplayDevice => requireDevice(request, 'doorDisplay');

    app.get(
      '/device/theme',
      {
        // Not a console session: the display proves itself with its device token.
        config: { access: 'device', deviceKind: 'doorDisplay' },
        schema: {
          tags: TAGS,
          summary: 'For a door display: its theme and the addresses of its images (header device-token)',
          description: 'An unknown, cancelled or not activated device: 401/2001. Uploaded images are read at /api/device/theme/images/<name> with the same header.',
          response: envelopeResponses(DisplayTheme),
        },
      },
      async (request) => success(request, await deviceThemes.getDisplayTheme(displayOf(request))),
    );

    app.get(
      '/device/theme/images/:name',
      {
        config: { access: 'device', deviceKind: 'doorDisplay' },
        schema: {
          tags: TAGS,
          summary: "For a door display: a gallery image of its company (header device-token)",
          params: z.object({ name: z.string().max(80) }),
          response: { 200: z.any().describe('The image bytes') },
        },
      },
      async (request, reply) => {
        const device = displayOf(request);
        const imagePath = `/api/upload/files/${device.companyId}/${request.params.name}`;
        // Only gallery images: a display has no business with the company's avatars.
        const isGallery =
          (await repository.isGalleryImage(device.companyId, THEME_IMAGE_TYPE.logo, imagePath)) ||
          (await repository.isGalleryImage(device.companyId, THEME_IMAGE_TYPE.background, imagePath));
        if (!isGallery) throw notFound();
        const { content, contentType } = await uploads.readImage(device.companyId, device.companyId, request.params.name);
        return sendImage(reply, content, contentType, 'private, max-age=86400');
      },
    );
  };
}
