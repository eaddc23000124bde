import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { LOGIN_THROTTLE } from '@atrium/contract';
import { HOUR_MS, MINUTE_MS, type Clock } from '../../platform/clock.js';
import { backoffWait, capWait, retryAfter, type AttemptCap, type Backoff } from '../../platform/attempts.js';
import { tooManyRequests } from '../../platform/errors.js';
import type { LoginAttemptQueries, LoginThrottleRepository } from './login-throttle.repository.js';

export interface ThrottleKeys {
  /** The account name as typed, lower-cased, or the matched user's user name. */
  account: string;
  /** The caller's address (request.ip). */
  address: string;
}

/** A password check under way: counted as a failure until it succeeds or is called off. */
export interface SignInAttempt {
  readonly id: number;
  readonly accountKey: string;
  readonly address: string;
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

const WINDOW_MS = LOGIN_THROTTLE.windowHours * HOUR_MS;
const ADDRESS_WINDOW_MS = LOGIN_THROTTLE.addressWindowMinutes * MINUTE_MS;
const KNOWN_ADDRESS_MS = LOGIN_THROTTLE.knownAddressDays * 24 * HOUR_MS;

const firstMs = LOGIN_THROTTLE.firstDelaySeconds * 1000;
const maxMs = LOGIN_THROTTLE.maxDelayMinutes * MINUTE_MS;
/** Delays of one account from one address, and of one account from everywhere (a spread-out attack). */
const PAIR_BACKOFF: Backoff = { free: LOGIN_THROTTLE.freeFailuresPerPair, firstMs, maxMs };
const ACCOUNT_BACKOFF: Backoff = { free: LOGIN_THROTTLE.freeFailuresPerAccount, firstMs, maxMs };
/** Password spraying: failures from one address, whatever the account. */
const ADDRESS_CAP: AttemptCap = { max: LOGIN_THROTTLE.maxFailuresPerAddress, windowMs: ADDRESS_WINDOW_MS };

/**
 * The address a failure is counted against. An IPv6 caller usually holds a whole /64, so it counts as
 * one address; an IPv4 address mapped into IPv6 counts as the IPv4 address.
 */
export function throttleAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const bare = ip.split('%')[0]!;
  if (!isIPv6(bare)) return ip;
  const [head = '', tail = ''] = bare.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // A dotted IPv4 tail stands for the last two groups.
  const size = (groups: string[]) => groups.length + (groups.at(-1)?.includes('.') ? 1 : 0);
  const groups = [...headGroups, ...Array<string>(Math.max(0, 8 - size(headGroups) - size(tailGroups))).fill('0'), ...tailGroups];
  return `${groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16)).join(':')}::/64`;
}

/** The account as stored: a password typed into the name box must not be kept readable. */
const accountKeyOf = (account: string) => createHash('sha256').update(account).digest('hex');

/** 429/1004 with the wait, worded in seconds up to a minute and in whole minutes beyond. */
function throttled(waitMs: number) {
  const { seconds, minutes } = retryAfter(waitMs);
  // "Try again in 1 seconds" reads badly, and two is never too early.
  if (seconds <= 60) return tooManyRequests('loginThrottledSeconds', seconds, { seconds: Math.max(2, seconds) });
  return tooManyRequests('loginThrottled', seconds, { minutes });
}

/**
 * Sign-in throttling kept in the database, so every process behind a load balancer counts the same
 * failures (docs/decisions/0009). Three rules, the longest wait wins:
 * - one account from one address: a few free failures, then delays doubling up to 15 minutes;
 * - one account from many addresses (a spread-out attack): beyond its free failures the account's
 *   delays apply to every address it has not signed in from, never to those it has;
 * - one address, whatever the account (password spraying): a cap per 15 minutes.
 * An attempt counts from the moment it is let through, before the password is checked, so a burst of
 * parallel guesses cannot all pass; refused attempts are not counted, so the delays lift on time
 * while an attacker keeps trying. Unknown accounts are counted exactly like known ones.
 */
export function createLoginThrottle({ attempts, clock }: { attempts: LoginThrottleRepository; clock: Clock }) {
  /** Milliseconds until the pair may try again; 0 when it may now. */
  async function waitMs(queries: LoginAttemptQueries, accountKey: string, address: string, now: number): Promise<number> {
    const [account, addressTimes] = await Promise.all([
      queries.countAccountFailures(accountKey, address, now - WINDOW_MS),
      queries.listAddressFailureTimes(address, now - ADDRESS_CAP.windowMs, ADDRESS_CAP.max),
    ]);
    const waits = [backoffWait(account.pairLastAt, account.pairTotal, PAIR_BACKOFF, now), capWait(addressTimes, ADDRESS_CAP, now)];
    if (account.addresses >= LOGIN_THROTTLE.spreadAddresses) {
      const spreadWait = backoffWait(account.lastAt, account.total, ACCOUNT_BACKOFF, now);
      if (spreadWait > 0 && !(await queries.isKnownAddress(accountKey, address, now - KNOWN_ADDRESS_MS))) waits.push(spreadWait);
    }
    return Math.max(...waits);
  }

  return {
    /**
     * Lets a password check begin, or throws 429/1004 with the wait. The attempt counts as a failure
     * until `succeed` or `cancel`; a failed check needs nothing more.
     */
    async begin(keys: ThrottleKeys): Promise<SignInAttempt> {
      const accountKey = accountKeyOf(keys.account);
      const address = throttleAddress(keys.address);
      const now = clock.now();
      // Refused without a lock or a write: an attacker hammering during a delay costs reads only.
      const wait = await waitMs(attempts, accountKey, address, now);
      if (wait > 0) throw throttled(wait);
      await attempts.deleteAttemptsUpTo(now - WINDOW_MS);
      // Checked again and claimed under the account's and the address's locks: of a burst of
      // parallel guesses, only as many go on as the rules allow.
      const id = await attempts.withPairLock(accountKey, address, async (locked) => {
        const waitNow = await waitMs(locked, accountKey, address, now);
        if (waitNow > 0) throw throttled(waitNow);
        return locked.insertAttempt(accountKey, address, now);
      });
      return { id, accountKey, address };
    },

    /** The password was right: the pair starts afresh and the address is known to the account from now on. */
    async succeed(attempt: SignInAttempt): Promise<void> {
      const now = clock.now();
      await attempts.deletePairAttempts(attempt.accountKey, attempt.address);
      await attempts.rememberAddress(attempt.accountKey, attempt.address, now, {
        keep: LOGIN_THROTTLE.knownAddressesPerAccount,
        since: now - KNOWN_ADDRESS_MS,
      });
    },

    /** The attempt ended before any password was checked: it does not count. */
    async cancel(attempt: SignInAttempt): Promise<void> {
      await attempts.deleteAttempt(attempt.id);
    },
  };
}
