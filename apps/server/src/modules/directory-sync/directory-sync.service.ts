import {
  CreateGroupBody,
  ReturnCode,
  CreateUserBody,
  LDAP_DEFAULT_FILTER,
  LDAP_FALLBACK_USER_NAME,
  LdapMapping,
  UserEmail,
  UserName,
  formatMessage,
  isAcceptableText,
  renderMessage,
  truncateText,
  type DirectorySyncCheckBody,
  type DirectorySyncCheckResult,
  type DirectorySyncReport,
  type DirectorySyncSetting,
  type Lang,
  type MessageKey,
  type MessageParamsArg,
  type UpdateDirectorySyncSettingBody,
} from '@atrium/contract';
import { X509Certificate } from 'node:crypto';
import { HOUR_MS, MINUTE_MS, type Clock } from '../../platform/clock.js';
import { AppError, refused } from '../../platform/errors.js';
import type { Leases } from '../../platform/leases.js';
import type { DirectoryService } from '../directory/directory.service.js';
import type { GroupService } from '../department/department.service.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { DirectorySyncRepository, StoredDirectorySyncSetting, StoredReport, StoredSkip } from './directory-sync.repository.js';
import { LdapBindRefused, searchLdap, type LdapConnection, type LdapEntry } from './ldap-client.js';

export interface DirectorySyncServiceDeps {
  repository: DirectorySyncRepository;
  directory: DirectoryService;
  groups: GroupService;
  operationLog: OperationLog;
  leases: Leases;
  clock: Clock;
}

export type DirectorySyncService = ReturnType<typeof createDirectorySyncService>;

/** Most entries one sync reads. */
export const LDAP_MAX_ENTRIES = 10_000;

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

/** Reads the entries the filter finds, with the mapped attributes (and the user-name fallback). */
async function readEntries(connection: Connection): Promise<LdapEntry[]> {
  const { mapping } = connection;
  const attributes = [...new Set([mapping.userName, LDAP_FALLBACK_USER_NAME, mapping.email, mapping.firstName, mapping.lastName, mapping.department])];
  let entries: LdapEntry[];
  try {
    entries = await searchLdap(connection, connection.baseDn, connection.userFilter, attributes);
  } catch (error) {
    throw ldapError(error);
  }
  if (entries.length > LDAP_MAX_ENTRIES) throw refused('ldapTooManyEntries', { max: LDAP_MAX_ENTRIES });
  return entries;
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

type Reason = Omit<StoredSkip, 'entry'>;
/** A skipped entry's reason; the compiler checks the message's parameters. */
function because<K extends MessageKey>(key: K, ...params: MessageParamsArg<K>): { reason: Reason };
/** The reason a directory refusal gave, as it came. */
function because(error: AppError): { reason: Reason };
function because(keyOrError: MessageKey | AppError, params: Readonly<Record<string, string | number>> = {}): { reason: Reason } {
  return { reason: typeof keyOrError === 'string' ? { key: keyOrError, params: { ...params } } : { key: keyOrError.messageKey, params: { ...keyOrError.params } } };
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
  function present(setting: StoredDirectorySyncSetting | undefined, lang: Lang): DirectorySyncSetting {
    return {
      isEnabled: setting?.isEnabled ?? false,
      url: setting?.url ?? '',
      bindDn: setting?.bindDn ?? '',
      hasPassword: Boolean(setting?.bindPassword),
      baseDn: setting?.baseDn ?? '',
      userFilter: setting?.userFilter ?? LDAP_DEFAULT_FILTER,
      mapping: setting?.mapping ?? LdapMapping.parse({}),
      caCertificate: setting?.caCertificate ?? '',
      scheduleHours: setting?.scheduleHours ?? 0,
      nextSyncAt: nextSyncAt(setting),
      lastSyncAt: setting?.lastSyncAt ?? null,
      lastReport: setting?.lastReport ? translate(setting.lastReport, lang) : null,
      updatedAt: setting?.updatedAt ?? null,
    };
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

  /** One entry's changes; answers what happened, or the reason it was skipped. */
  async function syncEntry(
    actor: Actor,
    entry: LdapEntry,
    context: {
      mapping: LdapMapping;
      users: Array<{ id: number; userName: string; email: string | null }>;
      departmentId: (name: string) => Promise<number>;
      seen: Set<string>;
    },
  ): Promise<'created' | 'updated' | 'unchanged' | { reason: Reason }> {
    const { mapping } = context;
    const first = (attribute: string) => entry.attributes.get(attribute.toLowerCase())?.find((value) => value.trim() !== '')?.trim();
    // The API's text rule (contract text-rules.ts) for what the directory holds: such an entry is skipped, naming the attribute.
    for (const attribute of [mapping.userName, LDAP_FALLBACK_USER_NAME, mapping.email, mapping.firstName, mapping.lastName, mapping.department]) {
      const value = first(attribute);
      if (value !== undefined && !isAcceptableText(value)) return because('ldapSkipBadText', { attribute });
    }
    const rawUserName = first(mapping.userName) ?? first(LDAP_FALLBACK_USER_NAME);
    if (!rawUserName) return because('ldapSkipNoUserName', { attribute: mapping.userName });
    const userName = UserName.safeParse(rawUserName);
    if (!userName.success) return because('ldapSkipBadUserName', { value: rawUserName });
    const rawEmail = first(mapping.email);
    const email = rawEmail === undefined ? undefined : UserEmail.safeParse(rawEmail);
    if (email && !email.success) return because('ldapSkipBadEmail', { value: rawEmail! });
    for (const key of [userName.data, email?.data].filter((value): value is string => Boolean(value)).map((value) => value.toLowerCase())) {
      if (context.seen.has(key)) return because('ldapSkipDuplicate', { value: key });
      context.seen.add(key);
    }
    const firstName = truncateText(first(mapping.firstName) ?? userName.data, 64);
    const lastName = truncateText(first(mapping.lastName) ?? '-', 64);
    const departmentName = first(mapping.department);

    const lowerName = userName.data.toLowerCase();
    const lowerEmail = email?.data.toLowerCase();
    const match =
      context.users.find((user) => user.userName.toLowerCase() === lowerName) ??
      (lowerEmail ? context.users.find((user) => user.email?.toLowerCase() === lowerEmail) : undefined);
    try {
      const departmentId = departmentName ? await context.departmentId(departmentName) : undefined;
      if (!match) {
        if (!email) return because('ldapSkipNoEmail', { attribute: mapping.email });
        const body = CreateUserBody.parse({ userName: userName.data, email: email.data, firstName, lastName, departmentId: departmentId ?? null });
        const created = await directory.createUser(actor, body);
        context.users.push({ id: created.id, userName: created.userName, email: created.email });
        return 'created';
      }
      const current = await directory.getUser(actor.companyId, match.id);
      const nextDepartmentId = departmentId ?? current.department?.id ?? null;
      if (current.firstName === firstName && current.lastName === lastName && (current.department?.id ?? null) === nextDepartmentId) return 'unchanged';
      // Name and department only: role, status, password and the rest stay as the console set them.
      await directory.updateUser(actor, {
        id: current.id,
        firstName,
        lastName,
        usercode: current.usercode,
        phone: current.phone,
        gender: current.gender,
        departmentId: nextDepartmentId,
        roleId: current.role.id,
        locationId: current.location?.id ?? null,
        status: current.status,
      });
      return 'updated';
    } catch (error) {
      if (error instanceof AppError) return because(error);
      throw error;
    }
  }

  return {
    async getSetting(companyId: number, lang: Lang): Promise<DirectorySyncSetting> {
      return present(await repository.findSetting(companyId), lang);
    },

    /** Saves the setting; an empty password keeps the stored one. Turning it on needs every connection field. */
    async updateSetting(actor: Actor, body: UpdateDirectorySyncSettingBody, lang: Lang): Promise<DirectorySyncSetting> {
      return operationLog.track(
        actor,
        { action: 'directorySync.updateSetting', targetType: 'company', targetId: actor.companyId, detail: { isEnabled: body.isEnabled, scheduleHours: body.scheduleHours, url: body.url, bindDn: body.bindDn, baseDn: body.baseDn, userFilter: body.userFilter, mapping: body.mapping, passwordChanged: Boolean(body.bindPassword), hasCaCertificate: body.caCertificate !== '' } },
        async () => {
          const stored = await repository.findSetting(actor.companyId);
          const bindPassword = body.bindPassword ? body.bindPassword : (stored?.bindPassword ?? '');
          assertCertificates(body.caCertificate);
          const next = { companyId: actor.companyId, isEnabled: body.isEnabled, url: body.url, bindDn: body.bindDn, bindPassword, baseDn: body.baseDn, userFilter: body.userFilter, mapping: body.mapping, caCertificate: body.caCertificate, scheduleHours: body.scheduleHours, updatedBy: actor.userId, updatedAt: clock.now() };
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
          const entries = await readEntries(setting);
          const report: StoredReport = { departmentsCreated: 0, usersCreated: 0, usersUpdated: 0, skipped: [] };
          const departments = (await directory.options(actor.companyId)).departments.map(({ id, name }) => ({ id, name }));
          const departmentId = async (name: string) => {
            const found = departments.find((department) => department.name.toLowerCase() === name.toLowerCase());
            if (found) return found.id;
            const { id } = await groups.create(actor, CreateGroupBody.parse({ name }));
            departments.push({ id, name });
            report.departmentsCreated += 1;
            return id;
          };
          const context = { mapping: setting.mapping, users: await repository.listUserKeys(actor.companyId), departmentId, seen: new Set<string>() };
          for (const entry of entries) {
            const outcome = await syncEntry(actor, entry, context);
            if (outcome === 'created') report.usersCreated += 1;
            else if (outcome === 'updated') report.usersUpdated += 1;
            else if (outcome !== 'unchanged') report.skipped.push({ entry: entry.dn, ...outcome.reason });
          }
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
