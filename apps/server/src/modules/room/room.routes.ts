import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddDisablePeriodBody,
  AddMeetingRoomBody,
  AddRoomTypeBody,
  DisablePeriodIdBody,
  ErrorEnvelope,
  ExportRoomsBody,
  LocationIdQuery,
  LocationIdResult,
  Room,
  RoomDisablePeriodList,
  RoomIdQuery,
  RoomListQuery,
  RoomPage,
  RoomTypeList,
  RoomTypeListQuery,
  RoomTypeStatusBody,
  UpdateRoomBody,
  UpdateRoomTypeBody,
  ZoomRoomList,
  ZoomRoomListQuery,
} from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { RoomService } from './room.service.js';

const VIEW = { access: 'permission', permission: 'roomsLocations:view' } as const;
const EDIT = { access: 'permission', permission: 'roomsLocations:edit' } as const;
const tags = ['room'];
const IdBody = z.object({ id: z.coerce.number().int().positive() });

const ROOM_FIELDS =
  '`name`, `capacity` (required), `roomTypeId`, `backgroundImage` (an upload of the company), `equipment` (keys), `isAvailable`, `needsApproval`, `signInEnabled`, `signInWay` (manual | qr), `signInBeforeMinutes`, `signInAfterMinutes`, `oneClickStart`, `oneClickEnd`, `videoLink`, `calendarResource`, `bindExternalRooms`. Whether the room has a booking screen is not a field: it follows its door displays (see the room\'s `hasDoorDisplay`)';

/** Meeting rooms, room types and disable periods (spec 001 section 7): reads need roomsLocations:view, changes roomsLocations:edit. */
export function roomRoutes({ rooms }: { rooms: RoomService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/location/findRoomList',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'Rooms, filtered and paged',
          description:
            'Body `{ locationId?, roomTypeId?, capacityBand? (1-5, 6-10, 11-20, 21-50, 50+), equipment? (all of), isAvailable?, keyword?, page, pageSize (15, 50, 100) }`, in tree order. A location of another company answers 404/1002. Each room\'s `hasDoorDisplay` is true while one of its door displays is activated and online (heard from within 2 minutes); `doorDisplayStatus` is the best state among them (none, inactive, offline, online).',
          body: RoomListQuery,
          response: envelopeResponses(RoomPage),
        },
      },
      async (request) => success(request, await rooms.list(requireAuth(request).companyId, request.body)),
    );

    app.post(
      '/location/exportRoomList',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'The filtered room list as an xlsx or csv file',
          description: 'Body: the filters of /location/findRoomList (no paging) and `format` (xlsx, csv). Cells starting with = + - @, a tab or a carriage return get a leading quote.',
          body: ExportRoomsBody,
          response: { 200: z.unknown().describe('The file, as an attachment'), '4xx': ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const file = await rooms.exportRooms(requireAuth(request).companyId, request.body);
        return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.data);
      },
    );

    app.get(
      '/location/findRoomById',
      { config: VIEW, schema: { tags, summary: 'One room with all its fields', querystring: LocationIdQuery, response: envelopeResponses(Room) } },
      async (request) => success(request, await rooms.get(requireAuth(request).companyId, request.query.id)),
    );

    app.post(
      '/location/addMeetingRoom',
      {
        config: EDIT,
        schema: { tags, summary: 'Add a room under a floor', description: `Body \`{ floorId, ... }\` with ${ROOM_FIELDS}. Makes the level-7 node and the room together.`, body: AddMeetingRoomBody, response: envelopeResponses(LocationIdResult) },
      },
      async (request) => success(request, await rooms.add(actorOf(request), request.body)),
    );

    app.post(
      '/location/updateRoomInfo',
      {
        config: EDIT,
        schema: {
          tags,
          summary: "Edit a room's fields",
          description: `Body \`{ id, ... }\` with ${ROOM_FIELDS}. A room whose type is of kind zoom cannot change to a standard type (or none), nor a standard room to a zoom type (422/1005).`,
          body: UpdateRoomBody,
          response: envelopeResponses(LocationIdResult),
        },
      },
      async (request) => success(request, await rooms.update(actorOf(request), request.body)),
    );

    app.get(
      '/location/room/disablePeriods',
      { config: VIEW, schema: { tags, summary: "A room's disable (maintenance) periods", querystring: RoomIdQuery, response: envelopeResponses(RoomDisablePeriodList) } },
      async (request) => success(request, await rooms.listDisablePeriods(requireAuth(request).companyId, request.query.roomId)),
    );

    app.post(
      '/location/room/addDisablePeriod',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Disable a room for a period',
          description: 'Body `{ roomId, startAt, endAt, reason? }` (epoch ms). Both times are required, the start not later than the end, at least 1 hour long, ending at least 1 hour after now (422/1005 with the rule\'s message).',
          body: AddDisablePeriodBody,
          response: envelopeResponses(LocationIdResult),
        },
      },
      async (request) => success(request, await rooms.addDisablePeriod(actorOf(request), request.body)),
    );

    app.delete(
      '/location/room/delDisablePeriod',
      { config: EDIT, schema: { tags, summary: 'Remove a disable period', description: 'Body `{ id }`.', body: DisablePeriodIdBody, response: envelopeResponses(z.null()) } },
      async (request) => {
        await rooms.deleteDisablePeriod(actorOf(request), request.body.id);
        return success(request, null);
      },
    );

    app.get(
      '/zoom/findZoomRoomsList',
      {
        config: VIEW,
        schema: {
          tags,
          summary: "The company's Zoom rooms with their video-room links",
          description:
            "Rooms whose room type is of kind zoom, in the room list's order, each `{ id, name, capacity, videoLink, locationPath (names, country first), roomTypeName }`; query `keyword` matches the room name. Atrium does not call Zoom's cloud: these are the rooms Atrium knows as Zoom rooms.",
          querystring: ZoomRoomListQuery,
          response: envelopeResponses(ZoomRoomList),
        },
      },
      async (request) => success(request, await rooms.listZoomRooms(requireAuth(request).companyId, request.query.keyword)),
    );

    app.get(
      '/roomType/list',
      { config: VIEW, schema: { tags, summary: 'Room types with their room counts', description: 'Query `keyword` matches name or type code.', querystring: RoomTypeListQuery, response: envelopeResponses(RoomTypeList) } },
      async (request) => success(request, await rooms.listTypes(requireAuth(request).companyId, request.query.keyword)),
    );

    app.post(
      '/roomType/add',
      {
        config: EDIT,
        schema: { tags, summary: 'Add a room type', description: 'Body `{ name, typeCode, kind (standard | zoom), isEnabled, description? }`; a type code in use (ignoring case) answers 409/1003.', body: AddRoomTypeBody, response: envelopeResponses(LocationIdResult) },
      },
      async (request) => success(request, await rooms.addType(actorOf(request), request.body)),
    );

    app.post(
      '/roomType/update',
      {
        config: EDIT,
        schema: { tags, summary: 'Edit a room type', description: 'Body `{ id, name, typeCode, kind, isEnabled, description? }`. The kind cannot change while rooms use the type (422/1005).', body: UpdateRoomTypeBody, response: envelopeResponses(LocationIdResult) },
      },
      async (request) => success(request, await rooms.updateType(actorOf(request), request.body)),
    );

    app.post(
      '/roomType/updateStatus',
      { config: EDIT, schema: { tags, summary: 'Enable or disable a room type', description: 'Body `{ id, isEnabled }`. A disabled type cannot be given to more rooms; rooms that have it keep it.', body: RoomTypeStatusBody, response: envelopeResponses(LocationIdResult) } },
      async (request) => success(request, await rooms.setTypeStatus(actorOf(request), request.body)),
    );

    app.delete(
      '/roomType/del',
      { config: EDIT, schema: { tags, summary: 'Delete a room type', description: 'Body `{ id }`. Refused (422/1005) while rooms use it.', body: IdBody, response: envelopeResponses(z.null()) } },
      async (request) => {
        await rooms.deleteType(actorOf(request), request.body.id);
        return success(request, null);
      },
    );
  };
}
