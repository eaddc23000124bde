import { sql, type Kysely } from 'kysely';
import { PERMISSION_AREAS, type CompanyOwner, type Manager, type ManagerListQuery, type Page, type Permission, type PermissionArea } from '@atrium/contract';
import { userMatches } from '../../db/like.js';
import { fetchPage } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';
import { parsePermissions } from '../role/role.repository.js';
import { namedOrNull } from '../../db/rows.js';

/** The areas a role's switches let its members edit, in catalogue order. */
export const editedAreas = (permissions: readonly Permission[]): PermissionArea[] =>
  PERMISSION_AREAS.filter((area) => permissions.includes(`${area}:edit`));

/** A user who could become the owner, with what their role grants. */
export interface OwnerCandidate {
  id: number;
  fullName: string;
  userName: string;
  isActive: boolean;
  roleName: string;
  permissions: readonly Permission[];
}

export type ManagerRepository = ReturnType<typeof createManagerRepository>;

/** The company's administrators and its owner (companies.owner_user_id), always within one company. */
export function createManagerRepository(db: Kysely<DB>) {
  async function findOwnerId(companyId: number): Promise<number | null> {
    const row = await db.selectFrom('companies').select('owner_user_id').where('id', '=', companyId).executeTakeFirst();
    return row?.owner_user_id ?? null;
  }

  return {
    findOwnerId,

    /**
     * Active users whose role grants at least one edit permission (with `area`: that area's), the
     * owner first, then by name. Roles are few per company, so their switches are read here and
     * the users filtered by role id.
     */
    async listManagers(companyId: number, query: ManagerListQuery): Promise<Page<Manager>> {
      const roles = await db.selectFrom('roles').select(['id', 'permissions']).where('company_id', '=', companyId).execute();
      const areasByRole = new Map<number, PermissionArea[]>();
      for (const role of roles) {
        const areas = editedAreas(parsePermissions(role.permissions));
        if (areas.length > 0 && (query.area === undefined || areas.includes(query.area))) areasByRole.set(role.id, areas);
      }
      if (areasByRole.size === 0) return { list: [], total: 0, page: query.page, pageSize: query.pageSize };
      const ownerId = await findOwnerId(companyId);
      let filtered = db
        .selectFrom('users as u')
        .where('u.company_id', '=', companyId)
        .where('u.is_active', '=', 1)
        .where('u.role_id', 'in', [...areasByRole.keys()]);
      if (query.keyword) filtered = filtered.where(userMatches(query.keyword));
      return fetchPage(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        (limit, offset) =>
          filtered
            .innerJoin('roles as r', (join) => join.onRef('r.id', '=', 'u.role_id').onRef('r.company_id', '=', 'u.company_id'))
            .leftJoin('departments as d', (join) => join.onRef('d.id', '=', 'u.department_id').onRef('d.company_id', '=', 'u.company_id'))
            .select(['u.id', 'u.full_name', 'u.user_name', 'u.email', 'u.avatar', 'r.id as role_id', 'r.name as role_name', 'd.id as department_id', 'd.name as department_name'])
            .orderBy(sql`case when u.id = ${ownerId ?? 0} then 0 else 1 end`)
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
          avatar: row.avatar,
          department: namedOrNull(row.department_id, row.department_name),
          role: { id: row.role_id, name: row.role_name },
          areas: areasByRole.get(row.role_id) ?? [],
          isOwner: row.id === ownerId,
        }),
      );
    },

    /** The owner as the Managers page shows them; null when the company has none. */
    async findOwner(companyId: number): Promise<CompanyOwner['owner']> {
      const row = await db
        .selectFrom('companies as c')
        .innerJoin('users as u', (join) => join.onRef('u.id', '=', 'c.owner_user_id').onRef('u.company_id', '=', 'c.id'))
        .innerJoin('roles as r', (join) => join.onRef('r.id', '=', 'u.role_id').onRef('r.company_id', '=', 'u.company_id'))
        .select(['u.id', 'u.full_name', 'u.user_name', 'u.email', 'r.id as role_id', 'r.name as role_name'])
        .where('c.id', '=', companyId)
        .executeTakeFirst();
      return row ? { id: row.id, fullName: row.full_name, userName: row.user_name, email: row.email, role: { id: row.role_id, name: row.role_name } } : null;
    },

    /** A user of the company who might become the owner; undefined for anyone else. */
    async findCandidate(companyId: number, userId: number): Promise<OwnerCandidate | undefined> {
      const row = await db
        .selectFrom('users as u')
        .innerJoin('roles as r', (join) => join.onRef('r.id', '=', 'u.role_id').onRef('r.company_id', '=', 'u.company_id'))
        .select(['u.id', 'u.full_name', 'u.user_name', 'u.is_active', 'r.name as role_name', 'r.permissions'])
        .where('u.company_id', '=', companyId)
        .where('u.id', '=', userId)
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          fullName: row.full_name,
          userName: row.user_name,
          isActive: row.is_active === 1,
          roleName: row.role_name,
          permissions: parsePermissions(row.permissions),
        }
      );
    },
  };
}
