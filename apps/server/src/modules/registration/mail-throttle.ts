import { REGISTRATION_LIMITS } from '@atrium/contract';
import { HOUR_MS, type Clock } from '../../platform/clock.js';
import { tooManyRequests } from '../../platform/errors.js';
import type { RegistrationRepository } from './registration.repository.js';

export interface MailRequestKeys {
  /** What the mail is for and to whom, e.g. `register:ann@example.com`. */
  recipient: string;
  /** The caller's IP address. */
  caller: string;
}

export type MailThrottle = ReturnType<typeof createMailThrottle>;

/**
 * Throttling of the public calls that send mail (registration codes, reset links), counted in the
 * database like sign-in failures so every process sees the same requests. A recipient gets at
 * most one mail per `resendSeconds`; a caller may ask for `mailsPerAddressPerHour`. Known and
 * unknown recipients are counted alike, so the answer tells nothing about them.
 */
export function createMailThrottle({ registrations, clock }: { registrations: RegistrationRepository; clock: Clock }) {
  const resendMs = REGISTRATION_LIMITS.resendSeconds * 1000;
  const callerMax = REGISTRATION_LIMITS.mailsPerAddressPerHour;

  return {
    /** Throws 429/1004 with the wait when the recipient or the caller must wait; else counts the request. */
    async take({ recipient, caller }: MailRequestKeys): Promise<void> {
      const now = clock.now();
      const [last] = await registrations.listMailRequestTimes('recipient', recipient, now - resendMs, 1);
      if (last !== undefined) {
        const seconds = Math.max(1, Math.ceil((last + resendMs - now) / 1000));
        throw tooManyRequests('mailThrottled', seconds, { seconds });
      }
      const callerTimes = await registrations.listMailRequestTimes('caller', caller, now - HOUR_MS, callerMax);
      const oldestCounted = callerTimes[callerMax - 1];
      if (oldestCounted !== undefined) {
        const seconds = Math.max(1, Math.ceil((oldestCounted + HOUR_MS - now) / 1000));
        throw tooManyRequests('mailAddressThrottled', seconds, { minutes: Math.ceil(seconds / 60) });
      }
      await registrations.recordMailRequest('recipient', recipient, now, now - resendMs);
      await registrations.recordMailRequest('caller', caller, now, now - HOUR_MS);
    },

    /**
     * Counts another public call that stores something per request (a single sign-on start keeps a
     * pending sign-in), under `key` (the call and the caller's address): at most `perHour`, then
     * 429/1004 with the wait.
     */
    async takePublicCall(key: string, perHour: number): Promise<void> {
      const now = clock.now();
      const times = await registrations.listMailRequestTimes('caller', key, now - HOUR_MS, perHour);
      const oldestCounted = times[perHour - 1];
      if (oldestCounted !== undefined) {
        const seconds = Math.max(1, Math.ceil((oldestCounted + HOUR_MS - now) / 1000));
        throw tooManyRequests('mailAddressThrottled', seconds, { minutes: Math.ceil(seconds / 60) });
      }
      await registrations.recordMailRequest('caller', key, now, now - HOUR_MS);
    },
  };
}
