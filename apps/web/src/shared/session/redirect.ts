import { OPERATOR_LOGIN_PATH } from '@atrium/contract';
import { publicFaceOf } from '../routing/public-faces';
/** Pages that must never be the target of a post-sign-in redirect. */
const NO_RETURN = ['/login', '/login-sso', '/no-access', '/single', '/single-error'];

/**
 * Where a 2001 sends the user: the sign-in page with the original place in `redirect`
 * (spec 000 section 8), or null when the user is already there.
 */
export function signInRedirectTarget(location: { pathname: string; search: string }): string | null {
  // The operator area has its own sign-in (decision 0021, "Operator area").
  const signInPath = isOperatorPath(location.pathname) ? OPERATOR_LOGIN_PATH : '/login';
  // A page with a public face shows it instead (shared/routing/public-faces.ts).
  if (location.pathname === signInPath || publicFaceOf(location.pathname)) return null;
  const params = new URLSearchParams({ redirect: location.pathname + location.search });
  return `${signInPath}?${params.toString()}`;
}

/** The operator console's pages: its sign-in and /branch. */
export const isOperatorPath = (pathname: string) => pathname === '/branch' || pathname === '/boss' || pathname.startsWith('/boss/');

/**
 * The redirect parameter if it names a page of this console: a relative path on the same origin,
 * not the sign-in page itself. Anything else (absolute URLs, `//host`, `/\host`, `javascript:`) gives null.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 0x20)) return null;
  const base = 'http://console.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  if (NO_RETURN.some((page) => url.pathname === page || url.pathname.startsWith(`${page}/`))) return null;
  return url.pathname + url.search + url.hash;
}
