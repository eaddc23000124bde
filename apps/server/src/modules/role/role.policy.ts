import { hasPermission, type Permission } from '@atrium/contract';

/**
 * Who may hand out what. A role manager can neither grant a permission their own role lacks nor
 * put people into a role stronger than their own, so holding roles:edit never becomes a way to
 * more rights than one has (the escalation rule of RBAC systems such as Kubernetes).
 */

/** Whether every permission `after` adds to `before` is one the caller holds. */
export function canGrant(caller: ReadonlySet<Permission>, before: readonly Permission[], after: readonly Permission[]): boolean {
  const had = new Set(before);
  return after.every((permission) => had.has(permission) || hasPermission(caller, permission));
}

/** Whether the caller holds every permission of the role they would put users into. */
export function canAssignTo(caller: ReadonlySet<Permission>, rolePermissions: readonly Permission[]): boolean {
  return rolePermissions.every((permission) => hasPermission(caller, permission));
}

/** Whether a role with these permissions can manage roles: the company needs at least one such member. */
export const managesRoles = (permissions: readonly Permission[]) => hasPermission(permissions, 'roles:edit');
