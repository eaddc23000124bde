import { createHash, timingSafeEqual } from 'node:crypto';
import { isAcceptableText, ReturnCode, STANDARD_DEPLOYMENT_PROFILE, type DeploymentProfile } from '@atrium/contract';
import type { AuthContext } from '../../platform/access.js';
import { AppError, refused } from '../../platform/errors.js';
import type { OperationLog } from '../operation-log/operation-log.service.js';
import type { SessionService, SignedIn } from '../session/session.service.js';
import type { DeploymentProfileSetting, DeploymentProfilesFile } from './deployment-profiles.js';

/** A user the trusted proxy may name: found by user name or e-mail within one company. */
export interface ProxyUser {
  id: number;
  companyId: number;
  userName: string;
  isActive: boolean;
}

export interface DeploymentServiceDeps {
  /** The DEPLOYMENT_PROFILES file; null: every host gets the standard console. */
  profiles: DeploymentProfilesFile | null;
  sessions: Pick<SessionService, 'signOut' | 'signInVerified'>;
  findUserByName: (companyId: number, name: string) => Promise<ProxyUser | undefined>;
  operationLog: Pick<OperationLog, 'record'>;
}

export interface ProxySignInRequest {
  host: string;
  headers: Record<string, string | string[] | undefined>;
  ip: string;
  userAgent: string | undefined;
}

/** The profile serving a host name: an exact host first, then the longest matching `.domain`, else the default. */
export function matchProfile(file: DeploymentProfilesFile | null, host: string): DeploymentProfileSetting | null {
  if (!file) return null;
  const name = host.toLowerCase().replace(/\.$/, '');
  let best: { profile: DeploymentProfileSetting; length: number } | null = null;
  for (const profile of file.profiles) {
    for (const pattern of profile.hosts) {
      if (pattern === name) return profile;
      if (pattern.startsWith('.') && name.endsWith(pattern) && (!best || pattern.length > best.length)) best = { profile, length: pattern.length };
    }
  }
  return best?.profile ?? file.default ?? null;
}

/** The console-facing part of a profile: no proxy secret, no sign-out address (`/beike/logout` answers it). */
export function presentProfile(profile: DeploymentProfileSetting | null): DeploymentProfile {
  if (!profile) return STANDARD_DEPLOYMENT_PROFILE;
  return {
    name: profile.name,
    homePage: profile.homePage,
    signInPage: profile.signInPage,
    ssoDomain: profile.ssoDomain ?? null,
    hiddenEntries: profile.hiddenEntries,
    help: profile.help ?? null,
    showUserCode: profile.showUserCode,
    hasExternalSignOut: profile.signOutUrl !== undefined,
  };
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Compares two secrets in time independent of where they differ (and of their lengths, through the digests). */
function isSameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

function headerValue(headers: ProxySignInRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  // A header sent twice is refused rather than guessed at.
  return typeof value === 'string' ? value.trim() : undefined;
}

export const proxySignInDisabled = () => refused('proxySignInDisabled');
const proxySignInUntrusted = () => new AppError(ReturnCode.NO_PERMISSION, 'proxySignInUntrusted');
const proxySignInUserUnknown = () => new AppError(ReturnCode.WRONG_CREDENTIALS, 'proxySignInUserUnknown');

export type DeploymentService = ReturnType<typeof createDeploymentService>;

export function createDeploymentService({ profiles, sessions, findUserByName, operationLog }: DeploymentServiceDeps) {
  return {
    /** `GET /deployment/profile`: the profile of the host the console was opened on. */
    profileOf(host: string): DeploymentProfile {
      return presentProfile(matchProfile(profiles, host));
    },

    /**
     * `GET /beike/logout`: ends the session and tells where the browser goes: the profile's sign-out
     * page (with the way back when the profile names its parameter), or null for the console's /login.
     * `returnTo` is already checked to be on this site.
     */
    async signOut(auth: AuthContext, host: string, returnTo: string | null): Promise<string | null> {
      await sessions.signOut(auth);
      const profile = matchProfile(profiles, host);
      if (!profile?.signOutUrl) return null;
      if (!profile.signOutReturnParameter || !returnTo) return profile.signOutUrl;
      const url = new URL(profile.signOutUrl);
      url.searchParams.set(profile.signOutReturnParameter, returnTo);
      return url.toString();
    },

    /**
     * `GET /beike/getToken`: the trusted reverse proxy vouches for the user it names. Only where the
     * host's profile enables it, only with the shared secret (the user header alone is never believed),
     * only for an active user of the profile's company; then a session exactly like a sign-in's.
     */
    async signInThroughProxy({ host, headers, ip, userAgent }: ProxySignInRequest): Promise<SignedIn> {
      const setting = matchProfile(profiles, host)?.proxySignIn;
      if (!setting) throw proxySignInDisabled();
      const secret = headerValue(headers, setting.secretHeader);
      if (secret === undefined || !isSameSecret(secret, setting.secret)) throw proxySignInUntrusted();
      const name = headerValue(headers, setting.userHeader);
      // A name breaking the text rule names nobody (and must not reach a query: PostgreSQL refuses a NUL).
      const user = name && isAcceptableText(name) ? await findUserByName(setting.companyId, name) : undefined;
      if (!user || !user.isActive) throw proxySignInUserUnknown();
      const signedIn = await sessions.signInVerified({ companyId: user.companyId, userId: user.id, ip, userAgent });
      await operationLog.record({ companyId: user.companyId, userId: user.id, ip }, { action: 'user.proxySignIn', targetType: 'user', targetId: user.id, targetName: user.userName }, 'success');
      return signedIn;
    },
  };
}
