import {
  ReturnCode,
  LDAP_DEFAULT_FILTER,
  LdapMapping,
  formatMessage,
  renderMessage,
  type DirectorySyncCheckBody,
  type DirectorySyncCheckResult,
  type DirectorySyncReport,
  type DirectorySyncSetting,
  type Lang,
  type RoleMapping,
  type UpdateDirectorySyncSettingBody,
} from '@atrium/contract';
import { X509Certificate } from 'node:crypto';
import { HOUR_MS, MINUTE_MS, type Clock } from '../../platform/clock.js';
import { AppError, notFound, refused } from '../../platform/errors.js';
import type { Leases } from '../../platform/leases.js';
import type { DirectoryService } from '../directory/directory.service.js';
import type { GroupService } from '../department/department.service.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { DirectorySyncRepository, StoredDirectorySyncSetting, StoredReport } from './directory-sync.repository.js';
import { LdapBindRefused, type LdapConnection, type LdapEntry } from './ldap-client.js';
import { createLdapSource, readLdapEntries } from './ldap-source.js';
import { runDirectorySync } from './sync-runner.js';

export interface DirectorySyncServiceDeps {
  repository: DirectorySyncRepository;
  directory: DirectoryService;
  groups: GroupService;
  operationLog: OperationLog;
  leases: Leases;
  clock: Clock;
}

export type DirectorySyncService = ReturnType<typeof createDirectorySyncService>;

/**
 * How long a company's sync lease lasts: two syncs at once would create the same department twice.
 * Released when the sync ends; a crashed process's lease frees itself after this long.
 */
export const SYNC_LEASE_MS = 15 * MINUTE_MS;
export const syncLeaseName = (companyId: number) => `directory-sync:${companyId}`;

const syncRunning = () => new AppError(ReturnCode.CONFLICT, 'ldapSyncRunning');

interface Connection extends LdapConnection {
  baseDn: string;
  userFilter: string;
  mapping: LdapMapping;
}

const isComplete = (c: Omit<Connection, 'mapping' | 'userFilter' | 'caCertificate'>) => Boolean(c.url && c.bindDn && c.bindPassword && c.baseDn);

/** Every certificate of a PEM bundle must parse: a typo is caught at saving, not at the next sync. */
function assertCertificates(pem: string): void {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  for (const block of blocks) {
    try {
      new X509Certificate(block);
    } catch {
      throw refused('ldapBadCaCertificate');
    }
  }
  if (pem !== '' && blocks.length === 0) throw refused('ldapBadCaCertificate');
}

/** The LDAP failure as an error the caller reads. */
function ldapError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof LdapBindRefused) return refused('ldapBindRefused');
  const reason = error instanceof Error && error.message ? error.message : String(error);
  return refused('ldapFailed', { reason: reason.slice(0, 300) });
}

/** Reads the entries the filter finds, as LDAP failures the caller reads. */
async function readEntries(connection: Connection): Promise<LdapEntry[]> {
  try {
    return await readLdapEntries(connection);
  } catch (error) {
    throw ldapError(error);
  }
}

/**
 * Directory sync (spec 000 section 7, `GET /ad/synGroupAndUser`): reads users from the company's
 * LDAP server or Active Directory and creates or updates departments and users to match. Users are
 * created through the directory, under its rules; nobody is ever deleted by a sync.
 */
/** A stored report in the reader's language. */
function translate(report: StoredReport, lang: Lang): DirectorySyncReport {
  return { ...report, skipped: report.skipped.map(({ entry, key, params }) => ({ entry, reason: renderMessage(key, lang, params) })) };
}

/**
 * When a scheduled sync is next due: the schedule's hours after the last attempt; a sync already
 * overdue when the setting was saved is due from that moment (the scheduler takes it within a minute).
 */
function nextSyncAt(setting: StoredDirectorySyncSetting | undefined): number | null {
  if (!setting?.isEnabled || !setting.scheduleHours) return null;
  if (setting.lastAttemptAt === null) return setting.updatedAt;
  return Math.max(setting.lastAttemptAt + setting.scheduleHours * HOUR_MS, setting.updatedAt);
}

export function createDirectorySyncService({ repository, directory, groups, operationLog, leases, clock }: DirectorySyncServiceDeps) {
  const runner = { repository, directory, groups, clock };

  function present(setting: StoredDirectorySyncSetting | undefined, lang: Lang): DirectorySyncSetting {
    return {
      isEnabled: setting?.isEnabled ?? false,
      url: setting?.url ?? '',
      bindDn: setting?.bindDn ?? '',
      hasPassword: Boolean(setting?.bindPassword),
      baseDn: setting?.baseDn ?? '',
      userFilter: setting?.userFilter ?? LDAP_DEFAULT_FILTER,
      mapping: setting?.mapping ?? LdapMapping.parse({}),
      roleMapping: setting?.roleMapping ?? [],
      caCertificate: setting?.caCertificate ?? '',
      scheduleHours: setting?.scheduleHours ?? 0,
      nextSyncAt: nextSyncAt(setting),
      lastSyncAt: setting?.lastSyncAt ?? null,
      lastReport: setting?.lastReport ? translate(setting.lastReport, lang) : null,
      updatedAt: setting?.updatedAt ?? null,
    };
  }

  /** Every rule's role must be one of the company's: another company's role is as unknown as a missing one. */
  async function assertRoles(companyId: number, roleMapping: RoleMapping): Promise<void> {
    const roleIds = await repository.listRoleIds(companyId);
    if (roleMapping.some((rule) => !roleIds.has(rule.roleId))) throw notFound();
  }

  /** Who a scheduled sync of the company runs as: an active user who may run a sync by hand. */
  async function scheduledActor(companyId: number): Promise<Actor | undefined> {
    const setting = await repository.findSetting(companyId);
    for (const userId of [setting?.updatedBy ?? null, await repository.findOwnerId(companyId)]) {
      if (userId === null) continue;
      const user = await repository.findActiveUser(companyId, userId);
      const permissions = new Set(user?.permissions ?? []);
      if (user && permissions.has('accountGlobal:edit')) return { companyId, userId: user.id, ip: null, permissions };
    }
    return undefined;
  }

  return {
    async getSetting(companyId: number, lang: Lang): Promise<DirectorySyncSetting> {
      return present(await repository.findSetting(companyId), lang);
    },

    /** Saves the setting; an empty password keeps the stored one. Turning it on needs every connection field. */
    async updateSetting(actor: Actor, body: UpdateDirectorySyncSettingBody, lang: Lang): Promise<DirectorySyncSetting> {
      return operationLog.track(
        actor,
        { action: 'directorySync.updateSetting', targetType: 'company', targetId: actor.companyId, detail: { isEnabled: body.isEnabled, scheduleHours: body.scheduleHours, url: body.url, bindDn: body.bindDn, baseDn: body.baseDn, userFilter: body.userFilter, mapping: body.mapping, roleMapping: body.roleMapping, passwordChanged: Boolean(body.bindPassword), hasCaCertificate: body.caCertificate !== '' } },
        async () => {
          const stored = await repository.findSetting(actor.companyId);
          const bindPassword = body.bindPassword ? body.bindPassword : (stored?.bindPassword ?? '');
          assertCertificates(body.caCertificate);
          await assertRoles(actor.companyId, body.roleMapping);
          const next = { companyId: actor.companyId, isEnabled: body.isEnabled, url: body.url, bindDn: body.bindDn, bindPassword, baseDn: body.baseDn, userFilter: body.userFilter, mapping: body.mapping, roleMapping: body.roleMapping, caCertificate: body.caCertificate, scheduleHours: body.scheduleHours, updatedBy: actor.userId, updatedAt: clock.now() };
          if (next.isEnabled && !isComplete(next)) throw refused('ldapIncomplete');
          await repository.saveSetting(next);
          return present(await repository.findSetting(actor.companyId), lang);
        },
      );
    },

    /** Binds with the form's values and counts the entries the filter finds; 200 either way. */
    async check(companyId: number, body: DirectorySyncCheckBody, lang: Lang): Promise<DirectorySyncCheckResult> {
      const stored = await repository.findSetting(companyId);
      const connection: Connection = { ...body, bindPassword: body.bindPassword ? body.bindPassword : (stored?.bindPassword ?? '') };
      if (!isComplete(connection)) return { ok: false, entries: null, error: formatMessage('ldapIncomplete', lang) };
      try {
        assertCertificates(connection.caCertificate);
        const entries = await readEntries(connection);
        return { ok: true, entries: entries.length, error: null };
      } catch (error) {
        const appError = ldapError(error);
        return { ok: false, entries: null, error: renderMessage(appError.messageKey, lang, appError.params) };
      }
    },

    /**
     * Runs a sync with the saved setting and keeps its report as the last one. One sync per company at
     * a time, across processes (409 while another runs).
     */
    async sync(actor: Actor, lang: Lang): Promise<DirectorySyncReport> {
      const setting = await repository.findSetting(actor.companyId);
      const run = await leases.withLease(syncLeaseName(actor.companyId), SYNC_LEASE_MS, () => operationLog.track(
        actor,
        (report: StoredReport | undefined) => ({
          action: 'directorySync.run',
          targetType: 'company',
          targetId: actor.companyId,
          detail: report ? { departmentsCreated: report.departmentsCreated, usersCreated: report.usersCreated, usersUpdated: report.usersUpdated, skipped: report.skipped.length } : null,
        }),
        async () => {
          if (!setting?.isEnabled) throw refused('ldapDisabled');
          if (!isComplete(setting)) throw refused('ldapIncomplete');
          await repository.saveAttempt(actor.companyId, clock.now());
          const source = createLdapSource(setting);
          const report = await runDirectorySync(runner, actor, { issuer: null, read: () => source.read().catch((error: unknown) => Promise.reject(ldapError(error))) }, setting.roleMapping);
          await repository.saveLastSync(actor.companyId, clock.now(), report);
          return report;
        },
      ));
      if (!run.ran) throw syncRunning();
      return translate(run.result, lang);
    },

    /**
     * The scheduled job: syncs every company whose schedule is due, one after the other, in the name
     * of the administrator who last saved the setting (the owner when that person can no longer run
     * it). A failed sync is recorded like one run by hand and retried after the schedule's hours.
     */
    async runScheduled(): Promise<{ synced: number[]; failed: number[] }> {
      const outcome = { synced: [] as number[], failed: [] as number[] };
      for (const companyId of await repository.listDue(clock.now())) {
        const actor = await scheduledActor(companyId);
        if (!actor) {
          // Nobody may run it any more: wait for the next period rather than trying every minute.
          await repository.saveAttempt(companyId, clock.now());
          outcome.failed.push(companyId);
          continue;
        }
        try {
          await this.sync(actor, 'en-US');
          outcome.synced.push(companyId);
        } catch {
          outcome.failed.push(companyId);
        }
      }
      return outcome;
    },
  };
}
