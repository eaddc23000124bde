import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { COOKIE_NAMES, DEVICE_TOKEN_HEADER, hasPermission, isPermission, type Lang, type LicensedModule, type PasswordPolicy, type Permission } from '@atrium/contract';
import type { DeviceRecord } from '../modules/door-display/door-display.repository.js';
import type { UserProfile } from '../modules/user/user.repository.js';
import type { KioskPad } from '../modules/visitor/visitor-devices.repository.js';
import type { SmartDeviceRef } from '../modules/smart-device/smart-device.repository.js';
import type { Clock } from './clock.js';
import { crossSite, deviceTokenInvalid, moduleNotLicensed, noPermission, passwordChangeRequired, passwordExpired, sessionInvalid } from './errors.js';
import { isModuleWritable, licensedModuleOfUrl } from './licence-gate.js';

/** Who may call a route. Every route states one in its `config`; start-up fails otherwise. */
export type RouteAccess =
  | { access: 'public' }
  /** A device of this kind with its token in the `device-token` header; no session. */
  | { access: 'device'; deviceKind: DeviceKind }
  | { access: 'authenticated'; allowDuringPasswordChange?: boolean }
  | { access: 'permission'; permission: Permission; allowDuringPasswordChange?: boolean }
  /** An operator of the installation (the boss area): an operator session, never a company's. */
  | { access: 'operator' };

const ACCESS_KINDS: ReadonlyArray<RouteAccess['access']> = ['public', 'device', 'authenticated', 'permission', 'operator'];

/**
 * The kinds of device that call the API with a device token, each with what the resolver finds for
 * it: door displays and visitor kiosks; the next kind (smart-room sensors) adds its line here and its
 * branch to the resolver wired in app.ts.
 */
export interface DeviceKinds {
  doorDisplay: DeviceRecord;
  visitorKiosk: KioskPad;
  smartDevice: SmartDeviceRef;
}

export type DeviceKind = keyof DeviceKinds;

/** The device behind a `device` route's token. */
export type DeviceCaller = { [K in DeviceKind]: { kind: K; device: DeviceKinds[K] } }[DeviceKind];

/** Resolves a device token to its device, or null when no live device holds it (unknown, cancelled). */
export type DeviceResolver = (token: string) => Promise<DeviceCaller | null>;

/** Why a session may only change its password (1009 for 'initial', 1010 for 'expired'). */
export type PasswordChangeReason = 'initial' | 'expired';

/** The caller of an authenticated request, read from the session and the role on every request. */
export interface AuthContext {
  sessionId: number;
  userId: number;
  companyId: number;
  /** The role's permissions, normalised (edit implies view); shared between requests. */
  permissions: ReadonlySet<Permission>;
  /** The company's password policy as of this request. */
  passwordPolicy: Readonly<PasswordPolicy>;
  /** Keys of the applications the company switched off, as of this request. */
  switchedOffApplications: readonly string[];
  /** The company's licensed modules, each with the end of its best licence (shared between requests). */
  moduleLicences: ReadonlyMap<LicensedModule, number>;
  /** The menu keys the company's branch offers, as of this request; null offers every entry. */
  branchMenuKeys: readonly string[] | null;
  /** The caller's profile, read with the session on routes that declare `readsProfile`; null elsewhere. */
  profile: UserProfile | null;
  /** The session came from a sign-in that must change the password first. */
  mustChangePassword: boolean;
  /** Why it must: the first sign-in, or a password older than the company's policy allows. */
  passwordChangeReason: PasswordChangeReason | null;
  /** How the token arrived; cookie-borne writes are checked for cross-site origin. */
  via: 'header' | 'cookie';
  /**
   * The database's change stamp (`Database.changeStamp`), read with the session: taken before
   * anything the request reads, so rows kept at this stamp are current for the request.
   */
  changeStamp: string;
}

/** The caller of an `operator` route, from an operator session (decision 0021, "Operator area"). */
export interface OperatorContext {
  sessionId: number;
  operatorId: number;
  via: 'header' | 'cookie';
}

/** Resolves an operator session token, or null when no live operator session holds it. */
export type OperatorResolver = (token: string, via: OperatorContext['via']) => Promise<OperatorContext | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess['access'];
    permission?: Permission;
    /** The kind of device a `device` route serves: another kind's token is refused before the body is read. */
    deviceKind?: DeviceKind;
    /** The route stays open to a session that must change its password (sign-out, the change itself). */
    allowDuringPasswordChange?: boolean;
    /** A GET that changes state (sign-out): refused when it comes from another site, like a write. */
    isStateChanging?: boolean;
    /** The handler presents the caller's profile: the guard reads it in the session's own query (`request.auth.profile`). */
    readsProfile?: boolean;
    /**
     * The licensed module the route belongs to; set at start-up from its URL (platform/licence-gate.ts). Its
     * writes are refused (403/1015) while the company holds no usable licence for it.
     */
    licensedModule?: LicensedModule;
    /** A write that changes nothing (an export with a body): served while its module is read-only. */
    readsOnly?: boolean;
  }
  interface FastifyRequest {
    /** Set by the guard on authenticated routes; null on public and device ones. */
    auth: AuthContext | null;
    /** Set by the guard on device routes; null on the others. */
    device: DeviceCaller | null;
    /** Set by the guard on operator routes; null on the others. */
    operator: OperatorContext | null;
    /** The caller's language (platform/lang.ts). */
    readonly lang: Lang;
  }
  interface FastifyInstance {
    /** Every route registered, with its access rule (tests walk it). */
    routeTable: RouteRecord[];
  }
}

export interface RouteRecord {
  method: string;
  url: string;
  access: RouteAccess['access'];
  permission?: Permission;
  deviceKind?: DeviceKind;
  allowDuringPasswordChange: boolean;
  /** The licensed module whose licence the route's writes need (session routes only). */
  licensedModule?: LicensedModule;
  /** A write served while its module is read-only (config.readsOnly). */
  readsOnly?: true;
}

/**
 * Routes registered inside a scope carrying this decoration are public without declaring it:
 * third-party plugins (the API docs, the console's static files) cannot add our route config.
 */
export const PUBLIC_SCOPE = Symbol.for('atrium.publicScope');

export function markScopePublic(scope: FastifyInstance) {
  scope.decorate(PUBLIC_SCOPE, true);
}

/**
 * Resolves a session token to its caller, or null when the session is unknown, revoked or expired;
 * with `withProfile`, the caller's profile comes too (in the same query).
 */
export type SessionResolver = (token: string, via: AuthContext['via'], options: { withProfile: boolean }) => Promise<AuthContext | null>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const MAX_TOKEN_LENGTH = 512;

export interface OriginRule {
  /** PUBLIC_URL's origin when it is set; otherwise requests are compared with their own origin. */
  publicOrigin: string | null;
  /** Whether a request naming no origin at all (no Origin, no Referer) is refused. */
  requireHeader: boolean;
}

/**
 * Whether the request comes from our own origin: the browser's Sec-Fetch-Site does not call it
 * another site, and its Origin (else its Referer) has the scheme, host and port of PUBLIC_URL, or,
 * without PUBLIC_URL, of the request itself as Fastify sees it (X-Forwarded-Proto and -Host
 * believed only with TRUST_PROXY).
 */
export function isSameOrigin(request: FastifyRequest, { publicOrigin, requireHeader }: OriginRule): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  // "same-site" is a sibling subdomain: another origin, which SameSite cookies do not keep out.
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return false;
  const source = request.headers.origin ?? request.headers.referer;
  if (!source) return !requireHeader;
  try {
    return new URL(source).origin === (publicOrigin ?? new URL(`${request.protocol}://${request.host}`).origin);
  } catch {
    return false;
  }
}

function readToken(request: FastifyRequest): { token: string; via: AuthContext['via'] } | undefined {
  const header = request.headers.token;
  if (typeof header === 'string' && header) return { token: header, via: 'header' };
  const cookie = request.cookies?.[COOKIE_NAMES.token];
  if (cookie) return { token: cookie, via: 'cookie' };
  return undefined;
}

/** The signed-in caller of an authenticated route. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw sessionInvalid();
  return request.auth;
}

/** The operator calling an `operator` route. */
export function requireOperator(request: FastifyRequest): OperatorContext {
  if (!request.operator) throw sessionInvalid();
  return request.operator;
}

/** The device calling a `device` route, of the kind the route serves (the guard checked it); 401/2001 otherwise. */
export function requireDevice<K extends DeviceKind>(request: FastifyRequest, kind: K): DeviceKinds[K] {
  const caller = request.device;
  if (!caller || caller.kind !== kind) throw deviceTokenInvalid();
  // The kind was just compared; TypeScript does not narrow a union by a generic key.
  return caller.device as DeviceKinds[K];
}

function checkDeclaration(this: FastifyInstance, route: RouteOptions, routeTable: RouteRecord[]) {
  const config = (route.config ?? {}) as NonNullable<RouteOptions['config']>;
  const where = `${String(route.method)} ${route.url}`;
  if (!config.access) {
    if (!(this as unknown as Record<symbol, unknown>)[PUBLIC_SCOPE]) {
      throw new Error(`Route ${where} declares no access: add config { access: 'public' | 'device' | 'authenticated' | 'permission' | 'operator' }`);
    }
    config.access = 'public';
    route.config = config;
  }
  if (!ACCESS_KINDS.includes(config.access)) {
    throw new Error(`Route ${where} declares an unknown access "${String(config.access)}"`);
  }
  if (config.access === 'permission' && !(config.permission && isPermission(config.permission))) {
    throw new Error(`Route ${where} needs a permission from the catalogue, got "${String(config.permission)}"`);
  }
  if ((config.access === 'device') !== (config.deviceKind !== undefined)) {
    throw new Error(`Route ${where}: a device route names the kind of device it serves (deviceKind), and only a device route does`);
  }
  if (config.access !== 'permission' && config.permission) {
    throw new Error(`Route ${where} names a permission but its access is "${config.access}"`);
  }
  // Only signed-in callers are licensed: sign-in pages, public links and devices keep serving what exists.
  const isSessionRoute = config.access === 'authenticated' || config.access === 'permission';
  if (!isSessionRoute && config.licensedModule) throw new Error(`Route ${where}: only a session route is licensed (licensedModule)`);
  const licensedModule = config.licensedModule ?? (isSessionRoute ? licensedModuleOfUrl(route.url) : undefined);
  // A copy: routes of a module often share one config object, and each route's URL decides its own module.
  if (licensedModule) route.config = { ...config, licensedModule };
  if (config.access !== 'public' && route.schema && !route.schema.hide) {
    const cookie = config.access === 'operator' ? { operatorCookie: [] } : { tokenCookie: [] };
    (route.schema as Record<string, unknown>).security = config.access === 'device' ? [{ deviceToken: [] }] : [{ tokenHeader: [] }, cookie];
  }
  for (const method of [route.method].flat()) {
    routeTable.push({
      method: String(method),
      url: route.url,
      access: config.access,
      ...(config.permission ? { permission: config.permission } : {}),
      ...(config.deviceKind ? { deviceKind: config.deviceKind } : {}),
      allowDuringPasswordChange: config.allowDuringPasswordChange === true,
      ...(licensedModule ? { licensedModule } : {}),
      ...(config.readsOnly ? { readsOnly: true as const } : {}),
    });
  }
}

export interface AccessGuardOptions {
  resolveSession: SessionResolver;
  resolveDevice: DeviceResolver;
  /** Removes the session cookie when it no longer names a live session. */
  clearSessionCookie(reply: FastifyReply): void;
  /** PUBLIC_URL's origin when it is set (config.publicOrigin), for the cross-site check. */
  publicOrigin: string | null;
  /** The app's clock, against which licences end. */
  clock: Clock;
  /** Operator sessions (the boss area), with their own cookie. */
  operators: { resolve: OperatorResolver; cookieName: string; clearCookie(reply: FastifyReply): void };
}

/**
 * The permission guard, installed on the root instance before any route (and after the cookie
 * plugin, whose hook parses the token cookie). At start-up it refuses routes without an access
 * declaration. On each request it applies, before the body is read: on device routes the device
 * token alone; otherwise the cross-site check for writes, the session, the forced password change,
 * then the route's permission, then, for a write to a licensed module, the company's licence for it.
 */
export function installAccessGuard(app: FastifyInstance, { resolveSession, resolveDevice, clearSessionCookie, publicOrigin, clock, operators }: AccessGuardOptions) {
  const routeTable: RouteRecord[] = [];
  app.decorate('routeTable', routeTable);
  app.decorateRequest('auth', null);
  app.decorateRequest('device', null);
  app.decorateRequest('operator', null);
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    checkDeclaration.call(this, route, routeTable);
  });

  app.addHook('onRequest', async (request, reply) => {
    const { access, permission, deviceKind, allowDuringPasswordChange, isStateChanging, readsProfile, licensedModule, readsOnly } = request.routeOptions.config;
    // No access means the not-found handler: nothing to guard.
    if (access === undefined) return;
    const isWrite = !SAFE_METHODS.has(request.method);
    const credentials = readToken(request);
    if (access === 'device') {
      // Only the device header counts: a session token or cookie is no device's, and a device token no session's.
      const token = request.headers[DEVICE_TOKEN_HEADER];
      if (typeof token !== 'string' || !token || token.length > MAX_TOKEN_LENGTH) throw deviceTokenInvalid();
      const device = await resolveDevice(token);
      if (!device || device.kind !== deviceKind) throw deviceTokenInvalid();
      request.device = device;
      return;
    }
    if (access === 'operator') {
      // Only an operator session counts: the company token (header or cookie) names no operator.
      const header = request.headers.token;
      const cookie = request.cookies?.[operators.cookieName];
      const found = typeof header === 'string' && header ? { token: header, via: 'header' as const } : cookie ? { token: cookie, via: 'cookie' as const } : undefined;
      if (isStateChanging && !isSameOrigin(request, { publicOrigin, requireHeader: false })) throw crossSite();
      if (!found || found.token.length > MAX_TOKEN_LENGTH) throw sessionInvalid();
      if (found.via === 'cookie' && isWrite && !isSameOrigin(request, { publicOrigin, requireHeader: true })) throw crossSite();
      const operator = await operators.resolve(found.token, found.via);
      if (!operator) {
        if (found.via === 'cookie') operators.clearCookie(reply);
        throw sessionInvalid();
      }
      request.operator = operator;
      return;
    }
    if (access === 'public') {
      // A browser posting a sign-in form from another site would sign the victim in as the attacker.
      if (isWrite && credentials?.via !== 'header' && !isSameOrigin(request, { publicOrigin, requireHeader: false })) throw crossSite();
      return;
    }
    // An image or link on another site must not sign the user out, whichever way the token travels.
    if (isStateChanging && !isSameOrigin(request, { publicOrigin, requireHeader: false })) throw crossSite();
    if (!credentials || credentials.token.length > MAX_TOKEN_LENGTH) throw sessionInvalid();
    if (credentials.via === 'cookie' && isWrite && !isSameOrigin(request, { publicOrigin, requireHeader: true })) throw crossSite();
    const auth = await resolveSession(credentials.token, credentials.via, { withProfile: readsProfile === true });
    if (!auth) {
      if (credentials.via === 'cookie') clearSessionCookie(reply);
      throw sessionInvalid();
    }
    request.auth = auth;
    if (auth.mustChangePassword && !allowDuringPasswordChange) {
      throw auth.passwordChangeReason === 'expired' ? passwordExpired() : passwordChangeRequired();
    }
    if (access === 'permission' && !hasPermission(auth.permissions, permission!)) throw noPermission();
    if (licensedModule && isWrite && !readsOnly && !isModuleWritable(auth.moduleLicences, licensedModule, clock.now())) throw moduleNotLicensed(licensedModule);
  });
}
