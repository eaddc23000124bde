import { sql, type Kysely } from 'kysely';
import { MINUTE_MS } from '../../../platform/clock.js';
import type { DB } from '../../../db/schema.js';
import type { Attendee, MailMeeting } from './booking-mail-data.js';

/** The reads of booking mails and feeds: meetings and their recipients, many meetings per query. */

/** The meetings of `ids` in one company, earliest first. */
export async function meetingsForMail(db: Kysely<DB>, companyId: number, ids: number[]): Promise<MailMeeting[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('reservations as r')
    .innerJoin('locations as l', (join) => join.onRef('l.id', '=', 'r.resource_id').onRef('l.company_id', '=', 'r.company_id'))
    .leftJoin('rooms as rm', (join) => join.onRef('rm.id', '=', 'r.resource_id').onRef('rm.company_id', '=', 'r.company_id'))
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'r.host_user_id').onRef('u.company_id', '=', 'r.company_id'))
    .select(['r.id', 'r.company_id', 'r.resource_id', 'l.name as room_name', 'r.title', 'r.start_at', 'r.end_at', 'r.status', 'r.remarks', 'r.ical_sequence', 'rm.sign_in_enabled', 'r.host_user_id', 'r.series_id', 'r.reminder_minutes'])
    .select(['u.full_name', 'u.email', 'u.is_active'])
    .where('r.company_id', '=', companyId)
    .where('r.id', 'in', ids)
    .orderBy('r.start_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    companyId: row.company_id,
    roomId: row.resource_id,
    roomName: row.room_name,
    title: row.title,
    startAt: Number(row.start_at),
    endAt: Number(row.end_at),
    status: row.status,
    remarks: row.remarks,
    sequence: row.ical_sequence,
    signIn: row.sign_in_enabled === 1,
    hostUserId: row.host_user_id,
    hostName: row.full_name,
    hostEmail: row.email ? row.email.toLowerCase() : null,
    hostActive: row.is_active !== 0,
    seriesId: row.series_id,
    reminderMinutes: row.reminder_minutes,
  }));
}

/**
 * The participants of meetings besides the host, by meeting, as mail recipients: colleagues at
 * their directory address (switched-off colleagues get nothing), outside addresses as typed;
 * addresses lower-cased.
 */
export async function participantsByMeeting(db: Kysely<DB>, companyId: number, ids: number[]): Promise<Map<number, Attendee[]>> {
  const out = new Map<number, Attendee[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('reservation_participants as p')
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'p.user_id').onRef('u.company_id', '=', 'p.company_id'))
    .select(['p.reservation_id', 'p.email', 'u.email as user_email', 'u.full_name', 'u.is_active'])
    .where('p.company_id', '=', companyId)
    .where('p.reservation_id', 'in', ids)
    .execute();
  for (const row of rows) {
    const email = (row.email ?? (row.is_active === 0 ? null : row.user_email))?.toLowerCase();
    if (!email) continue;
    out.set(row.reservation_id, [...(out.get(row.reservation_id) ?? []), { email, name: row.full_name }]);
  }
  return out;
}

/**
 * Marks the meetings whose reminder is due reminded and answers them (at most `limit`, earliest first); a meeting
 * another process marked first is not among them, so two processes never remind twice. `longestMs` is the longest
 * reminder: no meeting further ahead can be due.
 */
export async function claimDueReminders(db: Kysely<DB>, now: number, longestMs: number, limit: number): Promise<Array<{ id: number; companyId: number }>> {
  const due = db
    .selectFrom('reservations')
    .select('id')
    .where('reminded_at', 'is', null)
    .where('reminder_minutes', 'is not', null)
    .where('status', '=', 'confirmed')
    .where('start_at', '>', now)
    .where('start_at', '<=', now + longestMs)
    .where(sql<number>`start_at - reminder_minutes * ${MINUTE_MS}`, '<=', now)
    .where(sql<number>`created_at`, '<=', sql<number>`start_at - reminder_minutes * ${MINUTE_MS}`)
    .orderBy('start_at')
    .limit(limit);
  const rows = await db
    .updateTable('reservations')
    .set({ reminded_at: now })
    .where('id', 'in', due)
    .where('reminded_at', 'is', null)
    .where('status', '=', 'confirmed')
    .returning(['id', 'company_id'])
    .execute();
  return rows.map((row) => ({ id: row.id, companyId: row.company_id }));
}
