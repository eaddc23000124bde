import { useOptionalSession } from '../session/session-context';

/** The browser's IANA zone (UTC when it names none). */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
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
