import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CheckIsLoginResult, LoginBody, LoginResult } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { clearSessionCookie, setSessionCookie } from '../../platform/session-token.js';
import { presentLogin } from './session.presenter.js';
import type { SessionService } from './session.service.js';

export function sessionRoutes({ sessions }: { sessions: SessionService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/login',
      {
        config: { access: 'public' },
        schema: {
          tags: ['session'],
          summary: 'Sign in with a user name or e-mail and a password',
          description:
            'Answers the session token and sets it as an HttpOnly cookie. At first sign-in `isDefaultPassword` is true, and when the password is older than the company expiry policy `passwordExpired` is true; in both cases only the password change (`POST /user/updateDefaultPassword`) is allowed, other routes answer 1009 or 1010. Failures answer 400/1008; too many answer 429/1004 with Retry-After.',
          body: LoginBody,
          response: envelopeResponses(LoginResult),
        },
      },
      async (request, reply) => {
        const signedIn = await sessions.signIn({
          userName: request.body.userName,
          password: request.body.password,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        setSessionCookie(reply, request, signedIn.token, sessions.cookieMaxAgeSeconds);
        const key = signedIn.isDefaultPassword ? 'firstLoginChangePassword' : signedIn.passwordExpired ? 'passwordExpired' : 'ok';
        return success(request, presentLogin(signedIn), key);
      },
    );

    app.get(
      '/logout',
      {
        config: { access: 'authenticated', allowDuringPasswordChange: true, isStateChanging: true },
        schema: {
          tags: ['session'],
          summary: 'Sign out: end the session and clear its cookie',
          description: 'Asked from another site (a foreign `Origin` or `Referer`, or `Sec-Fetch-Site: cross-site`), it answers 403/1014 and the session stays.',
          response: envelopeResponses(z.null()),
        },
      },
      async (request, reply) => {
        await sessions.signOut(requireAuth(request));
        clearSessionCookie(reply);
        return success(request, null, 'loggedOut');
      },
    );

    app.get(
      '/checkIsLogin',
      {
        config: { access: 'authenticated', allowDuringPasswordChange: true },
        schema: { tags: ['session'], summary: 'Whether the session is valid (401/2001 otherwise)', response: envelopeResponses(CheckIsLoginResult) },
      },
      async (request) => success(request, true),
    );
  };
}
