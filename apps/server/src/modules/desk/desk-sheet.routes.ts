import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { DESK_IMPORT_MAX_BYTES, DeskExportQuery, DeskImportQuery, DeskImportReport, ErrorEnvelope } from '@atrium/contract';
import { z } from 'zod';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { refused } from '../../platform/errors.js';
import { readMultipart } from '../../platform/multipart.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { DeskSheetService } from './desk-sheet.js';

const tags = ['desks'];

/** The desk settings page's spreadsheet: the export (readers) and the import (editors). */
export function deskSheetRoutes({ deskSheet }: { deskSheet: DeskSheetService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/desk/export',
      {
        config: { access: 'permission', permission: 'roomsLocations:view' },
        schema: {
          tags,
          summary: 'Desks as xlsx',
          description:
            "Query `floorId` (optional: one floor, else every floor). An xlsx attachment of one sheet named for the station numbers (`Station numbers`, `工位编号` in the caller's language), a row per desk by building, floor and number, columns building, floor, desk number, use, neighbourhood, owner (an assigned desk's colleague's e-mail or department) and equipment (names, comma-separated), headers and words in the caller's language; text cells are typed text, never formulas. The import reads it back. Another company's floor: 404.",
          querystring: DeskExportQuery,
          response: { 200: z.unknown().describe('xlsx bytes, as an attachment'), '4xx': ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const file = await deskSheet.exportDesks(requireAuth(request).companyId, request.query.floorId, request.lang);
        return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).header('cache-control', 'no-store').send(file.data);
      },
    );

    // Multipart only where it is used; a scope of its own, so it never clashes with an upload plugin elsewhere.
    await app.register(async (plain) => {
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      if (!scope.hasContentTypeParser('multipart/form-data')) {
        await scope.register(fastifyMultipart, { limits: { fileSize: DESK_IMPORT_MAX_BYTES, files: 1, fields: 5 } });
      }
      scope.post(
        '/desk/import',
        {
          config: { access: 'permission', permission: 'roomsLocations:edit' },
          schema: {
            tags,
            summary: 'Create or update desks from a csv, xls or xlsx file',
            description:
              "multipart/form-data with one file (recognised by content; at most 5 MiB, 2000 rows); query `dryRun=true` to check without writing. Every sheet with rows is read; its first row names the columns as the export does, in either language (`building`, `floor` and `desk number` required; an unknown header, a missing required column, no rows or not a spreadsheet: 422). A row's desk is found by building, floor and number: updated (a column left out keeps its value, a blank cell clears it), left unchanged, or created; use and equipment in either language; owner by an active colleague's e-mail or a department's name; a neighbourhood the floor lacks is added, free for all. A row with a problem is refused with its reasons in the caller's language. All rows in one transaction. In the operation log (`desk.import` with the counts).",
            consumes: ['multipart/form-data'],
            querystring: DeskImportQuery,
            response: envelopeResponses(DeskImportReport),
          },
        },
        async (request) => {
          const { file } = await readMultipart(request);
          if (!file) throw refused('importFileRequired');
          const report = await deskSheet.importDesks(actorOf(request), file.content, request.query.dryRun, request.lang);
          return success(request, report, report.dryRun ? 'deskImportChecked' : 'deskImported', report.counts);
        },
      );
    });
  };
}
