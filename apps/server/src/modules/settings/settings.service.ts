import {
  ReturnCode,
  type PasswordPolicy,
  type SafetyPasswordStatus,
  type UpdatePasswordPolicyBody,
  type UpdateSafetyPasswordBody,
} from '@atrium/contract';
import { createAttemptWindow, retryAfter } from '../../platform/attempts.js';
import { MINUTE_MS, type Clock } from '../../platform/clock.js';
import { AppError, refused, tooManyRequests } from '../../platform/errors.js';
import type { PasswordHasher } from '../../platform/password.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import { SETTING_KEYS, type SettingsRepository } from './settings.repository.js';

/** Wrong safety passwords a user may type in the window before further attempts are refused. */
export const SAFETY_PASSWORD_THROTTLE = { maxFailures: 5, windowMinutes: 15 } as const;

/** Who types a safety password: the company it guards and the user who is counted. */
export interface SafetyPasswordCaller {
  companyId: number;
  userId: number;
}

interface StoredSafetyPassword {
  hash: string;
}

export interface SettingsServiceDeps {
  settings: SettingsRepository;
  hasher: PasswordHasher;
  clock: Clock;
  operationLog: OperationLog;
}

export type SettingsService = ReturnType<typeof createSettingsService>;

/** Global settings: the password policy and the safety password (spec 000 sections 3, 5, 6). */
export function createSettingsService({ settings, hasher, clock, operationLog }: SettingsServiceDeps) {
  const failures = createAttemptWindow<SafetyPasswordCaller>(
    {
      listTimes: (caller, since, limit) => settings.listSafetyFailureTimes(caller.companyId, caller.userId, since, limit),
      record: (caller, at, forgetBefore) => settings.recordSafetyFailure(caller.companyId, caller.userId, at, forgetBefore),
    },
    { max: SAFETY_PASSWORD_THROTTLE.maxFailures, windowMs: SAFETY_PASSWORD_THROTTLE.windowMinutes * MINUTE_MS },
  );

  async function findSafetyHash(companyId: number): Promise<string | null> {
    const stored = (await settings.findSetting(companyId, SETTING_KEYS.safetyPassword)) as StoredSafetyPassword | undefined;
    return typeof stored?.hash === 'string' ? stored.hash : null;
  }

  /** Throws 429/1004 while the user has used up their wrong attempts in the window. */
  async function assertNotThrottled(caller: SafetyPasswordCaller, now: number): Promise<void> {
    const wait = await failures.waitMs(caller, now);
    if (wait === 0) return;
    const { seconds, minutes } = retryAfter(wait);
    throw tooManyRequests('safetyPasswordThrottled', seconds, { minutes });
  }

  /** Checks a typed safety password against the stored hash, counting a wrong one. */
  async function checkAgainst(hash: string, caller: SafetyPasswordCaller, typed: string): Promise<void> {
    const now = clock.now();
    await assertNotThrottled(caller, now);
    if (!(await hasher.verify(hash, typed))) {
      await failures.count(caller, now);
      throw new AppError(ReturnCode.REFUSED, 'safetyPasswordWrong', {}, null, { statusCode: 400 });
    }
    await settings.clearSafetyFailures(caller.companyId, caller.userId);
  }

  return {
    getPasswordPolicy(companyId: number): Promise<PasswordPolicy> {
      return settings.getPasswordPolicy(companyId);
    },

    /** Replaces the policy; it applies to the next password set and the next sign-in. */
    async updatePasswordPolicy(actor: Actor, body: UpdatePasswordPolicyBody): Promise<PasswordPolicy> {
      const policy: PasswordPolicy = { ...body };
      await operationLog.track(
        actor,
        { action: 'settings.updatePasswordPolicy', targetType: 'settings', targetName: SETTING_KEYS.passwordPolicy, detail: { ...policy } },
        () => settings.putSetting(actor.companyId, SETTING_KEYS.passwordPolicy, policy, clock.now()),
      );
      return policy;
    },

    async getSafetyPasswordStatus(companyId: number): Promise<SafetyPasswordStatus> {
      const isSet = (await findSafetyHash(companyId)) !== null;
      return { isSet, updatedAt: isSet ? await settings.findSettingUpdatedAt(companyId, SETTING_KEYS.safetyPassword) : null };
    },

    /**
     * Sets or changes the safety password. Changing it needs the current one (throttled like any
     * use of it); the two new entries must match. Stored as an argon2id hash.
     */
    async updateSafetyPassword(actor: Actor, body: UpdateSafetyPasswordBody): Promise<void> {
      await operationLog.track(actor, { action: 'settings.updateSafetyPassword', targetType: 'settings', targetName: SETTING_KEYS.safetyPassword }, async () => {
        if (body.newPassword !== body.confirmPassword) throw refused('passwordsDoNotMatch');
        const current = await findSafetyHash(actor.companyId);
        if (current !== null) {
          if (!body.currentPassword) throw refused('safetyPasswordCurrentRequired');
          await checkAgainst(current, actor, body.currentPassword);
        }
        const hash = await hasher.hash(body.newPassword);
        await settings.putSetting(actor.companyId, SETTING_KEYS.safetyPassword, { hash } satisfies StoredSafetyPassword, clock.now());
      });
    },

    /**
     * The check high-risk actions call before acting: refuses with 422/1005 when no safety password
     * is set, 400/1005 'safety password wrong' when it does not match, 429/1004 after too many
     * wrong attempts by the same user.
     */
    async requireSafetyPassword(caller: SafetyPasswordCaller, typed: string): Promise<void> {
      const hash = await findSafetyHash(caller.companyId);
      if (hash === null) throw refused('safetyPasswordNotSet');
      await checkAgainst(hash, caller, typed);
    },
  };
}
