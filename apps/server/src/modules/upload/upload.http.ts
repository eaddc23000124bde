import { ReturnCode } from '@atrium/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { tooLarge } from './upload.service.js';

export const missingFile = () => new AppError(ReturnCode.BAD_REQUEST, 'uploadMissingFile');

/** A multipart upload as read: its text fields (first value of each) and the `file` part. */
export interface ReceivedUpload {
  fields: Map<string, string>;
  file: { name: string; content: Buffer };
}

/**
 * Reads a multipart upload: the text fields and the first `file` part (other files are drained
 * unread). A file over the plugin's limit answers 413; no file, or an empty one, 400.
 */
export async function readUpload(request: FastifyRequest): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw missingFile();
  const fields = new Map<string, string>();
  let file: ReceivedUpload['file'] | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!fields.has(part.fieldname)) fields.set(part.fieldname, String(part.value));
      } else if (part.fieldname === 'file' && !file) {
        file = { name: part.filename, content: await part.toBuffer() };
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
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
