import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeleteDesksBody, DeleteNeighbourhoodBody, Desk, DeskFloors, DeskListQuery, DeskQrQuery, DeskQrSheetQuery, ErrorEnvelope, DeskOwners, DeskOwnersQuery, Desks, FloorRooms, FloorRoomsQuery, Neighbourhood, PlaceDesksBody, SaveDeskBody, SaveNeighbourhoodBody } from '@atrium/contract';
import { z } from 'zod';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { sendImage } from '../upload/upload.http.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { DeskService } from './desk.service.js';

/** The desk pages' area (spec 000 menu group 8, /deskeeper-configuration): reading needs view, changing needs edit. */
const VIEW = { access: 'permission', permission: 'roomsLocations:view' } as const;
/** A retry with the same Idempotency-Key answers the first answer (docs/decisions/0010). */
const WRITE = { access: 'permission', permission: 'roomsLocations:edit', idempotent: true } as const;
const tags = ['desks'];

export function deskRoutes({ desks }: { desks: DeskService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/desk/floors',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'Floors with their desks and neighbourhoods',
          description: "The company's floors (level-6 locations not deleted) by building: the building, its zone, how many desks, and each neighbourhood with its desk count.",
          response: envelopeResponses(DeskFloors),
        },
      },
      async (request) => success(request, await desks.listFloors(requireAuth(request).companyId)),
    );

    app.get(
      '/desk/owners',
      {
        config: { access: 'permission', permission: 'roomsLocations:edit' },
        schema: {
          tags,
          summary: 'Who an assigned desk may belong to',
          description: 'Query `keyword` (part of a name or e-mail). Active colleagues `[{ id, fullName, email }]` and departments `[{ id, name }]`, at most 20 of each, by name.',
          querystring: DeskOwnersQuery,
          response: envelopeResponses(DeskOwners),
        },
      },
      async (request) => success(request, await desks.owners(requireAuth(request).companyId, request.query.keyword)),
    );

    app.get(
      '/desk/qr',
      {
        config: VIEW,
        schema: {
          tags,
          summary: "A desk's check-in QR code (PNG)",
          description: "Query `deskId`. The PNG, as an attachment named for the desk's number, of a code that opens the console's `/deskeeper-reservation?checkIn=<id>`, which checks the signed-in person in to their booking of the desk. Another company's desk: 404.",
          querystring: DeskQrQuery,
          response: { 200: z.unknown().describe('PNG bytes, as an attachment'), '4xx': ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const file = await desks.qr(requireAuth(request).companyId, request.query.deskId);
        return sendImage(reply.header('content-disposition', `attachment; filename="${file.filename}"`), file.data, 'image/png', 'private, max-age=3600');
      },
    );

    app.get(
      '/desk/qr-sheet',
      {
        config: VIEW,
        schema: {
          tags,
          summary: "A floor's desk check-in QR codes on A4 (PDF)",
          description: "Query `floorId`. Every desk of the floor by number, its check-in QR code (as `GET /desk/qr`) with its number under it, twelve to an A4 page, with the building and floor at the top; labels in the caller's language. An attachment. An unknown floor, or another company's: 404.",
          querystring: DeskQrSheetQuery,
          response: { 200: z.unknown().describe('application/pdf, as an attachment'), '4xx': ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const file = await desks.qrSheet(requireAuth(request).companyId, request.query.floorId, request.lang);
        return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${file.filename}"`).header('cache-control', 'no-store').send(file.data);
      },
    );

    app.get(
      '/desk/list',
      {
        config: VIEW,
        schema: {
          tags,
          summary: "A floor's desks",
          description: 'Query `floorId`. By number; each with its mode, equipment, neighbourhood, owner and place on the map (null until placed). An unknown floor 404.',
          querystring: DeskListQuery,
          response: envelopeResponses(Desks),
        },
      },
      async (request) => success(request, await desks.listDesks(requireAuth(request).companyId, request.query.floorId)),
    );

    app.get(
      '/desk/rooms',
      {
        config: VIEW,
        schema: {
          tags,
          summary: "A floor's rooms on its map",
          description: 'Query `floorId`. The floor\'s rooms (location nodes under it) in the tree\'s order: `{ id, floorId, name, seats, position }`, the place on the map null until placed (`POST /desk/place` with `kind: room`). An unknown floor 404.',
          querystring: FloorRoomsQuery,
          response: envelopeResponses(FloorRooms),
        },
      },
      async (request) => success(request, await desks.listRooms(requireAuth(request).companyId, request.query.floorId)),
    );

    app.post(
      '/desk/save',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Add or change a desk',
          description:
            'Body `{ id?, floorId, number, mode, equipment, neighbourhoodId, assignedUserId, assignedDepartmentId, position? }`. Without `id` a new desk. The number is unique on its floor regardless of case (422/1005); the neighbourhood must be on the floor, an assigned desk has one owner (a colleague or a department), another mode none (400). `position` absent keeps the place on the map, null takes it off. In the operation log.',
          body: SaveDeskBody,
          response: envelopeResponses(Desk),
        },
      },
      async (request) => {
        const desk = await desks.save(actorOf(request), request.body);
        return success(request, desk, 'deskSaved', { number: desk.number });
      },
    );

    app.post(
      '/desk/place',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Move desks and rooms on the floor map',
          description:
            'Body `{ floorId?, places: [{ id, kind?, position }] }` (at most 200): each desk (`kind` absent or `desk`) or room (`kind: room`) at its new place (x, y, width, height, rotation in degrees, in the map\'s units), or off the map (null). With a room or `floorId`, every desk and room must be on one floor (the body\'s when given; else 422/1005); another company\'s desk or room 404. Answers the desks placed. In the operation log.',
          body: PlaceDesksBody,
          response: envelopeResponses(Desks),
        },
      },
      async (request) => success(request, await desks.place(actorOf(request), request.body), 'desksPlaced'),
    );

    app.post(
      '/desk/delete',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Delete desks',
          description: 'Body `{ ids }` (at most 200). Refused (422/1005) while one of them has a booking still to come; deleted desks keep their past bookings as history. In the operation log.',
          body: DeleteDesksBody,
          response: envelopeResponses(z.object({ count: z.number().int() })),
        },
      },
      async (request) => {
        const result = await desks.delete(actorOf(request), request.body);
        return success(request, result, 'desksDeleted', { count: result.count });
      },
    );

    app.get(
      '/desk/neighbourhood/list',
      {
        config: VIEW,
        schema: { tags, summary: "A floor's neighbourhoods", description: 'Query `floorId`. By name, each with its colour, department (null: free for all) and desk count.', querystring: DeskListQuery, response: envelopeResponses(z.array(Neighbourhood)) },
      },
      async (request) => success(request, await desks.listNeighbourhoods(requireAuth(request).companyId, request.query.floorId)),
    );

    app.post(
      '/desk/neighbourhood/save',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Add or change a neighbourhood',
          description: 'Body `{ id?, floorId, name, color, departmentId }`. The name is unique on its floor regardless of case (422/1005); a neighbourhood stays on its floor; `departmentId` null: free for all. In the operation log.',
          body: SaveNeighbourhoodBody,
          response: envelopeResponses(Neighbourhood),
        },
      },
      async (request) => {
        const neighbourhood = await desks.saveNeighbourhood(actorOf(request), request.body);
        return success(request, neighbourhood, 'neighbourhoodSaved', { name: neighbourhood.name });
      },
    );

    app.post(
      '/desk/neighbourhood/delete',
      {
        config: WRITE,
        schema: { tags, summary: 'Delete a neighbourhood', description: 'Body `{ id }`. Its desks stay on the floor, in no neighbourhood. In the operation log.', body: DeleteNeighbourhoodBody, response: envelopeResponses(z.null()) },
      },
      async (request) => {
        await desks.deleteNeighbourhood(actorOf(request), request.body.id);
        return success(request, null, 'neighbourhoodDeleted');
      },
    );
  };
}
