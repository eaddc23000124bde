import { REGISTRATION_LIMITS } from '@atrium/contract';
import { createAttemptWindow, retryAfter, type AttemptStore } from '../../platform/attempts.js';
import { HOUR_MS, type Clock } from '../../platform/clock.js';
import { tooManyRequests } from '../../platform/errors.js';
import type { MailRequestKind, RegistrationRepository } from './registration.repository.js';

export interface MailRequestKeys {
  /** What the mail is for and to whom, e.g. `register:ann@example.com`. */
  recipient: string;
  /** The caller's IP address. */
  caller: string;
}

export type MailThrottle = ReturnType<typeof createMailThrottle>;

/** The public-call requests of one kind (`mail_requests`), as an attempt store (platform/attempts.ts). */
export function mailRequestStore(
  registrations: Pick<RegistrationRepository, 'listMailRequestTimes' | 'recordMailRequest'>,
  kind: MailRequestKind,
): AttemptStore<string> {
  return {
    listTimes: (key, since, limit) => registrations.listMailRequestTimes(kind, key, since, limit),
    record: (key, at, forgetBefore) => registrations.recordMailRequest(kind, key, at, forgetBefore),
  };
}

/**
 * Throttling of the public calls that send mail (registration codes, reset links), counted in the
 * database like sign-in failures so every process sees the same requests. A recipient gets at
 * most one mail per `resendSeconds`; a caller may ask for `mailsPerAddressPerHour`. Known and
 * unknown recipients are counted alike, so the answer tells nothing about them.
 */
export function createMailThrottle({ registrations, clock }: { registrations: RegistrationRepository; clock: Clock }) {
  const callers = mailRequestStore(registrations, 'caller');
  const recipientWindow = createAttemptWindow(mailRequestStore(registrations, 'recipient'), { max: 1, windowMs: REGISTRATION_LIMITS.resendSeconds * 1000 });
  const callerWindow = createAttemptWindow(callers, { max: REGISTRATION_LIMITS.mailsPerAddressPerHour, windowMs: HOUR_MS });

  /** 429/1004 naming the wait in minutes, for a caller over its hourly cap. */
  function callerThrottled(waitMs: number) {
    const { seconds, minutes } = retryAfter(waitMs);
    return tooManyRequests('mailAddressThrottled', seconds, { minutes });
  }

  return {
    /** Throws 429/1004 with the wait when the recipient or the caller must wait; else counts the request. */
    async take({ recipient, caller }: MailRequestKeys): Promise<void> {
      const now = clock.now();
      const recipientWait = await recipientWindow.waitMs(recipient, now);
      if (recipientWait > 0) {
        const { seconds } = retryAfter(recipientWait);
        throw tooManyRequests('mailThrottled', seconds, { seconds });
      }
      const callerWait = await callerWindow.waitMs(caller, now);
      if (callerWait > 0) throw callerThrottled(callerWait);
      await recipientWindow.count(recipient, now);
      await callerWindow.count(caller, now);
    },

    /**
     * Counts another public call that stores something per request (a single sign-on start keeps a
     * pending sign-in), under `key` (the call and the caller's address): at most `perHour`, then
     * 429/1004 with the wait.
     */
    async takePublicCall(key: string, perHour: number): Promise<void> {
      const now = clock.now();
      const window = createAttemptWindow(callers, { max: perHour, windowMs: HOUR_MS });
      const wait = await window.waitMs(key, now);
      if (wait > 0) throw callerThrottled(wait);
      await window.count(key, now);
    },
  };
}
