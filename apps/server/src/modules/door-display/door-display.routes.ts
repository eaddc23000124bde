import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddActivationCodeBody,
  DOOR_DISPLAY_LIMITS,
  AddActivationCodeResult,
  AddLightCycleBody,
  AddScreenSettingBody,
  BatchCancelDevicesBody,
  DEVICE_TOKEN_HEADER,
  DeviceActivateBody,
  DeviceActivateResult,
  DeviceConfig,
  DeviceHeartbeatBody,
  DeviceHeartbeatResult,
  DeviceNetCheckResult,
  DeviceListBody,
  DisplayRoom,
  DoorDisplay,
  DoorDisplayPage,
  IdBody,
  LightCycle,
  LightCycleListQuery,
  NewIdResult,
  ScreenSetting,
  UpdateDeviceBody,
  UpdateLightCycleBody,
  UpdateScreenSettingBody,
  VerifyExitPasswordBody,
} from '@atrium/contract';
import { requireAuth, requireDevice } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { DoorDisplayService } from './door-display.service.js';

const ADMIN_TAGS = ['door displays'];
const DEVICE_TAGS = ['device API'];
const VIEW = { access: 'permission', permission: 'reservationScreens:view' } as const;
const EDIT = { access: 'permission', permission: 'reservationScreens:edit' } as const;
/** The display's own calls: the guard checks its device token before the body is read. */
const DEVICE = { access: 'device', deviceKind: 'doorDisplay' } as const;
/** The display has no token yet: it trades its 5-digit code for one. */
const ACTIVATION = { access: 'public' } as const;

const displayOf = (request: FastifyRequest) => requireDevice(request, 'doorDisplay');

/** Door displays: the console's calls (spec 001 section 7) and the API the displays call (docs/api.md, Door displays). */
export function doorDisplayRoutes({ displays }: { displays: DoorDisplayService }): FastifyPluginAsyncZod {
  return async (app) => {

    app.get(
      '/deviceActivation/rooms',
      {
        config: VIEW,
        schema: { tags: ADMIN_TAGS, summary: "The company's rooms a display may be bound to, with their location paths", response: envelopeResponses(z.array(DisplayRoom)) },
      },
      async (request) => success(request, await displays.listRooms(requireAuth(request).companyId)),
    );

    app.post(
      '/deviceActivation/findRoomDeviceActivationList',
      {
        config: VIEW,
        schema: {
          tags: ADMIN_TAGS,
          summary: 'Door displays, paged, by room, location subtree, status and keyword',
          description: "Status: 'inactive' (code issued, never used), 'online' (heartbeat in the last 2 minutes), 'offline'. Cancelled displays are not listed.",
          body: DeviceListBody,
          response: envelopeResponses(DoorDisplayPage),
        },
      },
      async (request) => success(request, await displays.list(requireAuth(request).companyId, request.body)),
    );

    app.post(
      '/deviceActivation/addDeviceActivationCode',
      {
        config: EDIT,
        schema: {
          tags: ADMIN_TAGS,
          summary: 'Issue activation codes for a room: each is a new inactive display with a random 5-digit code',
          body: AddActivationCodeBody,
          response: envelopeResponses(AddActivationCodeResult),
        },
      },
      async (request) => {
        const list = await displays.addCodes(actorOf(request), request.body);
        return success(request, { list }, 'activationCodesIssued', { count: list.length });
      },
    );

    app.post(
      '/deviceActivation/updateRoomDeviceActivation',
      {
        config: EDIT,
        schema: {
          tags: ADMIN_TAGS,
          summary: 'Rename a display, rebind it to another room, or issue it a new code',
          description:
            'Body: { id, name?, roomId?, regenerateCode?, safetyPassword? }. A new code for an activated display signs it out (its token stops working), so it needs the safety password when the company has one set.',
          body: UpdateDeviceBody,
          response: envelopeResponses(DoorDisplay),
        },
      },
      async (request) => success(request, await displays.update(actorOf(request), request.body), 'doorDisplayUpdated'),
    );

    app.post(
      '/deviceActivation/batchCancelRoomDevice',
      {
        config: EDIT,
        schema: {
          tags: ADMIN_TAGS,
          summary: 'Cancel displays: their codes and tokens stop working',
          description: 'Body: { ids, safetyPassword? }. Cancelling an activated display needs the safety password when the company has one set. An id of no live display of the company answers 404 and cancels nothing.',
          body: BatchCancelDevicesBody,
          response: envelopeResponses(z.object({ count: z.number().int() })),
        },
      },
      async (request) => {
        const count = await displays.cancel(actorOf(request), request.body);
        return success(request, { count }, 'doorDisplaysCancelled', { count });
      },
    );

    app.get(
      '/screenSetting/findScreenSettingList',
      {
        config: VIEW,
        schema: { tags: ADMIN_TAGS, summary: 'Screen groups: booking-screen settings shared by rooms', response: envelopeResponses(z.array(ScreenSetting)) },
      },
      async (request) => success(request, await displays.listScreenSettings(requireAuth(request).companyId)),
    );

    app.post(
      '/screenSetting/addScreenSetting',
      {
        config: EDIT,
        schema: {
          tags: ADMIN_TAGS,
          summary: 'Add a screen group (one room or several); a room belongs to at most one group (409 otherwise)',
          body: AddScreenSettingBody,
          response: envelopeResponses(NewIdResult),
        },
      },
      async (request) => success(request, { id: await displays.addScreenSetting(actorOf(request), request.body) }, 'screenSettingAdded'),
    );

    app.post(
      '/screenSetting/updateScreenSetting',
      {
        config: EDIT,
        schema: {
          tags: ADMIN_TAGS,
          summary: 'Replace a screen group: title, rooms and settings; exitPassword omitted keeps it, null removes it',
          body: UpdateScreenSettingBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await displays.updateScreenSetting(actorOf(request), request.body);
        return success(request, null, 'screenSettingUpdated');
      },
    );

    app.post(
      '/screenSetting/delScreenSetting',
      {
        config: EDIT,
        schema: { tags: ADMIN_TAGS, summary: 'Delete a screen group; its rooms fall back to the defaults', body: IdBody, response: envelopeResponses(z.null()) },
      },
      async (request) => {
        await displays.deleteScreenSetting(actorOf(request), request.body.id);
        return success(request, null, 'screenSettingDeleted');
      },
    );

    app.get(
      '/deviceLightCycle/findDeviceLightCycleList',
      {
        config: VIEW,
        schema: { tags: ADMIN_TAGS, summary: "A display's light cycles", querystring: LightCycleListQuery, response: envelopeResponses(z.array(LightCycle)) },
      },
      async (request) => success(request, await displays.listLightCycles(requireAuth(request).companyId, request.query.deviceId)),
    );

    app.post(
      '/deviceLightCycle/addDeviceLightCycle',
      {
        config: EDIT,
        schema: {
          tags: ADMIN_TAGS,
          summary: 'Add a light cycle: days 0-6 (0 = Sunday), HH:mm on quarter hours, start before end, no overlap with the display’s other cycles',
          body: AddLightCycleBody,
          response: envelopeResponses(NewIdResult),
        },
      },
      async (request) => success(request, { id: await displays.addLightCycle(actorOf(request), request.body) }, 'lightCycleAdded'),
    );

    app.post(
      '/deviceLightCycle/updateDeviceLightCycle',
      {
        config: EDIT,
        schema: { tags: ADMIN_TAGS, summary: 'Change a light cycle', body: UpdateLightCycleBody, response: envelopeResponses(z.null()) },
      },
      async (request) => {
        await displays.updateLightCycle(actorOf(request), request.body);
        return success(request, null, 'lightCycleUpdated');
      },
    );

    app.post(
      '/deviceLightCycle/delDeviceLightCycle',
      {
        config: EDIT,
        schema: { tags: ADMIN_TAGS, summary: 'Delete a light cycle', body: IdBody, response: envelopeResponses(z.null()) },
      },
      async (request) => {
        await displays.deleteLightCycle(actorOf(request), request.body.id);
        return success(request, null, 'lightCycleDeleted');
      },
    );

    app.post(
      '/device/activate',
      {
        config: ACTIVATION,
        schema: {
          tags: DEVICE_TAGS,
          summary: 'A display trades a 5-digit activation code for its token (single use)',
          description: `Send the token later in the \`${DEVICE_TOKEN_HEADER}\` header. A wrong, used or cancelled code answers 404; ${DOOR_DISPLAY_LIMITS.wrongCodesPerWindow} wrong codes from one address in ${DOOR_DISPLAY_LIMITS.wrongCodeWindowMinutes} minutes answer 429 until the window passes.`,
          body: DeviceActivateBody,
          response: envelopeResponses(DeviceActivateResult),
        },
      },
      async (request) => success(request, await displays.activate(request.body, request.ip)),
    );

    app.post(
      '/device/heartbeat',
      {
        config: DEVICE,
        schema: {
          tags: DEVICE_TAGS,
          summary: 'The display is alive (send at least every minute); answers the server time',
          description: `Header \`${DEVICE_TOKEN_HEADER}\`; an unknown or cancelled token answers 401/2001.`,
          body: DeviceHeartbeatBody,
          response: envelopeResponses(DeviceHeartbeatResult),
        },
      },
      async (request) => success(request, await displays.heartbeat(displayOf(request), request.body)),
    );

    app.get(
      '/device/config',
      {
        config: DEVICE,
        schema: {
          tags: DEVICE_TAGS,
          summary: "The display's room, its booking-screen settings (or the defaults) and its light cycles; counts as a heartbeat",
          description: `Header \`${DEVICE_TOKEN_HEADER}\`.`,
          response: envelopeResponses(DeviceConfig),
        },
      },
      async (request) => success(request, await displays.config(displayOf(request))),
    );

    app.get(
      '/device/net/check',
      {
        config: DEVICE,
        schema: {
          tags: DEVICE_TAGS,
          summary: 'The display checks that it reaches the server and that its token still works; counts as a heartbeat',
          description: `Header \`${DEVICE_TOKEN_HEADER}\`; answers \`{ serverTime, deviceId, roomId, status: 'activated' }\`. A missing, unknown or cancelled token answers 401/2001.`,
          response: envelopeResponses(DeviceNetCheckResult),
        },
      },
      async (request) => success(request, await displays.netCheck(displayOf(request))),
    );

    app.post(
      '/device/verifyExitPassword',
      {
        config: DEVICE,
        schema: {
          tags: DEVICE_TAGS,
          summary: "Check the exit password typed on the display against its room's screen group",
          description: `Header \`${DEVICE_TOKEN_HEADER}\`. Wrong: 400/1005; none set: 422/1005.`,
          body: VerifyExitPasswordBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await displays.verifyExitPassword(displayOf(request), request.body.password);
        return success(request, null);
      },
    );
  };
}
