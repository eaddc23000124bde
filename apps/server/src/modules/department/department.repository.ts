import { sql, type Kysely, type Updateable } from 'kysely';
import type { Page } from '@atrium/contract';
import type { DB, DepartmentTable, Gender } from '../../db/schema.js';
import { userMatches } from '../../db/like.js';
import { fetchPage } from '../../db/paging.js';

export interface NewDepartment {
  companyId: number;
  parentId?: number | null;
  name: string;
  groupCode?: string | null;
  sortOrder?: number;
  description?: string | null;
  locationId?: number | null;
  /** A swatch of the company's palette; its colour is copied into `style_color`. */
  styleId?: number | null;
  styleColor?: string | null;
}

/** A department row as the group service sees it. */
export interface DepartmentRecord {
  id: number;
  parentId: number | null;
  name: string;
  groupCode: string | null;
  sortOrder: number;
  description: string | null;
  locationId: number | null;
  locationName: string | null;
  styleId: number | null;
  styleColor: string | null;
}

export interface DepartmentPatch {
  name?: string;
  parentId?: number | null;
  groupCode?: string | null;
  description?: string | null;
  locationId?: number | null;
}

export interface MemberRecord {
  id: number;
  fullName: string;
  userName: string;
  usercode: string | null;
  email: string | null;
  phone: string | null;
  gender: Gender;
  avatar: string | null;
  isActive: boolean;
  role: { id: number; name: string };
  department: { id: number; name: string };
}

export interface MemberFilter {
  /** Departments whose members to list; null for the whole company. */
  departmentIds: number[] | null;
  keyword?: string | undefined;
  page: number;
  pageSize: number;
}


export type DepartmentRepository = ReturnType<typeof createDepartmentRepository>;

/** Departments, their members and their colours; every query is bounded to one company. */
export function createDepartmentRepository(db: Kysely<DB>) {
  /** Users of the company in the given departments (null: every user of the company). */
  const membersOf = (companyId: number, departmentIds: number[] | null) => {
    let query = db.selectFrom('users as u').where('u.company_id', '=', companyId);
    if (departmentIds) query = departmentIds.length > 0 ? query.where('u.department_id', 'in', departmentIds) : query.where(sql<boolean>`1 = 0`);
    return query;
  };

  return {
    async insertDepartment(department: NewDepartment, now: number): Promise<number> {
      const row = await db
        .insertInto('departments')
        .values({
          company_id: department.companyId,
          parent_id: department.parentId ?? null,
          name: department.name,
          group_code: department.groupCode ?? null,
          sort_order: department.sortOrder ?? 0,
          description: department.description ?? null,
          location_id: department.locationId ?? null,
          style_id: department.styleId ?? null,
          style_color: department.styleColor ?? null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Every department of the company, in sibling order. */
    async listDepartments(companyId: number): Promise<DepartmentRecord[]> {
      const rows = await db
        .selectFrom('departments as d')
        .leftJoin('locations as l', (join) => join.onRef('l.id', '=', 'd.location_id').onRef('l.company_id', '=', 'd.company_id'))
        .select(['d.id', 'd.parent_id', 'd.name', 'd.group_code', 'd.sort_order', 'd.description', 'd.location_id', 'l.name as location_name', 'd.style_id', 'd.style_color'])
        .where('d.company_id', '=', companyId)
        .orderBy('d.sort_order')
        .orderBy('d.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        parentId: row.parent_id,
        name: row.name,
        groupCode: row.group_code,
        sortOrder: row.sort_order,
        description: row.description,
        locationId: row.location_id,
        locationName: row.location_name,
        styleId: row.style_id,
        styleColor: row.style_color,
      }));
    },

    async findDepartment(companyId: number, id: number): Promise<{ id: number; name: string; parentId: number | null; groupCode: string | null } | undefined> {
      const row = await db
        .selectFrom('departments')
        .select(['id', 'name', 'parent_id', 'group_code'])
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { id: row.id, name: row.name, parentId: row.parent_id, groupCode: row.group_code };
    },

    /** The department using `code` (case-insensitive), other than `exceptId`. */
    async findIdByCode(companyId: number, code: string, exceptId?: number): Promise<number | undefined> {
      let query = db
        .selectFrom('departments')
        .select('id')
        .where('company_id', '=', companyId)
        .where(sql<boolean>`lower(group_code) = ${code.toLowerCase()}`);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst())?.id;
    },

    /** The next sort position under a parent. */
    async nextSortOrder(companyId: number, parentId: number | null): Promise<number> {
      const row = await db
        .selectFrom('departments')
        .select((eb) => eb.fn.max('sort_order').as('highest'))
        .where('company_id', '=', companyId)
        .where('parent_id', parentId === null ? 'is' : '=', parentId)
        .executeTakeFirst();
      return row?.highest === null || row?.highest === undefined ? 0 : Number(row.highest) + 1;
    },

    async updateDepartment(companyId: number, id: number, patch: DepartmentPatch): Promise<void> {
      const set: Updateable<DepartmentTable> = {};
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.parentId !== undefined) set.parent_id = patch.parentId;
      if (patch.groupCode !== undefined) set.group_code = patch.groupCode;
      if (patch.description !== undefined) set.description = patch.description;
      if (patch.locationId !== undefined) set.location_id = patch.locationId;
      if (Object.keys(set).length === 0) return;
      await db.updateTable('departments').set(set).where('company_id', '=', companyId).where('id', '=', id).execute();
    },

    async deleteDepartment(companyId: number, id: number): Promise<void> {
      await db.deleteFrom('departments').where('company_id', '=', companyId).where('id', '=', id).execute();
    },

    async countChildren(companyId: number, id: number): Promise<number> {
      const row = await db
        .selectFrom('departments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('company_id', '=', companyId)
        .where('parent_id', '=', id)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Member count of each department of the company that has members; key null for users without one. */
    async memberCounts(companyId: number): Promise<Map<number | null, number>> {
      const rows = await db
        .selectFrom('users')
        .select(['department_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('company_id', '=', companyId)
        .groupBy('department_id')
        .execute();
      return new Map(rows.map((row) => [row.department_id, Number(row.n)]));
    },

    /** A page of users of the given departments, by name. */
    async searchMembers(companyId: number, filter: MemberFilter): Promise<Page<MemberRecord>> {
      let filtered = membersOf(companyId, filter.departmentIds)
        .innerJoin('roles as r', (join) => join.onRef('r.id', '=', 'u.role_id').onRef('r.company_id', '=', 'u.company_id'))
        .innerJoin('departments as d', (join) => join.onRef('d.id', '=', 'u.department_id').onRef('d.company_id', '=', 'u.company_id'));
      if (filter.keyword) filtered = filtered.where(userMatches(filter.keyword, { usercode: true }));
      return fetchPage(
        filter,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        (limit, offset) =>
          filtered
            .select([
              'u.id', 'u.full_name', 'u.user_name', 'u.usercode', 'u.email', 'u.phone', 'u.gender', 'u.avatar', 'u.is_active',
              'r.id as role_id', 'r.name as role_name', 'd.id as department_id', 'd.name as department_name',
            ])
            .orderBy('u.full_name')
            .orderBy('u.id')
            .limit(limit)
            .offset(offset)
            .execute(),
        (row) => ({
          id: row.id,
          fullName: row.full_name,
          userName: row.user_name,
          usercode: row.usercode,
          email: row.email,
          phone: row.phone,
          gender: row.gender,
          avatar: row.avatar,
          isActive: row.is_active === 1,
          role: { id: row.role_id, name: row.role_name },
          department: { id: row.department_id, name: row.department_name },
        }),
      );
    },

    /** Members of the given departments (null: the company) counted by role and by gender. */
    async memberBreakdown(companyId: number, departmentIds: number[] | null) {
      const byRole = await membersOf(companyId, departmentIds)
        .innerJoin('roles as r', (join) => join.onRef('r.id', '=', 'u.role_id').onRef('r.company_id', '=', 'u.company_id'))
        .select(['r.id', 'r.name', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['r.id', 'r.name'])
        .execute();
      const byGender = await membersOf(companyId, departmentIds)
        .select(['u.gender', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('u.gender')
        .execute();
      return {
        byRole: byRole.map((row) => ({ roleId: row.id, roleName: row.name, count: Number(row.n) })),
        byGender: byGender.map((row) => ({ gender: row.gender, count: Number(row.n) })),
      };
    },

    /** Gives departments a colour: `styleId` with its colour copied, or none. */
    async setStyle(companyId: number, departmentId: number, style: { id: number; color: string } | null): Promise<void> {
      await db
        .updateTable('departments')
        .set({ style_id: style?.id ?? null, style_color: style?.color ?? null })
        .where('company_id', '=', companyId)
        .where('id', '=', departmentId)
        .execute();
    },

    async locationExists(companyId: number, locationId: number): Promise<boolean> {
      const row = await db.selectFrom('locations').select('id').where('company_id', '=', companyId).where('id', '=', locationId).where('deleted_at', 'is', null).executeTakeFirst();
      return row !== undefined;
    },

    /** One level of the company's location tree, with whether each node has children. */
    async locationChildren(companyId: number, parentId: number | null) {
      const rows = await db
        .selectFrom('locations as l')
        .select((eb) => [
          'l.id',
          'l.name',
          'l.level',
          eb
            .exists(eb.selectFrom('locations as c').select('c.id').whereRef('c.parent_id', '=', 'l.id').whereRef('c.company_id', '=', 'l.company_id').where('c.deleted_at', 'is', null))
            .as('has_children'),
        ])
        .where('l.company_id', '=', companyId)
        .where('l.deleted_at', 'is', null)
        .where('l.parent_id', parentId === null ? 'is' : '=', parentId)
        .orderBy('l.sort_order')
        .orderBy('l.id')
        .execute();
      return rows.map((row) => ({ id: row.id, name: row.name, level: row.level, hasChildren: Boolean(row.has_children) }));
    },
  };
}
