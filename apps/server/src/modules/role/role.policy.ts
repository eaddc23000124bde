import { hasPermission, type Permission } from '@atrium/contract';
import { notFound, refused } from '../../platform/errors.js';
import type { Actor } from '../operation-log/operation-log.service.js';
import type { RoleRepository } from './role.repository.js';

/**
 * Who may hand out what. A role manager can neither grant a permission their own role lacks nor
 * put people into a role stronger than their own, so holding roles:edit (or users:edit, which any
 * edit switch carries) never becomes a way to more rights than one has (the escalation rule of RBAC
 * systems such as Kubernetes). The default role is everyone's starting point: anyone who may
 * change roles may put people back into it.
 */

/** Whether every permission `after` adds to `before` is one the caller holds. */
export function canGrant(caller: ReadonlySet<Permission>, before: readonly Permission[], after: readonly Permission[]): boolean {
  const had = new Set(before);
  return after.every((permission) => had.has(permission) || hasPermission(caller, permission));
}

/** Whether the caller may put users into a role: the default one, or one no stronger than their own. */
export function canAssignTo(caller: ReadonlySet<Permission>, role: { isDefault: boolean; permissions: readonly Permission[] }): boolean {
  return role.isDefault || role.permissions.every((permission) => hasPermission(caller, permission));
}

/** Refuses giving users the role `roleId` (unknown: 404) unless the caller may assign it. */
export async function assertMayAssignRole(roles: RoleRepository, caller: Actor, roleId: number): Promise<void> {
  const role = await roles.findRole(caller.companyId, roleId);
  if (!role) throw notFound();
  if (!canAssignTo(caller.permissions, role)) throw refused('roleAssignBeyondOwn');
}

/**
 * No company may lock itself out: some active user must still hold roles:edit, and the company's
 * owner (docs/decisions/0003, Managers) must stay active in a role that holds it, so ownership only
 * moves by a transfer. Called at the end of every transaction that changes roles, their switches,
 * or who holds them (role and directory changes).
 */
export async function assertSomeoneManagesRoles(roles: RoleRepository, companyId: number): Promise<void> {
  if ((await roles.countActiveUsersHolding(companyId, 'roles:edit')) === 0) throw refused('roleLockout');
  const owner = await roles.findOwner(companyId);
  if (!owner) return;
  if (!owner.isActive) throw refused('ownerNotDeactivatable', { name: owner.fullName });
  if (!hasPermission(owner.permissions, 'roles:edit')) throw refused('ownerKeepsRoleManagement', { name: owner.fullName });
}
