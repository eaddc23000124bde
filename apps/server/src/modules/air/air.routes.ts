import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AirAlert, AirAlertIdParams, AirAlertListQuery, AirAlertPage, AirThresholds, RemoveAirThresholdsBody, SaveAirThresholdsBody } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import type { AirService } from './air.service.js';

/** The air-quality pages (/air-sensors, /quality-*) sit with the smart rooms: reading them is the locations area's view. */
const VIEW = { access: 'permission', permission: 'roomsLocations:view' } as const;
/** Changing thresholds and acknowledging alerts is the locations area's edit, as the smart-room settings are. */
const EDIT = { access: 'permission', permission: 'roomsLocations:edit', idempotent: true } as const;
const tags = ['air'];

/** Air-quality thresholds and alerts (decision 0020, "Air quality: metrics, thresholds and alerts"). */
export function airRoutes({ air }: { air: AirService }): FastifyPluginAsyncZod {
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
  };
}
