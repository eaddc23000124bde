import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { effectiveTimeZone, pathName, type LocationIndex } from '../../location/location.presenter.js';

/**
 * What booking mails (invitations, reminders) say about meetings and whom they reach, read in one
 * query per question for many meetings at once.
 */

/** Someone a booking mail goes to. */
export interface Attendee {
  email: string;
  name: string | null;
}

/** A meeting as booking mails describe it. */
export interface MailMeeting {
  id: number;
  companyId: number;
  roomId: number;
  roomName: string;
  title: string;
  startAt: number;
  endAt: number;
  status: string;
  remarks: string | null;
  /** iCalendar SEQUENCE of the invitations sent so far. */
  sequence: number;
  /** Whether the room has check-in on. */
  signIn: boolean;
  hostUserId: number | null;
  hostName: string | null;
  hostEmail: string | null;
  /** False when the host's account is switched off. */
  hostActive: boolean;
  seriesId: number | null;
  reminderMinutes: number | null;
}

/** The meetings of `ids` in one company, earliest first. */
export async function meetingsForMail(db: Kysely<DB>, companyId: number, ids: number[]): Promise<MailMeeting[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('reservations as r')
    .innerJoin('locations as l', (join) => join.onRef('l.id', '=', 'r.room_id').onRef('l.company_id', '=', 'r.company_id'))
    .leftJoin('rooms as rm', (join) => join.onRef('rm.id', '=', 'r.room_id').onRef('rm.company_id', '=', 'r.company_id'))
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'r.host_user_id').onRef('u.company_id', '=', 'r.company_id'))
    .select(['r.id', 'r.company_id', 'r.room_id', 'l.name as room_name', 'r.title', 'r.start_at', 'r.end_at', 'r.status', 'r.remarks', 'r.ical_sequence', 'rm.sign_in_enabled', 'r.host_user_id', 'r.series_id', 'r.reminder_minutes'])
    .select(['u.full_name', 'u.email', 'u.is_active'])
    .where('r.company_id', '=', companyId)
    .where('r.id', 'in', ids)
    .orderBy('r.start_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    companyId: row.company_id,
    roomId: row.room_id,
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

/** Where a meeting happens, as mails name it ("Room (Country / City / Building / Floor)"), and the room's zone. */
export function placeOf(index: LocationIndex, meeting: Pick<MailMeeting, 'roomId' | 'roomName'>): { place: string; zone: string | null } {
  const path = pathName(index, meeting.roomId);
  return { place: path ? `${meeting.roomName} (${path})` : meeting.roomName, zone: effectiveTimeZone(index, meeting.roomId) ?? null };
}

/**
 * The iCalendar UID of a meeting, the same in mailed invitations and in calendar feeds, so a
 * calendar that has both sees one meeting: `reservation-<id>@<the console's host name>`.
 */
export function reservationUidMaker(publicUrl: string): (id: number) => string {
  const domain = new URL(publicUrl).hostname || 'atrium.local';
  return (id) => `reservation-${id}@${domain}`;
}
