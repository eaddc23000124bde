import type { FastifyInstance } from 'fastify';

/**
 * Content-Security-Policy of every answer. Ant Design injects style elements at run time, hence
 * 'unsafe-inline' for styles only; scripts come from our own files alone.
 */
export const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The header value as helmet wrote it (directives joined by a bare semicolon). */
export const CONTENT_SECURITY_POLICY = Object.entries(CSP_DIRECTIVES)
  .map(([name, values]) => `${name} ${values.join(' ')}`)
  .join(';');

/**
 * Permissions-Policy of every answer: powerful features the console never uses are denied to every
 * frame, ours included, so injected script cannot reach them. The camera stays for our own origin
 * (QR-scanning pages may need it), and fullscreen for the shell's full-screen button.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** A year, subdomains included: once a deployment is https, browsers are to use nothing else. */
const HSTS_HEADER = 'max-age=31536000; includeSubDomains';

export interface SecurityHeaderOptions {
  /** PUBLIC_URL is https: Strict-Transport-Security is sent. */
  isHttps: boolean;
}

/**
 * The security headers of every answer, computed once: helmet 8's set with our settings (a test
 * compares them with helmet's own output), plus the Permissions-Policy. Helmet's default CSP is
 * replaced, not extended: the defaults add upgrade-insecure-requests, which breaks a console served
 * over plain HTTP on an office network. HSTS only when PUBLIC_URL says the console is reached over
 * https: on plain HTTP it would be ignored at best. Referrer-Policy same-origin keeps the Referer
 * for our own cross-site check and hides it from others.
 */
export function securityHeaders({ isHttps }: SecurityHeaderOptions): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'permissions-policy': PERMISSIONS_POLICY,
    'referrer-policy': 'same-origin',
    ...(isHttps ? { 'strict-transport-security': HSTS_HEADER } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });
}

/**
 * Sets the security headers on every answer that reaches the hooks, from one precomputed list
 * (helmet rebuilt its middleware on every request). Registered first, before the rate limiter and
 * the access guard, so their refusals carry them too; the few answers Fastify sends before any hook
 * (an unparsable URL) get the same map from the framework error handler.
 */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const headers = Object.entries(securityHeaders(options));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
}
