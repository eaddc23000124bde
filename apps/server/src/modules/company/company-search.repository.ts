import type { Kysely } from 'kysely';
import type { CompanySearchQuery, CompanySearchResult } from '@atrium/contract';
import { containsIgnoringCase, userMatches } from '../../db/like.js';
import type { DB } from '../../db/schema.js';

export type CompanySearchRepository = ReturnType<typeof createCompanySearchRepository>;

/** One keyword over the company's active people, departments and live locations, for pickers. */
export function createCompanySearchRepository(db: Kysely<DB>) {
  return {
    async search(companyId: number, { keyword, limit }: CompanySearchQuery): Promise<CompanySearchResult> {
      const [users, departments, locations] = await Promise.all([
        db
          .selectFrom('users as u')
          .leftJoin('departments as d', (join) => join.onRef('d.id', '=', 'u.department_id').onRef('d.company_id', '=', 'u.company_id'))
          .select(['u.id', 'u.full_name', 'u.email', 'd.name as department_name'])
          .where('u.company_id', '=', companyId)
          .where('u.is_active', '=', 1)
          .where(userMatches(keyword))
          .orderBy('u.full_name')
          .orderBy('u.id')
          .limit(limit)
          .execute(),
        db
          .selectFrom('departments')
          .select(['id', 'name'])
          .where('company_id', '=', companyId)
          .where(containsIgnoringCase('name', keyword))
          .orderBy('name')
          .orderBy('id')
          .limit(limit)
          .execute(),
        db
          .selectFrom('locations')
          .select(['id', 'name', 'level'])
          .where('company_id', '=', companyId)
          .where('deleted_at', 'is', null)
          .where(containsIgnoringCase('name', keyword))
          .orderBy('level')
          .orderBy('name')
          .orderBy('id')
          .limit(limit)
          .execute(),
      ]);
      return {
        users: users.map((row) => ({ id: row.id, fullName: row.full_name, email: row.email, departmentName: row.department_name })),
        departments,
        locations,
      };
    },
  };
}
