import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CalendarAuthAddress,
  CalendarAuthAddressQuery,
  CalendarAuthBody,
  CalendarConnection,
  CalendarConnectionIdBody,
  CalendarConnectionList,
  CalendarConnectionQuery,
  CalendarOAuthCallbackQuery,
  CalendarSyncBody,
  CreateCalendarConnectionBody,
  GRAPH_NOTIFICATION_BATCH_MAX,
  GraphNotificationBatch,
  UpdateCalendarConfigBody,
} from '@atrium/contract';
import { z } from 'zod';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { MailThrottle } from '../registration/mail-throttle.js';
import { SSO_STARTS_PER_HOUR } from '../sso/sso.routes.js';
import type { CalendarSyncService } from './calendar-sync.service.js';
import { CONSENT_BROWSER_COOKIE, CONSENT_BROWSER_COOKIE_PATH, CONSENT_STATE_MS } from './calendar-oauth.js';

/** The browser's consent cookie: kept while one lives (several consents in one browser), else a new one. */
function consentBrowser(request: FastifyRequest, reply: FastifyReply): string {
  const held = request.cookies[CONSENT_BROWSER_COOKIE];
  if (held && /^[A-Za-z0-9_-]{43}$/.test(held)) return held;
  const token = randomBytes(32).toString('base64url');
  reply.setCookie(CONSENT_BROWSER_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: CONSENT_BROWSER_COOKIE_PATH, secure: request.protocol === 'https', maxAge: CONSENT_STATE_MS / 1000 });
  return token;
}

/** The accounts page (/account): calendar services, area `accountGlobal` like the company's other accounts. */
const VIEW = { access: 'permission', permission: 'accountGlobal:view' } as const;
const EDIT = { access: 'permission', permission: 'accountGlobal:edit' } as const;
const tags = ['calendar sync'];
const NO_SECRET = 'The credential is never answered (`hasCredential`).';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function calendarSyncRoutes({ sync, throttle }: { sync: CalendarSyncService; throttle: Pick<MailThrottle, 'takePublicCall'> }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/third-party',
      {
        config: VIEW,
        schema: {
          tags,
          summary: "The company's calendar services with each linked room's sync health",
          description: `Query \`id\` (optional): that connection alone, with \`collections\`, the calendars its account reaches, read from the service (refused: 1005 "token invalid" or "failed to obtain third-party resources"). Another company's: 404. ${NO_SECRET}`,
          querystring: CalendarConnectionQuery,
          response: envelopeResponses(CalendarConnectionList),
        },
      },
      async (request) => success(request, await sync.list(requireAuth(request).companyId, request.lang, request.query.id)),
    );
    app.post(
      '/third-party',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Connect a calendar service',
          description: `Body \`{ kind, name, serverUrl, account, credential }\`; \`kind\` caldav (graph and google: 1005 not yet). The credential is checked by listing the account's calendars first: refused, 1005 "token invalid"; unreachable, 1005 "failed to obtain third-party resources". In the operation log. ${NO_SECRET}`,
          body: CreateCalendarConnectionBody,
          response: envelopeResponses(CalendarConnection),
        },
      },
      async (request) => success(request, await sync.create(actorOf(request), request.body, request.lang), 'calendarConnectionCreated'),
    );
    app.delete(
      '/third-party',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Disconnect a calendar service',
          description: 'Body `{ id }`. Its rooms are unlinked and its queue dropped; bookings stay, and nothing is removed from the outside calendars. In the operation log.',
          body: CalendarConnectionIdBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await sync.remove(actorOf(request), request.body.id);
        return success(request, null, 'calendarConnectionRemoved');
      },
    );
    app.post(
      '/third-party/auth',
      {
        config: EDIT,
        schema: {
          tags,
          summary: "Replace a connection's credential",
          description: `Body \`{ id, account?, credential }\`: checked against the service before it is kept (refused: 1005 "token invalid"). In the operation log. ${NO_SECRET}`,
          body: CalendarAuthBody,
          response: envelopeResponses(CalendarConnection),
        },
      },
      async (request) => success(request, await sync.auth(actorOf(request), request.body, request.lang), 'calendarConnectionSaved'),
    );
    app.get(
      '/third-party/auth-address',
      {
        config: EDIT,
        schema: {
          tags,
          summary: "The provider's consent page of a connection (OAuth kinds)",
          description:
            "Query `id`. Google and Microsoft 365 (graph): the provider's consent page for the connection's OAuth client (Google: offline access, consent asked, scope calendar; Microsoft: offline_access Calendars.ReadWrite), with a `state` signed for the company, the connection and the caller, valid 15 minutes; the provider sends the browser back to `/third-party/oauth/callback`. CalDAV signs in with account and password: 1005.",
          querystring: CalendarAuthAddressQuery,
          response: envelopeResponses(CalendarAuthAddress),
        },
      },
      async (request, reply) => success(request, await sync.authAddress(requireAuth(request), request.query.id, consentBrowser(request, reply))),
    );
    app.get(
      '/third-party/oauth/callback',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Where Google or Microsoft sends the browser back after the consent (the redirect address to register with the OAuth client)',
          description:
            'Public: the signed `state` is the proof (company, connection, user, the digest of the consent cookie that auth-address set in the browser; 15 minutes); from another browser: stateInvalid. The `code` is exchanged at the token endpoint and the refresh token kept write-only (never answered or logged; in the operation log as a credential change without detail). Redirects (302) to the console\'s /account?linked=1&connection=<id>, or /account?error=<code>: stateInvalid, consentRefused, tokenRefused, noRefreshToken, connectionNotFound. Counted with the sign-in starts per address (60 an hour, then 429).',
          querystring: CalendarOAuthCallbackQuery,
        },
      },
      async (request, reply) => {
        await throttle.takePublicCall(`calendar-consent:${request.ip}`, SSO_STARTS_PER_HOUR);
        return reply.redirect(await sync.finishConsent(request.query, request.cookies[CONSENT_BROWSER_COOKIE], request.ip ?? null), 302);
      },
    );
    // Google's notifications carry no body, whatever content type a sender names: none is read (a scope of its own).
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      scope.post(
        '/third-party/google/notify',
        {
          config: { access: 'public' },
          schema: {
            tags,
            summary: "Google Calendar's push notifications (the address of the events.watch channels)",
            description:
              'Public: the headers X-Goog-Channel-ID and X-Goog-Channel-Token must name an open channel of ours and its token; then the linked room is pulled within a few seconds (X-Goog-Resource-State `sync` only opens the channel). Always answers 200 with no body, whatever it was.',
          },
        },
        async (request, reply) => {
          await sync.notifyGoogle({
            channelId: header(request.headers['x-goog-channel-id']),
            token: header(request.headers['x-goog-channel-token']),
            resourceState: header(request.headers['x-goog-resource-state']),
          });
          return reply.code(200).send();
        },
      );
    });
    app.post(
      '/third-party/sync',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Sync now',
          description:
            'Body `{ id, roomId?, retryFailed? }`: pulls the connection\'s rooms (or one) from their sync tokens, then writes out what waits in the queue; `retryFailed` first puts the writes that gave up back in it. Answers the connection with each room\'s health; a failing room says "calendar resource invalid or failed to sync".',
          body: CalendarSyncBody,
          response: envelopeResponses(CalendarConnection),
        },
      },
      async (request) => success(request, await sync.sync(requireAuth(request).companyId, request.body, request.lang), 'calendarSynced'),
    );
    // Graph's validation request names text/plain, which the API answers 415 elsewhere (app.ts: a cross-site form can send it).
    // Its body is empty and unread here, like any other type's (in a context of its own), so the query is still validated;
    // only a JSON body, a batch of notifications, is read.
    // Counted like every request by the per-address rate limit (app.ts, onRequest), as Google's webhook is. Per request,
    // not per notification: the limit runs before the body is read, and Graph sends every tenant's notifications from
    // its shared addresses, so counting items would spend them faster; the batch's cap bounds the lookups of one request.
    await app.register(async (context) => {
      const hook = context.withTypeProvider<ZodTypeProvider>();
      hook.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      hook.post(
        '/third-party/graph/notify',
        {
          config: { access: 'public' },
          schema: {
            tags,
            summary: "Microsoft Graph's change and lifecycle notifications (webhook)",
            description:
              `No sign-in: each notification must name a room link's subscription with its secret (\`clientState\`), else it is ignored. Query \`validationToken\` (Graph's handshake when a subscription is made): answered 200 as text/plain with the token. Otherwise a JSON body \`{ value: [{ subscriptionId, clientState, changeType | lifecycleEvent, ... }] }\` of at most ${GRAPH_NOTIFICATION_BATCH_MAX} notifications (more, or another shape: 400/1001), answered 202 at once: a change (or the \`missed\` lifecycle event) pulls the link soon after the answer; \`reauthorizationRequired\` renews the subscription, \`subscriptionRemoved\` makes a new one. Subscriptions are made only when PUBLIC_URL is set. Counted by the per-address rate limit like every request.`,
            querystring: z.object({ validationToken: z.string().max(2048).optional() }),
            // No body (the handshake, any type but JSON) reaches validation as null.
            body: GraphNotificationBatch.nullish(),
          },
        },
        async (request, reply) => {
          const { validationToken } = request.query;
          if (validationToken !== undefined) return reply.code(200).header('content-type', 'text/plain; charset=utf-8').send(validationToken);
          if (request.body) await sync.receiveNotifications(request.body);
          return reply.code(202).send(success(request, null));
        },
      );
    });
    app.post(
      '/third-party/update-config',
      {
        config: EDIT,
        schema: {
          tags,
          summary: "A connection's name, address and room links",
          description:
            'Body `{ id, name?, serverUrl?, links: [{ roomId, collectionUrl | null }] }`: each named room linked to one of the account\'s calendars (null unlinks it; rooms not named keep theirs). A calendar the account does not reach: 1005; one linked to another room: 1005. A new link writes the room\'s coming bookings out. In the operation log.',
          body: UpdateCalendarConfigBody,
          response: envelopeResponses(CalendarConnection),
        },
      },
      async (request) => success(request, await sync.updateConfig(actorOf(request), request.body, request.lang), 'calendarConnectionSaved'),
    );
  };
}
