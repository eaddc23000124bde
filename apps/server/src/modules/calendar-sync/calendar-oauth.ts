import { createHash } from 'node:crypto';
import { COOKIE_PREFIX, type CalendarKind } from '@atrium/contract';
import { refused } from '../../platform/errors.js';
import { CalendarPeerError } from './calendar-adapter.js';

/**
 * The OAuth part shared by the calendar services that sign in by consent, Google Calendar and
 * Microsoft Graph (decision 0023, "OAuth connections"): where each provider's consent page and
 * token endpoint are, the authorisation-code exchange and the refresh (OAuth 2.0, RFC 6749 4.1 and
 * 6), and an access-token source per connection that refreshes only when the token it holds is
 * about to expire.
 *
 * A connection of an OAuth kind holds the company's OAuth client: `account` the client id
 * (Microsoft: `<tenant>/<client id>`, else the tenant `organizations`), `credential` the client
 * secret, `serverUrl` the API's base. The refresh token the consent gives is kept write-only like
 * the credential. With a base of its own (a test's fake, a local proxy), every host of the
 * provider (consent page, token endpoint, API) is that base, so one fake plays the whole provider
 * (as decision 0024 for the work-chat providers).
 */

export type OAuthKind = Extract<CalendarKind, 'google' | 'graph'>;
export const isOAuthKind = (kind: CalendarKind): kind is OAuthKind => kind === 'google' || kind === 'graph';

/** Every call to the provider's API asks this for a valid access token (a Bearer token). */
export type AccessTokenSource = () => Promise<string>;

/** The real hosts: the API base a connection defaults to. */
export const DEFAULT_SERVER_URL: Record<OAuthKind, string> = {
  google: 'https://www.googleapis.com',
  graph: 'https://graph.microsoft.com',
};

const GOOGLE_AUTHORIZE = 'https://accounts.google.com/o/oauth2/v2/auth';
const GOOGLE_TOKEN = 'https://oauth2.googleapis.com/token';
const MICROSOFT_LOGIN = 'https://login.microsoftonline.com';
/** What is asked for: the calendars, read and write (Google's `calendar` scope; Graph's Calendars.ReadWrite with a refresh token). */
const GOOGLE_SCOPE = 'https://www.googleapis.com/auth/calendar';
const GRAPH_SCOPE = 'offline_access https://graph.microsoft.com/Calendars.ReadWrite';
/** A token endpoint that does not answer within this is unreachable. */
const TIMEOUT_MS = 15_000;
/** An access token is refreshed this long before it expires, so a request never carries one that lapses on the way. */
const EXPIRY_MARGIN_MS = 60_000;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The API base of a connection as given, or the provider's real host. https only, or http on 127.0.0.1/localhost. */
export function oauthServerUrl(kind: OAuthKind, given: string | undefined): string {
  const value = trimSlash(given?.trim() || DEFAULT_SERVER_URL[kind]);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refused('calendarServerAddressInvalid');
  }
  const isLocal = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLocal)) throw refused('calendarServerAddressInvalid');
  return value;
}

export interface OAuthClient {
  kind: OAuthKind;
  /** The API base (`serverUrl`). */
  serverUrl: string;
  /** The client id, as `account` holds it (Microsoft: optionally `<tenant>/<client id>`). */
  account: string;
  clientSecret: string;
}

interface Endpoints {
  authorize: string;
  token: string;
  clientId: string;
  scope: string;
}

function endpointsOf(client: OAuthClient): Endpoints {
  const base = trimSlash(client.serverUrl);
  const isOwnBase = base !== DEFAULT_SERVER_URL[client.kind];
  if (client.kind === 'google') {
    return {
      authorize: isOwnBase ? `${base}/o/oauth2/v2/auth` : GOOGLE_AUTHORIZE,
      token: isOwnBase ? `${base}/token` : GOOGLE_TOKEN,
      clientId: client.account,
      scope: GOOGLE_SCOPE,
    };
  }
  const slash = client.account.indexOf('/');
  const tenant = slash > 0 ? client.account.slice(0, slash) : 'organizations';
  const clientId = slash > 0 ? client.account.slice(slash + 1) : client.account;
  const login = `${isOwnBase ? base : MICROSOFT_LOGIN}/${encodeURIComponent(tenant)}/oauth2/v2.0`;
  return { authorize: `${login}/authorize`, token: `${login}/token`, clientId, scope: GRAPH_SCOPE };
}

/** The provider's consent page for the client, sending the browser back to `redirectUri` with `state`. */
export function consentUrl(client: OAuthClient, redirectUri: string, state: string): string {
  const endpoints = endpointsOf(client);
  const url = new URL(endpoints.authorize);
  url.searchParams.set('client_id', endpoints.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', endpoints.scope);
  url.searchParams.set('state', state);
  if (client.kind === 'google') {
    // A refresh token is given only with offline access, and again on a second consent only when asked.
    url.searchParams.set('access_type', 'offline');
    url.searchParams.set('prompt', 'consent');
    url.searchParams.set('include_granted_scopes', 'true');
  } else {
    url.searchParams.set('response_mode', 'query');
    url.searchParams.set('prompt', 'consent');
  }
  return url.toString();
}

export interface TokenAnswer {
  accessToken: string;
  /** When the access token lapses (ms). */
  expiresAt: number;
  /** A refresh token, when the provider gives one (the first consent; Microsoft on every refresh). */
  refreshToken: string | null;
}

type FetchLike = typeof fetch;

/** One request to the token endpoint. A refused grant (`invalid_grant`, `invalid_client`, 400/401) is `isAuth`. */
async function tokenRequest(client: OAuthClient, form: Record<string, string>, now: () => number, fetchImpl: FetchLike): Promise<TokenAnswer> {
  const endpoints = endpointsOf(client);
  const body = new URLSearchParams({ ...form, client_id: endpoints.clientId, client_secret: client.clientSecret });
  if (client.kind === 'graph') body.set('scope', endpoints.scope);
  let response: Response;
  try {
    response = await fetchImpl(endpoints.token, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: body.toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    // The message names the endpoint only: the form carries the secret and the grant.
    throw new CalendarPeerError(`POST ${new URL(endpoints.token).pathname}: ${error instanceof Error ? error.name : 'network error'}`, null);
  }
  const answer = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown; refresh_token?: unknown; error?: unknown };
  if (!response.ok || typeof answer.access_token !== 'string') {
    const code = typeof answer.error === 'string' ? answer.error.slice(0, 60) : 'no access token';
    const isAuth = code === 'invalid_grant' || code === 'invalid_client' || code === 'unauthorized_client' || response.status === 401;
    throw new CalendarPeerError(`POST ${new URL(endpoints.token).pathname}: ${response.status} ${code}`, response.status, isAuth);
  }
  const seconds = typeof answer.expires_in === 'number' ? answer.expires_in : Number(answer.expires_in ?? 3600);
  return {
    accessToken: answer.access_token,
    expiresAt: now() + (Number.isFinite(seconds) && seconds > 0 ? seconds : 3600) * 1000,
    refreshToken: typeof answer.refresh_token === 'string' && answer.refresh_token.length > 0 ? answer.refresh_token : null,
  };
}

/** The authorisation code of the consent exchanged for tokens (RFC 6749 4.1.3). */
export function exchangeCode(client: OAuthClient, code: string, redirectUri: string, now: () => number, fetchImpl: FetchLike = fetch): Promise<TokenAnswer> {
  return tokenRequest(client, { grant_type: 'authorization_code', code, redirect_uri: redirectUri }, now, fetchImpl);
}

/** A new access token from the refresh token (RFC 6749 6). */
export function refreshAccess(client: OAuthClient, refreshToken: string, now: () => number, fetchImpl: FetchLike = fetch): Promise<TokenAnswer> {
  return tokenRequest(client, { grant_type: 'refresh_token', refresh_token: refreshToken }, now, fetchImpl);
}

/**
 * Access tokens held in memory per process, by connection and refresh token (a hash of it: a new
 * consent starts afresh). Why per process is fine: an access token is a bearer token the provider
 * issues any number of from one refresh token, each valid on its own until it lapses (about an
 * hour); two processes refreshing each hold their own, and neither refresh revokes the other's.
 * Nothing is stored, so no access token is ever at rest. Microsoft answers a new refresh token on
 * every refresh: it is kept (`onRefreshToken`) and the access token is held under it as well, and
 * the old one stays valid until its own lifetime ends (Microsoft revokes none on use), so a process
 * still holding the old one meanwhile is not refused. Lapsed access tokens are dropped at each refresh.
 */
export function createAccessTokenCache(deps: { now: () => number; fetch?: FetchLike }) {
  const held = new Map<string, { accessToken: string; expiresAt: number }>();
  const inFlight = new Map<string, Promise<string>>();
  const keyOf = (connectionId: number, refreshToken: string) => `${connectionId}:${createHash('sha256').update(refreshToken).digest('base64url')}`;

  return {
    /** The token source of a connection with its refresh token. A refused refresh is `CalendarPeerError(isAuth)`. */
    sourceFor(connectionId: number, client: OAuthClient, refreshToken: string | null, onRefreshToken?: (token: string) => Promise<void>): AccessTokenSource {
      return async () => {
        if (!refreshToken) throw new CalendarPeerError('not authorised yet: no consent', null, true);
        const key = keyOf(connectionId, refreshToken);
        const cached = held.get(key);
        if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > deps.now()) return cached.accessToken;
        // One refresh at a time per connection in this process: callers meanwhile wait for it.
        let pending = inFlight.get(key);
        if (!pending) {
          pending = (async () => {
            try {
              const answer = await refreshAccess(client, refreshToken, deps.now, deps.fetch ?? fetch);
              const access = { accessToken: answer.accessToken, expiresAt: answer.expiresAt };
              for (const [other, token] of held) if (token.expiresAt <= deps.now()) held.delete(other);
              held.set(key, access);
              if (answer.refreshToken && answer.refreshToken !== refreshToken) {
                // Held under the new refresh token too: the next source is made from the connection as stored, with the
                // new one, and would otherwise refresh again at once (Microsoft answers a new refresh token every time).
                held.set(keyOf(connectionId, answer.refreshToken), access);
                if (onRefreshToken) await onRefreshToken(answer.refreshToken);
              }
              return answer.accessToken;
            } catch (error) {
              held.delete(key);
              throw error;
            } finally {
              inFlight.delete(key);
            }
          })();
          inFlight.set(key, pending);
        }
        return pending;
      };
    },
    /** Forgets a connection's access tokens (the API refused one: the next call refreshes). */
    forget(connectionId: number): void {
      for (const key of held.keys()) if (key.startsWith(`${connectionId}:`)) held.delete(key);
    },
  };
}
export type AccessTokenCache = ReturnType<typeof createAccessTokenCache>;

/**
 * The consent state's subject: the connection, the caller and the digest of the browser's consent cookie, so the
 * callback completes the consent only in the browser that asked for it (a consent page's address passed to someone
 * else cannot link their calendar account to this company's connection: OAuth's login CSRF, RFC 6749 10.12).
 */
export function consentSubject(connectionId: number, userId: number, browser: string): string {
  // A signed subject is at most 32 lower-case letters and digits (platform/signed-links.ts): both ids in base 36 at a
  // fixed width of 7 (up to 78 billion), then 18 hex digits (72 bits) of the digest.
  return `${base36(connectionId)}${base36(userId)}${browserDigest(browser).slice(0, 18)}`;
}
export function readConsentSubject(subject: string): { connectionId: number; userId: number; browserDigest: string } | null {
  const match = /^([0-9a-z]{7})([0-9a-z]{7})([0-9a-f]{18})$/.exec(subject);
  return match ? { connectionId: parseInt(match[1]!, 36), userId: parseInt(match[2]!, 36), browserDigest: match[3]! } : null;
}
const base36 = (id: number) => {
  const text = id.toString(36).padStart(7, '0');
  if (text.length > 7) throw new Error('consent subject: an id beyond 7 base-36 digits');
  return text;
};
/** The SHA-256 of the browser's consent cookie in hex (the cookie itself never leaves through the provider). */
export const browserDigest = (browser: string) => createHash('sha256').update(browser).digest('hex');
/** The cookie that binds a consent to the browser that asked for it (HttpOnly, SameSite=Lax, the callback's path only). */
export const CONSENT_BROWSER_COOKIE = `${COOKIE_PREFIX}calendar_consent`;
export const CONSENT_BROWSER_COOKIE_PATH = '/api/third-party/oauth';
/** How long a consent page may take. */
export const CONSENT_STATE_MS = 15 * 60_000;
/** The callback the providers send the browser back to (to register with the OAuth client). */
export const OAUTH_CALLBACK_PATH = '/api/third-party/oauth/callback';
