import { DESK_LIVE_SCREEN_PATH } from '@atrium/contract';

/**
 * Signed-in pages whose address the spec lists among the public routes (000 section 2): /deskeeper-live,
 * /quality-data, /quality-equipment and /quality-location. Their public content is a lobby screen opened by
 * a secret link (the desks' live view, decision 0019; the air board, decision 0020). Opened without a
 * session, the address does not ask for sign-in: it shows its public face, where the screen's link is
 * pasted once (or the staff sign in to the page itself); opened with `?token=<secret>`, it shows the screen.
 */
export type PublicFaceKind = 'desks' | 'air';

export interface PublicFace {
  kind: PublicFaceKind;
  /** The lobby screen of a link's secret. */
  screenPath: (secret: string) => string;
  /** Whether a console address is this kind's screen: a pasted full link is opened only then. */
  isScreenPath: (pathname: string) => boolean;
}

const DESKS: PublicFace = {
  kind: 'desks',
  screenPath: (secret) => `${DESK_LIVE_SCREEN_PATH}?token=${encodeURIComponent(secret)}`,
  isScreenPath: (pathname) => pathname === DESK_LIVE_SCREEN_PATH,
};

const AIR: PublicFace = {
  kind: 'air',
  screenPath: (secret) => `/air-board/${encodeURIComponent(secret)}`,
  isScreenPath: (pathname) => /^\/air-board\/[\w-]+$/.test(pathname),
};

const FACES: Record<string, PublicFace> = {
  '/deskeeper-live': DESKS,
  '/quality-data': AIR,
  '/quality-equipment': AIR,
  '/quality-location': AIR,
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
export function screenTarget(face: PublicFace, pasted: string, origin: string): string | undefined {
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
