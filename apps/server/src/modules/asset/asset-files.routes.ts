import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { ASSET_IMPORT_MAX_BYTES, AssetExportQuery, AssetImportQuery, AssetImportReport, AssetLabelsQuery, ErrorEnvelope } from '@atrium/contract';
import { z } from 'zod';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { refused } from '../../platform/errors.js';
import { readMultipart } from '../../platform/multipart.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { AssetFiles } from './asset-files.js';

const VIEW = { access: 'permission', permission: 'trackingFields:view' } as const;
const tags = ['assets'];

/** The asset list's files: the xlsx export, the labels' PDF, the import. */
export function assetFilesRoutes({ files }: { files: AssetFiles }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/asset/export',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'The asset list as xlsx',
          description:
            'Query: the list\'s filters (`keyword`, `status`, `categoryId`, `locationId`). An xlsx attachment, a row per asset by tag, columns `tag, serial, model, category, status, location, holder, purchaseDate, warrantyEnd, lastAuditAt, nextAuditAt, notes` (the import reads them back); text cells are typed text, never formulas. More than 10,000 assets: 422.',
          querystring: AssetExportQuery,
          response: { 200: z.unknown().describe('xlsx bytes, as an attachment'), '4xx': ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const file = await files.exportAssets(requireAuth(request).companyId, request.query);
        return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).header('cache-control', 'no-store').send(file.data);
      },
    );

    app.get(
      '/asset/labels',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'Asset labels (PDF)',
          description:
            'Query `ids` (comma-separated, at most 200) or, without it, the list\'s filters. An A4 PDF of 24 labels a page (3 x 8, 70 x 37 mm), each with the tag, the model, the serial number and a QR code opening `/deskeeper-assets?asset=<id>` in the console. No asset: 422.',
          querystring: AssetLabelsQuery,
          response: { 200: z.unknown().describe('PDF bytes'), '4xx': ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const file = await files.labels(requireAuth(request).companyId, request.query);
        return reply.header('content-type', file.contentType).header('content-disposition', `inline; filename="${file.filename}"`).header('cache-control', 'no-store').send(file.data);
      },
    );

    // Multipart only where it is used; a scope of its own, so it never clashes with an upload plugin elsewhere.
    await app.register(async (plain) => {
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      if (!scope.hasContentTypeParser('multipart/form-data')) {
        await scope.register(fastifyMultipart, { limits: { fileSize: ASSET_IMPORT_MAX_BYTES, files: 1, fields: 5 } });
      }
      scope.post(
        '/asset/import',
        {
          config: { access: 'permission', permission: 'trackingFields:edit' },
          schema: {
            tags,
            summary: 'Create or update assets from a csv, xls or xlsx file',
            description:
              'multipart/form-data with one file (recognised by content; at most 5 MiB, 2000 rows); query `dryRun=true` to check without writing. The first row names the columns as the export does (`tag` and `model` required; `serial, status, location, purchaseDate, warrantyEnd, nextAuditAt, notes` read; the others ignored). A row whose tag exists updates that asset (a column left out keeps its value), else creates one; a row with a problem is refused with its row number and reasons. All rows are written in one transaction. In the operation log (`asset.import` with the counts).',
            consumes: ['multipart/form-data'],
            querystring: AssetImportQuery,
            response: envelopeResponses(AssetImportReport),
          },
        },
        async (request) => {
          const { file } = await readMultipart(request);
          if (!file) throw refused('importFileRequired');
          const report = await files.importAssets(actorOf(request), file.content, request.query.dryRun, request.lang);
          const counts = { created: report.created.length, updated: report.updated.length, refused: report.refused.length };
          return success(request, report, report.dryRun ? 'assetImportChecked' : 'assetImported', counts);
        },
      );
    });
  };
}
