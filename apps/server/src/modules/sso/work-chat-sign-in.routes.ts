import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FeishuAuthQuery,
  LoginResult,
  SsoLoginUrl,
  WorkChatAuthCodeBody,
  WorkChatCallbackParams,
  WorkChatCallbackQuery,
  WorkChatLoginQuery,
  WorkChatProviders,
  WorkChatProvidersQuery,
} from '@atrium/contract';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { setSessionCookie } from '../../platform/session-token.js';
import type { MailThrottle } from '../registration/mail-throttle.js';
import { presentLogin } from '../session/session.presenter.js';
import type { SessionService } from '../session/session.service.js';
import { BROWSER_COOKIE_PATH, browserToken, SSO_BROWSER_COOKIE, SSO_STARTS_PER_HOUR } from './sso.routes.js';
import type { WorkChatSignIn } from './work-chat-sign-in.service.js';

/** Where a failed work-chat sign-in sends the browser: DingTalk's own page, the single sign-on page for the others. */
const errorPage = (provider: string, error: string) => `${provider === 'dingtalk' ? '/login-dingtalk' : '/login-sso'}?error=${error}`;

/**
 * Sign-in with WeCom, Feishu and DingTalk (decision 0024; spec 000 sections 2 and 7): the login
 * page's providers, the start, the providers' callback, Feishu's `/oauth/feiShuAuth` and the
 * start-up call of a console opened inside a work-chat app. All public.
 */
export function workChatSignInRoutes({ workChatSignIn, sessions, throttle }: { workChatSignIn: WorkChatSignIn; sessions: SessionService; throttle: MailThrottle }): FastifyPluginAsyncZod {
  return async (app) => {
    const countStart = async (request: FastifyRequest) => throttle.takePublicCall(`sso-start:${request.ip}`, SSO_STARTS_PER_HOUR);

    app.get(
      '/oauth/work-chat/providers',
      {
        config: { access: 'public' },
        schema: {
          tags: ['sso'],
          summary: 'The work-chat apps (wecom, feishu, dingtalk) the company named by its domain offers sign-in with',
          description: 'An unknown domain answers an empty list, like a company that offers none.',
          querystring: WorkChatProvidersQuery,
          response: envelopeResponses(WorkChatProviders),
        },
      },
      async (request) => success(request, { providers: await workChatSignIn.listProviders(request.query.domain) }),
    );

    app.get(
      '/oauth/work-chat/login',
      {
        config: { access: 'public' },
        schema: {
          tags: ['sso'],
          summary: "Start a sign-in with the company's WeCom, Feishu or DingTalk app: answers the provider's sign-in address",
          description: 'Query: provider, domain, redirect?. Sets the browser-binding cookie. A company that does not offer the provider: 422/1005. At most 60 starts per address and hour (429).',
          querystring: WorkChatLoginQuery,
          response: envelopeResponses(SsoLoginUrl),
        },
      },
      async (request, reply) => {
        await countStart(request);
        return success(request, { url: await workChatSignIn.start(request.query, browserToken(request, reply)) });
      },
    );

    app.get(
      '/oauth/feiShuAuth',
      {
        config: { access: 'public' },
        schema: {
          tags: ['sso'],
          summary: "Sign in with Feishu: the company's Feishu sign-in address, as /oauth/work-chat/login?provider=feishu",
          description: 'Query: domain, redirect?. A company that does not offer Feishu sign-in: 422/1005.',
          querystring: FeishuAuthQuery,
          response: envelopeResponses(SsoLoginUrl),
        },
      },
      async (request, reply) => {
        await countStart(request);
        return success(request, { url: await workChatSignIn.start({ ...request.query, provider: 'feishu' }, browserToken(request, reply)) });
      },
    );

    app.get(
      '/oauth/work-chat/callback/:provider',
      {
        config: { access: 'public' },
        schema: {
          tags: ['sso'],
          summary: 'Where WeCom, Feishu or DingTalk sends the browser back (the redirect address to register with the app)',
          description:
            'Redirects (302) into the console with a session (cookie), to the saved path or /, or to /login-sso?error=<code> (/login-dingtalk for DingTalk): stateInvalid, providerRefused, userUnknown, userInactive, ssoUnavailable.',
          params: WorkChatCallbackParams,
          querystring: WorkChatCallbackQuery,
        },
      },
      async (request, reply) => {
        const outcome = await workChatSignIn.finishSignIn({
          provider: request.params.provider,
          query: request.query,
          browserToken: request.cookies[SSO_BROWSER_COOKIE],
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        reply.clearCookie(SSO_BROWSER_COOKIE, { path: BROWSER_COOKIE_PATH });
        if ('error' in outcome) return reply.redirect(errorPage(request.params.provider, outcome.error), 302);
        setSessionCookie(reply, request, outcome.signedIn.token, sessions.cookieMaxAgeSeconds);
        return reply.redirect(outcome.redirectTo, 302);
      },
    );

    app.post(
      '/oauth/work-chat/auth-code',
      {
        config: { access: 'public' },
        schema: {
          tags: ['sso'],
          summary: 'Sign in with the code a work-chat app gave the console opened inside it (the corpId start-up call)',
          description:
            "Body: authCode, authType (1 WeCom, 2 Feishu, 3 DingTalk; 3 by default), companyDomain, corpId?, phone? (not used: only the provider says who signs in). Answers as POST /login, with the session cookie. A company that does not offer the provider, or a corpId that is not the company's: 422/1005; a refused code or nobody active: 422/1005. Counted with the sign-in starts (429).",
          body: WorkChatAuthCodeBody,
          response: envelopeResponses(LoginResult),
        },
      },
      async (request, reply) => {
        await countStart(request);
        const signedIn = await workChatSignIn.signInWithAppCode(request.body, request.ip, request.headers['user-agent']);
        setSessionCookie(reply, request, signedIn.token, sessions.cookieMaxAgeSeconds);
        return success(request, presentLogin(signedIn));
      },
    );
  };
}
