import type { Kysely } from 'kysely';
import { LdapMapping, type MessageKey, type Permission } from '@atrium/contract';
import { parsePermissions } from '../role/role.repository.js';
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
  scheduleHours: number;
  updatedBy: number | null;
  lastAttemptAt: number | null;
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
        scheduleHours: row.schedule_hours,
        updatedBy: row.updated_by,
        lastAttemptAt: row.last_attempt_at === null ? null : Number(row.last_attempt_at),
        lastSyncAt: row.last_sync_at === null ? null : Number(row.last_sync_at),
        lastReport: row.last_report === null ? null : (JSON.parse(row.last_report) as StoredReport),
        updatedAt: Number(row.updated_at),
      };
    },

    async saveSetting(setting: Omit<StoredDirectorySyncSetting, 'lastSyncAt' | 'lastReport' | 'lastAttemptAt'>): Promise<void> {
      const values = {
        is_enabled: setting.isEnabled ? (1 as const) : (0 as const),
        url: setting.url,
        bind_dn: setting.bindDn,
        bind_password: setting.bindPassword,
        base_dn: setting.baseDn,
        user_filter: setting.userFilter,
        mapping: JSON.stringify(setting.mapping),
        ca_certificate: setting.caCertificate,
        schedule_hours: setting.scheduleHours,
        updated_by: setting.updatedBy,
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

    async saveAttempt(companyId: number, at: number): Promise<void> {
      await db.updateTable('directory_sync_settings').set({ last_attempt_at: at }).where('company_id', '=', companyId).execute();
    },

    /**
     * Companies whose scheduled sync is due at `now`: on, scheduled, and never tried or last tried at
     * least the schedule's hours ago.
     */
    async listDue(now: number): Promise<number[]> {
      const rows = await db
        .selectFrom('directory_sync_settings')
        .select(['company_id', 'schedule_hours', 'last_attempt_at'])
        .where('is_enabled', '=', 1)
        .where('schedule_hours', '>', 0)
        .execute();
      return rows
        .filter((row) => row.last_attempt_at === null || Number(row.last_attempt_at) + row.schedule_hours * 3_600_000 <= now)
        .map((row) => row.company_id);
    },

    /** The active user a scheduled sync runs as, with their role's permissions now. */
    async findActiveUser(companyId: number, userId: number): Promise<{ id: number; permissions: readonly Permission[] } | undefined> {
      const row = await db
        .selectFrom('users as u')
        .innerJoin('roles as r', 'r.id', 'u.role_id')
        .select(['u.id', 'r.permissions'])
        .where('u.company_id', '=', companyId)
        .where('u.id', '=', userId)
        .where('u.is_active', '=', 1)
        .executeTakeFirst();
      return row ? { id: row.id, permissions: parsePermissions(row.permissions) } : undefined;
    },

    async findOwnerId(companyId: number): Promise<number | null> {
      const row = await db.selectFrom('companies').select('owner_user_id').where('id', '=', companyId).executeTakeFirst();
      return row?.owner_user_id ?? null;
    },

    /** The company's users as a sync matches them: by user name or e-mail. */
    async listUserKeys(companyId: number): Promise<Array<{ id: number; userName: string; email: string | null }>> {
      const rows = await db.selectFrom('users').select(['id', 'user_name', 'email']).where('company_id', '=', companyId).execute();
      return rows.map((row) => ({ id: row.id, userName: row.user_name, email: row.email }));
    },
  };
}
