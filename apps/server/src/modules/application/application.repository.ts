import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export type ApplicationRepository = ReturnType<typeof createApplicationRepository>;

/** The applications a company switched off (company_applications), always within one company. */
export function createApplicationRepository(db: Kysely<DB>) {
  return {
    /** Keys of the company's switched-off applications. */
    async listSwitchedOff(companyId: number): Promise<string[]> {
      const rows = await db.selectFrom('company_applications').select('app_key').where('company_id', '=', companyId).where('is_enabled', '=', 0).execute();
      return rows.map((row) => row.app_key);
    },

    async setEnabled(companyId: number, key: string, isEnabled: boolean, now: number): Promise<void> {
      const flag = isEnabled ? 1 : 0;
      await db
        .insertInto('company_applications')
        .values({ company_id: companyId, app_key: key, is_enabled: flag, updated_at: now })
        .onConflict((conflict) => conflict.columns(['company_id', 'app_key']).doUpdateSet({ is_enabled: flag, updated_at: now }))
        .execute();
    },
  };
}
