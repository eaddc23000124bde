import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BindStationMessageBody,
  BindStationMessageResult,
  CreateDeskClosureBody,
  DeskAccessDepartments,
  DeskBookingAccess,
  DeskBookingAccessQuery,
  DeskClosureIdBody,
  DeskClosureListQuery,
  DeskClosures,
  DeskClosureSaved,
  DeskServiceBody,
  DeskServiceResult,
  UpdateDeskClosureBody,
} from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { DeskAccessService } from './desk-access.service.js';

/** The page /deskeeper-station-strategy is the desk settings' area (roomsLocations): the switch and the closures are desk administration. */
const VIEW = { access: 'permission', permission: 'roomsLocations:view' } as const;
const EDIT = { access: 'permission', permission: 'roomsLocations:edit', idempotent: true } as const;
/** The booking page's read (calendarRoomUse, as the other booking calls). */
const USE = { access: 'permission', permission: 'calendarRoomUse:view' } as const;
const tags = ['desks'];

export function deskAccessRoutes({ access }: { access: DeskAccessService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/desk/access/departments',
      {
        config: VIEW,
        schema: { tags, summary: 'Departments and their desk booking switch', description: "The company's departments in tree order, each with its path, own member count and whether its members may book desks.", response: envelopeResponses(DeskAccessDepartments) },
      },
      async (request) => success(request, await access.departments(requireAuth(request).companyId)),
    );

    app.put(
      '/tenant/group/user/deskeeper-service',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Turn desk booking on or off for departments',
          description:
            "Body `{ departmentIds, enabled }` (1-500 departments; on for every department until switched). A person may book and check in to desks while their own department's switch is on (a person in no department always may); a sub-department has its own switch. An unknown or another company's department refuses all (404). In the operation log.",
          body: DeskServiceBody,
          response: envelopeResponses(DeskServiceResult),
        },
      },
      async (request) => {
        const result = await access.setService(actorOf(request), request.body);
        return success(request, result, 'deskServiceSaved', { count: result.updated });
      },
    );

    app.get(
      '/desk/closures',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'Desk closure days',
          description: "The company's holiday and closure days, soonest first: those not over (query `past=true`: all). Each is the whole company (`buildingId` null) or one building, from `firstDate` to `lastDate` on the building's clock.",
          querystring: DeskClosureListQuery,
          response: envelopeResponses(DeskClosures),
        },
      },
      async (request) => success(request, await access.listClosures(requireAuth(request).companyId, request.query.past)),
    );

    app.post(
      '/desk/closures',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Add a desk closure',
          description:
            "Body `{ buildingId (null: the whole company), firstDate, lastDate, name }` (at most 366 days). Desks cannot be booked on its days; every desk booking in its scope and days that has not ended is cancelled through the booking engine and its person told in the console (`deskClosure`). Answers the closure and how many bookings were cancelled. In the operation log.",
          body: CreateDeskClosureBody,
          response: envelopeResponses(DeskClosureSaved),
        },
      },
      async (request) => {
        const saved = await access.createClosure(actorOf(request), request.body);
        return success(request, saved, 'deskClosureSaved', { count: saved.cancelled });
      },
    );

    app.put(
      '/desk/closures',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Change a desk closure',
          description: 'Body `{ id, buildingId, firstDate, lastDate, name }`. Bookings in its new scope and days are cancelled as on creation (a narrower closure gives nothing back). Unknown 404.',
          body: UpdateDeskClosureBody,
          response: envelopeResponses(DeskClosureSaved),
        },
      },
      async (request) => {
        const saved = await access.updateClosure(actorOf(request), request.body);
        return success(request, saved, 'deskClosureSaved', { count: saved.cancelled });
      },
    );

    app.delete(
      '/desk/closures',
      {
        config: EDIT,
        schema: { tags, summary: 'Delete a desk closure', description: 'Body `{ id }`. Desks can be booked on its days again; cancelled bookings stay cancelled.', body: DeskClosureIdBody, response: envelopeResponses(z.null()) },
      },
      async (request) => {
        await access.deleteClosure(actorOf(request), request.body.id);
        return success(request, null, 'deskClosureDeleted');
      },
    );

    app.get(
      '/desk/booking/access',
      {
        config: USE,
        schema: {
          tags,
          summary: 'May I book desks, and the closed days',
          description: "Query `floorId` (optional). `canBook`: false when desk booking is off for the caller's department. `closures`: those of the floor's building and of the whole company from the floor's today on. An unknown floor 404.",
          querystring: DeskBookingAccessQuery,
          response: envelopeResponses(DeskBookingAccess),
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        return success(request, await access.bookingAccess({ companyId: auth.companyId, userId: auth.userId }, request.query.floorId));
      },
    );

    app.post(
      '/person/message/trigger/bind-station-message',
      {
        config: EDIT,
        schema: {
          tags,
          summary: "Tell assigned desks' owners",
          description:
            "Body `{ deskIds }` (1-200). Each assigned desk's owner (the person, or every active member of the owning department) gets a console notification and a mail (`deskAssigned`, English then Chinese) saying the desk is theirs; desks not assigned are skipped. An unknown or another company's desk refuses all (404). Answers how many people were told.",
          body: BindStationMessageBody,
          response: envelopeResponses(BindStationMessageResult),
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const result = await access.tellOwners(auth.companyId, auth.userId, request.body.deskIds);
        return success(request, result, 'deskOwnersTold', { count: result.told });
      },
    );
  };
}
