import { sql, type Kysely } from 'kysely';
import {
  hasPermission,
  normalizePermissions,
  type Page,
  type Permission,
  type RoleCandidate,
  type RoleCandidateQuery,
  type RoleMember,
  type RoleMemberQuery,
} from '@atrium/contract';
import { userMatches } from '../../db/like.js';
import type { DB } from '../../db/schema.js';
import { fetchPage } from '../../db/paging.js';
import { namedOrNull } from '../../db/rows.js';

export interface NewRole {
  companyId: number;
  name: string;
  description?: string | null;
  parentId?: number | null;
  sortOrder?: number;
  isDefault?: boolean;
  permissions: Iterable<string>;
}

/** A role as the service works with it: permissions parsed, flags as booleans. */
export interface Role {
  id: number;
  name: string;
  description: string | null;
  parentId: number | null;
  sortOrder: number;
  isDefault: boolean;
  permissions: readonly Permission[];
  updatedAt: number;
}

const parsedPermissions = new Map<string, readonly Permission[]>();
const PARSED_PERMISSIONS_CACHE_SIZE = 1000;

/**
 * Reads the stored JSON array; anything unreadable grants nothing rather than failing the request.
 * Every authenticated request reads its role's permissions, and companies have few distinct sets,
 * so parsed sets are kept by their stored text.
 */
export function parsePermissions(stored: string): readonly Permission[] {
  const known = parsedPermissions.get(stored);
  if (known) return known;
  let permissions: readonly Permission[] = [];
  try {
    const value: unknown = JSON.parse(stored);
    if (Array.isArray(value)) permissions = Object.freeze(normalizePermissions(value.filter((item): item is string => typeof item === 'string')));
  } catch {
    permissions = [];
  }
  if (parsedPermissions.size >= PARSED_PERMISSIONS_CACHE_SIZE) parsedPermissions.clear();
  parsedPermissions.set(stored, permissions);
  return permissions;
}

/** Matches a user by full name, user name or e-mail. */
export type RoleRepository = ReturnType<typeof createRoleRepository>;

/** Roles and role membership (users.role_id), always within one company. */
export function createRoleRepository(db: Kysely<DB>) {
  const roleColumns = ['id', 'name', 'description', 'parent_id', 'sort_order', 'is_default', 'permissions', 'updated_at'] as const;
  type RoleRowPick = { id: number; name: string; description: string | null; parent_id: number | null; sort_order: number; is_default: number; permissions: string; updated_at: number };
  const toRole = (row: RoleRowPick): Role => ({
    id: row.id,
    name: row.name,
    description: row.description,
    parentId: row.parent_id,
    sortOrder: row.sort_order,
    isDefault: row.is_default === 1,
    permissions: parsePermissions(row.permissions),
    updatedAt: row.updated_at,
  });

  return {
    async insertRole(role: NewRole, now: number): Promise<number> {
      const row = await db
        .insertInto('roles')
        .values({
          company_id: role.companyId,
          name: role.name,
          description: role.description ?? null,
          parent_id: role.parentId ?? null,
          sort_order: role.sortOrder ?? 0,
          is_default: role.isDefault ? 1 : 0,
          permissions: JSON.stringify(normalizePermissions(role.permissions)),
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Every role of the company, siblings in display order. Companies have tens of roles, not thousands. */
    async listRoles(companyId: number): Promise<Role[]> {
      const rows = await db.selectFrom('roles').select(roleColumns).where('company_id', '=', companyId).orderBy('sort_order').orderBy('id').execute();
      return rows.map(toRole);
    },

    async findRole(companyId: number, roleId: number): Promise<Role | undefined> {
      const row = await db.selectFrom('roles').select(roleColumns).where('company_id', '=', companyId).where('id', '=', roleId).executeTakeFirst();
      return row && toRole(row);
    },

    async findDefaultRole(companyId: number): Promise<Role | undefined> {
      const row = await db
        .selectFrom('roles')
        .select(roleColumns)
        .where('company_id', '=', companyId)
        .where('is_default', '=', 1)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row && toRole(row);
    },

    /** Another role of the company with this name, compared without case. */
    async findRoleNamed(companyId: number, name: string, exceptId?: number): Promise<{ id: number } | undefined> {
      let query = db.selectFrom('roles').select('id').where('company_id', '=', companyId).where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return query.executeTakeFirst();
    },

    async updateRole(companyId: number, roleId: number, fields: { name: string; description: string | null }, now: number): Promise<void> {
      await db
        .updateTable('roles')
        .set({ name: fields.name, description: fields.description, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', roleId)
        .execute();
    },

    async setSortOrder(companyId: number, roleId: number, sortOrder: number, now: number): Promise<void> {
      await db
        .updateTable('roles')
        .set({ sort_order: sortOrder, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', roleId)
        .execute();
    },

    async deleteRole(companyId: number, roleId: number): Promise<void> {
      await db.deleteFrom('roles').where('company_id', '=', companyId).where('id', '=', roleId).execute();
    },

    /** Replaces a role's permissions, normalised (edit implies view, any edit implies users:edit). */
    async setRolePermissions(companyId: number, roleId: number, permissions: Iterable<string>, now: number): Promise<boolean> {
      const result = await db
        .updateTable('roles')
        .set({ permissions: JSON.stringify(normalizePermissions(permissions)), updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', roleId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Locks the company's roles until the transaction ends, so two role changes of one company run
     * one after the other (on PostgreSQL; SQLite has one writer anyway) and the lock-out check of
     * each sees the other's result.
     */
    async lockCompanyRoles(companyId: number): Promise<void> {
      await db.updateTable('roles').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('company_id', '=', companyId).execute();
    },

    /** Member count of each role that has members. */
    async countMembersByRole(companyId: number): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('users')
        .select(['role_id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('company_id', '=', companyId)
        .groupBy('role_id')
        .execute();
      return new Map(rows.map((row) => [row.role_id, Number(row.count)]));
    },

    async countMembers(companyId: number, roleId: number): Promise<number> {
      const { count } = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('company_id', '=', companyId)
        .where('role_id', '=', roleId)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /** How many active users of the company hold `permission` through their role. */
    async countActiveUsersHolding(companyId: number, permission: Permission): Promise<number> {
      const roles = await db.selectFrom('roles').select(['id', 'permissions']).where('company_id', '=', companyId).execute();
      const roleIds = roles.filter((role) => hasPermission(parsePermissions(role.permissions), permission)).map((role) => role.id);
      if (roleIds.length === 0) return 0;
      const { count } = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('company_id', '=', companyId)
        .where('role_id', 'in', roleIds)
        .where('is_active', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /** The company's owner (companies.owner_user_id) with what their role grants; undefined when none is set. */
    async findOwner(companyId: number): Promise<{ id: number; fullName: string; isActive: boolean; permissions: readonly Permission[] } | undefined> {
      const row = await db
        .selectFrom('companies as c')
        .innerJoin('users as u', (join) => join.onRef('u.id', '=', 'c.owner_user_id').onRef('u.company_id', '=', 'c.id'))
        .innerJoin('roles as r', (join) => join.onRef('r.id', '=', 'u.role_id').onRef('r.company_id', '=', 'u.company_id'))
        .select(['u.id', 'u.full_name', 'u.is_active', 'r.permissions'])
        .where('c.id', '=', companyId)
        .executeTakeFirst();
      return row && { id: row.id, fullName: row.full_name, isActive: row.is_active === 1, permissions: parsePermissions(row.permissions) };
    },

    /** How many of the ids name users of the company. */
    async countCompanyUsers(companyId: number, userIds: readonly number[]): Promise<number> {
      const { count } = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('company_id', '=', companyId)
        .where('id', 'in', userIds)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /**
     * Gives the users the role `toRoleId`; with `fromRoleId`, only those holding that role now.
     * Returns how many users changed role.
     */
    async moveUsers(
      companyId: number,
      target: { userIds?: readonly number[]; fromRoleId?: number; toRoleId: number },
      now: number,
    ): Promise<number> {
      let query = db
        .updateTable('users')
        .set({ role_id: target.toRoleId, updated_at: now })
        .where('company_id', '=', companyId)
        .where('role_id', '!=', target.toRoleId);
      if (target.userIds) query = query.where('id', 'in', target.userIds);
      if (target.fromRoleId !== undefined) query = query.where('role_id', '=', target.fromRoleId);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Members of a role by name, paged. */
    async listMembers(companyId: number, query: RoleMemberQuery): Promise<Page<RoleMember>> {
      let filtered = db.selectFrom('users as u').where('u.company_id', '=', companyId).where('u.role_id', '=', query.roleId);
      if (query.keyword) filtered = filtered.where(userMatches(query.keyword));
      return fetchPage(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        (limit, offset) =>
          filtered
            .leftJoin('departments as d', (join) => join.onRef('d.id', '=', 'u.department_id').onRef('d.company_id', '=', 'u.company_id'))
            .select(['u.id', 'u.full_name', 'u.user_name', 'u.email', 'u.usercode', 'u.avatar', 'u.is_active', 'd.id as department_id', 'd.name as department_name'])
            .orderBy('u.full_name')
            .orderBy('u.id')
            .limit(limit)
            .offset(offset)
            .execute(),
        (row) => ({
          id: row.id,
          fullName: row.full_name,
          userName: row.user_name,
          email: row.email,
          usercode: row.usercode,
          avatar: row.avatar,
          department: namedOrNull(row.department_id, row.department_name),
          isActive: row.is_active === 1,
        }),
      );
    },

    /** Users of the company by name, with their current role, paged: the member picker. */
    async listCandidates(companyId: number, query: RoleCandidateQuery): Promise<Page<RoleCandidate>> {
      let filtered = db.selectFrom('users as u').where('u.company_id', '=', companyId);
      if (query.keyword) filtered = filtered.where(userMatches(query.keyword));
      return fetchPage(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        (limit, offset) =>
          filtered
            .innerJoin('roles as r', (join) => join.onRef('r.id', '=', 'u.role_id').onRef('r.company_id', '=', 'u.company_id'))
            .select(['u.id', 'u.full_name', 'u.user_name', 'u.email', 'r.id as role_id', 'r.name as role_name'])
            .orderBy('u.full_name')
            .orderBy('u.id')
            .limit(limit)
            .offset(offset)
            .execute(),
        (row) => ({
          id: row.id,
          fullName: row.full_name,
          userName: row.user_name,
          email: row.email,
          roleId: row.role_id,
          roleName: row.role_name,
        }),
      );
    },
  };
}
