import type { Kysely } from 'kysely';
import { DEFAULT_PASSWORD_POLICY, PasswordPolicy } from '@atrium/contract';
import { prepareQuery } from '../../db/prepared.js';
import type { DB } from '../../db/schema.js';

const StoredPasswordPolicy = PasswordPolicy.partial();

/** Keys of company settings rows. */
export const SETTING_KEYS = { passwordPolicy: 'passwordPolicy', safetyPassword: 'safetyPassword' } as const;

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;

export function createSettingsRepository(db: Kysely<DB>) {
  // Read on every current-user request (the password policy): compiled once (db/prepared.ts).
  const selectSetting = prepareQuery(db, (companyId: number, key: string) =>
    db.selectFrom('settings').select('value').where('company_id', '=', companyId).where('key', '=', key),
  );

  async function findSetting(companyId: number, key: string): Promise<unknown> {
    const [row] = await selectSetting(companyId, key);
    if (!row) return undefined;
    try {
      return JSON.parse(row.value) as unknown;
    } catch {
      return undefined;
    }
  }

  return {
    findSetting,

    async putSetting(companyId: number, key: string, value: unknown, now: number): Promise<void> {
      const json = JSON.stringify(value);
      await db
        .insertInto('settings')
        .values({ company_id: companyId, key, value: json, updated_at: now })
        .onConflict((conflict) => conflict.columns(['company_id', 'key']).doUpdateSet({ value: json, updated_at: now }))
        .execute();
    },

    /**
     * The company's password policy: stored fields over the contract default; an unreadable row
     * counts as absent, so a bad row never locks everyone out.
     */
    async getPasswordPolicy(companyId: number): Promise<PasswordPolicy> {
      const stored = StoredPasswordPolicy.safeParse(await findSetting(companyId, SETTING_KEYS.passwordPolicy));
      return { ...DEFAULT_PASSWORD_POLICY, ...(stored.success ? stored.data : {}) };
    },

    /** When the setting was last written, or null when it was never set. */
    async findSettingUpdatedAt(companyId: number, key: string): Promise<number | null> {
      const row = await db
        .selectFrom('settings')
        .select('updated_at')
        .where('company_id', '=', companyId)
        .where('key', '=', key)
        .executeTakeFirst();
      return row ? Number(row.updated_at) : null;
    },

    /** Times of a user's wrong safety passwords since `since`, newest first. */
    async listSafetyFailureTimes(companyId: number, userId: number, since: number, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('safety_password_failures')
        .select('at')
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .where('at', '>', since)
        .orderBy('at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => Number(row.at));
    },

    /** Records a wrong safety password and drops the user's failures older than `before`. */
    async recordSafetyFailure(companyId: number, userId: number, at: number, before: number): Promise<void> {
      await db
        .deleteFrom('safety_password_failures')
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .where('at', '<=', before)
        .execute();
      await db.insertInto('safety_password_failures').values({ company_id: companyId, user_id: userId, at }).execute();
    },

    async clearSafetyFailures(companyId: number, userId: number): Promise<void> {
      await db.deleteFrom('safety_password_failures').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
    },
  };
}
