import type { Kysely } from 'kysely';
import { normalizePermissions, type Permission } from '@atrium/contract';
import type { DB } from '../../db/schema.js';

export interface NewRole {
  companyId: number;
  name: string;
  description?: string | null;
  parentId?: number | null;
  sortOrder?: number;
  isDefault?: boolean;
  permissions: Iterable<string>;
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

export type RoleRepository = ReturnType<typeof createRoleRepository>;

export function createRoleRepository(db: Kysely<DB>) {
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
  };
}
