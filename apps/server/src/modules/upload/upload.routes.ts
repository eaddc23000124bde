import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasPermission, IMAGE_MAX_BYTES, ReturnCode, UPLOAD_KINDS, UploadKind, UploadResult } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { AppError, noPermission } from '../../platform/errors.js';
import type { UploadService } from './upload.service.js';
import { readUpload, sendImage } from './upload.http.js';


/** `POST /upload` and the stored files. */
export function uploadRoutes({ uploads }: { uploads: UploadService }): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart only inside this scope: every other route stays JSON-only.
    await app.register(fastifyMultipart, {
      limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 4, fieldSize: 256, parts: 6 },
      throwFileSizeLimit: true,
    });

    app.post(
      '/upload',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['upload'],
          summary: 'Upload an image (multipart: `file`, and `kind`: logo, avatar, image or icon)',
          description:
            'png or jpeg, recognised by the content (a renamed file answers 415/1013 "please upload png, jpeg, jpg format file"); kind icon (a location\'s region icon) also takes an SVG drawing, stored only after sanitising (scripts, event handlers, foreignObject, styles, <use> and outside links removed) and served as image/svg+xml with nosniff and a sandbox CSP; an SVG for any other kind answers 415; at most 2 MB (413/1006). Send `kind` before `file`. Kind logo needs accountGlobal:edit. Answers { fileUrl }: the file is served at that address to signed-in users of the same company.',
          consumes: ['multipart/form-data'],
          response: envelopeResponses(UploadResult),
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const { fields, file } = await readUpload(request);
        const parsed = UploadKind.safeParse(fields.get('kind') ?? 'image');
        if (!parsed.success) throw new AppError(ReturnCode.BAD_REQUEST, 'badRequest', { detail: `kind: ${UPLOAD_KINDS.join(', ')}` });
        const kind = parsed.data;
        if (kind === 'logo' && !hasPermission(auth.permissions, 'accountGlobal:edit')) throw noPermission();
        return success(request, await uploads.saveImage(auth.companyId, kind, file.name, file.content));
      },
    );

    app.get(
      '/upload/files/:companyId/:name',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['upload'],
          summary: 'A stored upload, for signed-in users of its company (another company: 404)',
          params: z.object({ companyId: z.coerce.number().int(), name: z.string().max(80) }),
          response: { 200: z.any().describe('The image bytes') },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const { content, contentType } = await uploads.readImage(auth.companyId, request.params.companyId, request.params.name);
        return sendImage(reply, content, contentType, 'private, max-age=86400');
      },
    );
  };
}
