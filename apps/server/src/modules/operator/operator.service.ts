import type { OperatorLoginResult, OperatorProfile } from '@atrium/contract';
import type { OperatorContext } from '../../platform/access.js';
import { MINUTE_MS, type Clock } from '../../platform/clock.js';
import { sessionInvalid, wrongCredentials } from '../../platform/errors.js';
import type { PasswordHasher } from '../../platform/password.js';
import { hashSessionToken, newSessionToken } from '../../platform/session-token.js';
import type { LoginThrottle } from '../session/login-throttle.js';
import type { SessionTimeouts } from '../session/session.service.js';
import type { OperatorRepository } from './operator.repository.js';

/** last_seen_at is written at most this often per session. */
const TOUCH_INTERVAL_MS = MINUTE_MS;
const USER_AGENT_MAX = 512;
/** Operators' failures are counted apart from company accounts of the same name. */
const THROTTLE_PREFIX = 'operator:';

export interface OperatorServiceDeps {
  operators: OperatorRepository;
  throttle: LoginThrottle;
  hasher: PasswordHasher;
  clock: Clock;
  timeouts: SessionTimeouts;
}

export type OperatorService = ReturnType<typeof createOperatorService>;

/**
 * Operator accounts and sessions (decision 0021, "Operator area"): sign-in throttled like a company
 * sign-in, tokens stored hashed, idle and absolute timeouts as for company sessions.
 */
export function createOperatorService({ operators, throttle, hasher, clock, timeouts }: OperatorServiceDeps) {
  const present = (operator: { id: number; userName: string; fullName: string }): OperatorProfile => ({
    id: operator.id,
    userName: operator.userName,
    fullName: operator.fullName,
  });

  return {
    /** Unknown names and wrong passwords answer alike and spend the same hashing time. */
    async signIn({ userName, password, ip, userAgent }: { userName: string; password: string; ip: string; userAgent: string | undefined }): Promise<OperatorLoginResult> {
      const typed = userName.trim().toLowerCase();
      const operator = await operators.findByName(typed);
      const attempt = await throttle.begin({ account: THROTTLE_PREFIX + typed, address: ip });
      let isRight = false;
      if (operator) isRight = await hasher.verify(operator.passwordHash, password);
      else await hasher.verifyDummy(password);
      if (!operator || !isRight) throw wrongCredentials();
      await throttle.succeed(attempt);
      const now = clock.now();
      const token = newSessionToken();
      await operators.insertSession({
        tokenHash: hashSessionToken(token),
        operatorId: operator.id,
        now,
        expiresAt: now + timeouts.absoluteMs,
        ip,
        userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
      });
      return { token, operator: present(operator) };
    },

    /** The operator a token names, or null when the session is unknown, revoked, idle too long or too old. */
    async resolve(token: string, via: OperatorContext['via']): Promise<OperatorContext | null> {
      const live = await operators.findLiveSession(hashSessionToken(token));
      if (!live) return null;
      const now = clock.now();
      if (now >= live.expiresAt || now >= live.lastSeenAt + timeouts.idleMs) return null;
      if (now - live.lastSeenAt >= TOUCH_INTERVAL_MS) await operators.touchSession(live.id, now);
      return { sessionId: live.id, operatorId: live.operatorId, via };
    },

    async getProfile(caller: OperatorContext): Promise<OperatorProfile> {
      const operator = await operators.findById(caller.operatorId);
      if (!operator) throw sessionInvalid();
      return present(operator);
    },

    async signOut(caller: OperatorContext): Promise<void> {
      await operators.revokeSession(caller.sessionId, clock.now());
    },

    /** Lifetime of the operator cookie, in seconds: the absolute timeout. */
    cookieMaxAgeSeconds: Math.floor(timeouts.absoluteMs / 1000),
  };
}

/**
 * Start-up (ATRIUM_OPERATOR_PASSWORD): creates the operator `userName` when absent. An existing
 * operator keeps their password unless it differs from the given one: then it is replaced and their
 * sessions end, so the variable also recovers a lost operator password.
 */
export async function ensureOperator(
  { operators, hasher, clock }: Pick<OperatorServiceDeps, 'operators' | 'hasher' | 'clock'>,
  { userName, password }: { userName: string; password: string },
): Promise<'created' | 'reset' | 'kept'> {
  const now = clock.now();
  const existing = await operators.findByName(userName.toLowerCase());
  if (!existing) {
    await operators.insertOperator({ userName, fullName: userName, passwordHash: await hasher.hash(password), now });
    return 'created';
  }
  if (await hasher.verify(existing.passwordHash, password)) return 'kept';
  await operators.updatePassword(existing.id, await hasher.hash(password), now);
  await operators.revokeOperatorSessions(existing.id, now);
  return 'reset';
}
