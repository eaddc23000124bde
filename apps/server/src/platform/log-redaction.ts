import type { FastifyRequest } from 'fastify';

/**
 * What the request log line must not show (issue 16; DECISIONS.md, Logs): secrets that travel in
 * a URL. Query values by name, and the path segment after a prefix that names a secret.
 */
// authCode: the sign-in code DingTalk sends back (decision 0024).
const SECRET_QUERY_NAMES = new Set(['token', 'reqtoken', 'code', 'state', 'secret', 'registrationtoken', 'authcode']);
const SECRET_PATH_PREFIXES = [/(\/activate\/)[^/?#]+/g, /(\/reset\/)[^/?#]+/g, /(\/single\/)[^/?#]+/g, /(\/calendar\/feed\/)[^/?#]+/g, /(\/air-board\/)[^/?#]+/g];

const CENSOR = '[redacted]';

/** The URL with every secret it may carry replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const redactedPath = SECRET_PATH_PREFIXES.reduce((out, pattern) => out.replace(pattern, `$1${CENSOR}`), path);
  if (queryAt === -1) return redactedPath;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // An undecodable name is compared as written.
      }
      return equals !== -1 && SECRET_QUERY_NAMES.has(decoded.toLowerCase()) ? `${name}=${CENSOR}` : pair;
    })
    .join('&');
  return `${redactedPath}?${query}`;
}

/** Fastify's own request serializer (lib/logger-pino.js) with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: Array.isArray(version) ? version.join(', ') : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
