import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AirAlert,
  AirAlertIdParams,
  AirAlertListQuery,
  AirAlertPage,
  AirBoard,
  AirBoardLink,
  AirBoardLinkIdBody,
  AirBoardLinkList,
  AirBoardQuery,
  AirDeviceList,
  AirHistory,
  AirHistoryQuery,
  AirNow,
  AirNowQuery,
  AirThresholds,
  CreateAirBoardLinkBody,
  CreatedAirBoardLink,
  RemoveAirThresholdsBody,
  SaveAirThresholdsBody,
} from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import type { AirPagesService } from './air-pages.service.js';
import type { AirService } from './air.service.js';

/** The air-quality pages (/air-sensors, /quality-*) sit with the smart rooms: reading them is the locations area's view. */
const VIEW = { access: 'permission', permission: 'roomsLocations:view' } as const;
/** Changing thresholds and acknowledging alerts is the locations area's edit, as the smart-room settings are. */
const EDIT = { access: 'permission', permission: 'roomsLocations:edit', idempotent: true } as const;
/** The lobby screen's board: no sign-in, its secret link names the company (throttled as every call is, app.ts). */
const PUBLIC = { access: 'public' } as const;
const tags = ['air'];
const PLACES =
  "Each place (room or other location) with air monitors, in tree order: `path` (names from the top), `values` (the latest reading per metric in the catalogue's unit, averaged over its online monitors, readings of the last 24 hours), `states` per metric (`alert` while a monitor there has an open alert, `beyond` when the value is past a limit in force there without an alert yet, else `ok`), `openAlerts`, `devicesOnline`/`devicesTotal`, `lastReadingAt`.";

/** Air-quality thresholds and alerts (decision 0020, "Air quality: metrics, thresholds and alerts"). */
export function airRoutes({ air, pages }: { air: AirService; pages: AirPagesService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/air/thresholds',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'Air-quality thresholds',
          description:
            "The presets' limits (WELL v2, GB/T 18883-2022, in the catalogue's units) and the company's saved settings: its default (`locationId` null) first, then the locations that override it. Where nothing is saved, `defaultPreset` (WELL v2) applies. A location's setting also covers the locations under it.",
          response: envelopeResponses(AirThresholds),
        },
      },
      async (request) => success(request, await air.listThresholds(requireAuth(request).companyId)),
    );

    app.put(
      '/air/thresholds',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Choose air-quality thresholds',
          description:
            "Body `{ locationId, preset, custom? }`: a preset (`well_v2`, `gb_t_18883`) or `custom` with its limits (`{ limits: { <metric>: { min?, max?, band } }, minDurationSeconds }`), for the company (`locationId` null) or one of its locations (another company's or unknown: 404). Replaces the setting there; the next readings are judged by it. Invalid limits (min above max, a negative band, a band that leaves nothing to clear) 400. Answers the settings as `GET` does.",
          body: SaveAirThresholdsBody,
          response: envelopeResponses(AirThresholds),
        },
      },
      async (request) => success(request, await air.saveThresholds(requireAuth(request), request.body), 'airThresholdsSaved'),
    );

    app.delete(
      '/air/thresholds',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Remove air-quality thresholds',
          description:
            "Body `{ locationId }`: removes that location's setting, so it follows its nearest ancestor's or the company default again; `locationId` null removes the company default (WELL v2 applies again). Nothing saved there: nothing changes. Another company's or unknown location: 404. Answers the settings as `GET` does.",
          body: RemoveAirThresholdsBody,
          response: envelopeResponses(AirThresholds),
        },
      },
      async (request) => success(request, await air.removeThresholds(requireAuth(request), request.body.locationId), 'airThresholdsRemoved'),
    );

    app.get(
      '/air/alerts',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'Air-quality alerts',
          description:
            "The company's alerts, newest raised first, paged; `state` keeps only `raised` (open) or `cleared` ones. Each with its device, location, metric and unit, the limit crossed and on which side, the farthest value (`peak`), when raised and cleared, and who acknowledged it.",
          querystring: AirAlertListQuery,
          response: envelopeResponses(AirAlertPage),
        },
      },
      async (request) => success(request, await air.listAlerts(requireAuth(request).companyId, request.query)),
    );

    app.post(
      '/air/alerts/:id/acknowledge',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Acknowledge an air-quality alert',
          description: "Marks the alert seen by the caller; a second acknowledgement keeps the first's time and person. Another company's or unknown alert: 404. Answers the alert.",
          params: AirAlertIdParams,
          response: envelopeResponses(AirAlert),
        },
      },
      async (request) => success(request, await air.acknowledge(requireAuth(request), request.params.id), 'airAlertAcknowledged'),
    );

    app.get(
      '/air/now',
      {
        config: VIEW,
        schema: { tags, summary: 'Air quality now', description: `Query \`locationId?\` (that location's subtree; another company's 404). ${PLACES} Also the monitors online and in all.`, querystring: AirNowQuery, response: envelopeResponses(AirNow) },
      },
      async (request) => success(request, await pages.now(requireAuth(request).companyId, request.query.locationId)),
    );

    app.get(
      '/air/history',
      {
        config: VIEW,
        schema: {
          tags,
          summary: "A place's or a monitor's air history",
          description:
            'Query `locationId` (the monitors of its subtree) or `deviceId`, `metric`, `from`, `to` (ms; `from` before `to`, at most 400 days apart). Points `{ at, avg, min, max, count }` per bucket from the rollups: by the minute up to a day, by the hour up to 31 days, else by the day (`grain`). Another company\'s place or monitor 404.',
          querystring: AirHistoryQuery,
          response: envelopeResponses(AirHistory),
        },
      },
      async (request) => success(request, await pages.history(requireAuth(request).companyId, request.query)),
    );

    app.get(
      '/air/devices',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'Air monitors',
          description: "The company's air monitors by name: place (`locationId`, `path`), `status` (online: Homie ready; partial: init or alert; offline: lost, disconnected or sleeping; inactive: never activated nor heard), `lastSeenAt`, latest `values` (last 24 hours).",
          response: envelopeResponses(AirDeviceList),
        },
      },
      async (request) => success(request, await pages.devices(requireAuth(request).companyId)),
    );

    app.get(
      '/air/board-links',
      { config: VIEW, schema: { tags, summary: 'Public air board links', description: 'Newest first, revoked ones included; the secrets are never shown again.', response: envelopeResponses(AirBoardLinkList) } },
      async (request) => success(request, { list: await pages.listLinks(requireAuth(request).companyId) }),
    );

    app.post(
      '/air/board-links',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Create a public air board link',
          description: "Body `{ name, locationId? }` (another company's location 404). Answers the link with its secret `token` and `path` (`/air-board/<token>`), shown this once; only its SHA-256 is stored.",
          body: CreateAirBoardLinkBody,
          response: envelopeResponses(CreatedAirBoardLink),
        },
      },
      async (request) => success(request, await pages.createLink(requireAuth(request), request.body), 'airBoardLinkCreated'),
    );

    app.post(
      '/air/board-links/revoke',
      { config: EDIT, schema: { tags, summary: 'Revoke a public air board link', description: 'Body `{ id }`. The link stops working at once.', body: AirBoardLinkIdBody, response: envelopeResponses(AirBoardLink) } },
      async (request) => success(request, await pages.revokeLink(requireAuth(request).companyId, request.body.id), 'airBoardLinkRevoked'),
    );

    app.get(
      '/air/board',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'The public air board',
          description: `Query \`token\` (the link's secret); no sign-in. The link's name, the company's, and its location subtree's places as \`/air/now\` gives them, names and values only (no ids). Unknown or revoked link 404.`,
          querystring: AirBoardQuery,
          response: envelopeResponses(AirBoard),
        },
      },
      async (request) => success(request, await pages.board(request.query.token)),
    );
  };
}
