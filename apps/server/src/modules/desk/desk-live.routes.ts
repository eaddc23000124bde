import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreatedDeskLiveLink, DeskFloors, DeskLive, DeskLiveLinkState, DeskLiveQuery, DeskLiveScreenQuery, ErrorEnvelope } from '@atrium/contract';
import { z } from 'zod';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { LiveHub } from '../live/live.hub.js';
import type { DeskLiveService } from './desk-live.service.js';
import { sendFloorMap } from './floor-map.routes.js';

/** The live view's area (spec 000 menu group 8, /deskeeper-live): reading needs view; the lobby links are an editor's. */
const VIEW = { access: 'permission', permission: 'liveMeetings:view' } as const;
const EDIT = { access: 'permission', permission: 'liveMeetings:edit' } as const;
/** The lobby screen has no session: its link's secret names the company and the floor, nothing else. */
const PUBLIC = { access: 'public' } as const;
const tags = ['desks'];

const STATES =
  "`{ floorId, floorName, buildingName, timeZone, at, map, desks: [{ id, number, position, state, personName }], rooms: [{ id, floorId, name, seats, position, state, until }] }`: each desk's `state` now (`free`; `booked`: a booking holds it, not checked in yet; `checkedIn`, with the person's name in `personName`; `closed`: out of use), each room's (`busy` until the end of the meetings that follow on, `free` until the next meeting's start within a day or null, `closed`: not available or in a disable period; no meeting's title or host, private or not), `map` the floor's plan as in `/desk/floors`.";
const STREAM =
  'A `text/event-stream` as `/live/stream`: `event: ready` at once, then `event: rooms` with `data: { roomIds, reason }` naming the floor\'s desks and rooms (one id space) whose bookings changed (booked, cancelled, checked in, released; any process), or rooms changed by time; read the floor again on an event. A comment heartbeat every 25 s; the stream ends after 15 minutes and EventSource reconnects.';

export function deskLiveRoutes({ live, hub }: { live: DeskLiveService; hub: Pick<LiveHub, 'open'> }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/desk/live/floors',
      { config: VIEW, schema: { tags, summary: 'Floors with desks, for the live view', description: 'The company\'s floors that have desks, as `GET /desk/floors` answers them.', response: envelopeResponses(DeskFloors) } },
      async (request) => success(request, await live.floors(requireAuth(request).companyId)),
    );

    app.get(
      '/desk/live',
      { config: VIEW, schema: { tags, summary: 'Who sits where now on a floor', description: `Query \`floorId\`. ${STATES} Another company's floor 404.`, querystring: DeskLiveQuery, response: envelopeResponses(DeskLive) } },
      async (request) => success(request, await live.live(requireAuth(request).companyId, request.query.floorId)),
    );

    app.get(
      '/desk/live/stream',
      { config: VIEW, schema: { tags, summary: "A floor's desk and room changes as server-sent events", description: `Query \`floorId\`. ${STREAM} Another company's floor 404.`, querystring: DeskLiveQuery } },
      async (request, reply) => {
        const { companyId } = requireAuth(request);
        const ids = await live.streamIds(companyId, request.query.floorId);
        reply.hijack();
        hub.open(reply.raw, { companyId, roomIds: ids });
      },
    );

    app.get(
      '/desk/live/link',
      {
        config: EDIT,
        schema: { tags, summary: "A floor's lobby screen link", description: 'Query `floorId`. `{ active, createdAt, createdByName }`: whether a link is in force; its secret is never shown again.', querystring: DeskLiveQuery, response: envelopeResponses(DeskLiveLinkState) },
      },
      async (request) => success(request, await live.linkState(requireAuth(request).companyId, request.query.floorId)),
    );

    app.post(
      '/desk/live/link/create',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Make a new lobby screen link',
          description: "Body `{ floorId }`. Answers `{ path, createdAt }`: the console's `/deskeeper-live/screen?token=<secret>`, shown this once (only its SHA-256 is stored); the floor's previous link stops opening. No Idempotency-Key: the answer holds a secret. In the operation log (without the secret).",
          body: DeskLiveQuery,
          response: envelopeResponses(CreatedDeskLiveLink),
        },
      },
      async (request) => success(request, await live.createLink(actorOf(request), request.body.floorId), 'deskLiveLinkCreated'),
    );

    app.post(
      '/desk/live/link/revoke',
      {
        config: { ...EDIT, idempotent: true },
        schema: { tags, summary: 'Revoke the lobby screen link', description: 'Body `{ floorId }`. The link stops opening at once (none in force: 404). In the operation log.', body: DeskLiveQuery, response: envelopeResponses(z.null()) },
      },
      async (request) => {
        await live.revokeLink(actorOf(request), request.body.floorId);
        return success(request, null, 'deskLiveLinkRevoked');
      },
    );

    app.get(
      '/desk/live/screen',
      {
        config: PUBLIC,
        schema: { tags, summary: 'The lobby screen', description: `Query \`token\` (the link's secret, redacted from the logs); no sign-in. ${STATES} An unknown or revoked link 404.`, querystring: DeskLiveScreenQuery, response: envelopeResponses(DeskLive) },
      },
      async (request) => success(request, await live.screen(request.query.token)),
    );

    app.get(
      '/desk/live/screen/stream',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: "The lobby screen's changes as server-sent events",
          description: `Query \`token\`; no sign-in. ${STREAM} Only the link's floor is heard of. An unknown or revoked link 404; revoking the link (or making a new one) ends its open streams.`,
          querystring: DeskLiveScreenQuery,
        },
      },
      async (request, reply) => {
        const stream = await live.screenStream(request.query.token);
        reply.hijack();
        hub.open(reply.raw, { companyId: stream.companyId, roomIds: stream.ids, deskLiveLinkId: stream.linkId });
      },
    );

    app.get(
      '/desk/live/screen/plan',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: "The lobby screen's floor plan",
          description: "Query `token`, `v`. The plan's bytes as `GET /desk/floor-map` answers them. An unknown or revoked link, or a floor without a plan, 404.",
          querystring: DeskLiveScreenQuery.extend({ v: z.coerce.number().int().optional() }),
          response: { 200: z.unknown().describe('The image bytes'), '4xx': ErrorEnvelope },
        },
      },
      async (request, reply) => sendFloorMap(reply, await live.screenPlan(request.query.token), request.query.v),
    );
  };
}
