import { checkNewPassword, REGISTRATION_LIMITS, type CheckResetResult, type ResetPasswordBody } from '@atrium/contract';
import type { Transact } from '../../db/repositories.js';
import { MINUTE_MS, type Clock } from '../../platform/clock.js';
import { refused, refusedPassword } from '../../platform/errors.js';
import type { MailDispatch } from '../../platform/mailer.js';
import type { PasswordHasher } from '../../platform/password.js';
import { hashSessionToken, newSessionToken } from '../../platform/session-token.js';
import type { OperationLog } from '../operation-log/operation-log.service.js';
import type { MailThrottle } from '../registration/mail-throttle.js';
import type { Caller } from '../registration/registration.service.js';
import type { SettingsRepository } from '../settings/settings.repository.js';
import type { UserRepository } from '../user/user.repository.js';
import { passwordResetMail } from '../registration/registration.mail.js';
import type { PasswordResetRepository } from './recovery.repository.js';

export interface RecoveryServiceDeps {
  resets: PasswordResetRepository;
  users: Pick<UserRepository, 'findCredentials'>;
  settings: Pick<SettingsRepository, 'getPasswordPolicy'>;
  throttle: MailThrottle;
  dispatch: MailDispatch;
  operationLog: OperationLog;
  hasher: PasswordHasher;
  clock: Clock;
  transact: Transact;
  publicUrl: string;
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;

/** Password recovery: a mailed single-use link lets an active user choose a new password. */
export function createRecoveryService(deps: RecoveryServiceDeps) {
  const { resets, users, settings, throttle, dispatch, operationLog, hasher, clock, transact, publicUrl } = deps;

  /** The live link a token names, or undefined. */
  async function findLiveReset(reqToken: string) {
    const reset = await resets.findReset(hashSessionToken(reqToken));
    return reset && reset.expiresAt > clock.now() ? reset : undefined;
  }

  return {
    /** Mails a reset link to the account the e-mail or user name names; the answer is the same when there is none. */
    async sendResetMail(accountName: string, caller: Caller): Promise<void> {
      const key = accountName.trim().toLowerCase();
      await throttle.take({ recipient: `reset:${key}`, caller: caller.ip });
      const account = await resets.findAccount(key);
      if (!account) return;
      const token = newSessionToken();
      const now = clock.now();
      await resets.replaceReset(account.companyId, account.id, hashSessionToken(token), now + REGISTRATION_LIMITS.resetLinkMinutes * MINUTE_MS, now);
      dispatch.post({
        to: account.email,
        ...passwordResetMail({ fullName: account.fullName, userName: account.userName, link: `${publicUrl}/reset/${token}` }),
      });
    },

    /** Whether a link works, for which user name and under which policy; nothing more leaves. */
    async checkReset(reqToken: string): Promise<CheckResetResult> {
      const reset = await findLiveReset(reqToken);
      if (!reset) return { valid: false, userName: null, passwordPolicy: null };
      return { valid: true, userName: reset.userName, passwordPolicy: await settings.getPasswordPolicy(reset.companyId) };
    },

    /**
     * Sets the new password under the company's policy, clears a pending forced change, ends every
     * session of the user and uses the link up.
     */
    async resetPassword(body: ResetPasswordBody, caller: Caller): Promise<void> {
      const tokenHash = hashSessionToken(body.reqToken);
      const reset = await findLiveReset(body.reqToken);
      if (!reset) throw refused('resetLinkInvalid');
      const policy = await settings.getPasswordPolicy(reset.companyId);
      const problem = checkNewPassword(body.password, policy, body.confirmPassword);
      if (problem) throw refusedPassword(problem);
      const credentials = await users.findCredentials(reset.companyId, reset.userId);
      if (!credentials) throw refused('resetLinkInvalid');
      if (await hasher.verify(credentials.passwordHash, body.password)) throw refused('passwordSameAsOld');
      const passwordHash = await hasher.hash(body.password);
      const now = clock.now();
      await transact(async (tx) => {
        if (!(await tx.passwordResets.consumeReset(reset.companyId, reset.userId, tokenHash))) throw refused('resetLinkInvalid');
        await tx.users.setPassword(reset.companyId, reset.userId, passwordHash, now);
        await tx.sessions.revokeUserSessions(reset.companyId, reset.userId, now);
      });
      await operationLog.record(
        { companyId: reset.companyId, userId: reset.userId, ip: caller.ip },
        { action: 'user.resetPassword', targetType: 'user', targetId: reset.userId, targetName: reset.userName },
        'success',
      );
    },
  };
}
