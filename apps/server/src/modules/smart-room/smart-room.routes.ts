import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DOOR_DISPLAY_LIMITS,
  ErrorEnvelope,
  SMART_ANALYSIS_HEADERS,
  SMART_ANALYSIS_MAX_DAYS,
  SMART_PLAN_LIMITS,
  SmartAnalysis,
  SmartAnalysisQuery,
  SmartAlarmListQuery,
  SmartAlarmPage,
  SmartAlarmParams,
  SMART_ROOM_LIMITS,
  SmartPlan,
  SmartSceneParams,
  SmartSceneRun,
  SmartScenes,
  SmartRoom,
  SmartRoomControlBody,
  SmartRoomControlResult,
  SmartRoomDetail,
  SmartRoomListQuery,
  SmartRoomParams,
  SmartRoomSettingsBody,
  SmartSensor,
  SmartSensorListQuery,
} from '@atrium/contract';
import { z } from 'zod';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { SmartAlarmService } from './smart-room-alarms.js';
import type { SmartAnalysisService } from './smart-room-analysis.js';
import type { SmartSceneService } from './smart-room-scenes.js';
import type { SmartRoomService } from './smart-room.service.js';

/** The smart-room pages (/smart-location, /smart-induction) belong to the rooms and locations area, as the menu says. */
const VIEW = { access: 'permission', permission: 'roomsLocations:view' } as const;
const EDIT = { access: 'permission', permission: 'roomsLocations:edit', idempotent: true } as const;
const tags = ['smart rooms'];

/** Smart rooms: state, presence and control (decision 0020; docs/api.md, Smart rooms). */
/** The analysis is the overview area's, as the menu's /smart-analysis entry says. */
const OVERVIEW = { access: 'permission', permission: 'overviewStats:view' } as const;

export function smartRoomRoutes({ smartRooms, scenes, alarms, analysis }: { smartRooms: SmartRoomService; scenes: SmartSceneService; alarms: SmartAlarmService; analysis: SmartAnalysisService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/smart/rooms',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'Rooms with their smart state and presence',
          description:
            "Every room of the company in the location tree's order, each with its state (`not_enabled`: smart control off, or no device of the room ever activated; `offline`: no device connected; `normal`: every device online; `abnormal`: some device offline, partly working or not yet activated), presence from its sensors (`someone`, `unmanned`, `unknown`) and its devices counted by status. Filters: `locationId` (its subtree; another company's or unknown 404), `state`, `presence`, `keyword` (room name or path).",
          querystring: SmartRoomListQuery,
          response: envelopeResponses(z.array(SmartRoom)),
        },
      },
      async (request) => success(request, await smartRooms.list(requireAuth(request).companyId, request.query)),
    );

    app.get(
      '/smart/rooms/:roomId',
      {
        config: VIEW,
        schema: {
          tags,
          summary: "A room's smart state with its devices and their controls",
          description:
            "As in the list, plus `deviceList`: each device bound to the room with its status and the properties it declared in its Homie description (the `system` node excepted), each with its datatype, format, unit, whether it can be set and the latest value the device reported. Another company's or unknown room: 404.",
          params: SmartRoomParams,
          response: envelopeResponses(SmartRoomDetail),
        },
      },
      async (request) => success(request, await smartRooms.detail(requireAuth(request).companyId, request.params.roomId)),
    );

    app.put(
      '/smart/rooms/:roomId/settings',
      {
        config: EDIT,
        schema: {
          tags,
          summary: "Switch a room's smart control and set its sensor response delay",
          description: `Body \`{ enabled, responseDelaySeconds }\`: the delay is 0-${SMART_ROOM_LIMITS.responseDelayMaxSeconds} seconds (spec: 0-2 minutes), how long "someone" holds after a sensor's last detection (default ${SMART_ROOM_LIMITS.responseDelayDefaultSeconds}). Answers the room as \`GET /smart/rooms/:roomId\` does. Recorded in the operation log.`,
          params: SmartRoomParams,
          body: SmartRoomSettingsBody,
          response: envelopeResponses(SmartRoomDetail),
        },
      },
      async (request) => success(request, await smartRooms.saveSettings(actorOf(request), request.params.roomId, request.body), 'smartRoomSettingsSaved'),
    );

    app.post(
      '/smart/rooms/:roomId/control',
      {
        config: EDIT,
        schema: {
          tags,
          summary: "Set a property of one of the room's devices (lights, AC, curtains, projector, power)",
          description:
            "Body `{ deviceId, node, property, value }`. The property must be one the device declared settable (400 otherwise), the value must fit its datatype and `$format` (a range `16:30`, enum values `cool,heat`; 400 otherwise). The command goes out over MQTT with its id and the answer waits for the device's acknowledgement: `result` is `acked`, `failed` (the device refused) or `timeout`. A device not in the room 404; an offline or never-activated device 409 (nothing is sent); without an MQTT broker (`MQTT_URL`) 422.",
          params: SmartRoomParams,
          body: SmartRoomControlBody,
          response: envelopeResponses(SmartRoomControlResult),
        },
      },
      async (request) => {
        const answer = await smartRooms.control(actorOf(request), request.params.roomId, request.body);
        const message = answer.result === 'acked' ? 'smartControlAcked' : answer.result === 'failed' ? 'smartControlFailed' : 'smartControlTimeout';
        return success(request, answer, message);
      },
    );

    app.get(
      '/smart/rooms/:roomId/plan',
      {
        config: VIEW,
        schema: {
          tags,
          summary: "A room's smart plan",
          description: "`{ entries: [{ dayOfWeek: [1-7] (7 = Sunday), startTime, endTime (HH:mm, in the room's zone) }] }`: at each entry's start the room's \"on\" scene runs, at its end the \"off\" scene (unless a checked-in meeting still runs). Another company's or unknown room 404.",
          params: SmartRoomParams,
          response: envelopeResponses(SmartPlan),
        },
      },
      async (request) => success(request, await scenes.getPlan(requireAuth(request).companyId, request.params.roomId)),
    );

    app.put(
      '/smart/rooms/:roomId/plan',
      {
        config: EDIT,
        schema: {
          tags,
          summary: "Save a room's smart plan whole",
          description: `Body \`{ entries }\` (at most ${SMART_PLAN_LIMITS.entriesMax}; each day once per entry, the end after the start): replaces the plan. Recorded in the operation log.`,
          params: SmartRoomParams,
          body: SmartPlan,
          response: envelopeResponses(SmartPlan),
        },
      },
      async (request) => success(request, await scenes.savePlan(actorOf(request), request.params.roomId, request.body), 'smartPlanSaved'),
    );

    app.get(
      '/smart/rooms/:roomId/scenes',
      {
        config: VIEW,
        schema: {
          tags,
          summary: "A room's scenes",
          description: '`{ on: [{ deviceId, node, property, value }], off: [...] }`: "on" runs when a meeting is checked in and when a plan entry starts; "off" when a checked-in meeting ends, ends early, is released or cancelled, and when a plan entry ends.',
          params: SmartRoomParams,
          response: envelopeResponses(SmartScenes),
        },
      },
      async (request) => success(request, await scenes.getScenes(requireAuth(request).companyId, request.params.roomId)),
    );

    app.put(
      '/smart/rooms/:roomId/scenes',
      {
        config: EDIT,
        schema: {
          tags,
          summary: "Save a room's scenes whole",
          description: `Body \`{ on, off }\` (at most ${SMART_PLAN_LIMITS.actionsMax} steps each). Each step names a device of the room and a property it declared settable, with a value its datatype and format accept (400 otherwise; a device not in the room 404). Recorded in the operation log.`,
          params: SmartRoomParams,
          body: SmartScenes,
          response: envelopeResponses(SmartScenes),
        },
      },
      async (request) => success(request, await scenes.saveScenes(actorOf(request), request.params.roomId, request.body), 'smartScenesSaved'),
    );

    app.post(
      '/smart/rooms/:roomId/scenes/:trigger/run',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Run a scene now',
          description: '`trigger` is `on` or `off`. Sends each step to its device (not waiting for the acknowledgements, which the devices answer on their commands) and answers how many were sent and skipped (device offline or gone). Without an MQTT broker 422.',
          params: SmartSceneParams,
          response: envelopeResponses(SmartSceneRun),
        },
      },
      async (request) => success(request, await scenes.runNow(actorOf(request), request.params.roomId, request.params.trigger)),
    );

    app.get(
      '/smart/alarms',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'Device alarms',
          description:
            `The company's device alarms, newest first, paged; \`state\` keeps the \`open\` or the \`cleared\` ones. An alarm's \`source\` is a smart device (\`device\`, \`deviceId\` set) or a door display (\`doorDisplay\`, \`displayId\` set, \`kind\` \`door_display\`). A device's is raised when it drops off (its last will says \`lost\`, or it said \`disconnected\`: cause \`disconnected\`) or reports a fault (\`alert\`); a door display's (\`disconnected\`) when, activated, it is not heard for ${DOOR_DISPLAY_LIMITS.onlineWindowMs / 60_000} minutes; at most one open per device and cause, cleared when the device is back (a display heard again, signed out or cancelled). A device's deployers are told, a display's the deployers of its room's smart devices, in the console and by mail. \`openCount\` and \`unacknowledgedCount\` count the open ones (the badge).`,
          querystring: SmartAlarmListQuery,
          response: envelopeResponses(SmartAlarmPage),
        },
      },
      async (request) => success(request, await alarms.list(requireAuth(request).companyId, request.query)),
    );

    app.post(
      '/smart/alarms/:id/acknowledge',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Acknowledge a device alarm',
          description: 'Records who acknowledged it and when (the first acknowledgement stays). Another company\'s or unknown alarm 404.',
          params: SmartAlarmParams,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        return success(request, await alarms.acknowledge(auth.companyId, request.params.id, auth.userId), 'smartAlarmAcknowledged');
      },
    );

    app.get(
      '/smart/analysis',
      {
        config: OVERVIEW,
        schema: {
          tags,
          summary: 'Booked against occupied time, equipment health and energy per smart room',
          description: `Query \`from\`, \`to\` (UTC epoch ms, at most ${SMART_ANALYSIS_MAX_DAYS} days), \`locationId?\` (its subtree; another company's or unknown 404). Per room with smart devices: booked minutes (confirmed meetings clipped to the range), occupied minutes (minutes a presence sensor detected someone), occupied minutes inside meetings, ghost meetings (finished meetings in a room with a presence sensor that saw nobody in them), meetings released as no-shows, device-minutes switched on by kind, devices online now, alarms raised.`,
          querystring: SmartAnalysisQuery,
          response: envelopeResponses(SmartAnalysis),
        },
      },
      async (request) => success(request, await analysis.analyse(requireAuth(request).companyId, request.query)),
    );

    app.get(
      '/smart/analysis/export',
      {
        config: OVERVIEW,
        schema: {
          tags,
          summary: 'The smart-room analysis as CSV',
          description: "The query of `GET /smart/analysis`; one row per room, hours with one decimal, headers in the `lang` header's language; cells that could start a formula are neutralised.",
          querystring: SmartAnalysisQuery,
          response: { 200: z.string().describe('text/csv, as an attachment'), '4xx': ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const csv = await analysis.exportCsv(requireAuth(request).companyId, request.query, SMART_ANALYSIS_HEADERS[request.lang]);
        const day = new Date(request.query.from).toISOString().slice(0, 10);
        return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="smart-analysis-${day}.csv"`).send(csv);
      },
    );

    app.get(
      '/smart/sensors',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'Presence sensors and what each says now',
          description:
            "Every device bound to a room that has a presence node (`atrium.presence`): its status, method (`pir`, `radar`, `infrared`, `camera`), presence (`present`, `absent`, or `unknown` while offline or silent; a sensor reporting nobody stays `present` until its room's response delay has passed since its last detection) and when it last reported. Filters: `locationId` (its subtree; another company's or unknown 404), `presence`.",
          querystring: SmartSensorListQuery,
          response: envelopeResponses(z.array(SmartSensor)),
        },
      },
      async (request) => success(request, await smartRooms.sensors(requireAuth(request).companyId, request.query)),
    );
  };
}
