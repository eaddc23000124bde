import { ReturnCode } from '@atrium/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { readMultipart } from '../../platform/multipart.js';
import { tooLarge } from './upload.service.js';

export const missingFile = () => new AppError(ReturnCode.BAD_REQUEST, 'uploadMissingFile');

/** A multipart upload as read: its text fields (first value of each) and the `file` part. */
export interface ReceivedUpload {
  fields: Map<string, string>;
  file: { name: string; content: Buffer };
}

/**
 * Reads a multipart upload (platform/multipart.ts): the text fields and the first `file` part. A
 * file over the plugin's limit answers 413; no file, or an empty one, 400; a malformed form or a text
 * breaking the text rule, 400/1001.
 */
export async function readUpload(request: FastifyRequest): Promise<ReceivedUpload> {
  const { fields, file } = await readMultipart(request, { fileField: 'file', tooLarge });
  if (!file || file.content.length === 0) throw missingFile();
  return { fields, file };
}

/** A stored image answered as bytes of its type: never sniffed, never run as a page. */
export function sendImage(reply: FastifyReply, content: Buffer, contentType: string, cacheControl: string) {
  return reply
    .header('content-type', contentType)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cacheControl)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(content);
}
