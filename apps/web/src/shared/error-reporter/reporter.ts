import { redactPagePath, type FrontendLogReportEntry } from '@atrium/contract';
import { createErrorReporter, type ErrorReporter } from './error-reporter';

/** The report's address; its own failures are never reported (they would report themselves). */
export const REPORT_PATH = '/api/frontend-log/report';

/** Sends a report with the session's cookie; no token, password or cookie value is ever in the body. */
async function sendReport(entries: FrontendLogReportEntry[]) {
  const response = await fetch(REPORT_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ entries }),
  });
  const retryAfter = Number(response.headers.get('retry-after'));
  return { status: response.status, ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}) };
}

/** The console's one reporter. */
export const errorReporter: ErrorReporter = createErrorReporter({ send: sendReport, currentPath: () => window.location.pathname });

/** A request that failed on the network (status 0) or with a server error: `GET /api/x → 502`, query dropped. */
export function reportRequestFailure(method: string, path: string, status: number): void {
  if (path.startsWith('/frontend-log/')) return;
  errorReporter.capture('request', `${method} /api${redactPagePath(path)} → ${status === 0 ? 'network error' : status}`);
}

let isInstalled = false;

/** Listens for the window's uncaught errors and unhandled rejections, once. */
export function installErrorReporter(target: Window = window): void {
  if (isInstalled) return;
  isInstalled = true;
  target.addEventListener('error', (event) => {
    // A resource that failed to load (an image) fires here too, without an error object: not a script failure.
    if (!(event instanceof ErrorEvent)) return;
    errorReporter.captureThrown('error', event.error ?? event.message);
  });
  target.addEventListener('unhandledrejection', (event) => {
    // A failed API call is reported by the client itself (network and server errors); a refusal is expected.
    if (event.reason instanceof Error && event.reason.name === 'ApiError') return;
    errorReporter.captureThrown('rejection', event.reason);
  });
  // A closing tab sends what it gathered.
  target.addEventListener('pagehide', () => void errorReporter.flush());
}
