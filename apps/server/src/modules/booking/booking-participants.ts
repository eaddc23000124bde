import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** Someone a booking mail goes to. */
export interface Attendee {
  email: string;
  name: string | null;
}

/**
 * The participants of meetings besides the host, by meeting, as mail recipients: colleagues at
 * their directory address (switched-off colleagues get nothing), outside addresses as typed;
 * addresses lower-cased. Shared by the invitations and the reminders.
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
