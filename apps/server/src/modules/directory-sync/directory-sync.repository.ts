import type { Kysely } from 'kysely';
import { LdapMapping, RoleMapping, type MessageKey, type Permission, type WorkChatProvider } from '@atrium/contract';
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
  roleMapping: RoleMapping;
  caCertificate: string;
  scheduleHours: number;
  updatedBy: number | null;
  lastAttemptAt: number | null;
  lastSyncAt: number | null;
  lastReport: StoredReport | null;
  updatedAt: number;
}

/** A company's setting for one work-chat provider, secret included: for the services only. */
export interface StoredWorkChatSetting {
  companyId: number;
  provider: WorkChatProvider;
  isEnabled: boolean;
  isSignInEnabled: boolean;
  corpId: string;
  appKey: string;
  secret: string;
  baseUrl: string;
  roleMapping: RoleMapping;
  scheduleHours: number;
  updatedBy: number | null;
  lastAttemptAt: number | null;
  lastSyncAt: number | null;
  lastReport: StoredReport | null;
  lastError: string | null;
  updatedAt: number;
}

export type DirectorySyncRepository = ReturnType<typeof createDirectorySyncRepository>;

/** Reads stored JSON of a role mapping; anything unreadable is no rule. */
function roleMappingOf(json: string): RoleMapping {
  const parsed = RoleMapping.safeParse((() => {
    try {
      return JSON.parse(json);
    } catch {
      return [];
    }
  })());
  return parsed.success ? parsed.data : [];
}

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
        roleMapping: roleMappingOf(row.role_mapping),
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
        role_mapping: JSON.stringify(setting.roleMapping),
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

    /** The ids of the company's roles, to keep only rules whose role still exists. */
    async listRoleIds(companyId: number): Promise<Set<number>> {
      const rows = await db.selectFrom('roles').select('id').where('company_id', '=', companyId).execute();
      return new Set(rows.map((row) => row.id));
    },

    /** Subjects at `issuer` linked to users of the company. */
    async listLinks(companyId: number, issuer: string): Promise<Map<string, number>> {
      const rows = await db.selectFrom('external_identities').select(['subject', 'user_id']).where('company_id', '=', companyId).where('issuer', '=', issuer).execute();
      return new Map(rows.map((row) => [row.subject, row.user_id]));
    },

    /** Links the user to the subject at `issuer`: the directory is the authority on who holds which id. */
    async link(link: { companyId: number; userId: number; issuer: string; subject: string; email: string | null; linkedAt: number }): Promise<void> {
      await db
        .deleteFrom('external_identities')
        .where('company_id', '=', link.companyId)
        .where('issuer', '=', link.issuer)
        .where((eb) => eb.or([eb('user_id', '=', link.userId), eb('subject', '=', link.subject)]))
        .execute();
      await db
        .insertInto('external_identities')
        .values({ company_id: link.companyId, user_id: link.userId, issuer: link.issuer, subject: link.subject, email: link.email, linked_at: link.linkedAt })
        .execute();
    },

    async findWorkChatSetting(companyId: number, provider: WorkChatProvider): Promise<StoredWorkChatSetting | undefined> {
      const row = await db.selectFrom('work_chat_settings').selectAll().where('company_id', '=', companyId).where('provider', '=', provider).executeTakeFirst();
      if (!row) return undefined;
      return {
        companyId: row.company_id,
        provider,
        isEnabled: row.is_enabled === 1,
        isSignInEnabled: row.is_sign_in_enabled === 1,
        corpId: row.corp_id,
        appKey: row.app_key,
        secret: row.secret,
        baseUrl: row.base_url,
        roleMapping: roleMappingOf(row.role_mapping),
        scheduleHours: row.schedule_hours,
        updatedBy: row.updated_by,
        lastAttemptAt: row.last_attempt_at === null ? null : Number(row.last_attempt_at),
        lastSyncAt: row.last_sync_at === null ? null : Number(row.last_sync_at),
        lastReport: row.last_report === null ? null : (JSON.parse(row.last_report) as StoredReport),
        lastError: row.last_error,
        updatedAt: Number(row.updated_at),
      };
    },

    async saveWorkChatSetting(setting: Omit<StoredWorkChatSetting, 'lastAttemptAt' | 'lastSyncAt' | 'lastReport' | 'lastError'>): Promise<void> {
      const values = {
        is_enabled: setting.isEnabled ? (1 as const) : (0 as const),
        is_sign_in_enabled: setting.isSignInEnabled ? (1 as const) : (0 as const),
        corp_id: setting.corpId,
        app_key: setting.appKey,
        secret: setting.secret,
        base_url: setting.baseUrl,
        role_mapping: JSON.stringify(setting.roleMapping),
        schedule_hours: setting.scheduleHours,
        updated_by: setting.updatedBy,
        updated_at: setting.updatedAt,
      };
      await db
        .insertInto('work_chat_settings')
        .values({ company_id: setting.companyId, provider: setting.provider, ...values })
        .onConflict((oc) => oc.columns(['company_id', 'provider']).doUpdateSet(values))
        .execute();
    },

    async saveWorkChatSync(companyId: number, provider: WorkChatProvider, at: number, report: StoredReport): Promise<void> {
      await db
        .updateTable('work_chat_settings')
        .set({ last_sync_at: at, last_report: JSON.stringify(report), last_error: null })
        .where('company_id', '=', companyId)
        .where('provider', '=', provider)
        .execute();
    },

    /** A sync of the provider starts: the next scheduled one is due the schedule's hours later, whatever the outcome. */
    async saveWorkChatAttempt(companyId: number, provider: WorkChatProvider, at: number): Promise<void> {
      await db.updateTable('work_chat_settings').set({ last_attempt_at: at }).where('company_id', '=', companyId).where('provider', '=', provider).execute();
    },

    /** Why the provider's last sync failed; the last report stays. */
    async saveWorkChatFailure(companyId: number, provider: WorkChatProvider, error: string): Promise<void> {
      await db.updateTable('work_chat_settings').set({ last_error: error }).where('company_id', '=', companyId).where('provider', '=', provider).execute();
    },

    /**
     * Work-chat syncs due at `now`: on, scheduled, and never tried or last tried at least the schedule's
     * hours ago, in company order.
     */
    async listDueWorkChats(now: number): Promise<{ companyId: number; provider: WorkChatProvider }[]> {
      const rows = await db
        .selectFrom('work_chat_settings')
        .select(['company_id', 'provider', 'schedule_hours', 'last_attempt_at'])
        .where('is_enabled', '=', 1)
        .where('schedule_hours', '>', 0)
        .orderBy('company_id')
        .orderBy('provider')
        .execute();
      return rows
        .filter((row) => row.last_attempt_at === null || Number(row.last_attempt_at) + row.schedule_hours * 3_600_000 <= now)
        .map((row) => ({ companyId: row.company_id, provider: row.provider as WorkChatProvider }));
    },
  };
}
