/**
 * What the console's error reporter needs of the front-end log (decision 0021, "Front-end log"): its limits and
 * the redaction of secrets. No schema here: the reporter runs on every page from the first load, and a module it
 * imports from is bundled with all its top-level code (the schemas stay in frontend-log.ts).
 */

/** Longest message kept; longer ones are cut. */
export const FRONTEND_LOG_MESSAGE_MAX = 1_000;
/** Longest stack kept; longer ones are cut at a line. */
export const FRONTEND_LOG_STACK_MAX = 4_000;
/** Longest page address kept. */
export const FRONTEND_LOG_PAGE_MAX = 500;
/** Most entries one report carries. */
export const FRONTEND_LOG_BATCH_MAX = 20;
/** Most entries one session (and, separately, 4x this one address) may store in FRONTEND_LOG_WINDOW_MS. */
export const FRONTEND_LOG_SESSION_CAP = 60;
export const FRONTEND_LOG_WINDOW_MS = 10 * 60_000;
/** How long entries are kept. */
export const FRONTEND_LOG_RETENTION_DAYS = 30;

/** Path segments that carry a secret: the segment after each is replaced, wherever the address came from. */
export const SECRET_PATH_SEGMENTS = ['single', 'air-board', 'activate', 'reset', 'feed'] as const;

const SECRET_SEGMENT = new RegExp(`(/(?:${SECRET_PATH_SEGMENTS.join('|')})/)[^/?#\\s]+`, 'g');
/** Long opaque runs (a token pasted into text): 24 or more URL-safe characters with a digit in them. */
const OPAQUE_RUN = /\b(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{24,}\b/g;
/** `token=...`, `password: ...` and the like in free text. */
const SECRET_PAIR = /\b(token|password|passwd|secret|authorization|cookie|reqtoken|code|state)\b(\s*[=:]\s*)("[^"]*"|'[^']*'|[^\s&,;"']+)/gi;
/** `Bearer xyz`. */
const BEARER = /\bBearer\s+[^\s"']+/gi;

/** A console address without its query string and fragment, and with secret path segments replaced. */
export function redactPagePath(address: string): string {
  let path = address;
  try {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(address)) path = new URL(address).pathname;
  } catch {
    // Not a URL: treated as a path.
  }
  path = path.split(/[?#]/)[0] ?? '';
  return path.replace(SECRET_SEGMENT, '$1[redacted]');
}

/**
 * Free text (a message, a stack) with what may be a secret replaced: URLs lose their query strings
 * and secret path segments, `token=`-style pairs and bearer values lose their value, long opaque
 * runs (tokens) are replaced.
 */
export function redactFreeText(text: string): string {
  return text
    .replace(/(\/[^\s?"'()<>]*)\?[^\s"'()<>]*/g, '$1')
    .replace(SECRET_SEGMENT, '$1[redacted]')
    .replace(BEARER, 'Bearer [redacted]')
    .replace(SECRET_PAIR, '$1$2[redacted]')
    .replace(OPAQUE_RUN, '[redacted]');
}

/** A stack at most FRONTEND_LOG_STACK_MAX long, cut after its last whole line. */
export function trimStack(stack: string): string {
  if (stack.length <= FRONTEND_LOG_STACK_MAX) return stack;
  const head = stack.slice(0, FRONTEND_LOG_STACK_MAX);
  const lineEnd = head.lastIndexOf('\n');
  return lineEnd > 0 ? head.slice(0, lineEnd) : head;
}
