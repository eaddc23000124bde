import type { FastifyReply, FastifyRequest } from 'fastify';
import { envelopeOf, ErrorEnvelope, formatMessage, ReturnCode, type Envelope, type Lang, type MessageKey } from '@atrium/contract';
import type { z } from 'zod';
import type { MessageParams } from './errors.js';

/** A success envelope with the message in the caller's language. */
export function success<T>(request: FastifyRequest, result: T, key: MessageKey = 'ok', params?: MessageParams): Envelope<T> {
  return { returncode: ReturnCode.OK, message: formatMessage(key, request.lang, params), result };
}

/** An error envelope; `result` carries details such as refused fields. */
export function failure(lang: Lang, returncode: number, key: MessageKey, params?: MessageParams, result: unknown = null): Envelope<unknown> {
  return { returncode, message: formatMessage(key, lang, params), result };
}

/**
 * Sends an envelope already serialised, so an error answer never depends on the route's response
 * schema (a 4xx body must not fail the 200 schema and turn into a 500).
 */
export function sendEnvelope(reply: FastifyReply, statusCode: number, envelope: Envelope<unknown>, headers: Record<string, string> = {}) {
  return reply.code(statusCode).headers(headers).type('application/json; charset=utf-8').send(JSON.stringify(envelope));
}

/** Response schemas of a route: the success envelope, and the error envelope for the OpenAPI document. */
export function envelopeResponses<T extends z.ZodType>(result: T) {
  return {
    200: envelopeOf(result),
    '4xx': ErrorEnvelope.describe('Refused: see returncode and message'),
    '5xx': ErrorEnvelope.describe('Server failure'),
  };
}
