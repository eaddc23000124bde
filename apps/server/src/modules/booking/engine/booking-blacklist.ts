import { sql, type Kysely } from 'kysely';
import { localDateTime, ReturnCode } from '@atrium/contract';
import type { DB } from '../../../db/schema.js';
import { AppError } from '../../../platform/errors.js';

/**
 * The booking blacklist rule (issue 5; the page that bars and lifts is modules/blacklist): a colleague barred by an entry
 * that has started, has not ended and was not lifted cannot book, move or extend a meeting.
 * Cancelling stays possible. The refusal says why, and until when in the room's zone.
 */
export async function findBlacklistEntry(db: Kysely<DB>, companyId: number, userId: number, now: number): Promise<{ reason: string | null; endsAt: number | null } | undefined> {
  const entry = await db
    .selectFrom('booking_blacklist')
    .select(['reason', 'ends_at'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('lifted_at', 'is', null)
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    // The entry that bars the longest: open-ended first, then the latest end.
    .orderBy(sql`case when ends_at is null then 0 else 1 end`)
    .orderBy('ends_at', 'desc')
    .executeTakeFirst();
  return entry ? { reason: entry.reason, endsAt: entry.ends_at === null ? null : Number(entry.ends_at) } : undefined;
}

export function blacklistRefusal(entry: { reason: string | null; endsAt: number | null }, timeZone: string | null): AppError {
  const reason = entry.reason?.trim() || '-';
  return entry.endsAt === null
    ? new AppError(ReturnCode.NO_PERMISSION, 'reservationBookerBlacklisted', { reason })
    : new AppError(ReturnCode.NO_PERMISSION, 'reservationBookerBlacklistedUntil', { reason, until: localDateTime(entry.endsAt, timeZone) });
}
