import type { FastifyInstance } from 'fastify';
import { findUnacceptableText, formatMessage, ReturnCode, textPathName, truncateText, type Lang, type TextPath } from '@atrium/contract';
import { AppError } from './errors.js';

/** The longest field name a refusal shows. */
const FIELD_NAME_MAX = 200;

/**
 * The refusal of a text that breaks the contract's text rule: 400/1001 naming the field, with the
 * field in `result.issues` as schema refusals list theirs. `fallback` names a value without a path
 * (a whole part that is a string).
 */
export function textRefusal(lang: Lang, path: TextPath, fallback = 'body'): AppError {
  // A body nested thousands of levels deep would otherwise be named in full, twice.
  const field = truncateText(textPathName(path), FIELD_NAME_MAX) || fallback;
  return new AppError(ReturnCode.BAD_REQUEST, 'textNotAllowed', { field }, { issues: [{ path: field, message: formatMessage('textNotAllowed', lang, { field }) }] });
}

/** Throws the text refusal when any string of `value` (keys included) breaks the rule. */
export function assertAcceptableText(lang: Lang, value: unknown, prefix: TextPath = []): void {
  const path = findUnacceptableText(value);
  if (path) throw textRefusal(lang, [...prefix, ...path]);
}

/**
 * Applies the text rule to every route, once: the path parameters, the query and the parsed body
 * are checked after parsing and before validation, so no handler or query ever sees a NUL or a lone
 * surrogate and no route can forget it. Multipart parts are read by handlers (platform/multipart.ts
 * checks them as they arrive).
 */
export function installTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    assertAcceptableText(request.lang, request.params);
    assertAcceptableText(request.lang, request.query);
    assertAcceptableText(request.lang, request.body);
  });
}
