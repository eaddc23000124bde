import type { PasswordPolicy } from '@atrium/contract';
import { DAY_MS } from '../../platform/clock.js';

/**
 * Whether a password set at `changedAt` is older than the policy allows. A password never changed
 * counts from the account's creation.
 */
export function isPasswordExpired(policy: PasswordPolicy, changedAt: number, now: number): boolean {
  return policy.expiryDays !== null && now - changedAt > policy.expiryDays * DAY_MS;
}
