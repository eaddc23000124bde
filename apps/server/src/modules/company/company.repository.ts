import type { Kysely } from 'kysely';
import type { CompanyRow, CompanyTable, DB } from '../../db/schema.js';

/** The company fields an administrator changes (spec 000 section 3, Company info). */
export type CompanyChanges = Partial<
  Pick<
    CompanyTable,
    'name' | 'domain' | 'logo' | 'address' | 'postal_code' | 'country' | 'industry' | 'size_band' | 'billing_email' | 'support_email' | 'emergency_email'
  >
>;

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

    /** Whether another company already uses `domain` (domains are unique across the installation). */
    async isDomainTaken(domain: string, exceptCompanyId: number): Promise<boolean> {
      const row = await db
        .selectFrom('companies')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['domain']), '=', domain.toLowerCase()))
        .where('id', '!=', exceptCompanyId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async updateCompany(companyId: number, changes: CompanyChanges, now: number): Promise<void> {
      await db
        .updateTable('companies')
        .set({ ...changes, updated_at: now })
        .where('id', '=', companyId)
        .execute();
    },

    /** Makes `userId` the company's owner (registration, the demo seed, ownership transfer). */
    async setOwner(companyId: number, userId: number): Promise<void> {
      await db.updateTable('companies').set({ owner_user_id: userId }).where('id', '=', companyId).execute();
    },

    /** Whether the installation has any company yet (the demo seed runs only on an empty one). */
    async hasAnyCompany(): Promise<boolean> {
      const row = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
      return row !== undefined;
    },
  };
}
