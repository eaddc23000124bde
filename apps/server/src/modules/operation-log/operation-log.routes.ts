import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, OPERATION_LOG_EXPORT_MAX_ROWS, OperationLogExportQuery, OperationLogPage, OperationLogQuery } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import type { OperationLogExport } from './operation-log-export.js';
import type { OperationLog } from './operation-log.service.js';

const VIEW = { access: 'permission', permission: 'operationLog:view' } as const;

export function operationLogRoutes({ operationLog, operationLogExport }: { operationLog: OperationLog; operationLogExport: OperationLogExport }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/operation-log/list',
      {
        config: VIEW,
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

    app.get(
      '/operation-log/export',
      {
        config: VIEW,
        schema: {
          tags: ['operation-log'],
          summary: 'The entries matching the list\'s filters as an xlsx or csv file',
          description: `Query: the filters of \`/operation-log/list\` (no paging) and \`format\` (xlsx, csv). Newest first; times in UTC; headers in the \`lang\` header's language. CSV cells starting with = + - @, a tab or a carriage return get a leading single quote; xlsx text cells are typed text. More than ${OPERATION_LOG_EXPORT_MAX_ROWS.toLocaleString('en-US')} entries: 422 asking for narrower filters.`,
          querystring: OperationLogExportQuery,
          response: { 200: z.unknown().describe('The file, as an attachment'), '4xx': ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const file = await operationLogExport.exportEntries(requireAuth(request).companyId, request.query, request.lang);
        return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.data);
      },
    );
  };
}
