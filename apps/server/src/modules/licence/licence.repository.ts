import type { Kysely } from 'kysely';
import { LICENSED_MODULES, type LicensedModule } from '@atrium/contract';
import type { DB } from '../../db/schema.js';

export type LicenceRepository = ReturnType<typeof createLicenceRepository>;

/** A licence row as stored (company_licences, migration 0073). */
export interface LicenceRow {
  id: number;
  serial: string;
  number: string;
  licensee: string;
  isTrial: boolean;
  token: string | null;
  keyId: string | null;
  modules: LicensedModule[];
  seats: number | null;
  validUntil: number;
  installedAt: number;
}

/** What installing writes: a signed licence, or (the demo seed only) a trial without a token. */
export type NewLicence = Omit<LicenceRow, 'id'> & { installedBy: number | null };

const parseModules = (json: string): LicensedModule[] => {
  const list: unknown = JSON.parse(json);
  return Array.isArray(list) ? LICENSED_MODULES.filter((module) => list.includes(module)) : [];
};

/** The licences of a company; every statement names the company. */
export function createLicenceRepository(db: Kysely<DB>) {
  return {
    async listLicences(companyId: number): Promise<LicenceRow[]> {
      const rows = await db.selectFrom('company_licences').selectAll().where('company_id', '=', companyId).orderBy('valid_until', 'desc').orderBy('id', 'desc').execute();
      return rows.map((row) => ({
        id: row.id,
        serial: row.serial,
        number: row.number,
        licensee: row.licensee,
        isTrial: row.is_trial === 1,
        token: row.token,
        keyId: row.key_id,
        modules: parseModules(row.modules),
        seats: row.seats,
        validUntil: Number(row.valid_until),
        installedAt: Number(row.installed_at),
      }));
    },

    /** Installs a licence; one with the same serial in the company is replaced. */
    async saveLicence(companyId: number, licence: NewLicence): Promise<void> {
      const values = {
        number: licence.number,
        licensee: licence.licensee,
        is_trial: licence.isTrial ? (1 as const) : (0 as const),
        token: licence.token,
        key_id: licence.keyId,
        modules: JSON.stringify(licence.modules),
        seats: licence.seats,
        valid_until: licence.validUntil,
        installed_at: licence.installedAt,
        installed_by: licence.installedBy,
      };
      await db
        .insertInto('company_licences')
        .values({ company_id: companyId, serial: licence.serial, ...values })
        .onConflict((conflict) => conflict.columns(['company_id', 'serial']).doUpdateSet(values))
        .execute();
    },

    /** The company's active users, counted against seats. */
    async countActiveUsers(companyId: number): Promise<number> {
      const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).where('company_id', '=', companyId).where('is_active', '=', 1).executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The company's code (its domain), which a licence must name. */
    async findCompanyCode(companyId: number): Promise<string | null> {
      const row = await db.selectFrom('companies').select('domain').where('id', '=', companyId).executeTakeFirst();
      return row?.domain ?? null;
    },
  };
}
