import type { IncomingHttpHeaders } from 'node:http';
import { fastifyCookie } from '@fastify/cookie';
import { COOKIE_NAMES, DEFAULT_LANG, parseLang, type Lang } from '@atrium/contract';

const firstValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The caller's language: the `lang` header, else the language cookie, else Accept-Language,
 * else en-US. `cookies` are the parsed cookies when the cookie plugin already ran; otherwise the
 * raw header is read, so errors raised before parsing still answer in the right language.
 */
export function resolveLang(headers: IncomingHttpHeaders, cookies?: Record<string, string | undefined>): Lang {
  const cookieValue = cookies
    ? cookies[COOKIE_NAMES.lang]
    : headers.cookie
      ? fastifyCookie.parse(headers.cookie)[COOKIE_NAMES.lang]
      : undefined;
  return (
    parseLang(firstValue(headers.lang)) ??
    parseLang(cookieValue) ??
    parseLang(firstValue(headers['accept-language'])) ??
    DEFAULT_LANG
  );
}
