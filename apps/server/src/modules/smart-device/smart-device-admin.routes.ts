import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SMART_DEVICE_LIMITS,
  SmartDeviceActivationCode,
  SmartDeviceDetail,
  SmartDeviceIdParams,
  SmartDeviceInput,
  SmartDeviceListQuery,
  SmartDeviceOptions,
  SmartDeviceOptionsQuery,
  SmartDevicePage,
  SmartDeviceRestartBody,
  SmartDeviceRestartResult,
} from '@atrium/contract';
import { z } from 'zod';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { SmartDeviceAdminService } from './smart-device-admin.service.js';

/** The devices page (/smart-equipment) sits with the smart rooms: reading is the locations area's view… */
const VIEW = { access: 'permission', permission: 'roomsLocations:view' } as const;
/** …and changing, issuing codes and restarting its edit. */
const EDIT = { access: 'permission', permission: 'roomsLocations:edit', idempotent: true } as const;
const tags = ['smart devices'];

const INPUT_RULES =
  'Body `{ name, brand?, model?, kind, serialNumber?, ipAddress, macAddress?, homieId?, roomId?, deployerIds? }`: the name and an IPv4 or IPv6 address are required; a MAC address is stored as `AA:BB:CC:DD:EE:FF`; the same deployer twice 400 ("the same deployer cannot be added twice"); a room or deployer not of the company 404; a Homie id another device of the company holds 409.';

/** The devices page's calls (docs/api.md, "Smart devices"; decision 0020, "Devices page"). */
export function smartDeviceAdminRoutes({ admin }: { admin: SmartDeviceAdminService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/smart/devices',
      {
        config: VIEW,
        schema: {
          tags,
          summary: "The company's smart devices",
          description:
            'Paged, by name; `search` matches part of the name, serial number, IP address or Homie id; `kind`, `status` (online, offline, partially_online, inactive) and `roomId` narrow the list. Each with its derived status and use status (decision 0020, "Devices page").',
          querystring: SmartDeviceListQuery,
          response: envelopeResponses(SmartDevicePage),
        },
      },
      async (request) => success(request, await admin.list(requireAuth(request).companyId, request.query)),
    );

    app.get(
      '/smart/devices/options',
      {
        config: VIEW,
        schema: {
          tags,
          summary: "The device form's choices: rooms and deployers",
          description: "The company's live rooms `[{ id, name, floorName }]` by name, and up to 20 active colleagues `[{ id, name, email }]` matching `keyword` (name, user name or e-mail).",
          querystring: SmartDeviceOptionsQuery,
          response: envelopeResponses(SmartDeviceOptions),
        },
      },
      async (request) => success(request, await admin.options(requireAuth(request).companyId, request.query.keyword)),
    );

    app.get(
      '/smart/devices/:id',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'A smart device with its latest values, deployers and last commands',
          description: `Another company's or unknown id 404. The last ${SMART_DEVICE_LIMITS.recentCommands} commands, newest first.`,
          params: SmartDeviceIdParams,
          response: envelopeResponses(SmartDeviceDetail),
        },
      },
      async (request) => success(request, await admin.get(requireAuth(request).companyId, request.params.id)),
    );

    app.post(
      '/smart/devices',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Register a smart device',
          description: `${INPUT_RULES} Without \`homieId\` one is made from the name. Answers the device as \`GET /smart/devices/:id\` does.`,
          body: SmartDeviceInput,
          response: envelopeResponses(SmartDeviceDetail),
        },
      },
      async (request) => {
        const device = await admin.create(actorOf(request), request.body);
        return success(request, device, 'smartDeviceSaved', { name: device.name });
      },
    );

    app.put(
      '/smart/devices/:id',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Change a smart device',
          description: `${INPUT_RULES} Without \`homieId\` it keeps its own; \`deployerIds\` replaces the deployers. The device gateway reads the device again at once (a new Homie id, a new room). With broker accounts, a new Homie id deletes the activated device's broker account first (a new activation gets it on the broker again); a broker that does not answer 503.`,
          params: SmartDeviceIdParams,
          body: SmartDeviceInput,
          response: envelopeResponses(SmartDeviceDetail),
        },
      },
      async (request) => {
        const device = await admin.update(actorOf(request), request.params.id, request.body);
        return success(request, device, 'smartDeviceSaved', { name: device.name });
      },
    );

    app.delete(
      '/smart/devices/:id',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Delete a smart device',
          description: "With its deployers, commands and readings; its secret stops working. With broker accounts, the activated device's broker account is deleted first (a broker that does not answer 503, the device stays). Another company's or unknown id 404.",
          params: SmartDeviceIdParams,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await admin.remove(actorOf(request), request.params.id);
        return success(request, null, 'smartDeviceDeleted');
      },
    );

    app.post(
      '/smart/devices/:id/activation-code',
      {
        config: EDIT,
        schema: {
          tags,
          summary: "Issue a smart device's 5-digit activation code (answered once)",
          description: `Valid for ${SMART_DEVICE_LIMITS.activationCodeMinutes} minutes; only its hash is kept, so it is shown this once. A code issued before stops working; an activated device keeps its secret until it trades the new code (\`POST /device/smart/activate\`).`,
          params: SmartDeviceIdParams,
          response: envelopeResponses(SmartDeviceActivationCode),
        },
      },
      async (request) => success(request, await admin.issueActivationCode(actorOf(request), request.params.id)),
    );

    app.post(
      '/smart/devices/:id/restart',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Restart a smart device (safety password)',
          description:
            "Body `{ safetyPassword }` (the company's 6 digits). Sends `system/restart` = `true` and answers `{ commandId, result }` once the device acknowledged (`acked`), refused (`failed`) or did not answer in time (`timeout`). A wrong password 400/1005 \"restart failed because of wrong safety password\", throttled like every use of it (429/1004); none set 422/1005; without a broker (`MQTT_URL`) 422/1005.",
          params: SmartDeviceIdParams,
          body: SmartDeviceRestartBody,
          response: envelopeResponses(SmartDeviceRestartResult),
        },
      },
      async (request) => success(request, await admin.restart(actorOf(request), request.params.id, request.body.safetyPassword), 'smartDeviceRestartSent'),
    );
  };
}
