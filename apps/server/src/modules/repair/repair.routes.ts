import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateRepairBody,
  REPAIR_PHOTO_MAX_BYTES,
  REPAIR_PHOTOS_MAX,
  RepairIdQuery,
  RepairListQuery,
  RepairPage,
  RepairReportDetail,
  RepairStatusBody,
  RepairTarget,
  RepairTargetQuery,
  RepairUpdateBody,
  ReturnCode,
} from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { AppError } from '../../platform/errors.js';
import { readMultipart } from '../../platform/multipart.js';
import { missingFile, sendImage } from '../upload/upload.http.js';
import { photoTooLarge, type RepairService } from './repair.service.js';

/** Anyone signed in reports a problem and reads their own reports; a retry with the same Idempotency-Key answers the first answer. */
const ANYONE = { access: 'authenticated' } as const;
const ANYONE_WRITE = { ...ANYONE, idempotent: true } as const;
/** The repair centre's list and decisions are the `events` area's (/deskeeper-repair). */
const READ = { access: 'permission', permission: 'events:view' } as const;
const EDIT = { access: 'permission', permission: 'events:edit', idempotent: true } as const;
const tags = ['repairs'];

/** The repair centre's calls (decision 0019, "The repair centre"). */
export function repairRoutes({ repairs }: { repairs: RepairService }): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart only inside this scope, for a photo: one file and the report's id.
    await app.register(fastifyMultipart, { limits: { fileSize: REPAIR_PHOTO_MAX_BYTES, files: 1, fields: 2, fieldSize: 64, parts: 4 }, throwFileSizeLimit: true });

    app.get(
      '/repair/targets',
      {
        config: ANYONE,
        schema: {
          tags,
          summary: 'Desks and rooms to report a problem with',
          description: 'Query `keyword` (optional): desks and rooms whose number, name or place holds it, desks first, at most 20, each with its place (building / floor).',
          querystring: RepairTargetQuery,
          response: envelopeResponses(z.array(RepairTarget)),
        },
      },
      async (request) => success(request, await repairs.targets(requireAuth(request).companyId, request.query.keyword)),
    );

    app.post(
      '/repair/report',
      {
        config: ANYONE_WRITE,
        schema: {
          tags,
          summary: 'Report a problem',
          description:
            'Body `{ kind: desk | room, targetId, title, description?, blocksUse? }`. Anyone signed in reports; only the `events` area\'s editors may say it blocks use (others 403). A report that blocks use takes the desk or room out of booking at once and moves each of its bookings that has not ended to a comparable free desk or room (the same floor and neighbourhood first, with at least its equipment; a room in the same building with room for its people), or cancels it; the people are told (desk bookers in the console; a meeting\'s people by the update or cancellation mail). An unknown desk or room 404.',
          body: CreateRepairBody,
          response: envelopeResponses(RepairReportDetail),
        },
      },
      async (request) => success(request, await repairs.create(requireAuth(request), request.body), 'repairReported'),
    );

    app.get(
      '/repair/reports',
      {
        config: READ,
        schema: {
          tags,
          summary: 'Repair reports',
          description: 'Query `page`, `pageSize`, `keyword` (title, desk or room name, place), `status`, `kind` (desk | room), `blocking` (true | false). Newest first.',
          querystring: RepairListQuery,
          response: envelopeResponses(RepairPage),
        },
      },
      async (request) => success(request, await repairs.list(requireAuth(request).companyId, request.query)),
    );

    app.get(
      '/repair/report',
      {
        config: ANYONE,
        schema: {
          tags,
          summary: 'A repair report',
          description: "Query `id`. The report with its steps and the bookings it moved or cancelled, for the `events` area's readers and for its reporter (anyone else 404).",
          querystring: RepairIdQuery,
          response: envelopeResponses(RepairReportDetail),
        },
      },
      async (request) => success(request, await repairs.detail(requireAuth(request), request.query.id)),
    );

    app.post(
      '/repair/report/status',
      {
        config: EDIT,
        schema: {
          tags,
          summary: "Change a report's status",
          description:
            'Body `{ id, status: open | in_progress | resolved | closed, note? }`. Resolving or closing a report that blocks use gives its desk or room back (unless another open report keeps it out); reopening takes it out again and moves the bookings made since. A closed report is final (422); the same status 422.',
          body: RepairStatusBody,
          response: envelopeResponses(RepairReportDetail),
        },
      },
      async (request) => success(request, await repairs.setStatus(requireAuth(request), request.body), 'repairUpdated'),
    );

    app.post(
      '/repair/report/update',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Assign a report, or say whether it blocks use',
          description: 'Body `{ id, assigneeId?, blocksUse? }` (absent: unchanged; `assigneeId` null: nobody). An assignee must be an active colleague (404). Blocking an open report takes its desk or room out at once, unblocking gives it back.',
          body: RepairUpdateBody,
          response: envelopeResponses(RepairReportDetail),
        },
      },
      async (request) => success(request, await repairs.update(requireAuth(request), request.body), 'repairUpdated'),
    );

    app.post(
      '/repair/photo',
      {
        config: ANYONE_WRITE,
        schema: {
          tags,
          summary: 'Add a photo to a report',
          description: `Multipart: field \`reportId\`, then the \`file\` part (JPEG or PNG by its content, at most ${REPAIR_PHOTO_MAX_BYTES / 1024 / 1024} MB; anything else 415). Kept re-encoded, upright, without metadata; at most ${REPAIR_PHOTOS_MAX} a report. The reporter or the \`events\` area's editors (others 403); not on a closed report (422).`,
          consumes: ['multipart/form-data'],
          response: envelopeResponses(RepairReportDetail),
        },
      },
      async (request) => {
        const { fields, file } = await readMultipart(request, { fileField: 'file', tooLarge: photoTooLarge });
        if (!file || file.content.length === 0) throw missingFile();
        const parsed = RepairIdQuery.safeParse({ id: fields.get('reportId') });
        if (!parsed.success) throw new AppError(ReturnCode.BAD_REQUEST, 'badRequest', { detail: 'reportId' });
        return success(request, await repairs.addPhoto(requireAuth(request), parsed.data.id, file.content), 'repairPhotoAdded');
      },
    );

    app.get(
      '/repair/photo',
      {
        config: ANYONE,
        schema: { tags, summary: "A report's photo", description: 'Query `id`: the photo as JPEG or PNG, for whoever may read its report (anyone else 404).', querystring: RepairIdQuery },
      },
      async (request, reply) => {
        const photo = await repairs.photo(requireAuth(request), request.query.id);
        return sendImage(reply, photo.content, photo.contentType, 'private, max-age=3600');
      },
    );
  };
}
