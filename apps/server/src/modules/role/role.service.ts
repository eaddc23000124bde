import {
  normalizePermissions,
  ROLE_ACTIONS,
  ROLE_TREE_MAX_DEPTH,
  ReturnCode,
  type CreateRoleBody,
  type DeleteRoleResult,
  type Page,
  type Permission,
  type RoleCandidate,
  type RoleCandidateQuery,
  type RoleDetails,
  type RoleMember,
  type RoleMemberQuery,
  type RoleTreeNode,
} from '@atrium/contract';
import type { Repositories, Transact } from '../../db/repositories.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, notFound, refused } from '../../platform/errors.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import { assertSomeoneManagesRoles, canAssignTo, canGrant } from './role.policy.js';
import { presentRoleDetails, presentRoleTree, roleLevels } from './role.presenter.js';
import type { Role, RoleRepository } from './role.repository.js';

export interface RoleServiceDeps {
  roles: RoleRepository;
  transact: Transact;
  operationLog: OperationLog;
  clock: Clock;
}

export type RoleService = ReturnType<typeof createRoleService>;

const roleNameTaken = (name: string) => new AppError(ReturnCode.CONFLICT, 'roleNameTaken', { name });

/**
 * Roles, their place in the tree, their members and their permission switches (spec 000 sections 3,
 * 4 and 6). Every change runs in one transaction that first locks the company's roles, ends with the
 * lock-out check, and is recorded in the operation log whether it succeeds or is refused.
 */
export function createRoleService({ roles, transact, operationLog, clock }: RoleServiceDeps) {
  async function getRole(repository: RoleRepository, companyId: number, roleId: number): Promise<Role> {
    const role = await repository.findRole(companyId, roleId);
    if (!role) throw notFound();
    return role;
  }

  async function getDefaultRole(repository: RoleRepository, companyId: number): Promise<Role> {
    const role = await repository.findDefaultRole(companyId);
    if (!role) throw refused('roleNoDefault');
    return role;
  }

  /** A change in one transaction: the company's roles locked first, the lock-out check last. */
  function change<T>(companyId: number, work: (repositories: Repositories) => Promise<T>): Promise<T> {
    return transact(async (repositories) => {
      await repositories.roles.lockCompanyRoles(companyId);
      const result = await work(repositories);
      await assertSomeoneManagesRoles(repositories.roles, companyId);
      return result;
    });
  }

  /**
   * Moves listed users of the company in or out of a role in one logged change: `refuse` applies the
   * direction's rule to the role first, then every id must be a user of the company (else 404), then
   * `move` moves them and answers how many moved.
   */
  function changeMembers(
    caller: Actor,
    action: 'role.addMembers' | 'role.removeMembers',
    roleId: number,
    userIds: readonly number[],
    refuse: (role: Role) => void,
    move: (repository: RoleRepository, role: Role, ids: number[]) => Promise<number>,
  ): Promise<{ moved: number }> {
    const ids = [...new Set(userIds)];
    let role: Role | undefined;
    return operationLog.track(
      caller,
      (result) => ({
        action,
        targetType: 'role',
        targetId: roleId,
        targetName: role?.name ?? null,
        detail: { userIds: ids, ...(result ? { moved: result.moved } : {}) },
      }),
      () =>
        change(caller.companyId, async ({ roles: repository }) => {
          role = await getRole(repository, caller.companyId, roleId);
          refuse(role);
          if ((await repository.countCompanyUsers(caller.companyId, ids)) !== ids.length) throw notFound();
          return { moved: await move(repository, role, ids) };
        }),
    );
  }

  return {
    async getTree(companyId: number): Promise<RoleTreeNode[]> {
      const [all, counts] = await Promise.all([roles.listRoles(companyId), roles.countMembersByRole(companyId)]);
      return presentRoleTree(all, counts);
    },

    async getDetails(companyId: number, roleId: number): Promise<RoleDetails> {
      const all = await roles.listRoles(companyId);
      const role = all.find((candidate) => candidate.id === roleId);
      if (!role) throw notFound();
      return presentRoleDetails(role, roleLevels(all).get(role.id)!, await roles.countMembers(companyId, role.id));
    },

    /** A new role, last among its siblings, with no permissions yet. */
    async create(caller: Actor, body: CreateRoleBody): Promise<{ id: number }> {
      const name = body.name;
      const parentId = body.parentId ?? null;
      return operationLog.track(
        caller,
        (result) => ({ action: ROLE_ACTIONS.create, targetType: 'role', targetId: result?.id ?? null, targetName: name, detail: { parentId } }),
        () =>
          change(caller.companyId, async ({ roles: repository }) => {
            const all = await repository.listRoles(caller.companyId);
            if (parentId !== null) {
              if (!all.some((role) => role.id === parentId)) throw notFound();
              if (roleLevels(all).get(parentId)! >= ROLE_TREE_MAX_DEPTH) throw refused('roleTooDeep', { max: ROLE_TREE_MAX_DEPTH });
            }
            if (await repository.findRoleNamed(caller.companyId, name)) throw roleNameTaken(name);
            const siblings = all.filter((role) => role.parentId === parentId);
            const sortOrder = siblings.reduce((max, role) => Math.max(max, role.sortOrder + 1), 0);
            const id = await repository.insertRole(
              { companyId: caller.companyId, name, description: body.description ?? null, parentId, sortOrder, permissions: [] },
              clock.now(),
            );
            return { id };
          }),
      );
    },

    async update(caller: Actor, body: { id: number; name: string; description?: string | null }): Promise<void> {
      const description = body.description ?? null;
      let before: Role | undefined;
      await operationLog.track(
        caller,
        () => ({
          action: ROLE_ACTIONS.update,
          targetType: 'role',
          targetId: body.id,
          targetName: body.name,
          detail: before ? { name: { from: before.name, to: body.name }, description: { from: before.description, to: description } } : null,
        }),
        () =>
          change(caller.companyId, async ({ roles: repository }) => {
            before = await getRole(repository, caller.companyId, body.id);
            if (await repository.findRoleNamed(caller.companyId, body.name, body.id)) throw roleNameTaken(body.name);
            await repository.updateRole(caller.companyId, body.id, { name: body.name, description }, clock.now());
          }),
      );
    },

    /**
     * Deletes a role. The default role stays; a role with child roles waits until they are gone; the
     * members move to the default role in the same transaction.
     */
    async remove(caller: Actor, roleId: number): Promise<DeleteRoleResult> {
      let role: Role | undefined;
      return operationLog.track(
        caller,
        (result) => ({
          action: ROLE_ACTIONS.delete,
          targetType: 'role',
          targetId: roleId,
          targetName: role?.name ?? null,
          detail: result ? { movedMembers: result.movedMembers, movedTo: result.defaultRoleName } : null,
        }),
        () =>
          change(caller.companyId, async ({ roles: repository }) => {
            const all = await repository.listRoles(caller.companyId);
            role = all.find((candidate) => candidate.id === roleId);
            if (!role) throw notFound();
            if (role.isDefault) throw refused('roleDefaultNotDeletable');
            if (all.some((candidate) => candidate.parentId === roleId)) throw refused('roleHasChildren', { name: role.name });
            const fallback = await getDefaultRole(repository, caller.companyId);
            const movedMembers = await repository.moveUsers(caller.companyId, { fromRoleId: roleId, toRoleId: fallback.id }, clock.now());
            await repository.deleteRole(caller.companyId, roleId);
            return { movedMembers, defaultRoleName: fallback.name };
          }),
      );
    },

    /** Two roles under the same parent trade places; siblings are renumbered 0, 1, 2… on the way. */
    async swap(caller: Actor, roleId: number, otherId: number): Promise<void> {
      let names: [string, string] | undefined;
      await operationLog.track(
        caller,
        () => ({
          action: ROLE_ACTIONS.swap,
          targetType: 'role',
          targetId: roleId,
          targetName: names?.[0] ?? null,
          detail: { otherId, otherName: names?.[1] ?? null },
        }),
        () =>
          change(caller.companyId, async ({ roles: repository }) => {
            const all = await repository.listRoles(caller.companyId);
            const role = all.find((candidate) => candidate.id === roleId);
            const other = all.find((candidate) => candidate.id === otherId);
            if (!role || !other) throw notFound();
            names = [role.name, other.name];
            if (role.parentId !== other.parentId || roleId === otherId) throw refused('roleNotSiblings');
            const siblings = all.filter((candidate) => candidate.parentId === role.parentId);
            const order = siblings.map((sibling) => sibling.id);
            const [at, otherAt] = [order.indexOf(roleId), order.indexOf(otherId)];
            [order[at], order[otherAt]] = [otherId, roleId];
            const now = clock.now();
            for (const [index, id] of order.entries()) {
              if (siblings.find((sibling) => sibling.id === id)!.sortOrder !== index) await repository.setSortOrder(caller.companyId, id, index, now);
            }
          }),
      );
    },

    async listMembers(companyId: number, query: RoleMemberQuery): Promise<Page<RoleMember>> {
      await getRole(roles, companyId, query.roleId);
      return roles.listMembers(companyId, query);
    },

    listCandidates(companyId: number, query: RoleCandidateQuery): Promise<Page<RoleCandidate>> {
      return roles.listCandidates(companyId, query);
    },

    /** Moves users into the role: each user has exactly one role. */
    addMembers(caller: Actor, roleId: number, userIds: readonly number[]): Promise<{ moved: number }> {
      return changeMembers(
        caller,
        ROLE_ACTIONS.addMembers,
        roleId,
        userIds,
        (role) => {
          if (!canAssignTo(caller.permissions, role)) throw refused('roleAssignBeyondOwn');
        },
        (repository, role, ids) => repository.moveUsers(caller.companyId, { userIds: ids, toRoleId: role.id }, clock.now()),
      );
    },

    /**
     * Moves the role's listed members to the default role; users of the company not in the role are
     * left alone, and an id of no user of the company answers 404 (as when adding).
     */
    removeMembers(caller: Actor, roleId: number, userIds: readonly number[]): Promise<{ moved: number }> {
      return changeMembers(
        caller,
        ROLE_ACTIONS.removeMembers,
        roleId,
        userIds,
        (role) => {
          if (role.isDefault) throw refused('roleDefaultMembersNotRemovable');
        },
        async (repository, role, ids) => {
          const fallback = await getDefaultRole(repository, caller.companyId);
          return repository.moveUsers(caller.companyId, { userIds: ids, fromRoleId: role.id, toRoleId: fallback.id }, clock.now());
        },
      );
    },

    /**
     * Replaces the role's switches with `requested`, normalised (edit implies view, any edit turns on
     * users:edit). Members see the change on their next request: the guard reads the role each time.
     */
    async setPermissions(caller: Actor, roleId: number, requested: readonly string[]): Promise<{ permissions: Permission[] }> {
      const after = normalizePermissions(requested);
      let role: Role | undefined;
      return operationLog.track(
        caller,
        () => {
          const before = new Set(role?.permissions);
          return {
            action: ROLE_ACTIONS.setPermissions,
            targetType: 'role',
            targetId: roleId,
            targetName: role?.name ?? null,
            detail: role
              ? { added: after.filter((permission) => !before.has(permission)), removed: [...before].filter((permission) => !after.includes(permission)) }
              : null,
          };
        },
        () =>
          change(caller.companyId, async ({ roles: repository }) => {
            role = await getRole(repository, caller.companyId, roleId);
            if (!canGrant(caller.permissions, role.permissions, after)) throw refused('roleGrantBeyondOwn');
            await repository.setRolePermissions(caller.companyId, roleId, after, clock.now());
            return { permissions: after };
          }),
      );
    },
  };
}
