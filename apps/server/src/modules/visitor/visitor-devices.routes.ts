import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddVisitorDeviceBody,
  DeleteVisitorDevicesBody,
  DEVICE_TOKEN_HEADER,
  DOOR_DISPLAY_LIMITS,
  ErrorEnvelope,
  KioskActivateBody,
  KioskBadgeQuery,
  KioskActivateResult,
  KioskCheckInBody,
  KioskCheckInResult,
  KioskConfig,
  KioskHeartbeatBody,
  KioskHeartbeatResult,
  KioskTheme,
  PlaceReceptionists,
  SetPlaceReceptionistsBody,
  SetVisitorPlaceBody,
  UpdateVisitorDeviceBody,
  VisitorDevice,
  VisitorDeviceQuery,
  VisitorDevices as VisitorDeviceList,
  VisitorPlace,
  VisitorPlaceQuery,
} from '@atrium/contract';
import { refused } from '../../platform/errors.js';
import { requireDevice } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { VisitorDevices } from './visitor-devices.service.js';
import type { VisitorService } from './visitor.service.js';
import type { VisitorBadges } from './visitor-badge.service.js';

const tags = ['visitors'];
const DEVICE_TAGS = ['device API'];
/** /guider-location: the menu gives the reception devices page the rooms and locations area. */
const PLACES_VIEW = { access: 'permission', permission: 'roomsLocations:view' } as const;
const PLACES_EDIT = { access: 'permission', permission: 'roomsLocations:edit', idempotent: true } as const;
/** Adding a kiosk answers its activation code: a secret, so no kept answer to replay (docs/decisions/0010). */
const PLACES_ADD = { access: 'permission', permission: 'roomsLocations:edit' } as const;
const DEVICE = { access: 'device', deviceKind: 'visitorKiosk' } as const;
/** A scan at the kiosk retried with the same Idempotency-Key answers the first answer (docs/decisions/0010). */
const DEVICE_WRITE = { ...DEVICE, idempotent: true } as const;
/**
 * Public on purpose, as the door displays' activation: a kiosk has no token yet and trades its single-use
 * 5-digit code for one; wrong codes are throttled per address (platform/activation-codes.ts).
 */
const ACTIVATION = { access: 'public' } as const;
const HEADER = `Header \`${DEVICE_TOKEN_HEADER}\` of an activated visitor kiosk; any other token answers 401/2001.`;

const kioskOf = (request: FastifyRequest) => requireDevice(request, 'visitorKiosk');

/** Reception devices, places' sign-in windows, the kiosk's theme, and the kiosk's own calls (decision 0018). */
export function visitorDeviceRoutes({ devices, visitors, badges }: { devices: VisitorDevices; visitors: Pick<VisitorService, 'checkInAtKiosk' | 'arrivedAtKiosk'>; badges: VisitorBadges }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/visitor/device/list',
      {
        config: PLACES_VIEW,
        schema: {
          tags,
          summary: "The company's visitor kiosks, badge printers and door controllers",
          description: `By kind, then name. A kiosk is \`inactive\` until its code is typed on it, then \`online\` while heartbeats come (within ${DOOR_DISPLAY_LIMITS.onlineWindowMs / 60_000} minutes), else \`offline\`; its code shows while it waits.`,
          querystring: VisitorDeviceQuery,
          response: envelopeResponses(VisitorDeviceList),
        },
      },
      async (request) => success(request, await devices.list(actorOf(request), request.query)),
    );

    app.get(
      '/visitor/printers',
      {
        // Reception prints badges (the visitor display area) and picks the printer by name: no other device is shown.
        config: { access: 'permission', permission: 'visitorDisplay:view' },
        schema: { tags, summary: "The company's badge printers, for reception's Print badge", description: 'As `/visitor/device/list` answers them, printers only.', response: envelopeResponses(VisitorDeviceList) },
      },
      async (request) => success(request, await devices.list(actorOf(request), { kind: 'printer' })),
    );

    app.post(
      '/visitor/device/add',
      {
        config: PLACES_ADD,
        schema: {
          tags,
          summary: 'Add a kiosk (answers its activation code), a badge printer or a door controller to a place',
          description: "A place is a building or a floor (404 otherwise). A kiosk's printer must be a printer of the same place (422/1005). In the operation log.",
          body: AddVisitorDeviceBody,
          response: envelopeResponses(VisitorDevice),
        },
      },
      async (request) => success(request, await devices.add(actorOf(request), request.body), 'visitorDeviceAdded'),
    );

    app.post(
      '/visitor/device/update',
      {
        config: PLACES_EDIT,
        schema: {
          tags,
          summary: 'Rename, move or set up a reception device',
          description: "Fields a kind does not have are ignored. A kiosk moved to another place leaves its printer behind; `regenerateCode` gives a kiosk a new code and signs it out at once. In the operation log.",
          body: UpdateVisitorDeviceBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await devices.update(actorOf(request), request.body);
        return success(request, null, 'visitorDeviceSaved');
      },
    );

    app.post(
      '/visitor/device/delete',
      {
        config: PLACES_EDIT,
        schema: {
          tags,
          summary: 'Delete reception devices',
          description: "A deleted kiosk's token stops working at once; kiosks printing to a deleted printer keep none. An id that is not the company's answers 404 and deletes nothing. In the operation log.",
          body: DeleteVisitorDevicesBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await devices.remove(actorOf(request), request.body.ids);
        return success(request, null, 'visitorDevicesDeleted');
      },
    );

    app.get(
      '/visitor/place',
      {
        config: PLACES_VIEW,
        schema: {
          tags,
          summary: "A place's visitor sign-in window",
          description: "Hours before their visit time a visitor may check in (at reception, by the host or at a kiosk): the place's own, else its building's, else 2.",
          querystring: VisitorPlaceQuery,
          response: envelopeResponses(VisitorPlace),
        },
      },
      async (request) => success(request, await devices.place(actorOf(request), request.query.locationId)),
    );

    app.post(
      '/visitor/place',
      {
        config: PLACES_EDIT,
        schema: { tags, summary: "Set a place's visitor sign-in window", description: 'Body `{ locationId, signInHours }` (0 to 24 whole hours). In the operation log.', body: SetVisitorPlaceBody, response: envelopeResponses(VisitorPlace) },
      },
      async (request) => success(request, await devices.setPlace(actorOf(request), request.body), 'visitorPlaceSaved'),
    );

    app.get(
      '/visitor/place/receptionists',
      {
        config: PLACES_VIEW,
        schema: {
          tags,
          summary: "A place's receptionists",
          description: "Query `locationId`: `[{ id, fullName }]` by name. With the reception area, a receptionist of some places reads those places' visits (a building's floors included) and their own; one of none, the company's.",
          querystring: VisitorPlaceQuery,
          response: envelopeResponses(PlaceReceptionists),
        },
      },
      async (request) => success(request, await devices.receptionists(actorOf(request), request.query.locationId)),
    );

    app.post(
      '/visitor/place/receptionists',
      {
        config: PLACES_EDIT,
        schema: {
          tags,
          summary: "Set a place's receptionists",
          description: 'Body `{ locationId, userIds }` (at most 50; the list replaces the one kept): active colleagues of the company (404 otherwise) whose role has the visitor display area (422 naming the first without). Answers the list. In the operation log.',
          body: SetPlaceReceptionistsBody,
          response: envelopeResponses(PlaceReceptionists),
        },
      },
      async (request) => success(request, await devices.setReceptionists(actorOf(request), request.body), 'visitorReceptionistsSaved'),
    );

    app.get(
      '/visitor/kiosk-theme',
      {
        config: { access: 'permission', permission: 'visitorDisplay:view' },
        schema: { tags, summary: "The visitor kiosks' theme", description: 'The welcome line in each language (null: the product\'s own) and the accent colour (null: the console\'s).', response: envelopeResponses(KioskTheme) },
      },
      async (request) => success(request, await devices.kioskTheme(actorOf(request))),
    );

    app.post(
      '/visitor/kiosk-theme',
      {
        config: { access: 'permission', permission: 'visitorDisplay:edit', idempotent: true },
        schema: { tags, summary: "Set the visitor kiosks' theme", description: 'Kiosks show it at their next configuration read. In the operation log.', body: KioskTheme, response: envelopeResponses(z.null()) },
      },
      async (request) => {
        await devices.setKioskTheme(actorOf(request), request.body);
        return success(request, null, 'kioskThemeSaved');
      },
    );

    // ---- The kiosk's own calls ----

    app.post(
      '/device/visitor/activate',
      {
        config: ACTIVATION,
        schema: {
          tags: DEVICE_TAGS,
          summary: 'A visitor kiosk trades its 5-digit activation code for its token (single use)',
          description: `Send the token later in the \`${DEVICE_TOKEN_HEADER}\` header. A wrong or used code answers 404; ${DOOR_DISPLAY_LIMITS.wrongCodesPerWindow} wrong codes from one address in ${DOOR_DISPLAY_LIMITS.wrongCodeWindowMinutes} minutes answer 429 until the window passes.`,
          body: KioskActivateBody,
          response: envelopeResponses(KioskActivateResult),
        },
      },
      async (request) => success(request, await devices.activate(request.body, request.ip)),
    );

    app.post(
      '/device/visitor/heartbeat',
      {
        config: DEVICE,
        schema: {
          tags: DEVICE_TAGS,
          summary: 'The kiosk is alive (at least every minute), with its battery, version, network, IP and MAC; answers the server time',
          description: HEADER,
          body: KioskHeartbeatBody,
          response: envelopeResponses(KioskHeartbeatResult),
        },
      },
      async (request) => success(request, await devices.heartbeat(kioskOf(request), request.body, request.ip)),
    );

    app.get(
      '/device/visitor/config',
      {
        config: DEVICE,
        schema: { tags: DEVICE_TAGS, summary: "The kiosk's place, company, theme, sign-in window and printer; counts as a heartbeat", description: HEADER, response: envelopeResponses(KioskConfig) },
      },
      async (request) => success(request, await devices.config(kioskOf(request))),
    );

    app.post(
      '/device/visitor/check-in',
      {
        config: DEVICE_WRITE,
        schema: {
          tags: DEVICE_TAGS,
          summary: "A visitor checks in at the kiosk with their pass's QR code",
          description: `${HEADER} Body \`{ code }\`: what the scanner read (the pass link or its token). A pass that is not valid or not the company's answers 404; a visit at another building 422/1005 naming its place; too early (the place's sign-in window), over, cancelled, already checked in, refused or held for approval by the watchlist (sent to reception): 422/1005. The host is told as at reception.`,
          body: KioskCheckInBody,
          response: envelopeResponses(KioskCheckInResult),
        },
      },
      async (request) => {
        const kiosk = kioskOf(request);
        const visit = await visitors.checkInAtKiosk(kiosk, request.body.code);
        return success(
          request,
          { visitId: visit.id, visitorName: visit.visitorName, hostName: visit.host?.name ?? null, companions: visit.companions.length, badge: kiosk.printerId !== null },
          'visitCheckedIn',
          { name: visit.visitorName },
        );
      },
    );

    app.get(
      '/device/visitor/badge',
      {
        config: DEVICE,
        schema: {
          tags: DEVICE_TAGS,
          summary: "The badge of a visitor who just checked in at this kiosk (PDF), for the kiosk's printer",
          description: `${HEADER} Query \`visitId\`: a visit checked in (not out) in the last 30 minutes at the kiosk's building, else 404. On the stock and with the calibration offset of the kiosk's printer; a kiosk without a printer: 422/1005. \`application/pdf\`, not cached.`,
          querystring: KioskBadgeQuery,
          response: { 200: z.unknown().describe('The badge, application/pdf'), '4xx': ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const kiosk = kioskOf(request);
        const print = await devices.kioskPrint(kiosk);
        if (!print) throw refused('kioskWithoutPrinter');
        const visit = await visitors.arrivedAtKiosk(kiosk, request.query.visitId);
        const pdf = await badges.badge({ companyId: kiosk.companyId, all: true }, visit.id, print, request.lang);
        return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="badge-${visit.id}.pdf"`).header('cache-control', 'no-store').send(pdf);
      },
    );
  };
}
