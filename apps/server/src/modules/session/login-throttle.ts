import { LOGIN_THROTTLE } from '@atrium/contract';
import { MINUTE_MS, type Clock } from '../../platform/clock.js';
import { tooManyRequests } from '../../platform/errors.js';
import type { FailureKind, SessionRepository } from './session.repository.js';

export interface ThrottleKeys {
  /** The account name as typed, lower-cased, or the matched user's user name. */
  account: string;
  /** The caller's address; omitted for checks that only concern the account. */
  address?: string;
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/**
 * Sign-in throttling kept in the database, so every process behind a load balancer counts the
 * same failures. Refused attempts are not counted themselves: the lock lifts on time even while
 * an attacker keeps trying.
 */
export function createLoginThrottle({ sessions, clock }: { sessions: SessionRepository; clock: Clock }) {
  const windowMs = LOGIN_THROTTLE.windowMinutes * MINUTE_MS;

  /** Seconds until `kind:key` may try again; 0 when it may now. */
  async function secondsToWait(kind: FailureKind, key: string, max: number, now: number): Promise<number> {
    const times = await sessions.listFailureTimes(kind, key, now - windowMs, max);
    const oldestCounted = times[max - 1];
    if (oldestCounted === undefined) return 0;
    return Math.max(1, Math.ceil((oldestCounted + windowMs - now) / 1000));
  }

  return {
    /** Throws 429/1004 when the account or the address used up its failures in the window. */
    async assertAllowed({ account, address }: ThrottleKeys): Promise<void> {
      const now = clock.now();
      const waits = await Promise.all([
        secondsToWait('account', account, LOGIN_THROTTLE.maxFailuresPerAccount, now),
        address ? secondsToWait('address', address, LOGIN_THROTTLE.maxFailuresPerAddress, now) : 0,
      ]);
      const wait = Math.max(...waits);
      if (wait > 0) throw tooManyRequests('loginThrottled', wait, { minutes: Math.ceil(wait / 60) });
    },

    async recordFailure({ account, address }: ThrottleKeys): Promise<void> {
      const now = clock.now();
      // Old rows of the same keys go at the same time, so the table stays small without a job.
      await sessions.deleteFailures('account', account, now - windowMs);
      await sessions.insertFailure('account', account, now);
      if (address) {
        await sessions.deleteFailures('address', address, now - windowMs);
        await sessions.insertFailure('address', address, now);
      }
    },

    async clearAccount(account: string): Promise<void> {
      await sessions.deleteFailures('account', account);
    },
  };
}
