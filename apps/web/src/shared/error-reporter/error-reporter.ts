import {
  FRONTEND_LOG_BATCH_MAX,
  redactFreeText,
  redactPagePath,
  trimStack,
  type FrontendErrorKind,
  type FrontendLogReportEntry,
} from '@atrium/contract';

/** Where a report goes: resolves with the HTTP status (0 when nothing answered). */
export type ReportSender = (entries: FrontendLogReportEntry[]) => Promise<{ status: number; retryAfterSeconds?: number }>;

export interface ErrorReporterOptions {
  send: ReportSender;
  /** The console path now (the router's, or the window's). */
  currentPath: () => string;
  now?: () => number;
  /** How long captures gather before one report goes. */
  flushDelayMs?: number;
  /** Most distinct failures held while waiting; further ones are dropped until the next report. */
  maxQueued?: number;
  schedule?: (run: () => void, ms: number) => unknown;
}

/** What the reporter keeps of one failure: never a query string, a secret path segment or a token-like text. */
function sanitised(kind: FrontendErrorKind, page: string, message: string, stack: string | null, at: number): FrontendLogReportEntry {
  return {
    kind,
    page: redactPagePath(page).slice(0, 500) || '/',
    message: redactFreeText(message).slice(0, 1_000) || kind,
    stack: stack ? trimStack(redactFreeText(stack)) : null,
    count: 1,
    at,
  };
}

/** The message and stack of whatever was thrown. */
export function describeThrown(thrown: unknown): { message: string; stack: string | null } {
  if (thrown instanceof Error) return { message: `${thrown.name}: ${thrown.message}`, stack: thrown.stack ?? null };
  if (typeof thrown === 'string') return { message: thrown, stack: null };
  try {
    return { message: JSON.stringify(thrown) ?? String(thrown), stack: null };
  } catch {
    return { message: String(thrown), stack: null };
  }
}

export type ErrorReporter = ReturnType<typeof createErrorReporter>;

/**
 * The console's error reporter (decision 0021, "Front-end log"): failures are sanitised as they are
 * captured, folded by kind, page and message (a repeat only counts), and sent in one report a few
 * seconds later, at most FRONTEND_LOG_BATCH_MAX at a time. Sending is best effort: a refusal (signed
 * out, too many) drops the batch, and a 429 pauses reporting for the wait it names. The reporter's
 * own request never reports itself.
 */
export function createErrorReporter({ send, currentPath, now = Date.now, flushDelayMs = 5_000, maxQueued = 50, schedule = setTimeout }: ErrorReporterOptions) {
  const queued = new Map<string, FrontendLogReportEntry>();
  let isScheduled = false;
  let pausedUntil = 0;
  let sending: Promise<void> | null = null;

  async function flush(): Promise<void> {
    isScheduled = false;
    if (sending) await sending;
    if (queued.size === 0 || now() < pausedUntil) {
      queued.clear();
      return;
    }
    const batch = [...queued.values()].slice(0, FRONTEND_LOG_BATCH_MAX);
    queued.clear();
    sending = (async () => {
      try {
        const answer = await send(batch);
        if (answer.status === 429) pausedUntil = now() + (answer.retryAfterSeconds ?? 600) * 1_000;
      } catch {
        // Nowhere to report a failed report: it is dropped.
      } finally {
        sending = null;
      }
    })();
    await sending;
  }

  return {
    /** Records a failure of `kind`; the report goes after `flushDelayMs`. */
    capture(kind: FrontendErrorKind, message: string, stack: string | null = null): void {
      const entry = sanitised(kind, currentPath(), message, stack, now());
      const key = `${entry.kind}\n${entry.page}\n${entry.message}`;
      const seen = queued.get(key);
      if (seen) seen.count = Math.min(seen.count + 1, 1_000);
      else if (queued.size < maxQueued) queued.set(key, entry);
      if (!isScheduled) {
        isScheduled = true;
        schedule(() => void flush(), flushDelayMs);
      }
    },
    /** Records what was thrown (an Error, a string, anything). */
    captureThrown(kind: FrontendErrorKind, thrown: unknown): void {
      const { message, stack } = describeThrown(thrown);
      this.capture(kind, message, stack);
    },
    flush,
    /** Forgets what waits to be sent (a unit test's end: its failures must not reach the next test's requests). */
    discard(): void {
      queued.clear();
    },
  };
}
