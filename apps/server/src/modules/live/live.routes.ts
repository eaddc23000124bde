import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BoardLink, BoardLinkIdBody, BoardLinkList, CreateBoardLinkBody, CreatedBoardLink, LiveBoard, LiveBoardQuery, LiveRoomList, LiveRoomsQuery } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { fastSerializerCompiler } from '../../platform/fast-serializer.js';
import type { LiveHub } from './live.hub.js';
import type { LiveService } from './live.service.js';

const VIEW = { access: 'permission', permission: 'liveMeetings:view' } as const;
/** Public board links are an administrator's business: the same right as the door displays. */
const ADMIN = { access: 'permission', permission: 'reservationScreens:edit' } as const;
const PUBLIC = { access: 'public' } as const;
const tags = ['live'];

const STATES =
  'Each room: `state` (maintenance: not available or inside a disable period; inMeeting: a confirmed meeting under way that is checked in, or any in a room without sign-in; busy: a meeting now not yet checked in or pending; free), `current` and `next` meeting, `today` (the meetings of today in the room\'s zone) with `dayStartAt`/`dayEndAt`. Titles follow the booking rules (a busy or private meeting of someone else comes without title).';
const STREAM =
  'A `text/event-stream`: `event: ready` at once, then `event: rooms` with `data: { roomIds, reason: booking | time | resync }` whenever rooms may have changed (read them again), and a comment heartbeat every 25 s. The stream ends after 15 minutes; EventSource reconnects by itself.';

export function liveRoutes({ live, hub }: { live: LiveService; hub: LiveHub }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/live/rooms',
      {
        config: VIEW,
        schema: { tags, summary: 'Every room\'s state now', description: `Query \`locationId?\` (the rooms under that node). ${STATES}`, querystring: LiveRoomsQuery, response: envelopeResponses(LiveRoomList) },
        // Hundreds of rooms with their day's meetings: the answer is written as built (fast-serializer.ts).
        serializerCompiler: fastSerializerCompiler,
      },
      async (request) => {
        const { companyId, userId, changeStamp } = requireAuth(request);
        return success(request, await live.roomStates({ companyId, userId, changeStamp }, request.query.locationId));
      },
    );

    app.get(
      '/live/stream',
      { config: VIEW, schema: { tags, summary: 'Room changes as server-sent events', description: `Query \`locationId?\`. ${STREAM}`, querystring: LiveRoomsQuery } },
      async (request, reply) => {
        const { companyId } = requireAuth(request);
        const roomIds = request.query.locationId ? await live.roomIdsFor(companyId, request.query.locationId) : null;
        reply.hijack();
        hub.open(reply.raw, { companyId, roomIds });
      },
    );

    app.get(
      '/live/board-links',
      { config: ADMIN, schema: { tags, summary: 'Public board links', description: 'Newest first, revoked ones included; the secrets are never shown again.', response: envelopeResponses(BoardLinkList) } },
      async (request) => success(request, { list: await live.listLinks(requireAuth(request).companyId) }),
    );

    app.post(
      '/live/board-links',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Create a public board link',
          description: 'Body `{ name, locationId? }`. Answers the link with its secret `token` and `path` (`/flght-board?token=...`), shown this once; only its SHA-256 is stored.',
          body: CreateBoardLinkBody,
          response: envelopeResponses(CreatedBoardLink),
        },
      },
      async (request) => {
        const { companyId, userId } = requireAuth(request);
        return success(request, await live.createLink({ companyId, userId }, request.body), 'liveBoardLinkCreated');
      },
    );

    app.post(
      '/live/board-links/revoke',
      {
        config: ADMIN,
        schema: { tags, summary: 'Revoke a public board link', description: 'Body `{ id }`. The link stops working at once; its open boards close.', body: BoardLinkIdBody, response: envelopeResponses(BoardLink) },
      },
      async (request) => {
        const link = await live.revokeLink(requireAuth(request).companyId, request.body.id);
        hub.endBoardLink(link.id);
        return success(request, link, 'liveBoardLinkRevoked');
      },
    );

    app.get(
      '/live/board',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'The public board',
          description: `Query \`token\` (the link's secret); no sign-in. ${STATES} Only public meetings show their title and host. 404 for an unknown or revoked link.`,
          querystring: LiveBoardQuery,
          response: envelopeResponses(LiveBoard),
        },
        serializerCompiler: fastSerializerCompiler,
      },
      async (request) => success(request, await live.board(request.query.token)),
    );

    app.get(
      '/live/board/stream',
      { config: PUBLIC, schema: { tags, summary: 'The public board\'s changes as server-sent events', description: `Query \`token\`. ${STREAM} It ends when the link is revoked.`, querystring: LiveBoardQuery } },
      async (request, reply) => {
        const link = await live.linkOf(request.query.token);
        const roomIds = link.locationId === null ? null : await live.roomIdsFor(link.companyId, link.locationId).catch(() => null);
        reply.hijack();
        hub.open(reply.raw, { companyId: link.companyId, roomIds, boardLinkId: link.id });
      },
    );
  };
}
