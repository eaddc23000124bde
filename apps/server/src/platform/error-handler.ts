import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ReturnCode, type MessageKey } from '@atrium/contract';
import { failure, sendEnvelope } from './envelope.js';
import { AppError, type MessageParams } from './errors.js';
import { resolveLang } from './lang.js';

interface Problem {
  statusCode: number;
  returncode: number;
  key: MessageKey;
  params?: MessageParams;
  result?: unknown;
  headers?: Record<string, string>;
}

/** Turns an input problem Fastify raised while reading the request into an envelope. */
function problemOfFrameworkError(error: FastifyError, request: FastifyRequest): Problem | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        statusCode: 415,
        returncode: ReturnCode.UNSUPPORTED_MEDIA_TYPE,
        key: 'unsupportedMediaType',
        params: { type: String(request.headers['content-type'] ?? '').slice(0, 100) },
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { statusCode: 413, returncode: ReturnCode.PAYLOAD_TOO_LARGE, key: 'payloadTooLarge' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { statusCode: 400, returncode: ReturnCode.BAD_REQUEST, key: 'malformedJson' };
  }
  const statusCode = error.statusCode ?? 500;
  if (statusCode === 404) {
    return { statusCode, returncode: ReturnCode.NOT_FOUND, key: 'notFound', params: { path: request.url } };
  }
  if (statusCode === 413) return { statusCode, returncode: ReturnCode.PAYLOAD_TOO_LARGE, key: 'payloadTooLarge' };
  if (statusCode === 415) {
    return { statusCode, returncode: ReturnCode.UNSUPPORTED_MEDIA_TYPE, key: 'unsupportedMediaType', params: { type: '' } };
  }
  if (statusCode >= 400 && statusCode < 500) {
    return { statusCode: 400, returncode: ReturnCode.BAD_REQUEST, key: 'badRequest', params: { detail: error.message } };
  }
  return undefined;
}

/** A path of a refused field as a form names it: `userName`, `items.0.name`. */
const issuePath = (instancePath: string) => instancePath.replace(/^\//, '').replace(/\//g, '.');

/**
 * The one error handler: typed errors become their envelope, schema failures 400/1001 with the
 * refused fields, request-reading failures their status, anything else a logged 500 that tells the
 * client nothing about the cause.
 */
export function handleError(error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  const lang = request.lang;
  if (error instanceof AppError) {
    return sendEnvelope(
      reply,
      error.statusCode,
      failure(lang, error.returncode, error.messageKey, error.params, error.result),
      error.headers,
    );
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as FastifyError).validationContext;
    const issues = error.validation.map((issue) => ({
      path: issuePath(issue.instancePath) || (context ?? ''),
      message: issue.message ?? 'Invalid value',
    }));
    const detail = issues.map((issue) => issue.path).join(', ');
    return sendEnvelope(reply, 400, failure(lang, ReturnCode.BAD_REQUEST, 'badRequest', { detail }, { issues }));
  }
  const problem = problemOfFrameworkError(error as FastifyError, request);
  if (problem) {
    return sendEnvelope(
      reply,
      problem.statusCode,
      failure(lang, problem.returncode, problem.key, problem.params, problem.result ?? null),
      problem.headers,
    );
  }
  request.log.error({ err: error }, 'unexpected error');
  return sendEnvelope(reply, 500, failure(lang, ReturnCode.INTERNAL_ERROR, 'internalError'));
}

/**
 * The handler of errors Fastify meets before any hook runs (an undecodable URL): same envelope, and
 * the security headers (security.ts, securityHeaders) set here because no hook ran.
 */
export const frameworkErrorHandler = (securityHeaders: Record<string, string>) =>
  function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    reply.headers(securityHeaders);
    const problem = problemOfFrameworkError(error, request) ?? {
      statusCode: 400,
      returncode: ReturnCode.BAD_REQUEST,
      key: 'badRequest' as const,
      params: { detail: error.message },
    };
    // This request object is built before routing and lacks our decorators, so the language is read directly.
    const lang = resolveLang(request.headers);
    return sendEnvelope(reply, problem.statusCode, failure(lang, problem.returncode, problem.key, problem.params));
  };

/** Unknown paths under /api (and non-GET requests elsewhere) answer 404/1002 naming the path. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? request.url;
  return sendEnvelope(reply, 404, failure(request.lang, ReturnCode.NOT_FOUND, 'notFound', { path }));
}
