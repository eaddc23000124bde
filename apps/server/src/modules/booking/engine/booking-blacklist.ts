import { localDateTime, ReturnCode } from '@atrium/contract';
import { AppError } from '../../../platform/errors.js';

/**
 * The booking blacklist rule (issue 5; the page that bars and lifts is modules/blacklist): a colleague barred by an entry
 * that has started, has not ended and was not lifted cannot book, move or extend a meeting.
 * Cancelling stays possible. The refusal says why, and until when in the room's zone. The entry is
 * read by booking.repository.ts's `findBlacklistEntry`.
 */
export function blacklistRefusal(entry: { reason: string | null; endsAt: number | null }, timeZone: string | null): AppError {
  const reason = entry.reason?.trim() || '-';
  return entry.endsAt === null
    ? new AppError(ReturnCode.NO_PERMISSION, 'reservationBookerBlacklisted', { reason })
    : new AppError(ReturnCode.NO_PERMISSION, 'reservationBookerBlacklistedUntil', { reason, until: localDateTime(entry.endsAt, timeZone) });
}
