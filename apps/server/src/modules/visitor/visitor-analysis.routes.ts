import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope, VISIT_ANALYSIS_MAX_DAYS, VISIT_EXPORT_MAX_ROWS, VisitAnalysis, VisitAnalysisQuery, VisitExportQuery } from '@atrium/contract';
import { z } from 'zod';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { VisitorAnalysisService } from './visitor-analysis.js';
import type { VisitorExport } from './visitor-export.js';

const tags = ['visitors'];

/**
 * The visitor analysis page's call (area overviewStats, the menu's for /guider-analysis) and the
 * visit records' export (records:view, as the list), decision 0018 "Analytics and export".
 */
export function visitorAnalysisRoutes({ analysis, exports }: { analysis: VisitorAnalysisService; exports: VisitorExport }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/visitor/analysis',
      {
        config: { access: 'permission', permission: 'overviewStats:view' },
        schema: {
          tags,
          summary: 'Visitor analysis',
          description: `Query \`from\`, \`to\` (days YYYY-MM-DD, both included, on each visit's place's clock; \`to\` not before \`from\` and at most ${VISIT_ANALYSIS_MAX_DAYS} days after it, 400 otherwise), \`locationId?\` (a building with its floors, or a floor; another company's matches nothing). The company's visits per day, reason and place and their totals, counting the visits retention deleted through its per-day counts; \`kept\` (average stay, no-show rate) and \`peakHours\` (check-ins by local hour) cover only the visits still kept.`,
          querystring: VisitAnalysisQuery,
          response: envelopeResponses(VisitAnalysis),
        },
      },
      async (request) => success(request, await analysis.analyse(requireAuth(request).companyId, request.query)),
    );

    app.get(
      '/visitor/export',
      {
        config: { access: 'permission', permission: 'records:view' },
        schema: {
          tags,
          summary: 'The visit records as an xlsx or csv file',
          description: `Query: the filters of \`/visitor/list\` (no paging), \`format\` (xlsx, csv) and \`timeZone?\` (the viewer's, for the file name \`visits-<from>-<to>\`). The visits the caller may read, as the list, newest first; headers and labels in the \`lang\` header's language, times on each place's clock. CSV cells starting with = + - @, a tab or a carriage return get a leading single quote; xlsx text cells are typed text. More than ${VISIT_EXPORT_MAX_ROWS.toLocaleString('en-US')} visits: 422 asking for narrower filters.`,
          querystring: VisitExportQuery,
          response: { 200: z.unknown().describe('The file, as an attachment'), '4xx': ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const file = await exports.exportVisits(actorOf(request), request.query, request.lang);
        return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.data);
      },
    );
  };
}
