import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BROADCAST_CUSTOM_IMAGES_MAX,
  BROADCAST_IMAGE_MAX_BYTES,
  BROADCAST_IMAGE_MAX_LABEL,
  BROADCAST_NEVER_ENDS_DAYS,
  BroadcastIdBody,
  BroadcastImages,
  BroadcastListQuery,
  BroadcastPage,
  BroadcastTargetOptions,
  CreateBroadcastBody,
  DeleteBroadcastImageBody,
  DEVICE_TOKEN_HEADER,
  PadBroadcasts,
  ReturnCode,
  UpdateBroadcastBody,
} from '@atrium/contract';
import { requireAuth, requireDevice } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { AppError, notFound } from '../../platform/errors.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { UploadService } from '../upload/upload.service.js';
import { readUpload, sendImage } from '../upload/upload.http.js';
import { builtInBroadcastImage } from './broadcast-assets.js';
import { broadcastImageTooLarge, type BroadcastDisplay, type BroadcastService } from './broadcast.service.js';

/** The broadcast area (spec 000 section 6): view reads, edit changes. */
const VIEW = { access: 'permission', permission: 'broadcast:view' } as const;
const EDIT = { access: 'permission', permission: 'broadcast:edit' } as const;
/** A door display's reads: the guard checks its device token. */
const DEVICE = { access: 'device', deviceKind: 'doorDisplay' } as const;
const tags = ['broadcast'];
const DEVICE_HEADER = `Header \`${DEVICE_TOKEN_HEADER}\`; an unknown or cancelled token answers 401/2001.`;

const FIELDS =
  'Body `{ title, image, deviceIds, locationIds, startAt, endAt, repeat, repeatUntil?, timeZone }`: `image` is `default:<name>` or `custom:<id>`; at least one door display or location (a location reaches the displays of every room under it); `repeat` none, daily, weekly (the start\'s weekday) or workdays (Monday to Friday); a repeating notice shows each repeat day between the start\'s and the end\'s time of day (as written in `timeZone`, read in each display\'s room zone), its window shorter than a day, through the day of `repeatUntil` (absent or null: never ends, ' +
  `${BROADCAST_NEVER_ENDS_DAYS} days after the start, also the longest). Another company's display, location or image: 404/1002; an end already past, a window too long or a repeat too far: 422/1005. In the operation log; the displays update at once.`;

export interface BroadcastRouteDeps {
  broadcasts: BroadcastService;
  uploads: Pick<UploadService, 'readImage'>;
}

/** `/broadcast/*`: notices on door displays and their images; the display's own reads under `/device/pad/`. */
export function broadcastRoutes({ broadcasts, uploads }: BroadcastRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart only inside this scope, with the broadcast images' own limit.
    await app.register(fastifyMultipart, {
      limits: { fileSize: BROADCAST_IMAGE_MAX_BYTES, files: 1, fields: 4, fieldSize: 256, parts: 6 },
      throwFileSizeLimit: true,
    });

    app.get(
      '/broadcast/list',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'Broadcast notices, newest first, with their status now',
          description: 'Query `keyword?` (in the title), `status?` (not_started, ongoing, ended), `page`, `pageSize`.',
          querystring: BroadcastListQuery,
          response: envelopeResponses(BroadcastPage),
        },
      },
      async (request) => success(request, await broadcasts.list(requireAuth(request).companyId, request.query)),
    );

    app.get(
      '/broadcast/targets',
      {
        config: VIEW,
        schema: {
          tags,
          summary: "The company's door displays (not cancelled) and locations a notice may go to",
          response: envelopeResponses(BroadcastTargetOptions),
        },
      },
      async (request) => success(request, await broadcasts.targets(requireAuth(request).companyId)),
    );

    app.post(
      '/broadcast/create',
      { config: EDIT, schema: { tags, summary: 'Publish a notice', description: FIELDS, body: CreateBroadcastBody, response: envelopeResponses(z.object({ id: z.number().int() })) } },
      async (request) => success(request, await broadcasts.create(actorOf(request), request.body), 'broadcastCreated'),
    );

    app.post(
      '/broadcast/update',
      {
        config: EDIT,
        schema: { tags, summary: 'Change a notice that has not ended', description: `\`id\` and every field. An ended notice answers 422/1005. ${FIELDS}`, body: UpdateBroadcastBody, response: envelopeResponses(z.null()) },
      },
      async (request) => {
        const { id, ...fields } = request.body;
        await broadcasts.update(actorOf(request), id, fields);
        return success(request, null, 'broadcastUpdated');
      },
    );

    app.post(
      '/broadcast/end',
      {
        config: EDIT,
        schema: { tags, summary: 'End a notice now (not started or ongoing)', description: 'Body `{ id }`. One already ended answers 422/1005. Displays drop it at once. In the operation log.', body: BroadcastIdBody, response: envelopeResponses(z.null()) },
      },
      async (request) => {
        await broadcasts.end(actorOf(request), request.body.id);
        return success(request, null, 'broadcastEnded');
      },
    );

    app.post(
      '/broadcast/delete',
      {
        config: EDIT,
        schema: { tags, summary: 'Delete a notice, whatever its status', description: 'Body `{ id }`. Displays drop it at once. In the operation log.', body: BroadcastIdBody, response: envelopeResponses(z.null()) },
      },
      async (request) => {
        await broadcasts.remove(actorOf(request), request.body.id);
        return success(request, null, 'broadcastDeleted');
      },
    );

    app.get(
      '/broadcast/images',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'The images to choose from: the built-in ones (not deletable), then the company\'s own',
          description: `Each with its key for a notice's \`image\`, its address, and \`inUse\`: notices not ended that show it. At most ${BROADCAST_CUSTOM_IMAGES_MAX} custom images.`,
          response: envelopeResponses(BroadcastImages),
        },
      },
      async (request) => success(request, await broadcasts.images(requireAuth(request).companyId)),
    );

    app.post(
      '/broadcast/image-upload',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Upload a custom image (multipart: `file`)',
          description: `JPEG or PNG recognised by the content (anything else 415/1013), at most ${BROADCAST_IMAGE_MAX_LABEL} (413/1006), at most ${BROADCAST_CUSTOM_IMAGES_MAX} per company (the next one 422/1005). Answers \`{ id, url }\`. In the operation log.`,
          consumes: ['multipart/form-data'],
          response: envelopeResponses(z.object({ id: z.number().int(), url: z.string() })),
        },
      },
      async (request) => {
        const actor = actorOf(request);
        let file;
        try {
          ({ file } = await readUpload(request));
        } catch (error) {
          // The multipart limit is the broadcast one: name it, not the general upload limit.
          if (error instanceof AppError && error.returncode === ReturnCode.PAYLOAD_TOO_LARGE) throw broadcastImageTooLarge();
          throw error;
        }
        return success(request, await broadcasts.uploadImage(actor, file.name, file.content), 'broadcastImageUploaded');
      },
    );

    app.post(
      '/broadcast/image-delete',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Delete a custom image',
          description: 'Body `{ id }` of a custom image (built-in images have no id and cannot be deleted). While a notice that has not ended shows it: 422/1005 with how many; ended notices that showed it keep their history without an image. In the operation log.',
          body: DeleteBroadcastImageBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await broadcasts.deleteImage(actorOf(request), request.body.id);
        return success(request, null, 'broadcastImageDeleted');
      },
    );

    app.get(
      '/broadcast/builtin/:name',
      {
        config: { access: 'public' },
        schema: { tags, summary: 'A built-in broadcast image (product assets, the same for everyone)', params: z.object({ name: z.string().max(60) }), response: { 200: z.any().describe('PNG bytes') } },
      },
      async (request, reply) => {
        const content = builtInBroadcastImage(request.params.name);
        if (!content) throw notFound();
        return sendImage(reply, content, 'image/png', 'public, max-age=86400');
      },
    );

    const displayOf = (request: FastifyRequest): BroadcastDisplay => requireDevice(request, 'doorDisplay');

    app.get(
      '/device/pad/broadcasts',
      {
        config: DEVICE,
        schema: {
          tags: ['device API'],
          summary: "The display's notice windows from now to a day ahead",
          description: `${DEVICE_HEADER} Notices aimed at the display, at its room or at a location above it, not ended: each window \`{ id, title, imageUrl, startAt, endAt }\` in the room's zone, by start. The display shows the running window (the latest to start) as a banner beside the room's status, meetings and buttons (never over them) and switches by its clock; \`event: broadcast\` on its stream says to read again.`,
          response: envelopeResponses(PadBroadcasts),
        },
      },
      async (request) => success(request, await broadcasts.forDisplay(displayOf(request))),
    );

    app.get(
      '/device/pad/broadcast-images/:name',
      {
        config: DEVICE,
        schema: {
          tags: ['device API'],
          summary: "A custom broadcast image of the display's company",
          description: `${DEVICE_HEADER} Only the company's broadcast images (another file answers 404).`,
          params: z.object({ name: z.string().max(80) }),
          response: { 200: z.any().describe('The image bytes') },
        },
      },
      async (request, reply) => {
        const display = displayOf(request);
        if (!(await broadcasts.isPadImage(display.companyId, request.params.name))) throw notFound();
        const { content, contentType } = await uploads.readImage(display.companyId, display.companyId, request.params.name);
        return sendImage(reply, content, contentType, 'private, max-age=86400');
      },
    );
  };
}
