import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope, FLOOR_MAP_MAX_BYTES, FloorMapBody, FloorMapInfo, FloorMapQuery, hasPermission } from '@atrium/contract';
import { z } from 'zod';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { noPermission } from '../../platform/errors.js';
import { readMultipart } from '../../platform/multipart.js';
import { missingFile } from '../upload/upload.http.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import { floorMapTooLarge, type FloorMapService } from './floor-map.service.js';

/** Changing a plan is the desk configuration's (roomsLocations:edit); uploading again replaces it, so the upload takes no Idempotency-Key. */
const EDIT = { access: 'permission', permission: 'roomsLocations:edit' } as const;
/** A retry of a removal with the same Idempotency-Key answers the first answer. */
const REMOVE = { ...EDIT, idempotent: true } as const;
const tags = ['desks'];

/**
 * What an SVG plan may do when opened by itself: draw, with its own inline styles; nothing runs, nothing
 * is fetched. A raster plan gets the uploads' sandbox.
 */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";
const RASTER_POLICY = "default-src 'none'; sandbox";

/** A plan image answered: its type, never sniffed; an svg may draw and nothing else; cached for a day when asked for by its current version. */
export function sendFloorMap(reply: FastifyReply, image: { contentType: string; bytes: Buffer; updatedAt: number }, version: number | undefined) {
  return reply
    .header('content-type', image.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', version === image.updatedAt ? 'private, max-age=86400' : 'private, no-cache')
    .header('content-security-policy', image.contentType === 'image/svg+xml' ? SVG_POLICY : RASTER_POLICY)
    .send(image.bytes);
}

/** A floor's plan image (decision 0019, "Floor plans"): upload or replace, remove, read. */
export function floorMapRoutes({ floorMaps }: { floorMaps: FloorMapService }): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart only inside this scope: every other route stays JSON-only.
    await app.register(fastifyMultipart, { limits: { fileSize: FLOOR_MAP_MAX_BYTES, files: 1, fields: 2, fieldSize: 256, parts: 3 }, throwFileSizeLimit: true });

    app.post(
      '/desk/floor-map',
      {
        config: EDIT,
        schema: {
          tags,
          summary: "Upload or replace a floor's plan (multipart: `file`)",
          description: `Query \`floorId\`. png or jpeg (recognised by the content, decoded and written again: no metadata or trailing bytes survive) or svg (stored only once sanitised: scripts, event handlers, foreignObject, styles, <use> and outside references removed; it needs a viewBox or a width and height, else 400). Anything else 415/1013; at most ${FLOOR_MAP_MAX_BYTES / 1024 / 1024} MB (413/1006). Answers the plan as the floor lists show it: \`{ contentType, size, width, height, updatedAt }\`; width and height are the plan's units (pixels, or the svg's viewBox), the coordinate space of the floor's desk positions. Another company's floor 404. In the operation log.`,
          consumes: ['multipart/form-data'],
          querystring: FloorMapBody,
          response: envelopeResponses(FloorMapInfo),
        },
      },
      async (request) => {
        const actor = actorOf(request);
        // A floor not the company's is refused before its upload is read.
        await floorMaps.checkFloor(actor.companyId, request.query.floorId);
        const { file } = await readMultipart(request, { fileField: 'file', tooLarge: floorMapTooLarge });
        if (!file || file.content.length === 0) throw missingFile();
        return success(request, await floorMaps.save(actor, request.query.floorId, file.content), 'floorMapSaved');
      },
    );

    app.post(
      '/desk/floor-map/delete',
      {
        config: REMOVE,
        schema: { tags, summary: "Remove a floor's plan", description: 'Body `{ floorId }`. The desks keep their positions. A floor without a plan, or another company\'s, 404. In the operation log.', body: FloorMapBody, response: envelopeResponses(z.null()) },
      },
      async (request) => {
        await floorMaps.remove(actorOf(request), request.body.floorId);
        return success(request, null, 'floorMapDeleted');
      },
    );

    app.get(
      '/desk/floor-map',
      {
        // Booking (calendarRoomUse) or the desk settings (roomsLocations): either may see the plan, checked below.
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: "A floor's plan image",
          description:
            "Query `floorId`, `v` (the plan's `updatedAt`, to make the address change with the plan: with it the answer is cached for a day). The bytes as stored, with their content type and `X-Content-Type-Options: nosniff`; an svg with `Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'`, so opened by itself it runs and fetches nothing. For whoever may book desks (calendarRoomUse:view) or see the desk settings (roomsLocations:view); others 403. A floor without a plan, or another company's, 404.",
          querystring: FloorMapQuery,
          response: { 200: z.unknown().describe('The image bytes'), '4xx': ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        if (!hasPermission(auth.permissions, 'calendarRoomUse:view') && !hasPermission(auth.permissions, 'roomsLocations:view')) throw noPermission();
        return sendFloorMap(reply, await floorMaps.image(auth.companyId, request.query.floorId), request.query.v);
      },
    );
  };
}
