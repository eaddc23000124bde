import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeploymentLogoutQuery, DeploymentLogoutResult, DeploymentProfile, LoginResult } from '@atrium/contract';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { refused } from '../../platform/errors.js';
import { clearSessionCookie, setSessionCookie } from '../../platform/session-token.js';
import { presentLogin } from '../session/session.presenter.js';
import type { SessionService } from '../session/session.service.js';
import type { DeploymentService } from './deployment.service.js';

/**
 * The way back after an external sign-out: a path or an address of this very site (PUBLIC_URL's origin
 * when set, as the cross-site check has it, else the request's own), else refused (no open redirect).
 */
function sameSiteAddress(request: FastifyRequest, url: string | undefined, publicOrigin: string | null): string | null {
  if (!url) return null;
  const origin = publicOrigin ?? `${request.protocol}://${request.host}`;
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return new URL(url, origin).toString();
  if (URL.canParse(url) && new URL(url).origin === origin) return new URL(url).toString();
  throw refused('logoutUrlForeign');
}

/**
 * The deployment profile of the request's host (docs/decisions/0021, "Deployment profiles"). The two
 * `/beike/...` paths are the spec's own (its call table, "proxy base"): the variant's sign-out and its
 * sign-in through the customer's reverse proxy, served here for any profile that enables them.
 */
export function deploymentRoutes({ deployment, sessions, publicOrigin }: { deployment: DeploymentService; sessions: Pick<SessionService, 'cookieMaxAgeSeconds'>; publicOrigin: string | null }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/deployment/profile',
      {
        config: { access: 'public' },
        schema: {
          tags: ['deployment'],
          summary: "The console settings of the host's deployment profile",
          description: 'Home page, sign-in page, help link, hidden entries and whether the user code is shown; the standard console where no profile serves the host. No secrets.',
          response: envelopeResponses(DeploymentProfile),
        },
      },
      async (request) => success(request, deployment.profileOf(request.hostname)),
    );

    app.get(
      '/beike/logout',
      {
        config: { access: 'authenticated', allowDuringPasswordChange: true, isStateChanging: true },
        schema: {
          tags: ['deployment'],
          summary: "Sign out and answer where the browser goes: the profile's sign-out page",
          description:
            'Ends the session and clears its cookie like `GET /logout`. `url` is the address to come back to (this site only, else 1005); it is passed to the sign-out page when the profile names its parameter. `result.url` null: the console\'s own /login.',
          querystring: DeploymentLogoutQuery,
          response: envelopeResponses(DeploymentLogoutResult),
        },
      },
      async (request, reply) => {
        const returnTo = sameSiteAddress(request, request.query.url, publicOrigin);
        const url = await deployment.signOut(requireAuth(request), request.hostname, returnTo);
        clearSessionCookie(reply);
        return success(request, { url }, 'loggedOut');
      },
    );

    app.get(
      '/beike/getToken',
      {
        config: { access: 'public' },
        schema: {
          tags: ['deployment'],
          summary: 'Sign in the user the trusted reverse proxy names',
          description:
            "Only where the host's profile enables `proxySignIn` (else 1005): the proxy sends the user name in the configured header and the shared secret in the other (missing or wrong: 403/1014; the user header alone is never believed). An unknown or inactive user answers 1008. Answers like `POST /login` and sets the session cookie.",
          response: envelopeResponses(LoginResult),
        },
      },
      async (request, reply) => {
        const signedIn = await deployment.signInThroughProxy({ host: request.hostname, headers: request.headers, ip: request.ip, userAgent: request.headers['user-agent'] });
        setSessionCookie(reply, request, signedIn.token, sessions.cookieMaxAgeSeconds);
        return success(request, presentLogin(signedIn));
      },
    );
  };
}
