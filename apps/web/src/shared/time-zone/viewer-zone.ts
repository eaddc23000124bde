import { useOptionalSession } from '../session/session-context';

/** How long the browser's zone is taken as read: a laptop that travels shows its new zone within a minute. */
const BROWSER_ZONE_TTL_MS = 60_000;
let readZone: { zone: string; at: number } | undefined;

/**
 * The browser's IANA zone (UTC when it names none). Read again at most once a minute: every time the
 * console shows asks for it, and a new Intl.DateTimeFormat costs a phone a good part of a millisecond.
 */
export function browserZone(): string {
  const now = Date.now();
  if (!readZone || now - readZone.at > BROWSER_ZONE_TTL_MS) readZone = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC', at: now };
  return readZone.zone;
}

/** The zone the console shows and takes times in: the profile's (/personal) when set, else the browser's. */
export function viewerZoneOf(profileZone: string | null | undefined): string {
  return profileZone || browserZone();
}

/** The signed-in viewer's zone (docs/decisions/0011). */
export function useViewerZone(): string {
  return viewerZoneOf(useOptionalSession()?.user.timeZone);
}

/** Every zone the browser knows, for pickers. */
export function knownZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['UTC', 'Europe/London', 'Asia/Shanghai', 'America/New_York'];
}
