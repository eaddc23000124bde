import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CheckResetQuery, CheckResetResult, ResetPasswordBody, SendResetPasswordQuery } from '@atrium/contract';
import { envelopeResponses, success } from '../../platform/envelope.js';
import type { RecoveryService } from './recovery.service.js';

/** Public password recovery by a mailed link (docs/api.md, Password recovery). */
export function recoveryRoutes({ recovery }: { recovery: RecoveryService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user/sendResetPasswordEmail',
      {
        config: { access: 'public' },
        schema: {
          tags: ['recovery'],
          summary: 'Public: mail a password reset link to the account with this e-mail or user name',
          description:
            'Always answers the same neutral 200, whether or not such an active account exists. The link works for 60 minutes, once; a new request replaces it. One mail per address per 60 s and a cap per caller address: 429/1004.',
          querystring: SendResetPasswordQuery,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await recovery.sendResetMail(request.query.email, { ip: request.ip, userAgent: request.headers['user-agent'] });
        return success(request, null, 'resetMailSent');
      },
    );

    app.get(
      '/user/checkResetReq',
      {
        config: { access: 'public' },
        schema: {
          tags: ['recovery'],
          summary: "Public: whether a reset link is valid, for which user name, and the company's password policy",
          querystring: CheckResetQuery,
          response: envelopeResponses(CheckResetResult),
        },
      },
      async (request) => success(request, await recovery.checkReset(request.query.reqToken)),
    );

    app.post(
      '/user/resetPassword',
      {
        config: { access: 'public' },
        schema: {
          tags: ['recovery'],
          summary: 'Public: choose a new password through a reset link',
          description:
            "Body: { reqToken, password, confirmPassword }. The company's policy applies, and the password must differ from the old one (422/1005). Ends every session of the user. A used or expired link answers 422/1005.",
          body: ResetPasswordBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await recovery.resetPassword(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
        return success(request, null, 'passwordReset');
      },
    );
  };
}
