import type { FastifyRequest } from 'fastify';
import { findUnacceptableText, isAcceptableText, ReturnCode } from '@atrium/contract';
import { AppError } from './errors.js';
import { textRefusal } from './text-guard.js';

/** A multipart form as read: its text fields (the first value of each) and its first file. */
export interface MultipartForm {
  fields: Map<string, string>;
  file: { name: string; content: Buffer } | undefined;
}

export interface ReadMultipartOptions {
  /** The field of the file; absent: the first file part, whatever its name. */
  fileField?: string;
  /** The refusal of a file over the scope's size limit; defaults to 413/1006 "too large". */
  tooLarge?: () => AppError;
}

export const malformedMultipart = () => new AppError(ReturnCode.BAD_REQUEST, 'malformedMultipart');

const payloadTooLarge = () => new AppError(ReturnCode.PAYLOAD_TOO_LARGE, 'payloadTooLarge');

/**
 * Reads a multipart/form-data request: the one way every upload route reads one. Field names, field
 * values and file names keep the contract's text rule (400/1001 naming the field, as JSON bodies
 * do); other files are drained unread. A file over the scope's limit answers 413; a count over the
 * scope's limits 413. Anything the parser cannot read (no boundary, a truncated body, a part without
 * its closing boundary, bytes that are no form) is the caller's mistake: 400/1001 and one warn line,
 * never a logged 500. A request that is not multipart reads as an empty form.
 */
export async function readMultipart(request: FastifyRequest, options: ReadMultipartOptions = {}): Promise<MultipartForm> {
  const fields = new Map<string, string>();
  let file: MultipartForm['file'];
  if (!request.isMultipart()) return { fields, file };
  try {
    for await (const part of request.parts()) {
      if (!isAcceptableText(part.fieldname)) throw textRefusal(request.lang, [part.fieldname]);
      if (part.type === 'field') {
        if (findUnacceptableText(part.value)) throw textRefusal(request.lang, [part.fieldname]);
        if (!fields.has(part.fieldname)) fields.set(part.fieldname, String(part.value));
      } else if (!file && (options.fileField === undefined || part.fieldname === options.fileField)) {
        if (!isAcceptableText(part.filename)) throw textRefusal(request.lang, [part.fieldname]);
        file = { name: part.filename, content: await part.toBuffer() };
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw (options.tooLarge ?? payloadTooLarge)();
    if (statusCode === 413) throw payloadTooLarge();
    // The parser's own words (busboy, @fastify/multipart) tell an operator what was wrong; the body is never logged.
    request.log.warn({ reason: error instanceof Error ? error.message : String(error), code }, 'unreadable multipart request');
    throw malformedMultipart();
  }
  return { fields, file };
}
