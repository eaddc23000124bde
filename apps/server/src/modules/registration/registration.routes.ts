import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateCompanyBody,
  LoginResult,
  RegistrationStatus,
  SendRegistrationCodeBody,
  VerifyRegistrationCodeBody,
  VerifyRegistrationCodeResult,
} from '@atrium/contract';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { setSessionCookie } from '../../platform/session-token.js';
import { presentLogin } from '../session/session.presenter.js';
import type { RegistrationService } from './registration.service.js';

const callerOf = (request: { ip: string; headers: { 'user-agent'?: string | undefined } }) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/** Public registration of a new company (docs/api.md, Registration). */
export function registrationRoutes({ registration, cookieMaxAgeSeconds }: { registration: RegistrationService; cookieMaxAgeSeconds: number }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/register/status',
      {
        config: { access: 'public' },
        schema: {
          tags: ['registration'],
          summary: 'Public: whether this server lets anyone create a company (ATRIUM_REGISTRATION)',
          response: envelopeResponses(RegistrationStatus),
        },
      },
      async (request) => success(request, registration.status()),
    );

    app.post(
      '/register/sendCode',
      {
        config: { access: 'public' },
        schema: {
          tags: ['registration'],
          summary: 'Public: mail a six-digit code that proves the address',
          description:
            'Always answers the same neutral 200, whether or not the address already has an account (that address gets a mail saying so instead of a code). One mail per address per 60 s and a cap per caller address: 429/1004 with retryAfterSeconds. Closed registration: 403/1014.',
          body: SendRegistrationCodeBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await registration.sendCode(request.body.email, callerOf(request));
        return success(request, null, 'registrationCodeSent');
      },
    );

    app.post(
      '/register/verifyCode',
      {
        config: { access: 'public' },
        schema: {
          tags: ['registration'],
          summary: 'Public: exchange the right code for a single-use registration token',
          description: 'The code works for 15 minutes and 5 wrong entries; a wrong or expired code answers 422/1005. The token works for 60 minutes, once.',
          body: VerifyRegistrationCodeBody,
          response: envelopeResponses(VerifyRegistrationCodeResult),
        },
      },
      async (request) => success(request, await registration.verifyCode(request.body.email, request.body.code)),
    );

    app.post(
      '/register/create',
      {
        config: { access: 'public' },
        schema: {
          tags: ['registration'],
          summary: 'Public: create the company and its first administrator, and sign them in',
          description:
            'Answers like POST /login (token and HttpOnly cookie). A used or expired token answers 422/1005, a taken domain 409/1003, a password outside the default policy 422/1005.',
          body: CreateCompanyBody,
          response: envelopeResponses(LoginResult),
        },
      },
      async (request, reply) => {
        const signedIn = await registration.create(request.body, callerOf(request));
        setSessionCookie(reply, request, signedIn.token, cookieMaxAgeSeconds);
        return success(request, presentLogin(signedIn), 'companyCreated');
      },
    );
  };
}
