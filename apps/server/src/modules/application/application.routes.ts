import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APPLICATION_KEYS, ApplicationList, SwitchApplicationBody } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { ApplicationService } from './application.service.js';

const TAGS = ['company'];

/** The application centre (/application): every signed-in user sees it; accountGlobal:edit switches. */
export function applicationRoutes({ applications }: { applications: ApplicationService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/company/application',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: TAGS,
          summary: "The company's applications: available in this build, switched on, and the first page the caller may open",
          description: `Keys: ${APPLICATION_KEYS.join(', ')}. path is null when the application is off, not built, or has no page the caller's role may open.`,
          response: envelopeResponses(ApplicationList),
        },
      },
      async (request) => success(request, await applications.list(requireAuth(request))),
    );

    app.put(
      '/company/application',
      {
        config: { access: 'permission', permission: 'accountGlobal:edit' },
        schema: {
          tags: TAGS,
          summary: 'Switch an application on or off for the whole company (its menu entries disappear for everyone while off)',
          description: 'Body: { key, isEnabled }. 422/1005 for an application this build does not have.',
          body: SwitchApplicationBody,
          response: envelopeResponses(ApplicationList),
        },
      },
      async (request) =>
        success(request, await applications.switch(actorOf(request), request.body), request.body.isEnabled ? 'applicationSwitchedOn' : 'applicationSwitchedOff'),
    );
  };
}
