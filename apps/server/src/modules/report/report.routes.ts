import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope, ReportAnalysis, ReportAnalysisQuery, ReportExportBody, ReportListQuery, ReportOptions, ReportPage } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import type { ReportService } from './report.service.js';

/** Query fields every report call shares, for the API documentation. */
const SCOPE_DOC =
  '`range` (last30, last90, last180: the days before now; custom: `from` and `to` in epoch ms, half-open, at most 366 days), `locationId?` (every room under a location node), `roomId?`';

/** /report (area `reports`, spec 000 section 6 "use reports"): meeting records, their export, and the data analysis. */
export function reportRoutes({ reports }: { reports: ReportService }): FastifyPluginAsyncZod {
  return async (app) => {
    const access = { access: 'permission', permission: 'reports:view' } as const;

    app.get(
      '/report/options',
      {
        config: access,
        schema: {
          tags: ['reports'],
          summary: 'The places and rooms a report can be narrowed to',
          description: 'Answers `places`: the location nodes and rooms of the company in tree order (`id`, `parentId`, `name`, `level`; rooms are level 7).',
          response: envelopeResponses(ReportOptions),
        },
      },
      async (request) => success(request, await reports.options(requireAuth(request).companyId)),
    );

    app.get(
      '/report/list',
      {
        config: access,
        schema: {
          tags: ['reports'],
          summary: 'Meeting records, newest start first',
          description: `Query ${SCOPE_DOC}, \`host?\` (name, user name or e-mail fragment), \`status?\`, \`channel?\` (console, display, calendar, api), \`page\`, \`pageSize\`. Busy-only and private meetings come without their title. The answer carries the window read (\`from\`, \`to\`).`,
          querystring: ReportListQuery,
          response: envelopeResponses(ReportPage),
        },
      },
      async (request) => success(request, await reports.list(requireAuth(request).companyId, request.query)),
    );

    app.post(
      '/report/export',
      {
        config: access,
        schema: {
          tags: ['reports'],
          summary: 'The filtered meeting records as an xlsx or csv file',
          description: `Body: the filters of /report/list (no paging) and \`format\` (xlsx, csv). Headers and labels follow the \`lang\` header; times are in each room's zone. Cells starting with = + - @, a tab or a carriage return are prefixed with a single quote so no spreadsheet reads them as formulas. No matching meeting answers 422 "No data to export"; more than 50,000 answers 422 asking for narrower filters.`,
          body: ReportExportBody,
          response: { 200: z.unknown().describe('The file, as an attachment'), '4xx': ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const file = await reports.exportRecords(requireAuth(request).companyId, request.body, request.lang);
        return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.data);
      },
    );

    app.get(
      '/report/analysis',
      {
        config: access,
        schema: {
          tags: ['reports'],
          summary: 'The data analysis: overview, peak hours and weekdays, channels, durations, recurring meetings, room heat map',
          description: `Query ${SCOPE_DOC}. Every hour and weekday is the room's local one. See docs/decisions/0006 ("Reports and analytics") for what each figure counts.`,
          querystring: ReportAnalysisQuery,
          response: envelopeResponses(ReportAnalysis),
        },
      },
      async (request) => success(request, await reports.analysis(requireAuth(request).companyId, request.query)),
    );
  };
}
