import type { Kysely } from 'kysely';
import type { CompanyRow, DB } from '../../db/schema.js';

export interface NewCompany {
  name: string;
  domain?: string | null;
  logo?: string | null;
}

export type CompanyRepository = ReturnType<typeof createCompanyRepository>;

export function createCompanyRepository(db: Kysely<DB>) {
  return {
    async insertCompany(company: NewCompany, now: number): Promise<number> {
      const row = await db
        .insertInto('companies')
        .values({ name: company.name, domain: company.domain ?? null, logo: company.logo ?? null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    findCompany(companyId: number): Promise<CompanyRow | undefined> {
      return db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirst();
    },

    /** Whether the installation has any company yet (the demo seed runs only on an empty one). */
    async hasAnyCompany(): Promise<boolean> {
      const row = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
      return row !== undefined;
    },
  };
}
