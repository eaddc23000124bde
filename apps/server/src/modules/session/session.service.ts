import type { AuthContext, PasswordChangeReason } from '../../platform/access.js';
import { MINUTE_MS, type Clock } from '../../platform/clock.js';
import { refused, wrongCredentials } from '../../platform/errors.js';
import type { PasswordHasher } from '../../platform/password.js';
import { hashSessionToken, newSessionToken } from '../../platform/session-token.js';
import { createStampedCache } from '../../platform/versioned-cache.js';
import type { SettingsRepository } from '../settings/settings.repository.js';
import { isPasswordExpired } from '../user/password.policy.js';
import type { UserProfile, UserRepository } from '../user/user.repository.js';
import type { LoginThrottle } from './login-throttle.js';
import type { CompanyAccessCache } from './company-access.js';
import type { LiveSession, SessionRepository } from './session.repository.js';

export interface SessionTimeouts {
  /** A session unused this long is over. */
  idleMs: number;
  /** A session this old is over, however busy. */
  absoluteMs: number;
}

/** last_seen_at is written at most this often per session, not on every request. */
export const TOUCH_INTERVAL_MS = MINUTE_MS;
const USER_AGENT_MAX = 512;

export interface SignInRequest {
  userName: string;
  password: string;
  ip: string;
  userAgent: string | undefined;
}

export interface SignedIn {
  token: string;
  sessionId: number;
  profile: UserProfile;
  isDefaultPassword: boolean;
  passwordExpired: boolean;
}

export interface SessionServiceDeps {
  users: UserRepository;
  sessions: SessionRepository;
  settings: SettingsRepository;
  throttle: LoginThrottle;
  hasher: PasswordHasher;
  clock: Clock;
  timeouts: SessionTimeouts;
  /** The companies' roles and password policies, kept by access version (company-access.ts). */
  access: CompanyAccessCache;
  /** Whether the company signs this user in by single sign-on only; then the password is refused. */
  requiresSso?: (companyId: number, userId: number) => Promise<boolean>;
  /** The database's change stamp where it costs no query (SQLite: `Database.changeStampNow`): live sessions are then kept by it. */
  changeStampNow?: () => string;
}

/** Live sessions a process keeps while the database's change stamp stays; the oldest goes first beyond it. */
const KEPT_SESSIONS = 10_000;

export type SessionService = ReturnType<typeof createSessionService>;

export function createSessionService({ users, sessions, settings, throttle, hasher, clock, timeouts, access, requiresSso, changeStampNow }: SessionServiceDeps) {
  /**
   * The live session a token's hash names, with or without the profile. Where the change stamp
   * costs no query, the lookup's answer is kept while the stamp stays: nothing in the database
   * changed, so the query would answer the same (a revocation, a role change or a touch moves the
   * stamp). Unknown tokens are never kept. Times are checked by the caller on every request.
   */
  const kept = createStampedCache<string, LiveSession>(KEPT_SESSIONS);
  async function findLive(tokenHash: string, withProfile: boolean): Promise<LiveSession | undefined> {
    const lookUp = () => (withProfile ? sessions.findLiveSessionWithProfile(tokenHash) : sessions.findLiveSession(tokenHash));
    if (!changeStampNow) return lookUp();
    const key = withProfile ? `profile:${tokenHash}` : tokenHash;
    const stamp = changeStampNow();
    const known = kept.peek(key, stamp);
    if (known) return known;
    const live = await lookUp();
    if (live) kept.set(key, stamp, live);
    else kept.delete(key);
    return live;
  }

  async function openSession(
    user: { id: number; companyId: number },
    { ip, userAgent, passwordChangeReason }: { ip: string; userAgent: string | undefined; passwordChangeReason: PasswordChangeReason | null },
  ) {
    const now = clock.now();
    const token = newSessionToken();
    const sessionId = await sessions.insertSession({
      tokenHash: hashSessionToken(token),
      userId: user.id,
      companyId: user.companyId,
      createdAt: now,
      expiresAt: now + timeouts.absoluteMs,
      ip,
      userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
      mustChangePassword: passwordChangeReason !== null,
      passwordChangeReason,
    });
    return { token, sessionId };
  }

  return {
    /**
     * Signs a user in by user name or e-mail. Unknown, inactive and wrong-password attempts answer
     * alike (and spend the same hashing time); throttled attempts are refused before any check.
     */
    async signIn({ userName, password, ip, userAgent }: SignInRequest): Promise<SignedIn> {
      const typed = userName.trim().toLowerCase();
      const candidate = await users.findSignInCandidate(typed);
      const attempt = await throttle.begin({ account: candidate?.userNameLower ?? typed, address: ip });
      // Told before the password is checked: an SSO account's password is unknown even to its owner.
      if (candidate && (await requiresSso?.(candidate.companyId, candidate.id))) {
        await throttle.cancel(attempt);
        throw refused('ssoRequired');
      }
      let isRight = false;
      if (candidate) isRight = await hasher.verify(candidate.passwordHash, password);
      else await hasher.verifyDummy(password);
      // A wrong password needs nothing more: the attempt already counts as a failure.
      if (!candidate || !isRight) throw wrongCredentials();
      await throttle.succeed(attempt);

      const now = clock.now();
      const profile = await users.findProfile(candidate.companyId, candidate.id);
      if (!profile) throw wrongCredentials();
      const policy = await settings.getPasswordPolicy(candidate.companyId);
      const passwordExpired = isPasswordExpired(policy, profile.passwordChangedAt ?? profile.createdAt, now);
      // A pending first-sign-in change wins: it is the same form, and the older message.
      const passwordChangeReason = candidate.mustChangePassword ? 'initial' : passwordExpired ? 'expired' : null;
      const { token, sessionId } = await openSession(candidate, { ip, userAgent, passwordChangeReason });
      return { token, sessionId, profile, isDefaultPassword: candidate.mustChangePassword, passwordExpired };
    },

    /**
     * Signs in a user the company's identity provider vouched for: a session like the password
     * sign-in's, without a pending password change (the password is not theirs to manage here).
     */
    async signInVerified({ companyId, userId, ip, userAgent }: { companyId: number; userId: number; ip: string; userAgent: string | undefined }): Promise<SignedIn> {
      const profile = await users.findProfile(companyId, userId);
      if (!profile) throw wrongCredentials();
      const { token, sessionId } = await openSession({ id: userId, companyId }, { ip, userAgent, passwordChangeReason: null });
      return { token, sessionId, profile, isDefaultPassword: false, passwordExpired: false };
    },

    /**
     * The caller a token names, or null when the session is unknown, revoked, idle too long or too
     * old. One query (the session, its user, the company's access version; with the user's profile
     * when asked); the role's permissions and the password policy come from memory at that version.
     */
    async resolveSession(token: string, via: AuthContext['via'], { withProfile = false }: { withProfile?: boolean } = {}): Promise<AuthContext | null> {
      const tokenHash = hashSessionToken(token);
      const live = await findLive(tokenHash, withProfile);
      if (!live) return null;
      const now = clock.now();
      if (now >= live.expiresAt || now >= live.lastSeenAt + timeouts.idleMs) return null;
      const company = await access.get(live.companyId, live.accessVersion);
      const role = company.roles.get(live.roleId);
      if (!role) return null;
      if (now - live.lastSeenAt >= TOUCH_INTERVAL_MS) await sessions.touchSession(live.companyId, live.id, now);
      return {
        sessionId: live.id,
        userId: live.userId,
        companyId: live.companyId,
        permissions: role.permissions,
        passwordPolicy: company.passwordPolicy,
        switchedOffApplications: company.switchedOffApplications,
        moduleLicences: company.moduleLicences,
        branchMenuKeys: company.branchMenuKeys,
        profile: live.profile,
        mustChangePassword: live.mustChangePassword,
        passwordChangeReason: live.passwordChangeReason,
        via,
        changeStamp: live.changeStamp,
      };
    },

    async signOut(auth: AuthContext): Promise<void> {
      await sessions.revokeSession(auth.companyId, auth.sessionId, clock.now());
    },

    /** Lifetime of the session cookie, in seconds: the absolute timeout. */
    cookieMaxAgeSeconds: Math.floor(timeouts.absoluteMs / 1000),
  };
}
