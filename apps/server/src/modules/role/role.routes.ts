import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RoleCurrentResult } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';

export function roleRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/role/current',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['role'], summary: "The caller's permissions, as items with a name (spec 000 section 6)", response: envelopeResponses(RoleCurrentResult) },
      },
      async (request) => success(request, [...requireAuth(request).permissions].map((name) => ({ name }))),
    );
  };
}
