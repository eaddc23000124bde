import type { Kysely } from 'kysely';
import { LdapMapping, type MessageKey } from '@atrium/contract';
import type { DB } from '../../db/schema.js';

/** A skipped entry as stored: the reason as a message key, translated for each reader. */
export interface StoredSkip {
  entry: string;
  key: MessageKey;
  params: Record<string, string | number>;
}

/** A sync's report as stored. */
export interface StoredReport {
  departmentsCreated: number;
  usersCreated: number;
  usersUpdated: number;
  skipped: StoredSkip[];
}

/** A company's stored setting, bind password included: for the service only, never presented as is. */
export interface StoredDirectorySyncSetting {
  companyId: number;
  isEnabled: boolean;
  url: string;
  bindDn: string;
  bindPassword: string;
  baseDn: string;
  userFilter: string;
  mapping: LdapMapping;
  caCertificate: string;
  lastSyncAt: number | null;
  lastReport: StoredReport | null;
  updatedAt: number;
}

export type DirectorySyncRepository = ReturnType<typeof createDirectorySyncRepository>;

/** Reads stored JSON of the mapping; unknown or missing fields take the defaults. */
function mappingOf(json: string): LdapMapping {
  try {
    return LdapMapping.parse(JSON.parse(json));
  } catch {
    return LdapMapping.parse({});
  }
}

export function createDirectorySyncRepository(db: Kysely<DB>) {
  return {
    async findSetting(companyId: number): Promise<StoredDirectorySyncSetting | undefined> {
      const row = await db.selectFrom('directory_sync_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();
      if (!row) return undefined;
      return {
        companyId: row.company_id,
        isEnabled: row.is_enabled === 1,
        url: row.url,
        bindDn: row.bind_dn,
        bindPassword: row.bind_password,
        baseDn: row.base_dn,
        userFilter: row.user_filter,
        mapping: mappingOf(row.mapping),
        caCertificate: row.ca_certificate,
        lastSyncAt: row.last_sync_at === null ? null : Number(row.last_sync_at),
        lastReport: row.last_report === null ? null : (JSON.parse(row.last_report) as StoredReport),
        updatedAt: Number(row.updated_at),
      };
    },

    async saveSetting(setting: Omit<StoredDirectorySyncSetting, 'lastSyncAt' | 'lastReport'>): Promise<void> {
      const values = {
        is_enabled: setting.isEnabled ? (1 as const) : (0 as const),
        url: setting.url,
        bind_dn: setting.bindDn,
        bind_password: setting.bindPassword,
        base_dn: setting.baseDn,
        user_filter: setting.userFilter,
        mapping: JSON.stringify(setting.mapping),
        ca_certificate: setting.caCertificate,
        updated_at: setting.updatedAt,
      };
      await db
        .insertInto('directory_sync_settings')
        .values({ company_id: setting.companyId, ...values })
        .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
        .execute();
    },

    async saveLastSync(companyId: number, at: number, report: StoredReport): Promise<void> {
      await db
        .updateTable('directory_sync_settings')
        .set({ last_sync_at: at, last_report: JSON.stringify(report) })
        .where('company_id', '=', companyId)
        .execute();
    },

    /** The company's users as a sync matches them: by user name or e-mail. */
    async listUserKeys(companyId: number): Promise<Array<{ id: number; userName: string; email: string | null }>> {
      const rows = await db.selectFrom('users').select(['id', 'user_name', 'email']).where('company_id', '=', companyId).execute();
      return rows.map((row) => ({ id: row.id, userName: row.user_name, email: row.email }));
    },
  };
}
