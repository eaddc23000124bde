import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, ORGANIZATION_MAX_MEMBERS, OrganizationChart, OrganizationExportQuery, OrganizationQuery, type Permission } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import type { OrganizationService, OrganizationView } from './organization.service.js';

const tags = ['organization'];

const ACCESS: Record<OrganizationView, { access: 'permission'; permission: Permission }> = {
  members: { access: 'permission', permission: 'users:view' },
  roles: { access: 'permission', permission: 'roles:view' },
};

const SUMMARY: Record<OrganizationView, string> = {
  members: "The organisation chart: every department, every role, and the people matching `keyword` (name, e-mail or their department's name)",
  roles: "The roles with who holds each: every department, every role, and the people matching `keyword` (name, e-mail or their role's name)",
};

/** /organizational-members (users:view) and /organizational-role (roles:view): the chart and its export. */
export function organizationRoutes({ organization }: { organization: OrganizationService }): FastifyPluginAsyncZod {
  return async (app) => {
    for (const view of ['members', 'roles'] as const) {
      app.get(
        `/organization/${view}`,
        {
          config: ACCESS[view],
          schema: {
            tags,
            summary: SUMMARY[view],
            description: `Three queries, whatever the company's size; the console builds the tree from \`parentId\`. At most ${ORGANIZATION_MAX_MEMBERS.toLocaleString('en-US')} people (\`isTruncated\` beyond).`,
            querystring: OrganizationQuery,
            response: envelopeResponses(OrganizationChart),
          },
        },
        async (request) => success(request, await organization.chart(requireAuth(request).companyId, view, request.query)),
      );

      app.get(
        `/organization/${view}/export`,
        {
          config: ACCESS[view],
          schema: {
            tags,
            summary: `The same people as an xlsx or csv file, one row per person`,
            description:
              'Query: `keyword?`, `format` (xlsx, csv). Headers in the `lang` header\'s language. CSV cells starting with = + - @, a tab or a carriage return get a leading single quote; xlsx text cells are typed text.',
            querystring: OrganizationExportQuery,
            response: { 200: z.unknown().describe('The file, as an attachment'), '4xx': ErrorEnvelope },
          },
        },
        async (request, reply) => {
          const file = await organization.exportChart(requireAuth(request).companyId, view, request.query, request.lang);
          return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.data);
        },
      );
    }
  };
}
