import { normalizePermissions, type Permission } from '@atrium/contract';

/**
 * The permission grid's switches follow the catalogue's rules as the server will store them
 * (normalizePermissions): edit turns on view and the edit-users authority, and a view switched off
 * takes its edit with it.
 */
export function toggleSwitch(granted: readonly Permission[], permission: Permission, on: boolean): Permission[] {
  if (on) return normalizePermissions([...granted, permission]);
  const edit = permission.replace(/:view$/, ':edit');
  return normalizePermissions(granted.filter((p) => p !== permission && p !== edit));
}

/** Whether a switch that is on cannot go off because another switch needs it (users edit while any area has edit). */
export function isHeldOn(granted: readonly Permission[], permission: Permission): boolean {
  return granted.includes(permission) && toggleSwitch(granted, permission, false).includes(permission);
}

/** Whether two switch sets are the same. */
export function sameSwitches(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a);
  return a.length === b.length && b.every((p) => set.has(p));
}
