import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginResult, QrCodePath, SingleSignInBody } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { setSessionCookie } from '../../platform/session-token.js';
import { presentLogin } from '../session/session.presenter.js';
import type { SessionService } from '../session/session.service.js';
import type { SignInLinkService } from './sign-in-link.service.js';

const tags = ['sign-in link'];

/** The QR drawer's calls (spec 001 section 7, `v2/wx`) and the `/single/{token}` page's sign-in. */
export function signInLinkRoutes({ links, sessions }: { links: SignInLinkService; sessions: SessionService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/wx/getQrCodePath',
      {
        // Not state-changing for the guard: a GET of the spec; the link it makes only ever signs in its own caller.
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: "The QR drawer's code: a one-time link that signs the caller in on another device",
          description:
            'No parameters. Answers `{ url, expiresAt, image }` (`image`: the QR code as a PNG data URL): `url` is `<console>/single/<token>`, valid 3 minutes and once; the drawer asks again before `expiresAt`. At most 10 live links per person (429/1004 beyond). The secret is stored only as its hash.',
          response: envelopeResponses(QrCodePath),
        },
      },
      async (request) => success(request, await links.issue(requireAuth(request))),
    );

    app.get(
      '/v2/wx/ordinaryQrCodePath',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: "An ordinary code: the console's sign-in page, signing nobody in",
          description: 'No parameters. Answers `{ url, expiresAt: null, image }` with `<console>/login`, for a code to print or share.',
          response: envelopeResponses(QrCodePath),
        },
      },
      async (request) => success(request, await links.ordinaryPath()),
    );

    app.post(
      '/sign-in-link/sign-in',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Sign in by a one-time link (the /single/{token} page sends its token here)',
          description:
            'Body `{ token }`. Answers like `POST /login` and sets the session cookie. The link is used up at the first call; a used, expired or unknown one answers 422/1005 and the page goes to /single-error. A POST, so a chat app that fetches a pasted link to preview it cannot use it up.',
          body: SingleSignInBody,
          response: envelopeResponses(LoginResult),
        },
      },
      async (request, reply) => {
        const signedIn = await links.signIn(request.body.token, { ip: request.ip, userAgent: request.headers['user-agent'] });
        setSessionCookie(reply, request, signedIn.token, sessions.cookieMaxAgeSeconds);
        return success(request, presentLogin(signedIn));
      },
    );
  };
}
