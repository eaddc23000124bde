import { ReturnCode, renderMessage, type DirectorySyncReport, type Lang, type UpdateWorkChatSettingBody, type WorkChatProvider, type WorkChatSetting } from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import { AppError, notFound, refused } from '../../platform/errors.js';
import type { Leases } from '../../platform/leases.js';
import type { DirectoryService } from '../directory/directory.service.js';
import type { GroupService } from '../department/department.service.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { DirectorySyncRepository, StoredReport, StoredWorkChatSetting } from './directory-sync.repository.js';
import { SYNC_LEASE_MS, syncLeaseName } from './directory-sync.service.js';
import { runDirectorySync } from './sync-runner.js';
import { WorkChatError } from './work-chat-api.js';
import { createWorkChatSource } from './work-chat-sources.js';

export interface WorkChatServiceDeps {
  repository: DirectorySyncRepository;
  directory: DirectoryService;
  groups: GroupService;
  operationLog: OperationLog;
  leases: Leases;
  clock: Clock;
}

export type WorkChatService = ReturnType<typeof createWorkChatService>;

/** Every id the provider's calls need: WeCom corp id, Feishu app id, DingTalk app key; and the secret. */
export function isWorkChatComplete(setting: Pick<StoredWorkChatSetting, 'provider' | 'corpId' | 'appKey' | 'secret'>): boolean {
  const id = setting.provider === 'dingtalk' ? setting.appKey : setting.corpId;
  return Boolean(id && setting.secret);
}

/** WeCom's sign-in page also needs the app's agent id. */
export function canSignIn(setting: Pick<StoredWorkChatSetting, 'provider' | 'corpId' | 'appKey' | 'secret'>): boolean {
  return isWorkChatComplete(setting) && (setting.provider !== 'wecom' || Boolean(setting.appKey));
}

const HOUR_MS = 3_600_000;

/** When a provider's scheduled sync is next due, as LDAP's: the schedule's hours after the last attempt, or from the saving. */
function nextSyncAt(setting: StoredWorkChatSetting | undefined): number | null {
  if (!setting?.isEnabled || !setting.scheduleHours) return null;
  if (setting.lastAttemptAt === null) return setting.updatedAt;
  return Math.max(setting.lastAttemptAt + setting.scheduleHours * HOUR_MS, setting.updatedAt);
}

const translate = (report: StoredReport, lang: Lang): DirectorySyncReport => ({
  ...report,
  skipped: report.skipped.map(({ entry, key, params }) => ({ entry, reason: renderMessage(key, lang, params) })),
});

/**
 * Work-chat directories (decision 0024): each provider's setting, with its write-only secret, and
 * its sync, which reads the provider's directory and writes it through the one directory sync.
 */
export function createWorkChatService({ repository, directory, groups, operationLog, leases, clock }: WorkChatServiceDeps) {
  const runner = { repository, directory, groups, clock };

  function present(provider: WorkChatProvider, setting: StoredWorkChatSetting | undefined, lang: Lang): WorkChatSetting {
    return {
      provider,
      isEnabled: setting?.isEnabled ?? false,
      isSignInEnabled: setting?.isSignInEnabled ?? false,
      corpId: setting?.corpId ?? '',
      appKey: setting?.appKey ?? '',
      hasSecret: Boolean(setting?.secret),
      baseUrl: setting?.baseUrl ?? '',
      roleMapping: setting?.roleMapping ?? [],
      scheduleHours: setting?.scheduleHours ?? 0,
      nextSyncAt: nextSyncAt(setting),
      lastSyncAt: setting?.lastSyncAt ?? null,
      lastReport: setting?.lastReport ? translate(setting.lastReport, lang) : null,
      lastError: setting?.lastError ?? null,
      updatedAt: setting?.updatedAt ?? null,
    };
  }

  /** Who a provider's scheduled sync runs as: the administrator who last saved its setting, else the owner, if they may still sync. */
  async function scheduledActor(setting: StoredWorkChatSetting): Promise<Actor | undefined> {
    for (const userId of [setting.updatedBy, await repository.findOwnerId(setting.companyId)]) {
      if (userId === null) continue;
      const user = await repository.findActiveUser(setting.companyId, userId);
      const permissions = new Set(user?.permissions ?? []);
      if (user && permissions.has('accountGlobal:edit')) return { companyId: setting.companyId, userId: user.id, ip: null, permissions };
    }
    return undefined;
  }

  return {
    async getSetting(companyId: number, provider: WorkChatProvider, lang: Lang): Promise<WorkChatSetting> {
      return present(provider, await repository.findWorkChatSetting(companyId, provider), lang);
    },

    /** Saves a provider's setting; an empty secret keeps the stored one. Turning on sync or sign-in needs the ids and the secret. */
    async updateSetting(actor: Actor, body: UpdateWorkChatSettingBody, lang: Lang): Promise<WorkChatSetting> {
      const stored = await repository.findWorkChatSetting(actor.companyId, body.provider);
      const detail = {
        provider: body.provider,
        isEnabled: body.isEnabled,
        isSignInEnabled: body.isSignInEnabled,
        scheduleHours: body.scheduleHours,
        corpId: body.corpId,
        appKey: body.appKey,
        baseUrl: body.baseUrl,
        roleMapping: body.roleMapping,
        isSecretChanged: Boolean(body.secret) && body.secret !== stored?.secret,
      };
      return operationLog.track(actor, { action: 'directorySync.updateSetting', targetType: 'company', targetId: actor.companyId, detail }, async () => {
        const roleIds = await repository.listRoleIds(actor.companyId);
        // Another company's role is as unknown as a missing one.
        if (body.roleMapping.some((rule) => !roleIds.has(rule.roleId))) throw notFound();
        const next = {
          companyId: actor.companyId,
          provider: body.provider,
          isEnabled: body.isEnabled,
          isSignInEnabled: body.isSignInEnabled,
          corpId: body.corpId,
          appKey: body.appKey,
          secret: body.secret || stored?.secret || '',
          baseUrl: body.baseUrl,
          roleMapping: body.roleMapping,
          scheduleHours: body.scheduleHours,
          updatedBy: actor.userId,
          updatedAt: clock.now(),
        };
        if ((next.isEnabled || next.isSignInEnabled) && !isWorkChatComplete(next)) throw refused('workChatIncomplete');
        if (next.isSignInEnabled && !canSignIn(next)) throw refused('workChatIncomplete');
        await repository.saveWorkChatSetting(next);
        return present(body.provider, await repository.findWorkChatSetting(actor.companyId, body.provider), lang);
      });
    },

    /**
     * Syncs the company's directory at the provider now (`POST /company/sync-work-wechat`; a later
     * `/third-party/sync` calls this too). Holds the company's directory-sync lease, shared with
     * LDAP: 409 while another sync of the company runs.
     */
    async sync(actor: Actor, provider: WorkChatProvider, lang: Lang): Promise<DirectorySyncReport> {
      const setting = await repository.findWorkChatSetting(actor.companyId, provider);
      const run = await leases.withLease(syncLeaseName(actor.companyId), SYNC_LEASE_MS, () =>
        operationLog.track(
          actor,
          (report: StoredReport | undefined) => ({
            action: 'directorySync.run',
            targetType: 'company',
            targetId: actor.companyId,
            detail: report ? { provider, departmentsCreated: report.departmentsCreated, usersCreated: report.usersCreated, usersUpdated: report.usersUpdated, skipped: report.skipped.length } : { provider },
          }),
          async () => {
            if (!setting?.isEnabled) throw refused('workChatDisabled');
            if (!isWorkChatComplete(setting)) throw refused('workChatIncomplete');
            // Asked for or scheduled, a run starts the schedule's period again: a failing provider waits for the next one.
            await repository.saveWorkChatAttempt(actor.companyId, provider, clock.now());
            let report: StoredReport;
            try {
              report = await runDirectorySync(runner, actor, createWorkChatSource(setting), setting.roleMapping);
            } catch (error) {
              // The provider's message (never the secret), kept with the setting until a sync succeeds.
              await repository.saveWorkChatFailure(actor.companyId, provider, error instanceof WorkChatError ? error.message : 'The sync stopped on an unexpected error');
              if (error instanceof WorkChatError) throw refused('workChatFailed', { reason: error.message });
              throw error;
            }
            await repository.saveWorkChatSync(actor.companyId, provider, clock.now(), report);
            return report;
          },
        ),
      );
      if (!run.ran) throw new AppError(ReturnCode.CONFLICT, 'ldapSyncRunning');
      return translate(run.result, lang);
    },

    /**
     * The scheduled job (with LDAP's, `directory-sync`): syncs every provider setting whose schedule is due, one after
     * the other, in the name of the administrator who last saved it (the owner when that person can no longer run it).
     * A failed sync keeps its error and is tried again after the schedule's hours; one another process is running is
     * left to it.
     */
    async runScheduled(): Promise<{ synced: string[]; failed: string[] }> {
      const outcome = { synced: [] as string[], failed: [] as string[] };
      for (const { companyId, provider } of await repository.listDueWorkChats(clock.now())) {
        const name = `${companyId}:${provider}`;
        const setting = await repository.findWorkChatSetting(companyId, provider);
        const actor = setting && (await scheduledActor(setting));
        if (!actor) {
          // Nobody may run it any more: wait for the next period rather than trying every minute.
          await repository.saveWorkChatAttempt(companyId, provider, clock.now());
          await repository.saveWorkChatFailure(companyId, provider, 'Nobody who may sync the directory is left to run it');
          outcome.failed.push(name);
          continue;
        }
        try {
          await this.sync(actor, provider, 'en-US');
          outcome.synced.push(name);
        } catch {
          outcome.failed.push(name);
        }
      }
      return outcome;
    },
  };
}
