import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApplicationQuery,
  ApproveVisitBody,
  DEVICE_TOKEN_HEADER,
  KioskApplication,
  KioskApplicationQuery,
  RegisterLink,
  RegisterPlace,
  RegisterResult,
  RejectVisitBody,
  SelfRegisterBody,
  VISIT_REGISTER_HEADER,
  VisitorPlaceQuery,
  VisitPage,
  WalkInHostQuery,
  WalkInHosts,
} from '@atrium/contract';
import { z } from 'zod';
import { requireAuth, requireDevice } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { VisitorApplications } from './visitor-applications.js';

const tags = ['visitors'];
const DEVICE_TAGS = ['device API'];
/** The applications page is a detail of the invite page (spec 000): the events area. */
const DECIDE = { access: 'permission', permission: 'events:view', idempotent: true } as const;
const DEVICE = { access: 'device', deviceKind: 'visitorKiosk' } as const;
/** A registration retried with the same Idempotency-Key answers the first: one visit, one application. */
const DEVICE_WRITE = { ...DEVICE, idempotent: true } as const;
/**
 * The walk-in page is for anyone at the place's door: a walk-in has no account, so the place's signed,
 * expiring link is the credential; without a valid one the calls answer 404, and the address rate
 * limit counts every try. The host picker answers names only.
 */
const WALK_IN = { access: 'public' } as const;
const RegisterHeaders = z.object({ [VISIT_REGISTER_HEADER]: z.string().min(1).max(200) });
const KIOSK = `Header \`${DEVICE_TOKEN_HEADER}\` of an activated visitor kiosk; any other token answers 401/2001.`;

/** Walk-ins who register themselves, and the applications their hosts decide (decision 0018, "Walk-ins and applications"). */
export function visitorApplicationRoutes({ applications }: { applications: VisitorApplications }): FastifyPluginAsyncZod {
  return async (app) => {
    const tokenOf = (request: { headers: Record<string, unknown> }) => String(request.headers[VISIT_REGISTER_HEADER]);

    app.get(
      '/visitor/apply/list',
      {
        config: { access: 'permission', permission: 'events:view' },
        schema: {
          tags,
          summary: 'Visit applications to decide',
          description: 'Query `state?` (pending, approved, rejected), paging. The walk-ins of the visits the caller hosts; reception (visitor display edit) the company\'s. Newest first.',
          querystring: ApplicationQuery,
          response: envelopeResponses(VisitPage),
        },
      },
      async (request) => success(request, await applications.list(actorOf(request), request.query)),
    );

    app.post(
      '/visitor/apply/approve',
      {
        config: DECIDE,
        schema: {
          tags,
          summary: 'Approve a visit application',
          description: 'Body `{ id }`: a pending application of a visit the caller hosts (reception: any). Decided already: 422/1005; held for reception by the watchlist: 422/1005 for a host. The visitor is mailed their pass.',
          body: ApproveVisitBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        const { name } = await applications.approve(actorOf(request), request.body.id);
        return success(request, null, 'visitApproved', { name });
      },
    );

    app.post(
      '/visitor/apply/reject',
      {
        config: DECIDE,
        schema: {
          tags,
          summary: 'Reject a visit application',
          description: 'Body `{ id, reason }`: as approve; the visit is cancelled and the visitor told the reason (by mail, on their pass, at the kiosk).',
          body: RejectVisitBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        const { name } = await applications.reject(actorOf(request), request.body.id, request.body.reason);
        return success(request, null, 'visitRejected', { name });
      },
    );

    app.get(
      '/visitor/place/register-link',
      {
        config: { access: 'permission', permission: 'roomsLocations:view' },
        schema: {
          tags,
          summary: "A place's walk-in link",
          description: 'Query `locationId`: the signed link (and its QR code) walk-ins open to register at the place, valid 365 days; reception prints it as a poster.',
          querystring: VisitorPlaceQuery,
          response: envelopeResponses(RegisterLink),
        },
      },
      async (request) => success(request, await applications.registerLink(requireAuth(request).companyId, request.query.locationId)),
    );

    app.get(
      '/visitor/register',
      {
        config: WALK_IN,
        schema: {
          tags,
          summary: 'The walk-in page of a place',
          description: 'Public, `visit-register` header (the place\'s link token): the company, the place, the visit reasons and the kiosk theme. 404/1002 for a token that is not valid, 422/1005 once expired.',
          headers: RegisterHeaders,
          response: envelopeResponses(RegisterPlace),
        },
      },
      async (request) => success(request, await applications.registerPlace(tokenOf(request))),
    );

    app.get(
      '/visitor/register/hosts',
      {
        config: WALK_IN,
        schema: {
          tags,
          summary: 'Hosts a walk-in may name',
          description: 'Public, `visit-register` header. Query `keyword` (at least 2 characters): active colleagues whose name holds it, names only, at most 5.',
          headers: RegisterHeaders,
          querystring: WalkInHostQuery,
          response: envelopeResponses(WalkInHosts),
        },
      },
      async (request) => success(request, await applications.hostsByLink(tokenOf(request), request.query.keyword)),
    );

    app.post(
      '/visitor/register',
      {
        config: WALK_IN,
        schema: {
          tags,
          summary: 'A walk-in registers at a place',
          description:
            'Public, `visit-register` header. Body `{ visitor: { name, email?, phone?, company? }, hostId, reasonId, stayHours? }`: a visit from now at the link\'s place, waiting for the host\'s approval. Answers `{ pass }`, the token of the visitor\'s pass page (which shows the approval). Neither e-mail nor phone, or a person the watchlist refuses: 422/1005; an unknown host or reason: 404.',
          headers: RegisterHeaders,
          body: SelfRegisterBody,
          response: envelopeResponses(RegisterResult),
        },
      },
      async (request) => success(request, await applications.registerByLink(tokenOf(request), request.body), 'visitRegistered'),
    );

    app.get(
      '/device/visitor/hosts',
      {
        config: DEVICE,
        schema: { tags: DEVICE_TAGS, summary: "A walk-in's host picker at the kiosk", description: `${KIOSK} Query \`keyword\` (at least 2 characters): names only, at most 5.`, querystring: WalkInHostQuery, response: envelopeResponses(WalkInHosts) },
      },
      async (request) => success(request, await applications.walkInHosts(requireDevice(request, 'visitorKiosk').companyId, request.query.keyword)),
    );

    app.post(
      '/device/visitor/register',
      {
        config: DEVICE_WRITE,
        schema: {
          tags: DEVICE_TAGS,
          summary: 'A walk-in registers at the kiosk',
          description: `${KIOSK} Body as \`POST /visitor/register\`: a visit from now at the kiosk's place, waiting for the host's approval. Answers \`{ id }\`, which the kiosk follows with \`GET /device/visitor/application\`.`,
          body: SelfRegisterBody,
          response: envelopeResponses(z.object({ id: z.number().int() })),
        },
      },
      async (request) => {
        const { id } = await applications.register(requireDevice(request, 'visitorKiosk'), request.body);
        return success(request, { id }, 'visitRegistered');
      },
    );

    app.get(
      '/device/visitor/application',
      {
        config: DEVICE,
        schema: {
          tags: DEVICE_TAGS,
          summary: 'A walk-in application made at this kiosk',
          description: `${KIOSK} Query \`id\`: an application made at the kiosk's place in the last day (else 404): \`{ state, reason, hostName, code }\`; \`code\`, once approved, is the pass the kiosk checks in with.`,
          querystring: KioskApplicationQuery,
          response: envelopeResponses(KioskApplication),
        },
      },
      async (request) => success(request, await applications.kioskApplication(requireDevice(request, 'visitorKiosk'), request.query.id)),
    );
  };
}
