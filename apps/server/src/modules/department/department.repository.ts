import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface NewDepartment {
  companyId: number;
  parentId?: number | null;
  name: string;
  groupCode?: string | null;
  sortOrder?: number;
  styleColor?: string | null;
}

export type DepartmentRepository = ReturnType<typeof createDepartmentRepository>;

export function createDepartmentRepository(db: Kysely<DB>) {
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
          style_color: department.styleColor ?? null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
