import {
  isAcceptableText,
  SSO_DEFAULT_CLAIM,
  SSO_LOGIN_MINUTES,
  SSO_MAIL_LINK_HOURS,
  type AddSsoUserBody,
  type DirectoryUser,
  type GoogleUserInfo,
  type LinkedIdentities,
  type SsoLinkError,
  type Page,
  type SendSsoMailResult,
  type SsoCandidate,
  type SsoCandidateQuery,
  type SsoCheckResult,
  type SsoLoginError,
  type SsoLoginQuery,
  type SsoMember,
  type SsoMemberKind,
  type SsoMemberListQuery,
  type SsoSetting,
  type UpdateSsoSettingBody,
} from '@atrium/contract';
import type { Transact } from '../../db/repositories.js';
import { HOUR_MS, MINUTE_MS, type Clock } from '../../platform/clock.js';
import { sha256Hex } from '../../platform/digest.js';
import { notFound, refused } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mailer.js';
import { hashSessionToken, newSessionToken } from '../../platform/session-token.js';
import type { DirectoryService } from '../directory/directory.service.js';
import type { Actor, OperationLog, RecordedActor } from '../operation-log/operation-log.service.js';
import type { SessionService, SignedIn } from '../session/session.service.js';
import { randomNonce, randomPKCECodeVerifier, randomState, type ProviderClient } from './oidc-client.js';
import { ssoNoticeMail } from './sso.mail.js';
import type { SsoRepository, SsoUser, StoredSsoSetting } from './sso.repository.js';

export interface SsoServiceDeps {
  sso: SsoRepository;
  provider: ProviderClient;
  sessions: SessionService;
  directory: DirectoryService;
  operationLog: OperationLog;
  mailer: Mailer;
  transact: Transact;
  clock: Clock;
  /** The console's address; the redirect URI and the mail links start with it. */
  publicUrl: string;
  /** The issuer that counts as Google (config GOOGLE_ISSUER); Google's own when absent. */
  googleIssuer?: string;
  /** Where failures at the provider are reported (the reason never reaches the browser). */
  logWarning?: (error: unknown, message: string) => void;
}

export type SsoService = ReturnType<typeof createSsoService>;

/** Where a finished callback sends the browser: into the console with a session, or back to the SSO page. */
export type CallbackOutcome = { signedIn: SignedIn; redirectTo: string } | { error: SsoLoginError } | { linkedTo: string } | { linkError: SsoLinkError };

/** The page that completes a linking flow (spec 000 section 2, /auth-add). */
export const AUTH_ADD_PATH = '/auth-add';

/** The issuer that makes the Google button work (Google is an OpenID provider). */
export const GOOGLE_ISSUER = 'https://accounts.google.com';


/** A console path to open after sign-in: same-site relative paths only, anything else opens the index. */
export function safeRedirect(path: string | undefined): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\') || [...path].some((c) => c.charCodeAt(0) < 32)) return '/';
  if (path.startsWith('/login') || path.startsWith('/api/')) return '/';
  return path;
}

/** Whether the company's setting makes this user sign in by single sign-on. */
async function isCoveredBy(sso: SsoRepository, companyId: number, userId: number): Promise<boolean> {
  const setting = await sso.findSetting(companyId);
  if (!setting?.isEnabled) return false;
  if (setting.scope === 'all') return !(await sso.isOnList(companyId, userId, 'exception'));
  return sso.isOnList(companyId, userId, 'member');
}

/** For the password sign-in: whether the company signs this user in by single sign-on only. */
export function createSsoCoverage(sso: SsoRepository) {
  return (companyId: number, userId: number) => isCoveredBy(sso, companyId, userId);
}

/**
 * Single sign-on by OpenID Connect (authorization code flow with PKCE): the company's setting and
 * lists, the public sign-in through the provider, and the notice mail to the members it covers.
 */
export function createSsoService(deps: SsoServiceDeps) {
  const { sso, provider, sessions, directory, operationLog, mailer, transact, clock, publicUrl } = deps;
  const redirectUri = `${publicUrl}/api/oauth/callback`;
  const googleIssuer = (deps.googleIssuer ?? GOOGLE_ISSUER).replace(/\/$/, '');
  const isGoogle = (issuer: string) => issuer.replace(/\/$/, '') === googleIssuer;

  function present(companyId: number, setting: StoredSsoSetting | undefined): SsoSetting {
    return {
      isEnabled: setting?.isEnabled ?? false,
      issuer: setting?.issuer ?? '',
      clientId: setting?.clientId ?? '',
      hasSecret: Boolean(setting?.clientSecret),
      userNameClaim: setting?.userNameClaim ?? SSO_DEFAULT_CLAIM,
      scope: setting?.scope ?? 'all',
      redirectUri,
      updatedAt: setting?.updatedAt ?? null,
    };
  }

  /**
   * Runs a change of the setting or the lists in a transaction that then checks the administrator
   * making it: a change that would send them through the provider too is undone and refused, so a
   * wrong provider setting can never lock out the person who could fix it.
   */
  async function keepingActorOutside(actor: Actor, change: (tx: SsoRepository) => Promise<void>): Promise<void> {
    await transact(async (tx) => {
      await change(tx.sso);
      if (await isCoveredBy(tx.sso, actor.companyId, actor.userId)) throw refused('ssoWouldLockYouOut');
    });
  }

  async function assertCompanyUsers(companyId: number, userIds: readonly number[]) {
    const found = await sso.findUsersByIds(companyId, userIds);
    // Another company's user is as unknown as a missing one.
    if (found.length !== new Set(userIds).size) throw notFound();
    return found;
  }

  /** A usable setting of the company, or undefined when SSO is off or incomplete. */
  async function usableSetting(companyId: number): Promise<StoredSsoSetting | undefined> {
    const setting = await sso.findSetting(companyId);
    if (!setting?.isEnabled || !setting.issuer || !setting.clientId || !setting.clientSecret) return undefined;
    return setting;
  }

  /** Stores a pending sign-in and answers the provider's authorization address. */
  async function startAt(setting: StoredSsoSetting, browserToken: string, redirect: string | undefined, loginHint?: string, linkUserId?: number): Promise<string> {
    const now = clock.now();
    await sso.deleteExpiredLoginStates(now);
    const state = randomState();
    const nonce = randomNonce();
    const codeVerifier = randomPKCECodeVerifier();
    await sso.insertLoginState({
      stateHash: sha256Hex(state),
      browserHash: sha256Hex(browserToken),
      companyId: setting.companyId,
      nonce,
      codeVerifier,
      redirectTo: safeRedirect(redirect),
      createdAt: now,
      expiresAt: now + SSO_LOGIN_MINUTES * MINUTE_MS,
      linkUserId: linkUserId ?? null,
    });
    return provider.authorizationUrl(setting, { redirectUri, state, nonce, codeVerifier, ...(loginHint ? { loginHint } : {}) });
  }

  /** The company a public sign-in names, with a usable setting; one neutral refusal for every miss. */
  async function settingFor(query: SsoLoginQuery): Promise<{ setting: StoredSsoSetting; loginHint?: string }> {
    if (query.email) {
      const user = await sso.findUserByEmail(query.email);
      const setting = user && user.isActive ? await usableSetting(user.companyId) : undefined;
      if (!user || !setting || !(await isCoveredBy(sso, user.companyId, user.id))) throw refused('ssoUnavailable');
      return { setting, loginHint: query.email };
    }
    const company = await sso.findCompanyByDomain(query.domain ?? '');
    const setting = company ? await usableSetting(company.id) : undefined;
    if (!setting) throw refused('ssoUnavailable');
    return { setting };
  }

  /** Signs in a user the provider vouched for: active and covered by the setting. */
  async function finishAs(user: SsoUser, setting: StoredSsoSetting, redirectTo: string, ip: string, userAgent: string | undefined): Promise<CallbackOutcome> {
    const actor: RecordedActor = { companyId: user.companyId, userId: user.id, ip };
    if (!user.isActive) return refuseSignIn(actor, user, 'userInactive');
    if (!(await isCoveredBy(sso, user.companyId, user.id))) return refuseSignIn(actor, user, 'notCovered');
    const signedIn = await sessions.signInVerified({ companyId: user.companyId, userId: user.id, ip, userAgent });
    await sso.markUserSso(user.companyId, user.id, clock.now());
    await operationLog.record(actor, { action: 'user.ssoSignIn', targetType: 'user', targetId: user.id, targetName: user.userName, detail: { issuer: setting.issuer } }, 'success');
    return { signedIn, redirectTo };
  }

  /**
   * Links the provider's subject to the user who started the flow. A subject already linked to a
   * colleague is refused: one account at the provider signs in one person.
   */
  async function completeLink(companyId: number, userId: number, setting: StoredSsoSetting, claims: Record<string, unknown>, ip: string): Promise<CallbackOutcome> {
    const [user] = await sso.findUsersByIds(companyId, [userId]);
    if (!user?.isActive) return { linkError: 'userInactive' };
    const subject = claims.sub;
    if (typeof subject !== 'string' || !subject || !isAcceptableText(subject)) return { linkError: 'providerRefused' };
    const holder = await sso.findLinkedUser(companyId, setting.issuer, subject);
    if (holder && holder.id !== userId) return { linkError: 'identityTaken' };
    const email = typeof claims.email === 'string' && isAcceptableText(claims.email) ? claims.email.slice(0, 254) : null;
    await sso.linkIdentity({ companyId, userId, issuer: setting.issuer, subject, email, linkedAt: clock.now() });
    await operationLog.record(
      { companyId, userId, ip },
      { action: 'user.linkIdentity', targetType: 'user', targetId: userId, targetName: user.userName, detail: { issuer: setting.issuer, email } },
      'success',
    );
    return { linkedTo: `${AUTH_ADD_PATH}?linked=1` };
  }

  const refuseSignIn = async (actor: RecordedActor, user: { id: number; userName: string }, reason: SsoLoginError): Promise<CallbackOutcome> => {
    await operationLog.record(actor, { action: 'user.ssoSignIn', targetType: 'user', targetId: user.id, targetName: user.userName, detail: { reason } }, 'failure');
    return { error: reason };
  };

  return {
    redirectUri,

    async getSetting(companyId: number): Promise<SsoSetting> {
      return present(companyId, await sso.findSetting(companyId));
    },

    /** Saves the setting; an empty secret keeps the stored one. Never records the secret. */
    async updateSetting(actor: Actor, body: UpdateSsoSettingBody): Promise<SsoSetting> {
      const { companyId } = actor;
      const stored = await sso.findSetting(companyId);
      const next: StoredSsoSetting = {
        companyId,
        isEnabled: body.isEnabled,
        issuer: body.issuer,
        clientId: body.clientId,
        clientSecret: body.clientSecret || stored?.clientSecret || '',
        userNameClaim: body.userNameClaim,
        scope: body.scope,
        updatedAt: clock.now(),
      };
      const detail = {
        isEnabled: next.isEnabled,
        issuer: next.issuer,
        clientId: next.clientId,
        userNameClaim: next.userNameClaim,
        scope: next.scope,
        isSecretChanged: Boolean(body.clientSecret) && body.clientSecret !== stored?.clientSecret,
      };
      return operationLog.track(actor, { action: 'sso.updateSetting', targetType: 'sso', targetName: next.issuer || null, detail }, async () => {
        if (next.isEnabled && (!next.issuer || !next.clientId || !next.clientSecret)) throw refused('ssoIncomplete');
        await keepingActorOutside(actor, (tx) => tx.saveSetting(next));
        return present(companyId, next);
      });
    },

    listMembers(companyId: number, query: SsoMemberListQuery): Promise<Page<SsoMember>> {
      return sso.listMembers(companyId, query);
    },

    listCandidates(companyId: number, query: SsoCandidateQuery): Promise<Page<SsoCandidate>> {
      return sso.listCandidates(companyId, query);
    },

    async addMembers(actor: Actor, userIds: number[], kind: SsoMemberKind): Promise<void> {
      await operationLog.track(actor, { action: 'sso.addMembers', targetType: 'sso', detail: { kind, userIds } }, async () => {
        await assertCompanyUsers(actor.companyId, userIds);
        await keepingActorOutside(actor, (tx) => tx.addMembers(actor.companyId, userIds, kind, clock.now()));
      });
    },

    async removeMembers(actor: Actor, userIds: number[], kind: SsoMemberKind): Promise<void> {
      await operationLog.track(actor, { action: 'sso.removeMembers', targetType: 'sso', detail: { kind, userIds } }, async () => {
        await assertCompanyUsers(actor.companyId, userIds);
        await keepingActorOutside(actor, (tx) => tx.removeMembers(actor.companyId, userIds, kind));
      });
    },

    /** Reads the issuer's discovery document so the administrator can test it before turning SSO on. */
    async check(issuer: string): Promise<SsoCheckResult> {
      try {
        const metadata = await provider.discover(issuer);
        const list = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
        return {
          isReachable: true,
          issuer: metadata.issuer,
          authorizationEndpoint: metadata.authorization_endpoint ?? null,
          tokenEndpoint: metadata.token_endpoint ?? null,
          jwksUri: metadata.jwks_uri ?? null,
          scopesSupported: list(metadata.scopes_supported),
          claimsSupported: list(metadata.claims_supported),
          error: null,
        };
      } catch (error) {
        const reason = error instanceof Error ? [error.message, error.cause instanceof Error ? error.cause.message : ''].filter(Boolean).join(': ') : String(error);
        return { isReachable: false, issuer, authorizationEndpoint: null, tokenEndpoint: null, jwksUri: null, scopesSupported: [], claimsSupported: [], error: reason };
      }
    },

    /** Starts a public sign-in: the provider's authorization address for the company named by e-mail or domain. */
    async startSignIn(query: SsoLoginQuery, browserToken: string): Promise<string> {
      const { setting, loginHint } = await settingFor(query);
      return startAt(setting, browserToken, query.redirect, loginHint);
    },

    /** The Google button: like startSignIn when the company's provider is Google. */
    async startGoogleSignIn(query: SsoLoginQuery, browserToken: string): Promise<string> {
      const { setting, loginHint } = await settingFor(query).catch(() => {
        throw refused('ssoNotGoogle');
      });
      if (!isGoogle(setting.issuer)) throw refused('ssoNotGoogle');
      return startAt(setting, browserToken, query.redirect, loginHint);
    },

    /** `GET /googleOauth/getUserInfoByToken`: the signed-in user, whether they signed in by the provider, and whether it is Google. */
    async googleUserInfo(companyId: number, userId: number): Promise<GoogleUserInfo> {
      const [user] = await sso.findUsersByIds(companyId, [userId]);
      if (!user) throw notFound();
      const setting = await usableSetting(companyId);
      return {
        id: user.id,
        userName: user.userName,
        fullName: user.fullName,
        email: user.email,
        isSso: await sso.isUserSso(companyId, userId),
        issuer: setting?.issuer ?? null,
        isGoogle: setting ? isGoogle(setting.issuer) : false,
      };
    },

    /**
     * The provider sent the browser back: the state must be pending, unexpired and started by this
     * browser (it is used up either way); then the code is exchanged, the ID token checked, and the
     * configured claim names the company's user, who must be active and covered by the setting.
     */
    async finishSignIn(
      { query, rawQuery, browserToken, ip, userAgent }: { query: { state?: string; error?: string }; rawQuery: string; browserToken: string | undefined; ip: string; userAgent: string | undefined },
    ): Promise<CallbackOutcome> {
      if (!query.state) return { error: 'stateInvalid' };
      const pending = await sso.takeLoginState(sha256Hex(query.state));
      // A work-chat sign-in's state is finished by its own callback only.
      if (!pending || pending.provider || pending.expiresAt <= clock.now() || !browserToken || sha256Hex(browserToken) !== pending.browserHash) return { error: 'stateInvalid' };
      const isLink = typeof pending.linkUserId === 'number';
      if (query.error) return isLink ? { linkError: 'providerRefused' } : { error: 'providerRefused' };
      const setting = await usableSetting(pending.companyId);
      if (!setting) return isLink ? { linkError: 'ssoUnavailable' } : { error: 'ssoUnavailable' };

      let claims: Record<string, unknown>;
      try {
        const callbackUrl = new URL(redirectUri);
        callbackUrl.search = rawQuery;
        claims = await provider.finish(setting, { callbackUrl, state: query.state, nonce: pending.nonce, codeVerifier: pending.codeVerifier, wantedClaim: setting.userNameClaim });
      } catch (error) {
        deps.logWarning?.(error, 'single sign-on: the provider answer was refused');
        return isLink ? { linkError: 'providerRefused' } : { error: 'providerRefused' };
      }
      if (isLink) return completeLink(pending.companyId, pending.linkUserId!, setting, claims, ip);
      // An identity linked on /auth-add names its user whatever the configured claim says.
      const linked = typeof claims.sub === 'string' ? await sso.findLinkedUser(pending.companyId, setting.issuer, claims.sub) : undefined;
      if (linked) return finishAs(linked, setting, pending.redirectTo, ip, userAgent);
      const name = claims[setting.userNameClaim];
      // A claim breaking the text rule names nobody (and must not reach a query: PostgreSQL refuses a NUL).
      if (typeof name !== 'string' || !name.trim() || !isAcceptableText(name)) return { error: 'userUnknown' };
      const user = await sso.findUserByName(pending.companyId, name);
      if (!user) return { error: 'userUnknown' };
      return finishAs(user, setting, pending.redirectTo, ip, userAgent);
    },

    /** The caller's linked accounts, and the provider one could be linked at now. */
    async listIdentities(companyId: number, userId: number): Promise<LinkedIdentities> {
      const setting = await usableSetting(companyId);
      return { issuer: setting?.issuer ?? null, list: await sso.listIdentities(companyId, userId) };
    },

    /**
     * Starts linking the caller's account (/auth-add): the provider's address, with a pending flow
     * that names the caller; the provider sends the browser back to the SSO callback, which links.
     */
    async startLink(actor: Actor, browserToken: string): Promise<string> {
      const setting = await usableSetting(actor.companyId);
      if (!setting) throw refused('ssoUnavailable');
      const [user] = await sso.findUsersByIds(actor.companyId, [actor.userId]);
      return startAt(setting, browserToken, AUTH_ADD_PATH, user?.email ?? undefined, actor.userId);
    },

    async unlinkIdentity(actor: Actor, issuer: string): Promise<void> {
      await operationLog.track(actor, { action: 'user.unlinkIdentity', targetType: 'user', targetId: actor.userId, detail: { issuer } }, async () => {
        if (!(await sso.unlinkIdentity(actor.companyId, actor.userId, issuer))) throw notFound();
      });
    },

    /**
     * The link of the notice mail: used up at the first click, it starts the sign-in of its user at
     * the provider straight away. Answers the provider's address, or the error to show.
     */
    async followMailLink(token: string | undefined, browserToken: string): Promise<{ url: string } | { error: SsoLoginError }> {
      const now = clock.now();
      await sso.deleteExpiredMailLinks(now);
      const link = token ? await sso.takeMailLink(hashSessionToken(token)) : undefined;
      if (!link || link.expiresAt <= now) return { error: 'linkInvalid' };
      const [user] = await sso.findUsersByIds(link.companyId, [link.userId]);
      if (!user) return { error: 'linkInvalid' };
      if (!user.isActive) return { error: 'userInactive' };
      const setting = await usableSetting(link.companyId);
      if (!setting) return { error: 'ssoUnavailable' };
      if (!(await isCoveredBy(sso, link.companyId, user.id))) return { error: 'notCovered' };
      return { url: await startAt(setting, browserToken, '/', user.email ?? undefined) };
    },

    /** Mails the chosen members the single sign-on notice; members it does not cover, or without e-mail, are skipped. */
    async sendNotice(actor: Actor, userIds: number[]): Promise<SendSsoMailResult> {
      return operationLog.track(actor, (result: SendSsoMailResult | undefined) => ({ action: 'sso.sendNotice', targetType: 'sso', detail: { userIds, sent: result?.sent ?? [] } }), async () => {
        const users = await assertCompanyUsers(actor.companyId, userIds);
        const company = await sso.findCompany(actor.companyId);
        const setting = await usableSetting(actor.companyId);
        const sent: number[] = [];
        const skipped: number[] = [];
        for (const user of users.sort((a, b) => a.id - b.id)) {
          if (!setting || !user.email || !user.isActive || !(await isCoveredBy(sso, actor.companyId, user.id))) {
            skipped.push(user.id);
            continue;
          }
          const token = newSessionToken();
          const now = clock.now();
          await sso.insertMailLink({ companyId: actor.companyId, userId: user.id, tokenHash: hashSessionToken(token), expiresAt: now + SSO_MAIL_LINK_HOURS * HOUR_MS, createdAt: now });
          const mail = ssoNoticeMail({
            companyName: company?.name ?? '',
            fullName: user.fullName,
            signInLink: `${publicUrl}/api/oauth/ssoAuthActivate?token=${token}`,
            pageLink: `${publicUrl}/login-sso${company?.domain ? `?domain=${encodeURIComponent(company.domain)}` : ''}`,
          });
          await mailer.send({ companyId: actor.companyId, event: 'ssoNotice', actorUserId: actor.userId, to: user.email, ...mail });
          sent.push(user.id);
        }
        return { sent, skipped };
      });
    },

    /** `POST /user/addSSOUser`: the user is created for single sign-on and, with scope part, put on the member list. */
    async addSsoUser(actor: Actor, body: AddSsoUserBody): Promise<DirectoryUser> {
      const user = await directory.createSsoUser(actor, body);
      const setting = await sso.findSetting(actor.companyId);
      if (setting?.scope === 'part') await sso.addMembers(actor.companyId, [user.id], 'member', clock.now());
      return user;
    },
  };
}
