import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InstallLicenceBody, LICENSED_MODULES, LicenceOverview } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { LicenceService } from './licence.service.js';

const TAGS = ['company'];

/**
 * Licences (the spec names no call for them; docs/decisions/0021-platform.md, "Licences"): every signed-in user
 * reads the states (the console's read-only banners follow them); accountGlobal:edit installs.
 */
export function licenceRoutes({ licences }: { licences: LicenceService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/company/licence',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: TAGS,
          summary: "The company's licences and the state of each licensed module",
          description: `Licensed modules: ${LICENSED_MODULES.join(', ')}. States: valid, expiring (30 days or less left), grace (up to 14 days past the end: still writable), expired and unlicensed (read-only: writes answer 403/1015).`,
          response: envelopeResponses(LicenceOverview),
        },
      },
      async (request) => success(request, await licences.overview(requireAuth(request))),
    );

    app.post(
      '/company/licence',
      {
        config: { access: 'permission', permission: 'accountGlobal:edit' },
        schema: {
          tags: TAGS,
          summary: 'Install a licence token (as `npm run licence -- issue` prints it) for the company',
          description:
            'Body: { token }. 422/1005 when the token is malformed, signed by a key this installation does not trust, not signed by its key, issued to another company, or expired past its grace. A licence with the serial of an installed one replaces it.',
          body: InstallLicenceBody,
          response: envelopeResponses(LicenceOverview),
        },
      },
      async (request) => {
        const { number } = await licences.install(actorOf(request), request.body.token);
        return success(request, await licences.overview(requireAuth(request)), 'licenceInstalled', { number });
      },
    );
  };
}
