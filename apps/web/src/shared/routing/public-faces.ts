import { DESK_LIVE_SCREEN_PATH } from '@atrium/contract';

/**
 * Signed-in pages whose address the spec lists among the public routes (000 section 2). Opened without a session,
 * such an address does not ask for sign-in: it shows its public face.
 * - /deskeeper-live, /quality-data, /quality-equipment and /quality-location: their public content is a lobby
 *   screen opened by a secret link (the desks' live view, decision 0019; the air board, decision 0020). The face
 *   takes the screen's link, pasted once (or the staff sign in to the page itself); with `?token=<secret>` it
 *   opens the screen.
 * - /auth-add: where linking an account at the company's identity provider comes back to (decision 0021). Without
 *   a session (it ran out while the person was at the provider) the face tells how the linking went, from the
 *   address's `?linked=1` or `?error=`, and leads to sign-in and back to the page.
 */
export type PublicFace = ScreenFace | AccountLinkFace;

export interface AccountLinkFace {
  kind: 'accountLink';
}

export interface ScreenFace {
  kind: 'desks' | 'air';
  /** The lobby screen of a link's secret. */
  screenPath: (secret: string) => string;
  /** Whether a console address is this kind's screen: a pasted full link is opened only then. */
  isScreenPath: (pathname: string) => boolean;
}

const DESKS: ScreenFace = {
  kind: 'desks',
  screenPath: (secret) => `${DESK_LIVE_SCREEN_PATH}?token=${encodeURIComponent(secret)}`,
  isScreenPath: (pathname) => pathname === DESK_LIVE_SCREEN_PATH,
};

const AIR: ScreenFace = {
  kind: 'air',
  screenPath: (secret) => `/air-board/${encodeURIComponent(secret)}`,
  isScreenPath: (pathname) => /^\/air-board\/[\w-]+$/.test(pathname),
};

const FACES: Record<string, PublicFace> = {
  '/deskeeper-live': DESKS,
  '/quality-data': AIR,
  '/quality-equipment': AIR,
  '/quality-location': AIR,
  '/auth-add': { kind: 'accountLink' },
};

export function publicFaceOf(pathname: string): PublicFace | undefined {
  return Object.hasOwn(FACES, pathname) ? FACES[pathname] : undefined;
}

/** A link's secret: what the servers make (256 random bits, base64url), nothing shorter or stranger. */
const SECRET = /^[A-Za-z0-9_-]{32,128}$/;

/**
 * Where a pasted screen link (or its bare secret) leads: the screen of `face`, on this console, or
 * undefined when it is neither. A full link must be this console's own screen address.
 */
export function screenTarget(face: ScreenFace, pasted: string, origin: string): string | undefined {
  const value = pasted.trim();
  if (SECRET.test(value)) return face.screenPath(value);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.origin !== origin || !face.isScreenPath(url.pathname)) return undefined;
  const secret = face.kind === 'desks' ? url.searchParams.get('token') : decodeURIComponent(url.pathname.split('/').pop() ?? '');
  return secret && SECRET.test(secret) ? face.screenPath(secret) : undefined;
}
