import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OperationLogPage, OperationLogQuery } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import type { OperationLog } from './operation-log.service.js';

export function operationLogRoutes({ operationLog }: { operationLog: OperationLog }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/operation-log/list',
      {
        config: { access: 'permission', permission: 'operationLog:view' },
        schema: {
          tags: ['operation-log'],
          summary: "The company's administrative changes, newest first",
          description:
            "Each entry's `detail` holds the fields the contract's OPERATION_DETAILS declares for its action; `names` names the records it refers to by id (`role:12`), built-in themes in the caller's language.",
          querystring: OperationLogQuery,
          response: envelopeResponses(OperationLogPage),
        },
      },
      async (request) => success(request, await operationLog.list(requireAuth(request).companyId, request.query, request.lang)),
    );
  };
}
