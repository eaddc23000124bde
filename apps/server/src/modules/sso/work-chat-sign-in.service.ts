import {
  isAcceptableText,
  SSO_LOGIN_MINUTES,
  WORK_CHAT_AUTH_TYPES,
  WORK_CHAT_PROVIDERS,
  type SsoLoginError,
  type WorkChatAuthCodeBody,
  type WorkChatLoginQuery,
  type WorkChatProvider,
} from '@atrium/contract';
import { MINUTE_MS, type Clock } from '../../platform/clock.js';
import { sha256Hex } from '../../platform/digest.js';
import { refused } from '../../platform/errors.js';
import type { DirectorySyncRepository, StoredWorkChatSetting } from '../directory-sync/directory-sync.repository.js';
import { canSignIn } from '../directory-sync/work-chat.service.js';
import { workChatIssuer } from '../directory-sync/work-chat-sources.js';
import type { OperationLog, RecordedActor } from '../operation-log/operation-log.service.js';
import type { SessionService, SignedIn } from '../session/session.service.js';
import { randomState } from './oidc-client.js';
import type { SsoRepository, SsoUser } from './sso.repository.js';
import { safeRedirect } from './sso.service.js';
import { authorizationUrl, identify, type WorkChatIdentity } from './work-chat-identity.js';

export interface WorkChatSignInDeps {
  sso: SsoRepository;
  settings: Pick<DirectorySyncRepository, 'findWorkChatSetting'>;
  sessions: SessionService;
  operationLog: OperationLog;
  clock: Clock;
  publicUrl: string;
  /** Where failures at the provider are reported (the reason never reaches the browser). */
  logWarning?: (error: unknown, message: string) => void;
}

export type WorkChatSignIn = ReturnType<typeof createWorkChatSignIn>;

/** Where the provider sends the browser back; registered at the provider as the app's redirect address. */
export const workChatCallbackPath = (provider: WorkChatProvider) => `/api/oauth/work-chat/callback/${provider}`;

/**
 * Sign-in through WeCom, Feishu and DingTalk (decision 0024): OAuth 2 with the company's own app,
 * beside its OpenID Connect. Pending sign-ins share `sso_login_states` (state bound to the browser,
 * 10 minutes, used once); the person is found by the id the directory sync linked, else by user
 * name or e-mail; nobody is created; the session is a password sign-in's.
 */
export function createWorkChatSignIn({ sso, settings, sessions, operationLog, clock, publicUrl, logWarning }: WorkChatSignInDeps) {
  /** The company's setting when it offers sign-in with the provider. */
  async function usable(companyId: number, provider: WorkChatProvider): Promise<StoredWorkChatSetting | undefined> {
    const setting = await settings.findWorkChatSetting(companyId, provider);
    return setting?.isSignInEnabled && canSignIn(setting) ? setting : undefined;
  }

  /** The company's user the identity names: linked by the directory sync, else by user name or e-mail. */
  async function userOf(companyId: number, setting: StoredWorkChatSetting, identity: WorkChatIdentity): Promise<SsoUser | undefined> {
    if (isAcceptableText(identity.subject)) {
      const linked = await sso.findLinkedUser(companyId, workChatIssuer(setting), identity.subject);
      if (linked) return linked;
    }
    for (const name of identity.names.filter((value) => isAcceptableText(value))) {
      const user = await sso.findUserByName(companyId, name);
      if (user) return user;
    }
    return undefined;
  }

  /** Signs the person in, or answers why not; every outcome with a known user is in the operation log. */
  async function finish(companyId: number, setting: StoredWorkChatSetting, identity: WorkChatIdentity, ip: string, userAgent: string | undefined): Promise<{ signedIn: SignedIn } | { error: SsoLoginError }> {
    const user = await userOf(companyId, setting, identity);
    if (!user) return { error: 'userUnknown' };
    const actor: RecordedActor = { companyId, userId: user.id, ip };
    const entry = { action: 'user.ssoSignIn' as const, targetType: 'user' as const, targetId: user.id, targetName: user.userName };
    if (!user.isActive) {
      await operationLog.record(actor, { ...entry, detail: { reason: 'userInactive' } }, 'failure');
      return { error: 'userInactive' };
    }
    const signedIn = await sessions.signInVerified({ companyId, userId: user.id, ip, userAgent });
    await operationLog.record(actor, { ...entry, detail: { issuer: workChatIssuer(setting) } }, 'success');
    return { signedIn };
  }

  const identifyOrNull = async (setting: StoredWorkChatSetting, code: string, kind: 'web' | 'app') => {
    try {
      return await identify(setting, code, kind);
    } catch (error) {
      logWarning?.(error, `work-chat sign-in: ${setting.provider} refused the code`);
      return null;
    }
  };

  return {
    /** The providers the company named by its domain offers sign-in with, for the login page. */
    async listProviders(domain: string): Promise<WorkChatProvider[]> {
      const company = await sso.findCompanyByDomain(domain);
      if (!company) return [];
      const offered: WorkChatProvider[] = [];
      for (const provider of WORK_CHAT_PROVIDERS) if (await usable(company.id, provider)) offered.push(provider);
      return offered;
    },

    /** Stores a pending sign-in and answers the provider's sign-in address; one neutral refusal for every miss. */
    async start(query: Pick<WorkChatLoginQuery, 'provider' | 'domain' | 'redirect'>, browserToken: string): Promise<string> {
      const company = await sso.findCompanyByDomain(query.domain);
      const setting = company ? await usable(company.id, query.provider) : undefined;
      if (!company || !setting) throw refused('ssoUnavailable');
      const now = clock.now();
      await sso.deleteExpiredLoginStates(now);
      const state = randomState();
      await sso.insertLoginState({
        stateHash: sha256Hex(state),
        browserHash: sha256Hex(browserToken),
        companyId: company.id,
        nonce: '',
        codeVerifier: '',
        redirectTo: safeRedirect(query.redirect),
        createdAt: now,
        expiresAt: now + SSO_LOGIN_MINUTES * MINUTE_MS,
        provider: query.provider,
      });
      return authorizationUrl(setting, { redirectUri: `${publicUrl}${workChatCallbackPath(query.provider)}`, state });
    },

    /**
     * The provider sent the browser back: the state must be pending, unexpired, for this provider and
     * started by this browser (used up either way); then the code names the person.
     */
    async finishSignIn({ provider, query, browserToken, ip, userAgent }: {
      provider: WorkChatProvider;
      query: { state?: string; code?: string; authCode?: string; error?: string };
      browserToken: string | undefined;
      ip: string;
      userAgent: string | undefined;
    }): Promise<{ signedIn: SignedIn; redirectTo: string } | { error: SsoLoginError }> {
      if (!query.state) return { error: 'stateInvalid' };
      const pending = await sso.takeLoginState(sha256Hex(query.state));
      if (!pending || pending.provider !== provider || pending.expiresAt <= clock.now() || !browserToken || sha256Hex(browserToken) !== pending.browserHash) return { error: 'stateInvalid' };
      const code = query.code ?? query.authCode;
      if (query.error || !code) return { error: 'providerRefused' };
      const setting = await usable(pending.companyId, provider);
      if (!setting) return { error: 'ssoUnavailable' };
      const identity = await identifyOrNull(setting, code, 'web');
      if (!identity) return { error: 'providerRefused' };
      const outcome = await finish(pending.companyId, setting, identity, ip, userAgent);
      return 'signedIn' in outcome ? { signedIn: outcome.signedIn, redirectTo: pending.redirectTo } : outcome;
    },

    /**
     * The start-up call (spec 000 section 7): the console opened with `?corpId=` inside a work-chat
     * app signs in with the code the app's JS API gave; refusals are one neutral 422.
     */
    async signInWithAppCode(body: WorkChatAuthCodeBody, ip: string, userAgent: string | undefined): Promise<SignedIn> {
      const provider = WORK_CHAT_AUTH_TYPES[body.authType];
      const company = await sso.findCompanyByDomain(body.companyDomain);
      const setting = company ? await usable(company.id, provider) : undefined;
      if (!company || !setting || (body.corpId && body.corpId !== setting.corpId)) throw refused('ssoUnavailable');
      const identity = await identifyOrNull(setting, body.authCode, 'app');
      if (!identity) throw refused('workChatSignInRefused');
      const outcome = await finish(company.id, setting, identity, ip, userAgent);
      if ('error' in outcome) throw refused('workChatSignInRefused');
      return outcome.signedIn;
    },
  };
}
