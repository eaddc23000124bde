import { randomInt } from 'node:crypto';
import { DOOR_DISPLAY_LIMITS, ReturnCode } from '@atrium/contract';
import { mailRequestStore } from '../modules/registration/mail-throttle.js';
import type { RegistrationRepository } from '../modules/registration/registration.repository.js';
import { createAttemptWindow, retryAfter } from './attempts.js';
import { MINUTE_MS, type Clock } from './clock.js';
import { AppError, tooManyRequests } from './errors.js';
import { hashSessionToken, newSessionToken } from './session-token.js';

export interface ActivationCodesDeps {
  /** Counts wrong codes per caller (the table of public-call counts). */
  publicCalls: Pick<RegistrationRepository, 'listMailRequestTimes' | 'recordMailRequest'>;
  clock: Clock;
  /** What the wrong codes of this kind of device are counted under: `<kind>:<address>`. */
  kind: string;
}

/**
 * The 5-digit activation codes a device (a door display, a visitor kiosk) trades once for its device
 * token: a random free code for a new device, and the trade, where wrong codes count per caller
 * address and, after too many in the window, the caller waits (429), right or wrong.
 */
export function createActivationCodes({ publicCalls, clock, kind }: ActivationCodesDeps) {
  const wrongCodes = createAttemptWindow(mailRequestStore(publicCalls, 'caller'), {
    max: DOOR_DISPLAY_LIMITS.wrongCodesPerWindow,
    windowMs: DOOR_DISPLAY_LIMITS.wrongCodeWindowMinutes * MINUTE_MS,
  });
  const length = DOOR_DISPLAY_LIMITS.activationCodeLength;

  return {
    /** A random code that `isTaken` says no waiting device holds (used and cancelled codes are cleared). */
    async newCode(isTaken: (code: string) => Promise<boolean>): Promise<string> {
      for (let attempt = 0; attempt < 50; attempt++) {
        const code = String(randomInt(0, 10 ** length)).padStart(length, '0');
        if (!(await isTaken(code))) return code;
      }
      throw new Error('No free activation code found');
    },

    /**
     * Trades a code: `activate` stores the new token's hash on the device waiting with the code and
     * answers it, or undefined for a wrong, used or cancelled code (404, counted).
     */
    async trade<T>(callerIp: string, activate: (tokenHash: string, now: number) => Promise<T | undefined>): Promise<{ deviceToken: string; device: T }> {
      const key = `${kind}:${callerIp}`;
      const now = clock.now();
      const wait = await wrongCodes.waitMs(key, now);
      if (wait > 0) {
        const { seconds, minutes } = retryAfter(wait);
        throw tooManyRequests('activationCodeThrottled', seconds, { minutes });
      }
      const deviceToken = newSessionToken();
      const device = await activate(hashSessionToken(deviceToken), now);
      if (device === undefined) {
        await wrongCodes.count(key, now);
        throw new AppError(ReturnCode.NOT_FOUND, 'activationCodeInvalid');
      }
      return { deviceToken, device };
    },
  };
}
