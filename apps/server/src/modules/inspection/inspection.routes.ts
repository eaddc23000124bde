import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CompleteInspectionBody,
  InspectionChecklist,
  InspectionDue,
  InspectionIdBody,
  InspectionRun,
  InspectionRunPage,
  InspectionRunQuery,
  SaveInspectionChecklistBody,
} from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import type { InspectionService } from './inspection.service.js';

/** The checklists and their rounds are the repair centre's area (`events`); walking a round is for its inspectors. */
const READ = { access: 'permission', permission: 'events:view' } as const;
const EDIT = { access: 'permission', permission: 'events:edit', idempotent: true } as const;
const INSPECTOR = { access: 'authenticated' } as const;
const tags = ['inspections'];

/** Inspections' calls (decision 0019, "Inspections"). */
export function inspectionRoutes({ inspections }: { inspections: InspectionService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/inspection/checklists',
      { config: READ, schema: { tags, summary: 'Inspection checklists', description: "The company's checklists by name, with their items, area and inspectors.", response: envelopeResponses(z.array(InspectionChecklist)) } },
      async (request) => success(request, await inspections.list(requireAuth(request).companyId)),
    );

    app.get(
      '/inspection/areas',
      { config: READ, schema: { tags, summary: 'Areas a checklist may cover', description: "The company's buildings and floors in tree order, each named by its path.", response: envelopeResponses(z.array(z.object({ id: z.number().int(), name: z.string() }))) } },
      async (request) => success(request, await inspections.areas(requireAuth(request).companyId)),
    );

    app.post(
      '/inspection/checklist/save',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Save an inspection checklist',
          description:
            'Body `{ id?, name, interval: daily | weekly | monthly, locationId (a building or floor, or null), items: [{ key, text }] (1-40, keys distinct), assigneeIds (active colleagues, at most 20), isActive }`; without `id` a new one. The name unique regardless of case (422); an unknown area or inspector 404.',
          body: SaveInspectionChecklistBody,
          response: envelopeResponses(InspectionChecklist),
        },
      },
      async (request) => success(request, await inspections.save(requireAuth(request).companyId, request.body), 'inspectionSaved'),
    );

    app.post(
      '/inspection/checklist/delete',
      { config: EDIT, schema: { tags, summary: 'Delete an inspection checklist', description: 'Body `{ id }`: the checklist and its recorded rounds (the repair reports they filed stay).', body: InspectionIdBody, response: envelopeResponses(z.null()) } },
      async (request) => {
        await inspections.remove(requireAuth(request).companyId, request.body.id);
        return success(request, null, 'inspectionDeleted');
      },
    );

    app.get(
      '/inspection/due',
      {
        config: INSPECTOR,
        schema: {
          tags,
          summary: 'My inspections due now',
          description: "The caller's active checklists (every one for the `events` area's editors), each with the period due now on its area's clock (the day, the week's Monday or the month's first) and the round done in it (null: still to do).",
          response: envelopeResponses(z.array(InspectionDue)),
        },
      },
      async (request) => success(request, await inspections.due(requireAuth(request))),
    );

    app.post(
      '/inspection/complete',
      {
        config: { ...INSPECTOR, idempotent: true },
        schema: {
          tags,
          summary: 'Record an inspection round',
          description:
            "Body `{ checklistId, results: [{ key, ok, note?, report?: { kind: desk | room, targetId } }] }`: every item of the checklist once (422 otherwise), for the period due now (a second round in it 422). For its inspectors or the `events` area's editors (others 403). A failed item with `report` files a repair report about that desk or room. Answers the round.",
          body: CompleteInspectionBody,
          response: envelopeResponses(InspectionRun),
        },
      },
      async (request) => {
        const run = await inspections.complete(requireAuth(request), request.body);
        return success(request, run, 'inspectionCompleted', { passed: run.passed, failed: run.failed });
      },
    );

    app.get(
      '/inspection/runs',
      { config: READ, schema: { tags, summary: 'Inspection rounds', description: 'Query `page`, `pageSize`, `checklistId?`: the rounds recorded, newest first, each with its items and results.', querystring: InspectionRunQuery, response: envelopeResponses(InspectionRunPage) } },
      async (request) => success(request, await inspections.runs(requireAuth(request).companyId, request.query)),
    );

    app.get(
      '/inspection/run',
      { config: READ, schema: { tags, summary: 'An inspection round', description: 'Query `id`: the round with each item, its result, note and the repair report it filed.', querystring: InspectionIdBody, response: envelopeResponses(InspectionRun) } },
      async (request) => success(request, await inspections.run(requireAuth(request).companyId, request.query.id)),
    );
  };
}
