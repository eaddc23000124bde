import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResult, PRODUCT_VERSION } from '@atrium/contract';
import { pingDatabase, type Database } from '../../db/database.js';
import { envelopeResponses, success } from '../../platform/envelope.js';

export function healthRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { access: 'public' },
        schema: { tags: ['health'], summary: 'Liveness and database round trip, for load balancers', response: envelopeResponses(HealthResult) },
      },
      async (request) => {
        await pingDatabase(db.kysely);
        return success(request, { status: 'ok' as const, database: db.dialect, version: PRODUCT_VERSION });
      },
    );
  };
}
