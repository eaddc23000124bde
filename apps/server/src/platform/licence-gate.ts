import { licenceUsableUntil, type LicensedModule } from '@atrium/contract';

/**
 * Which licensed module an API path belongs to (docs/decisions/0021-platform.md, "Licences"): the guard
 * (access.ts) reads it once per route at start-up, so a request pays a property read and, for a write, one
 * map lookup and a comparison. Paths not listed (room booking, administration, sign-in) are never licensed.
 */
const LICENSED_API_PREFIXES: ReadonlyArray<readonly [prefix: string, module: LicensedModule]> = [
  ['/api/visitor/', 'visitors'],
  ['/api/desk/', 'desks'],
  ['/api/asset/', 'desks'],
  ['/api/repair/', 'desks'],
  ['/api/inspection/', 'desks'],
  // Desk administration that lives beside the departments and the notices.
  ['/api/tenant/group/user/deskeeper-service', 'desks'],
  ['/api/person/message/trigger/bind-station-message', 'desks'],
  ['/api/smart/', 'smartRooms'],
  ['/api/air/', 'airQuality'],
];

/** The licensed module of a route's URL, or undefined for the base product. */
export function licensedModuleOfUrl(url: string): LicensedModule | undefined {
  return LICENSED_API_PREFIXES.find(([prefix]) => url.startsWith(prefix))?.[1];
}

/** Whether a company holding `licences` (module → valid until) may write to `module` at `now`: up to the end of the grace. */
export function isModuleWritable(licences: ReadonlyMap<LicensedModule, number>, module: LicensedModule, now: number): boolean {
  const validUntil = licences.get(module);
  return validUntil !== undefined && now <= licenceUsableUntil(validUntil);
}
