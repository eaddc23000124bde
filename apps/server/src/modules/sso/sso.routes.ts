import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddSsoUserBody,
  COOKIE_PREFIX,
  DirectoryUser,
  GoogleUserInfo,
  LinkedIdentities,
  UnlinkIdentityBody,
  SendSsoMailQuery,
  SendSsoMailResult,
  SsoCandidatePage,
  SsoCandidateQuery,
  SSO_LOGIN_MINUTES,
  SsoActivateQuery,
  SsoCallbackQuery,
  SsoCheckBody,
  SsoCheckResult,
  SsoLoginQuery,
  SsoLoginUrl,
  SsoMemberListQuery,
  SsoMemberPage,
  SsoMembersBody,
  SsoSetting,
  UpdateSsoSettingBody,
} from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import type { MailThrottle } from '../registration/mail-throttle.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { newSessionToken, setSessionCookie } from '../../platform/session-token.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { SessionService } from '../session/session.service.js';
import { AUTH_ADD_PATH, type SsoService } from './sso.service.js';

/** Ties a sign-in to the browser that started it; Lax, because the provider sends the browser back by a top-level redirect. */
export const SSO_BROWSER_COOKIE = `${COOKIE_PREFIX}sso`;
export const BROWSER_COOKIE_PATH = '/api/oauth';

/** The browser's binding token: the one it already holds, or a new one set as a cookie. */
export function browserToken(request: FastifyRequest, reply: FastifyReply): string {
  const held = request.cookies[SSO_BROWSER_COOKIE];
  if (held && /^[A-Za-z0-9_-]{43}$/.test(held)) return held;
  const token = newSessionToken();
  reply.setCookie(SSO_BROWSER_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: BROWSER_COOKIE_PATH,
    secure: request.protocol === 'https',
    maxAge: SSO_LOGIN_MINUTES * 60,
  });
  return token;
}

/** The query string of the request as received, for openid-client's checks of the provider's answer. */
const rawQueryOf = (request: FastifyRequest) => {
  const index = request.url.indexOf('?');
  return index < 0 ? '' : request.url.slice(index);
};

/**
 * Single sign-on (spec 000 sections 4, 6, 7): the setting page's calls (area accountGlobal), the
 * public sign-in through the company's OpenID provider, the notice mail and SSO-only users.
 */
/** Sign-in starts one address may make per hour; each keeps a pending sign-in for 10 minutes. */
export const SSO_STARTS_PER_HOUR = 60;

export function ssoRoutes({ sso, sessions, throttle }: { sso: SsoService; sessions: SessionService; throttle: MailThrottle }): FastifyPluginAsyncZod {
  return async (app) => {
    const countStart = async (request: FastifyRequest) => throttle.takePublicCall(`sso-start:${request.ip}`, SSO_STARTS_PER_HOUR);

    app.get(
      '/sso/setting',
      {
        config: { access: 'permission', permission: 'accountGlobal:view' },
        schema: {
          tags: ['sso'],
          summary: "The company's single sign-on setting",
          description: 'The client secret is never sent: `hasSecret` tells whether one is stored. `redirectUri` is the address to register at the provider.',
          response: envelopeResponses(SsoSetting),
        },
      },
      async (request) => success(request, await sso.getSetting(requireAuth(request).companyId)),
    );

    app.put(
      '/sso/setting',
      {
        config: { access: 'permission', permission: 'accountGlobal:edit' },
        schema: {
          tags: ['sso'],
          summary: 'Save the single sign-on setting',
          description:
            'Body: isEnabled, issuer (https, or http on 127.0.0.1/localhost), clientId, clientSecret (empty or absent keeps the stored one), userNameClaim (default email), scope (all: everyone but the exception members; part: only the members). Turning SSO on needs issuer, client id and secret (422/1005). A setting that would make the caller sign in by SSO is refused (422/1005): add yourself to the exceptions first.',
          body: UpdateSsoSettingBody,
          response: envelopeResponses(SsoSetting),
        },
      },
      async (request) => success(request, await sso.updateSetting(actorOf(request), request.body)),
    );

    app.get(
      '/sso/members',
      {
        config: { access: 'permission', permission: 'accountGlobal:view' },
        schema: {
          tags: ['sso'],
          summary: 'A page of the member list (kind member) or the exception list (kind exception)',
          querystring: SsoMemberListQuery.extend({ kind: SsoMemberListQuery.shape.kind.default('member') }),
          response: envelopeResponses(SsoMemberPage),
        },
      },
      async (request) => success(request, await sso.listMembers(requireAuth(request).companyId, request.query)),
    );

    app.get(
      '/sso/candidates',
      {
        config: { access: 'permission', permission: 'accountGlobal:view' },
        schema: {
          tags: ['sso'],
          summary: "The company's users by name, with the lists they are on (for the pickers)",
          querystring: SsoCandidateQuery,
          response: envelopeResponses(SsoCandidatePage),
        },
      },
      async (request) => success(request, await sso.listCandidates(requireAuth(request).companyId, request.query)),
    );

    app.post(
      '/sso/members',
      {
        config: { access: 'permission', permission: 'accountGlobal:edit' },
        schema: {
          tags: ['sso'],
          summary: 'Put users on the member or exception list',
          description: 'Body: { userIds, kind }. Users of another company answer 404. Refused (422/1005) when it would make the caller sign in by SSO.',
          body: SsoMembersBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await sso.addMembers(actorOf(request), request.body.userIds, request.body.kind);
        return success(request, null);
      },
    );

    app.delete(
      '/sso/members',
      {
        config: { access: 'permission', permission: 'accountGlobal:edit' },
        schema: {
          tags: ['sso'],
          summary: 'Take users off the member or exception list',
          description: 'Body: { userIds, kind }. Refused (422/1005) when it would make the caller sign in by SSO.',
          body: SsoMembersBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await sso.removeMembers(actorOf(request), request.body.userIds, request.body.kind);
        return success(request, null);
      },
    );

    app.post(
      '/sso/check',
      {
        config: { access: 'permission', permission: 'accountGlobal:edit' },
        schema: {
          tags: ['sso'],
          summary: "Read an issuer's discovery document, to test it before turning SSO on",
          description: 'Answers what the document names, or in `error` why it could not be read (the answer is 200 either way).',
          body: SsoCheckBody,
          response: envelopeResponses(SsoCheckResult),
        },
      },
      async (request) => success(request, await sso.check(request.body.issuer)),
    );

    app.get(
      '/oauth/sendOauthMail',
      {
        config: { access: 'permission', permission: 'accountGlobal:edit' },
        schema: {
          tags: ['sso'],
          summary: 'Mail the single sign-on notice to chosen members',
          description:
            'Query: userIds, comma-separated. Each member SSO covers gets a mail in both languages with a one-time link straight to the provider (72 hours) and the /login-sso address; others are listed in `skipped`. Users of another company answer 404.',
          querystring: SendSsoMailQuery,
          response: envelopeResponses(SendSsoMailResult),
        },
      },
      async (request) => {
        const result = await sso.sendNotice(actorOf(request), request.query.userIds);
        return success(request, result, 'ssoMailSent', { sent: result.sent.length, skipped: result.skipped.length });
      },
    );

    app.post(
      '/user/addSSOUser',
      {
        config: { access: 'permission', permission: 'users:edit' },
        schema: {
          tags: ['sso'],
          summary: 'Create a user who signs in by single sign-on',
          description:
            'Body: userName, email, fullName, departmentId?, roleId?. No password and no activation mail; the user is marked SSO and, when the setting covers part of the members, put on the member list. Role rules as for POST /user.',
          body: AddSsoUserBody,
          response: envelopeResponses(DirectoryUser),
        },
      },
      async (request) => success(request, await sso.addSsoUser(actorOf(request), request.body)),
    );

    app.get(
      '/oauth/getSSOLoginUrl',
      {
        config: { access: 'public' },
        schema: {
          tags: ['sso'],
          summary: "The provider's sign-in address for a work e-mail or a company domain",
          description:
            'Query: email or domain, and redirect (a console path to open afterwards). Sets a short-lived cookie that ties the sign-in to this browser. Unknown e-mail or domain, SSO off, or an account SSO does not cover: 422/1005 with one neutral message.',
          querystring: SsoLoginQuery,
          response: envelopeResponses(SsoLoginUrl),
        },
      },
      async (request, reply) => {
        await countStart(request);
        return success(request, { url: await sso.startSignIn(request.query, browserToken(request, reply)) });
      },
    );

    app.get(
      '/oauth/googleAuth',
      {
        config: { access: 'public' },
        schema: {
          tags: ['sso'],
          summary: 'Sign in with Google: like getSSOLoginUrl when the company issuer is https://accounts.google.com',
          description: 'Otherwise 422/1005: this sign-in method is not configured.',
          querystring: SsoLoginQuery,
          response: envelopeResponses(SsoLoginUrl),
        },
      },
      async (request, reply) => {
        await countStart(request);
        return success(request, { url: await sso.startGoogleSignIn(request.query, browserToken(request, reply)) });
      },
    );

    app.post(
      '/googleOauth/oAuth2Login',
      {
        config: { access: 'public' },
        schema: {
          tags: ['sso'],
          summary: "Sign in with a Google account through the company's OpenID Connect setting",
          description:
            "Body: email or domain, and redirect (a console path to open afterwards). Answers `{ url }`, Google's sign-in address, when the company's single sign-on issuer is Google (GOOGLE_ISSUER, by default https://accounts.google.com) and covers the account; the browser comes back to `/api/oauth/callback`, which signs in. Sets the same browser-binding cookie as getSSOLoginUrl and counts toward its hourly limit. Otherwise 422/1005: not configured.",
          body: SsoLoginQuery,
          response: envelopeResponses(SsoLoginUrl),
        },
      },
      async (request, reply) => {
        await countStart(request);
        return success(request, { url: await sso.startGoogleSignIn(request.body, browserToken(request, reply)) });
      },
    );

    app.get(
      '/googleOauth/getUserInfoByToken',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['sso'],
          summary: 'The signed-in user as the Google sign-in knows them',
          description:
            'The session token (the `token` header or the cookie) names the user; no query fields are needed. Answers `{ id, userName, fullName, email, isSso, issuer, isGoogle }`: `isSso` once the user has signed in by the provider, `issuer` the company\'s provider while single sign-on is on, `isGoogle` whether it is Google.',
          response: envelopeResponses(GoogleUserInfo),
        },
      },
      async (request) => {
        const { companyId, userId } = requireAuth(request);
        return success(request, await sso.googleUserInfo(companyId, userId));
      },
    );

    app.get(
      '/oauth/identities',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['sso'],
          summary: "The caller's accounts linked at the company's provider (/auth-add)",
          description: '`{ issuer, list: [{ issuer, email, linkedAt }] }`; `issuer` is the provider one can link at now (null while single sign-on is off).',
          response: envelopeResponses(LinkedIdentities),
        },
      },
      async (request) => {
        const { companyId, userId } = requireAuth(request);
        return success(request, await sso.listIdentities(companyId, userId));
      },
    );

    app.post(
      '/oauth/link',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['sso'],
          summary: "Start linking the caller's account at the company's provider (/auth-add)",
          description:
            "No body. Answers `{ url }`, the provider's address (PKCE, state and nonce as a sign-in, with the browser-binding cookie); the provider sends the browser back to `/api/oauth/callback`, which links the provider's subject to the caller and redirects to `/auth-add?linked=1` (or `?error=`). A linked account then signs its user in by SSO whatever the user-name claim says. Single sign-on off: 422/1005.",
          response: envelopeResponses(SsoLoginUrl),
        },
      },
      async (request, reply) => {
        await countStart(request);
        return success(request, { url: await sso.startLink(actorOf(request), browserToken(request, reply)) });
      },
    );

    app.delete(
      '/oauth/identities',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['sso'],
          summary: "Unlink the caller's account at an issuer",
          description: 'Body `{ issuer }`; none linked there: 404. In the operation log.',
          body: UnlinkIdentityBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await sso.unlinkIdentity(actorOf(request), request.body.issuer);
        return success(request, null);
      },
    );

    app.get(
      '/oauth/callback',
      {
        config: { access: 'public' },
        schema: {
          tags: ['sso'],
          summary: 'Where the provider sends the browser back (the redirect URI)',
          description:
            'Redirects (302) into the console with a session (cookie), to the saved path or /, or to /login-sso?error=<code> (stateInvalid, providerRefused, userUnknown, userInactive, notCovered, ssoUnavailable). A linking flow (started by POST /oauth/link) goes to /auth-add?linked=1 or /auth-add?error=<code> (providerRefused, ssoUnavailable, userInactive, identityTaken) and opens no session.',
          querystring: SsoCallbackQuery,
        },
      },
      async (request, reply) => {
        const outcome = await sso.finishSignIn({
          query: request.query,
          rawQuery: rawQueryOf(request),
          browserToken: request.cookies[SSO_BROWSER_COOKIE],
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        reply.clearCookie(SSO_BROWSER_COOKIE, { path: BROWSER_COOKIE_PATH });
        if ('error' in outcome) return reply.redirect(`/login-sso?error=${outcome.error}`, 302);
        if ('linkError' in outcome) return reply.redirect(`${AUTH_ADD_PATH}?error=${outcome.linkError}`, 302);
        if ('linkedTo' in outcome) return reply.redirect(outcome.linkedTo, 302);
        setSessionCookie(reply, request, outcome.signedIn.token, sessions.cookieMaxAgeSeconds);
        return reply.redirect(outcome.redirectTo, 302);
      },
    );

    app.get(
      '/oauth/ssoAuthActivate',
      {
        config: { access: 'public' },
        schema: {
          tags: ['sso'],
          summary: 'The one-time link of the notice mail: redirects (302) to the provider',
          description: 'Query: token. A used, expired or unknown link redirects to /login-sso?error=linkInvalid.',
          querystring: SsoActivateQuery,
        },
      },
      async (request, reply) => {
        const outcome = await sso.followMailLink(request.query.token, browserToken(request, reply));
        return reply.redirect('error' in outcome ? `/login-sso?error=${outcome.error}` : outcome.url, 302);
      },
    );
  };
}
