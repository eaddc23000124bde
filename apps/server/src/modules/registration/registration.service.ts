import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  checkNewPassword,
  DEFAULT_PASSWORD_POLICY,
  REGISTRATION_LIMITS,
  ReturnCode,
  type CreateCompanyValues,
  type RegistrationStatus,
} from '@atrium/contract';
import type { Transact } from '../../db/repositories.js';
import { MINUTE_MS, type Clock } from '../../platform/clock.js';
import { AppError, refused, refusedPassword } from '../../platform/errors.js';
import type { MailDispatch } from '../../platform/mailer.js';
import type { PasswordHasher } from '../../platform/password.js';
import { hashSessionToken, newSessionToken } from '../../platform/session-token.js';
import { provisionCompany } from '../company/company.provisioning.js';
import type { OperationLog } from '../operation-log/operation-log.service.js';
import type { PasswordResetRepository } from '../recovery/recovery.repository.js';
import type { SessionService, SignedIn } from '../session/session.service.js';
import type { MailThrottle } from './mail-throttle.js';
import { existingAccountMail, registrationCodeMail } from './registration.mail.js';
import type { RegistrationRepository } from './registration.repository.js';

export interface RegistrationServiceDeps {
  registrations: RegistrationRepository;
  /** Finds whether an address already belongs to an account. */
  accounts: Pick<PasswordResetRepository, 'findAccount'>;
  throttle: MailThrottle;
  dispatch: MailDispatch;
  sessions: Pick<SessionService, 'signInVerified'>;
  operationLog: OperationLog;
  hasher: PasswordHasher;
  clock: Clock;
  transact: Transact;
  isOpen: boolean;
  /** Whether mail reaches anyone (an SMTP server is configured); without it registration is not available. */
  canMail: boolean;
  publicUrl: string;
}

export interface Caller {
  ip: string;
  userAgent: string | undefined;
}

/** A taken domain names its field (`result.field`), so the form shows it there once. */
const conflict = (key: 'companyDomainTaken' | 'registrationEmailTaken') => new AppError(ReturnCode.CONFLICT, key, {}, key === 'companyDomainTaken' ? { field: 'domain' } : null);

/** The conflict a unique-constraint violation from either engine stands for, or null for other errors. */
function conflictOf(error: unknown): AppError | null {
  const { code, constraint, message } = (error ?? {}) as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code !== '23505' && code !== 'SQLITE_CONSTRAINT_UNIQUE') return null;
  const where = `${typeof constraint === 'string' ? constraint : ''} ${typeof message === 'string' ? message : ''}`;
  return conflict(where.includes('domain') ? 'companyDomainTaken' : 'registrationEmailTaken');
}

/** "salt:hex" of SHA-256(salt + code): a leaked table gives no code without the work of guessing it. */
function hashCode(code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}:${createHash('sha256').update(`${salt}${code}`).digest('hex')}`;
}

function isCodeRight(stored: string, code: string): boolean {
  const salt = stored.slice(0, stored.indexOf(':'));
  const expected = Buffer.from(stored);
  const actual = Buffer.from(hashCode(code, salt));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;

/**
 * Public registration of a new company: an e-mailed code proves the address, the right code
 * answers a single-use token, and the token creates the company with its first administrator,
 * who is then signed in.
 */
export function createRegistrationService(deps: RegistrationServiceDeps) {
  const { registrations, accounts, throttle, dispatch, sessions, operationLog, hasher, clock, transact, isOpen, canMail, publicUrl } = deps;

  const assertOpen = () => {
    if (!isOpen) throw new AppError(ReturnCode.NO_PERMISSION, 'registrationClosed');
    // The code is a secret that goes by mail only (issue 16): it is never kept or logged instead.
    if (!canMail) throw new AppError(ReturnCode.NO_PERMISSION, 'registrationNeedsMail');
  };

  return {
    status(): RegistrationStatus {
      return { isOpen: isOpen && canMail };
    },

    /**
     * Mails a code to a fresh address, or a "you already have an account" note to a taken one.
     * The caller gets the same answer either way.
     */
    async sendCode(email: string, caller: Caller): Promise<void> {
      assertOpen();
      await throttle.take({ recipient: `register:${email}`, caller: caller.ip });
      if (await accounts.findAccount(email)) {
        dispatch.post({ to: email, ...existingAccountMail({ publicUrl }) });
        return;
      }
      const code = String(randomInt(0, 10 ** REGISTRATION_LIMITS.codeDigits)).padStart(REGISTRATION_LIMITS.codeDigits, '0');
      const now = clock.now();
      await registrations.replaceCode(email, hashCode(code), now + REGISTRATION_LIMITS.codeMinutes * MINUTE_MS, now);
      dispatch.post({ to: email, ...registrationCodeMail({ code }) });
    },

    /** A right code answers the registration token; a wrong one counts towards the limit. */
    async verifyCode(email: string, code: string): Promise<{ registrationToken: string }> {
      assertOpen();
      const now = clock.now();
      const stored = await registrations.findCode(email);
      if (!stored || stored.codeExpiresAt <= now) throw refused('registrationCodeInvalid');
      if (stored.wrongTries >= REGISTRATION_LIMITS.codeMaxWrongTries) throw refused('registrationCodeUsedUp');
      if (!isCodeRight(stored.codeHash, code)) {
        const counted = await registrations.countWrongTry(stored.id, REGISTRATION_LIMITS.codeMaxWrongTries);
        const isUsedUp = !counted || stored.wrongTries + 1 >= REGISTRATION_LIMITS.codeMaxWrongTries;
        throw refused(isUsedUp ? 'registrationCodeUsedUp' : 'registrationCodeInvalid');
      }
      const registrationToken = newSessionToken();
      await registrations.exchangeCodeForToken(stored.id, hashSessionToken(registrationToken), now + REGISTRATION_LIMITS.tokenMinutes * MINUTE_MS);
      return { registrationToken };
    },

    /**
     * Creates the company, its defaults and its first administrator in one transaction, uses the
     * token up, records the creation in the new company's log and signs the administrator in.
     */
    async create(body: CreateCompanyValues, caller: Caller): Promise<SignedIn> {
      assertOpen();
      const tokenHash = hashSessionToken(body.registrationToken);
      const registration = await registrations.findByToken(tokenHash);
      if (!registration || registration.tokenExpiresAt === null || registration.tokenExpiresAt <= clock.now()) {
        throw refused('registrationTokenInvalid');
      }
      const problem = checkNewPassword(body.password, DEFAULT_PASSWORD_POLICY);
      if (problem) throw refusedPassword(problem);
      const passwordHash = await hasher.hash(body.password);
      const email = registration.emailLower;
      const now = clock.now();

      let created: { companyId: number; userId: number };
      try {
        created = await transact(async (tx) => {
          if (!(await tx.registrations.consumeToken(registration.id, tokenHash))) throw refused('registrationTokenInvalid');
          if (await tx.companies.isDomainTaken(body.domain, 0)) throw conflict('companyDomainTaken');
          if (await tx.passwordResets.findAccount(email)) throw conflict('registrationEmailTaken');
          const company = await provisionCompany(
            tx,
            { name: body.companyName, domain: body.domain, details: { industry: body.industry, size_band: body.size, billing_email: email } },
            now,
          );
          const userId = await tx.users.insertUser(
            {
              companyId: company.companyId,
              userName: email,
              email,
              fullName: body.fullName,
              roleId: company.administratorRoleId,
              passwordHash,
              mustChangePassword: false,
              passwordChangedAt: now,
            },
            now,
          );
          // The first administrator owns the company's account (Managers page).
          await tx.companies.setOwner(company.companyId, userId);
          return { companyId: company.companyId, userId };
        });
      } catch (error) {
        // Two registrations racing for one domain or address: the database has the last word.
        throw conflictOf(error) ?? error;
      }

      await operationLog.record(
        { companyId: created.companyId, userId: created.userId, ip: caller.ip },
        { action: 'company.register', targetType: 'company', targetId: created.companyId, targetName: body.companyName, detail: { domain: body.domain } },
        'success',
      );
      return sessions.signInVerified({ companyId: created.companyId, userId: created.userId, ip: caller.ip, userAgent: caller.userAgent });
    },
  };
}
