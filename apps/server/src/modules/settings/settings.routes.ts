import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PasswordPolicyResult,
  SafetyPasswordStatus,
  UpdatePasswordPolicyBody,
  UpdateSafetyPasswordBody,
  VerifySafetyPasswordBody,
} from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { SettingsService } from './settings.service.js';

/** Global settings (/global): the password policy and the safety password, area `globalSettings`. */
export function settingsRoutes({ settings }: { settings: SettingsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/passStrategy/getPassStrategy',
      {
        config: { access: 'permission', permission: 'globalSettings:view' },
        schema: {
          tags: ['settings'],
          summary: "The company's password policy",
          description: 'minLength, expiryDays (30, 60, 90, 180, 360 or null for never) and the required character classes. No query parameters.',
          response: envelopeResponses(PasswordPolicyResult),
        },
      },
      async (request) => success(request, await settings.getPasswordPolicy(requireAuth(request).companyId)),
    );

    app.post(
      '/passStrategy/updatePassStrategy',
      {
        config: { access: 'permission', permission: 'globalSettings:edit' },
        schema: {
          tags: ['settings'],
          summary: 'Replace the password policy',
          description:
            'Body: the whole policy. minLength 6 to 64; expiryDays one of 30, 60, 90, 180, 360, or null for never. Applies to the next password set; a user whose password is older than the expiry is asked to change it at the next sign-in. Answers the stored policy.',
          body: UpdatePasswordPolicyBody,
          response: envelopeResponses(PasswordPolicyResult),
        },
      },
      async (request) => success(request, await settings.updatePasswordPolicy(actorOf(request), request.body)),
    );

    app.get(
      '/safety-password',
      {
        config: { access: 'permission', permission: 'globalSettings:view' },
        schema: {
          tags: ['settings'],
          summary: 'Whether the company has a safety password, and since when',
          response: envelopeResponses(SafetyPasswordStatus),
        },
      },
      async (request) => success(request, await settings.getSafetyPasswordStatus(requireAuth(request).companyId)),
    );

    app.put(
      '/safety-password',
      {
        config: { access: 'permission', permission: 'globalSettings:edit' },
        schema: {
          tags: ['settings'],
          summary: 'Set or change the 6-digit safety password',
          description:
            'Body: { currentPassword?, newPassword, confirmPassword }, each exactly 6 digits. currentPassword is required once a safety password exists; a wrong one answers 400/1005 (safety password wrong) and counts towards the throttle (5 wrong in 15 minutes per user answer 429/1004).',
          body: UpdateSafetyPasswordBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await settings.updateSafetyPassword(actorOf(request), request.body);
        return success(request, null);
      },
    );

    app.post(
      '/safety-password/verify',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['settings'],
          summary: 'Check a safety password before a high-risk action',
          description:
            'Body: { safetyPassword }. Answers 200 when it matches, 400/1005 when wrong, 422/1005 when none is set, 429/1004 after 5 wrong attempts in 15 minutes. High-risk routes check it themselves from the same body field; this call lets a form confirm it first.',
          body: VerifySafetyPasswordBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await settings.requireSafetyPassword(requireAuth(request), request.body.safetyPassword);
        return success(request, null);
      },
    );
  };
}
