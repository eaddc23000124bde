/**
 * The permission catalogue (spec 000 section 6): grantable areas, each with a view and an edit switch.
 * A permission is written `area:view` or `area:edit`; edit implies view.
 */
export const PERMISSION_AREAS = [
  'accountGlobal',
  // Ours (issue 16): reading the bodies of kept mails (GET /mail/outbox/details), apart from the outbox list.
  'mailContent',
  'globalSettings',
  'quickTools',
  'calendarRoomUse',
  'personalSchedule',
  'liveMeetings',
  'roles',
  'events',
  'messages',
  'overviewStats',
  'billing',
  'profile',
  'records',
  'roomsLocations',
  'reservationScreens',
  'trackingFields',
  'reports',
  'departments',
  'users',
  'visitorDisplay',
  'broadcast',
  'operationLog',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];
export type PermissionLevel = 'view' | 'edit';
export type Permission = `${PermissionArea}:${PermissionLevel}`;

/** Translation key of each area's name in the console (`permissions.<area>`). */
export const permissionAreaTitleKey = (area: PermissionArea) => `permissions.${area}` as const;
/** Translation key of each area's one-line description in the role editor (`permissions.descriptions.<area>`). */
export const permissionAreaDescriptionKey = (area: PermissionArea) => `permissions.descriptions.${area}` as const;

export const ALL_PERMISSIONS: readonly Permission[] = PERMISSION_AREAS.flatMap((area) => [
  `${area}:view` as const,
  `${area}:edit` as const,
]);

const PERMISSION_SET = new Set<string>(ALL_PERMISSIONS);
export function isPermission(value: string): value is Permission {
  return PERMISSION_SET.has(value);
}

/**
 * Applies the catalogue's rules to a set of switches:
 * - edit implies view;
 * - enabling any area's edit turns on the edit-users authority (spec 000 section 4);
 * - role management edit requires users edit (implied by the rule above).
 * Unknown names are dropped. The result is sorted in catalogue order.
 */
export function normalizePermissions(granted: Iterable<string>): Permission[] {
  const set = new Set<Permission>();
  for (const name of granted) if (isPermission(name)) set.add(name);
  const hasAnyEdit = [...set].some((p) => p.endsWith(':edit'));
  if (hasAnyEdit) set.add('users:edit');
  for (const p of [...set]) {
    if (p.endsWith(':edit')) set.add(p.replace(/:edit$/, ':view') as Permission);
  }
  return ALL_PERMISSIONS.filter((p) => set.has(p));
}

/** Whether a granted set satisfies a required permission (edit satisfies view). */
export function hasPermission(granted: ReadonlySet<string> | readonly string[], required: Permission): boolean {
  const has = (p: string) => (Array.isArray(granted) ? granted.includes(p) : (granted as ReadonlySet<string>).has(p));
  if (has(required)) return true;
  if (required.endsWith(':view')) return has(required.replace(/:view$/, ':edit'));
  return false;
}
