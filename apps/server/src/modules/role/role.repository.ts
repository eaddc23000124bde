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

/** Reads the stored JSON array; anything unreadable grants nothing rather than failing the request. */
export function parsePermissions(stored: string): Permission[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? normalizePermissions(value.filter((item): item is string => typeof item === 'string')) : [];
  } catch {
    return [];
  }
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
