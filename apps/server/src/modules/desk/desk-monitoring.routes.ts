import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DESK_MONITORING_MAX_DAYS, DeskOverview, DeskPeriodQuery, DeskStations, DeskToday, DeskTodayQuery, ErrorEnvelope } from '@atrium/contract';
import { z } from 'zod';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import type { DeskMonitoringService } from './desk-monitoring.service.js';

/** Each page's area (menu.ts): the console is a quick tool, the overview a statistic, the desks' figures the desks' own. */
const TODAY = { access: 'permission', permission: 'quickTools:view' } as const;
const OVERVIEW = { access: 'permission', permission: 'overviewStats:view' } as const;
const STATIONS = { access: 'permission', permission: 'roomsLocations:view' } as const;
const tags = ['desks'];

const PERIOD = `\`from\`, \`to\` (days YYYY-MM-DD, both included, on each floor's clock; \`to\` not before \`from\` and at most ${DESK_MONITORING_MAX_DAYS} days after it, 400 otherwise), \`floorId?\` (a floor with desks; another company's or an unknown one 404)`;
const DEFINITIONS =
  "Utilisation: desk-hours booked (bookings still holding time, within the rules' working day) over desk-hours bookable (desks not out of use, the working day, Monday to Friday). Check-in and no-show rates: bookings checked in, and bookings released for nobody checking in, over the bookings due (not cancelled, started by now).";
const FILE = { 200: z.unknown().describe('The xlsx file, as an attachment'), '4xx': ErrorEnvelope };

/** Desk monitoring (decision 0019, "Monitoring"): /deskeeper-console, /deskeeper-overview, /deskeeper-station-monitoring. */
export function deskMonitoringRoutes({ monitoring }: { monitoring: DeskMonitoringService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/desk/monitoring/today',
      {
        config: TODAY,
        schema: {
          tags,
          summary: 'Desks today at a glance',
          description:
            "Query `floorId?` (a floor with desks; another company's or an unknown one 404). On each floor's clock: desks bookable (not out of use), booked now, checked in now, free now, bookings released today for nobody checking in, bookings of today still to start, and today's bookings (at most 500) with who, which desk, the part of the day and their state (booked, checkedIn, released, cancelled). The floors with desks, for the filter.",
          querystring: DeskTodayQuery,
          response: envelopeResponses(DeskToday),
        },
      },
      async (request) => success(request, await monitoring.today(requireAuth(request).companyId, request.query.floorId)),
    );

    app.get(
      '/desk/monitoring/overview',
      {
        config: OVERVIEW,
        schema: {
          tags,
          summary: 'Desk utilisation by neighbourhood and weekday',
          description: `Query ${PERIOD}. The totals, by neighbourhood (desks in none last) and by weekday (Monday 1 to Sunday 7). ${DEFINITIONS}`,
          querystring: DeskPeriodQuery,
          response: envelopeResponses(DeskOverview),
        },
      },
      async (request) => success(request, await monitoring.overview(requireAuth(request).companyId, request.query)),
    );

    app.post(
      '/desk/monitoring/overview/export',
      {
        config: { ...OVERVIEW, readsOnly: true },
        schema: {
          tags,
          summary: 'The desk overview as an xlsx file',
          description: `Body: the query of \`GET /desk/monitoring/overview\`. Three sheets (totals, neighbourhoods, weekdays), headers in the \`lang\` header's language; shares as percentages; text cells typed text, never formulas.`,
          body: DeskPeriodQuery,
          response: FILE,
        },
      },
      async (request, reply) => {
        const file = await monitoring.exportOverview(requireAuth(request).companyId, request.body, request.lang);
        return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.data);
      },
    );

    app.get(
      '/desk/monitoring/desks',
      {
        config: STATIONS,
        schema: {
          tags,
          summary: "Each desk's figures for a period",
          description: `Query ${PERIOD}. Every desk not deleted, by floor and number: bookings, booked and bookable hours, utilisation, check-ins, no-shows and their rates, and its last check-in (any day). ${DEFINITIONS}`,
          querystring: DeskPeriodQuery,
          response: envelopeResponses(DeskStations),
        },
      },
      async (request) => success(request, await monitoring.stations(requireAuth(request).companyId, request.query)),
    );

    app.post(
      '/desk/monitoring/desks/export',
      {
        config: { ...STATIONS, readsOnly: true },
        schema: {
          tags,
          summary: "Each desk's figures as an xlsx file",
          description: "Body: the query of `GET /desk/monitoring/desks`. One sheet named for the station numbers, a row per desk, headers in the `lang` header's language, the last use on the desk's floor's clock; text cells typed text, never formulas.",
          body: DeskPeriodQuery,
          response: FILE,
        },
      },
      async (request, reply) => {
        const file = await monitoring.exportStations(requireAuth(request).companyId, request.body, request.lang);
        return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.data);
      },
    );
  };
}
