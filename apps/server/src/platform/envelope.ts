import type { FastifyReply, FastifyRequest, FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { envelopeOf, ErrorEnvelope, missingParams, renderMessage, ReturnCode, type Envelope, type Lang, type MessageKey, type MessageParamsArg } from '@atrium/contract';
import type { z } from 'zod';
import type { MessageParams } from './errors.js';

let isStrict = false;

/**
 * Tests switch this on (createTestApp): a message answered with a placeholder left unfilled then
 * throws (a 500) instead of showing `{name}` to the caller, so every API test checks every message
 * it meets, including keys the compiler cannot follow (errors rendered again, stored reasons).
 */
export function useStrictMessages() {
  isStrict = true;
}

function render(key: MessageKey, lang: Lang, params: MessageParams = {}): string {
  if (isStrict) {
    const missing = missingParams(key, params);
    if (missing.length) throw new Error(`Message "${key}" answered without its parameter(s) ${missing.join(', ')}`);
  }
  return renderMessage(key, lang, params);
}

/** A success envelope with the message in the caller's language; the compiler checks the message's parameters. */
export function success<T>(request: FastifyRequest, result: T): Envelope<T>;
export function success<T, K extends MessageKey>(request: FastifyRequest, result: T, key: K, ...params: MessageParamsArg<K>): Envelope<T>;
export function success<T>(request: FastifyRequest, result: T, key: MessageKey = 'ok', params?: MessageParams): Envelope<T> {
  return { returncode: ReturnCode.OK, message: render(key, request.lang, params), result };
}

/** An error envelope; `result` carries details such as refused fields. `params` were checked where the error was made. */
export function failure(lang: Lang, returncode: number, key: MessageKey, params?: MessageParams, result: unknown = null): Envelope<unknown> {
  return { returncode, message: render(key, lang, params), result };
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

/**
 * The serializer of every route's answer: its zod schema (the envelope of envelopeResponses) checks
 * the answer and strips what the contract does not name, then JSON.stringify writes it. It parses
 * where fastify-type-provider-zod's serializer encodes: zod 4 runs its compiled fast path only when
 * parsing, three times faster here, and for answer schemas without codecs (ours have none: encode
 * refuses transforms, and every route's tests pass through it) both give the same output.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url }) => {
  return (data) => {
    const checked = schema.safeParse(data);
    if (!checked.success) throw new ResponseSerializationError(method, url, { cause: checked.error });
    return answerPayload(JSON.stringify(checked.data));
  };
};

/** Characters above which an answer leaves as bytes. */
const LARGE_ANSWER = 32_768;

/**
 * What a serializer hands Fastify for an answer's JSON: the text, or above LARGE_ANSWER its UTF-8
 * bytes. Handed a long string, Fastify measures it (`Buffer.byteLength`) and the socket encodes it
 * again: two passes over a string JSON.stringify built in pieces, two-byte with any Chinese name in
 * it (29 % of the 500-room board's CPU, decision 0015). Fastify sends a Buffer as it is; its
 * serializer type names only strings, hence the cast.
 */
export function answerPayload(json: string): string {
  return (json.length > LARGE_ANSWER ? Buffer.from(json) : json) as string;
}
