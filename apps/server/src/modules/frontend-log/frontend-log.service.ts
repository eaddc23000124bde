import {
  FRONTEND_LOG_RETENTION_DAYS,
  FRONTEND_LOG_SESSION_CAP,
  FRONTEND_LOG_WINDOW_MS,
  redactFreeText,
  redactPagePath,
  trimStack,
  type FrontendLogEntry,
  type FrontendLogQuery,
  type FrontendLogReport,
  type Page,
} from '@atrium/contract';
import { DAY_MS, type Clock } from '../../platform/clock.js';
import { tooManyRequests } from '../../platform/errors.js';
import { retryAfter } from '../../platform/attempts.js';
import type { FrontendLogRepository, NewFrontendLog } from './frontend-log.repository.js';

export type FrontendLogService = ReturnType<typeof createFrontendLogService>;

/** Who reports: the session (its id, never its token), its user and company, address and browser. */
export interface Reporter {
  companyId: number;
  userId: number;
  sessionId: number;
  ip: string | null;
  userAgent: string | null;
}

/** An address may store this many times a session's cap: several people behind one gateway. */
const ADDRESS_CAP = FRONTEND_LOG_SESSION_CAP * 4;
const USER_AGENT_MAX = 300;

/**
 * The front-end log (decision 0021, "Front-end log"). A report is capped per session and per address
 * by counting the entries already stored in the window, so every process sees the same count; the
 * entries are redacted again here (the console's reporter already strips secrets, but the server
 * never trusts it), repeats in one report folded into one entry with their count.
 */
export function createFrontendLogService({ logs, clock }: { logs: FrontendLogRepository; clock: Clock }) {
  return {
    async report(reporter: Reporter, { entries }: FrontendLogReport): Promise<{ stored: number }> {
      const now = clock.now();
      const since = now - FRONTEND_LOG_WINDOW_MS;
      const { bySession, byAddress } = await logs.countRecent(reporter.sessionId, reporter.ip, since);
      const room = Math.min(FRONTEND_LOG_SESSION_CAP - bySession, ADDRESS_CAP - byAddress);
      if (room <= 0) {
        const wait = retryAfter(FRONTEND_LOG_WINDOW_MS);
        throw tooManyRequests('frontendLogThrottled', wait.seconds, { minutes: wait.minutes });
      }

      const folded = new Map<string, NewFrontendLog>();
      const userName = await logs.findUserName(reporter.companyId, reporter.userId);
      const userAgent = reporter.userAgent ? reporter.userAgent.slice(0, USER_AGENT_MAX) : null;
      for (const entry of entries) {
        const page = redactPagePath(entry.page);
        const message = redactFreeText(entry.message);
        const key = `${entry.kind}\n${page}\n${message}`;
        const seen = folded.get(key);
        if (seen) {
          seen.count = (seen.count ?? 1) + entry.count;
          continue;
        }
        folded.set(key, {
          company_id: reporter.companyId,
          user_id: reporter.userId,
          user_name: userName,
          session_id: reporter.sessionId,
          ip: reporter.ip,
          kind: entry.kind,
          page,
          message,
          stack: entry.stack ? trimStack(redactFreeText(entry.stack)) : null,
          count: entry.count,
          user_agent: userAgent,
          // A console clock far off is not believed: the entry is placed when it arrived.
          at: Math.abs(entry.at - now) > DAY_MS ? now : entry.at,
          received_at: now,
        });
      }
      const rows = [...folded.values()].slice(0, room);
      await logs.insert(rows);
      return { stored: rows.length };
    },

    list(companyId: number, query: FrontendLogQuery): Promise<Page<FrontendLogEntry>> {
      return logs.list(companyId, query);
    },

    /** The retention job: entries older than FRONTEND_LOG_RETENTION_DAYS go. */
    purgeExpired(): Promise<number> {
      return logs.deleteBefore(clock.now() - FRONTEND_LOG_RETENTION_DAYS * DAY_MS);
    },
  };
}
