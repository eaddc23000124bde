import type { FastifyHelmetOptions } from '@fastify/helmet';

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

/** The header value as helmet writes it (directives joined by a bare semicolon). */
export const CONTENT_SECURITY_POLICY = Object.entries(CSP_DIRECTIVES)
  .map(([name, values]) => `${name} ${values.join(' ')}`)
  .join(';');

/**
 * Helmet's settings. Its default CSP is replaced, not extended: the defaults add
 * upgrade-insecure-requests, which breaks a console served over plain HTTP on an office network.
 * HSTS is left to the TLS terminator, which knows whether HTTPS is really offered.
 * Referrer-Policy same-origin keeps the Referer for our own cross-site check and hides it from others.
 */
export const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  strictTransportSecurity: false,
};

/**
 * The same headers as a plain map, for the few answers Fastify sends before any hook runs
 * (an unparsable URL); a test checks both paths give identical headers.
 */
export const FALLBACK_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
