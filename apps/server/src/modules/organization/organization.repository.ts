import { sql, type Kysely } from 'kysely';
import type { OrganizationDepartment, OrganizationMember, OrganizationRole } from '@atrium/contract';
import { likeContains } from '../../db/like.js';
import type { DB } from '../../db/schema.js';

export type OrganizationRepository = ReturnType<typeof createOrganizationRepository>;

/** Which name besides the person's own a keyword may match: their department's or their role's. */
export type OrganizationMatch = 'department' | 'role';

/** The organisation pages' reads: each is one query over the whole company, whatever its size. */
export function createOrganizationRepository(db: Kysely<DB>) {
  return {
    async listDepartments(companyId: number): Promise<OrganizationDepartment[]> {
      const rows = await db
        .selectFrom('departments')
        .select(['id', 'parent_id', 'name', 'sort_order'])
        .where('company_id', '=', companyId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ id: row.id, parentId: row.parent_id, name: row.name, sortOrder: row.sort_order }));
    },

    async listRoles(companyId: number): Promise<OrganizationRole[]> {
      return db
        .selectFrom('roles')
        .select(['id', 'name', 'description'])
        .where('company_id', '=', companyId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    /**
     * The company's people whose name or e-mail holds `keyword`, or the name of their department or
     * role (`match`), ignoring case; by name, at most `limit`.
     */
    async listMembers(companyId: number, keyword: string | undefined, match: OrganizationMatch, limit: number): Promise<OrganizationMember[]> {
      let query = db.selectFrom('users as u').where('u.company_id', '=', companyId);
      if (keyword) {
        const pattern = likeContains(keyword.toLowerCase());
        const other =
          match === 'department'
            ? sql<boolean>`exists (select 1 from departments d where d.id = u.department_id and lower(d.name) like ${pattern} escape '!')`
            : sql<boolean>`exists (select 1 from roles r where r.id = u.role_id and lower(r.name) like ${pattern} escape '!')`;
        query = query.where(
          sql<boolean>`(lower(u.full_name) like ${pattern} escape '!' or u.email_lower like ${pattern} escape '!' or u.user_name_lower like ${pattern} escape '!' or ${other})`,
        );
      }
      const rows = await query
        .select(['u.id', 'u.full_name', 'u.email', 'u.department_id', 'u.role_id', 'u.is_active'])
        .orderBy('u.full_name')
        .orderBy('u.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        fullName: row.full_name,
        email: row.email,
        departmentId: row.department_id,
        roleId: row.role_id,
        isActive: row.is_active === 1,
      }));
    },
  };
}
