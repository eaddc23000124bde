import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AnswerVisitBody, DEVICE_TOKEN_HEADER, VISIT_PHOTO_MAX_BYTES, KioskAnswerBody, KioskSignNdaBody, KioskSteps, KioskStepsQuery, SignVisitNdaBody, VISIT_PASS_HEADER, VisitDocumentQuery } from '@atrium/contract';
import { requireDevice } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { readMultipart } from '../../platform/multipart.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import { missingFile, sendImage } from '../upload/upload.http.js';
import { PassHeaders } from './visitor.routes.js';
import type { VisitorPasses } from './visitor-pass.service.js';
import type { VisitorService } from './visitor.service.js';
import { photoTooLarge, type VisitorSteps } from './visitor-steps.js';
import { requirementsOf, type VisitorRules } from './visitor-rules.js';

const tags = ['visitors'];
const DEVICE_TAGS = ['device API'];
/** Public as the other pass calls (visitor.routes.ts): the signed, expiring pass token is the credential. */
const PASS = { access: 'public' } as const;
const DEVICE_WRITE = { access: 'device', deviceKind: 'visitorKiosk', idempotent: true } as const;
const DEVICE_READ = { access: 'device', deviceKind: 'visitorKiosk' } as const;
/** The documents are read where the visit is: the visit records' area, then the visit's own scope. */
const RECORDS = { access: 'permission', permission: 'records:view' } as const;
const KIOSK = `Header \`${DEVICE_TOKEN_HEADER}\` of an activated visitor kiosk; any other token answers 401/2001. \`code\`: the visitor's pass as scanned (a visit at another building answers 422/1005).`;
const STEPS = 'Only while the visit is open (not cancelled, not checked in, not over: 422/1005); a step the visit\'s rule does not ask answers 422/1005.';

/** A photo: the `file` part of a multipart form, with the kiosk's `code` field before it. */
async function readPhoto(request: FastifyRequest): Promise<{ fields: Map<string, string>; content: Buffer }> {
  const { fields, file } = await readMultipart(request, { fileField: 'file', tooLarge: photoTooLarge });
  if (!file || file.content.length === 0) throw missingFile();
  return { fields, content: file.content };
}

/** A kept document as bytes of its type (never sniffed, never run as a page), not cached, named for saving. */
const sendDocument = (reply: FastifyReply, document: { content: Buffer; contentType: string }, fileName: string) =>
  sendImage(reply.header('content-disposition', `inline; filename="${fileName}"`), document.content, document.contentType, 'private, no-store');

/**
 * What a visitor does before check-in (decision 0018, "What a visitor does before check-in"): on their
 * pass (the `visit-pass` header), at the kiosk (its device token and the scanned pass), and reception's
 * reading of what was kept.
 */
export function visitorStepRoutes({
  steps,
  visitors,
  passes,
  rules,
}: {
  steps: VisitorSteps;
  visitors: Pick<VisitorService, 'kioskVisit' | 'readable'>;
  passes: Pick<VisitorPasses, 'openVisit'>;
  rules: Pick<VisitorRules, 'forVisit'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart only inside this scope, for the photo: one file, a code field.
    await app.register(fastifyMultipart, { limits: { fileSize: VISIT_PHOTO_MAX_BYTES, files: 1, fields: 2, fieldSize: 2048, parts: 4 }, throwFileSizeLimit: true });
    const passVisit = (request: FastifyRequest) => passes.openVisit(String(request.headers[VISIT_PASS_HEADER]));
    const kioskOf = (request: FastifyRequest) => requireDevice(request, 'visitorKiosk');

    // ---- On the visitor's pass ----

    app.post(
      '/visitor/pass/nda',
      {
        config: PASS,
        schema: {
          tags,
          summary: 'The visitor signs the agreement on their pass',
          description: `Public, \`visit-pass\` header. Body \`{ signedName }\`: the name the visitor types to sign. The signed copy (A4 PDF: the agreement as read, the visit, the name, time and place of signing) is kept with the visit. Once (422/1005 after). ${STEPS}`,
          headers: PassHeaders,
          body: SignVisitNdaBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        const { companyId, visit } = await passVisit(request);
        await steps.signNda(companyId, visit, request.body.signedName, 'pass', request.lang);
        return success(request, null, 'visitNdaSigned');
      },
    );

    app.get(
      '/visitor/pass/nda',
      {
        config: PASS,
        schema: { tags, summary: 'The visitor’s signed agreement', description: 'Public, `visit-pass` header: the signed copy as a PDF; 404/1002 before it is signed or after its retention.', headers: PassHeaders },
      },
      async (request, reply) => {
        const { companyId, visit } = await passVisit(request);
        return sendDocument(reply, await steps.document(companyId, visit, 'nda'), `agreement-${visit.id}.pdf`);
      },
    );

    app.post(
      '/visitor/pass/photo',
      {
        config: PASS,
        schema: {
          tags,
          summary: 'The visitor gives their photo on their pass',
          description: `Public, \`visit-pass\` header. Multipart \`file\`: a JPEG or PNG recognised by its content (415/1013 otherwise), at most 12 MB (413/1006); kept upright, without metadata, within 480 pixels a side, replacing one given before. ${STEPS}`,
          headers: PassHeaders,
          consumes: ['multipart/form-data'],
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        const { companyId, visit } = await passVisit(request);
        const { content } = await readPhoto(request);
        await steps.savePhoto(companyId, visit, content);
        return success(request, null, 'visitPhotoSaved');
      },
    );

    app.post(
      '/visitor/pass/answers',
      {
        config: PASS,
        schema: {
          tags,
          summary: 'The visitor answers the questions on their pass',
          description: `Public, \`visit-pass\` header. Body \`{ answers }\`: \`yes\` or \`no\` for each question, in order (another count: 422/1005). Once. \`{ admit }\`: false when an answer sends the visitor to reception. ${STEPS}`,
          headers: PassHeaders,
          body: AnswerVisitBody,
          response: envelopeResponses(z.object({ admit: z.boolean() })),
        },
      },
      async (request) => {
        const { companyId, visit } = await passVisit(request);
        const result = await steps.answer(companyId, visit, request.body.answers);
        return success(request, result, result.admit ? 'visitAnswersSaved' : 'visitAnswersSeeReception');
      },
    );

    // ---- At the kiosk ----

    app.get(
      '/device/visitor/steps',
      {
        config: DEVICE_READ,
        schema: {
          tags: DEVICE_TAGS,
          summary: 'What a visitor does at the kiosk before check-in',
          description: `${KIOSK} Query \`code\`. What the visit's rule asks (the agreement's text, a photo, the questions) and what the visitor did; the kiosk asks this after a check-in refused for it (\`visitStepsMissing\`).`,
          querystring: KioskStepsQuery,
          response: envelopeResponses(KioskSteps),
        },
      },
      async (request) => {
        const kiosk = kioskOf(request);
        const visit = await visitors.kioskVisit(kiosk, request.query.code);
        return success(request, { visitorName: visit.visitorName, requirements: requirementsOf(await rules.forVisit(kiosk.companyId, visit)), completion: visit.completion });
      },
    );

    app.post(
      '/device/visitor/nda',
      {
        config: DEVICE_WRITE,
        schema: { tags: DEVICE_TAGS, summary: 'The visitor signs the agreement at the kiosk', description: `${KIOSK} Body \`{ code, signedName }\`, as on the pass; the copy says it was signed at this kiosk. ${STEPS}`, body: KioskSignNdaBody, response: envelopeResponses(z.null()) },
      },
      async (request) => {
        const kiosk = kioskOf(request);
        const visit = await visitors.kioskVisit(kiosk, request.body.code);
        await steps.signNda(kiosk.companyId, visit, request.body.signedName, { kiosk: kiosk.name }, request.lang);
        return success(request, null, 'visitNdaSigned');
      },
    );

    app.post(
      '/device/visitor/photo',
      {
        config: DEVICE_WRITE,
        schema: {
          tags: DEVICE_TAGS,
          summary: 'The visitor gives their photo at the kiosk',
          description: `${KIOSK} Multipart \`code\`, then \`file\`, as on the pass. ${STEPS}`,
          consumes: ['multipart/form-data'],
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        const kiosk = kioskOf(request);
        const { fields, content } = await readPhoto(request);
        const code = KioskStepsQuery.parse({ code: fields.get('code') ?? '' }).code;
        const visit = await visitors.kioskVisit(kiosk, code);
        await steps.savePhoto(kiosk.companyId, visit, content);
        return success(request, null, 'visitPhotoSaved');
      },
    );

    app.post(
      '/device/visitor/answers',
      {
        config: DEVICE_WRITE,
        schema: { tags: DEVICE_TAGS, summary: 'The visitor answers the questions at the kiosk', description: `${KIOSK} Body \`{ code, answers }\`, as on the pass. ${STEPS}`, body: KioskAnswerBody, response: envelopeResponses(z.object({ admit: z.boolean() })) },
      },
      async (request) => {
        const kiosk = kioskOf(request);
        const visit = await visitors.kioskVisit(kiosk, request.body.code);
        const result = await steps.answer(kiosk.companyId, visit, request.body.answers);
        return success(request, result, result.admit ? 'visitAnswersSaved' : 'visitAnswersSeeReception');
      },
    );

    // ---- Reception ----

    app.get(
      '/visitor/document',
      {
        config: RECORDS,
        schema: {
          tags,
          summary: 'A visit’s signed agreement or photo',
          description: 'Query `id`, `kind` (`nda`: the signed copy as a PDF; `photo`: a JPEG or PNG). Reception of the visit’s place (visitor display view), or its host or inviter; another visit answers 404/1002, as one without the document (not given, or deleted after its retention).',
          querystring: VisitDocumentQuery,
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const visit = await visitors.readable(actor, request.query.id);
        const document = await steps.document(actor.companyId, visit, request.query.kind);
        return sendDocument(reply, document, request.query.kind === 'nda' ? `agreement-${visit.id}.pdf` : `photo-${visit.id}.${document.contentType === 'image/png' ? 'png' : 'jpg'}`);
      },
    );
  };
}
