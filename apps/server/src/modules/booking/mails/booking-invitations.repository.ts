import type { Kysely } from 'kysely';
import { withWriteTransaction } from '../../../db/database.js';
import type { DB } from '../../../db/schema.js';

/** A round of invitations for one meeting: who is invited from now on (nobody for a cancellation). */
export interface InvitationRound {
  reservationId: number;
  invited: readonly string[];
}

/** Invitee rows per multi-row insert: 4 values each, far below both engines' limit of bound values. */
const INVITEE_INSERT_CHUNK = 2_000;

export type BookingInvitationsRepository = ReturnType<typeof createBookingInvitationsRepository>;

/** Who was invited to which meeting (`reservation_invitees`) and each meeting's iCalendar SEQUENCE. */
export function createBookingInvitationsRepository(db: Kysely<DB>) {
  return {
    /** The addresses invited so far, by meeting, for many meetings in one read. */
    async inviteesOf(companyId: number, ids: readonly number[]): Promise<Map<number, Set<string>>> {
      const out = new Map<number, Set<string>>();
      if (ids.length === 0) return out;
      const rows = await db.selectFrom('reservation_invitees').select(['reservation_id', 'email']).where('company_id', '=', companyId).where('reservation_id', 'in', [...ids]).execute();
      for (const row of rows) out.set(row.reservation_id, (out.get(row.reservation_id) ?? new Set()).add(row.email));
      return out;
    },

    /**
     * Records rounds of distinct meetings in one transaction: raises each one's SEQUENCE and
     * replaces who is invited. Answers the new SEQUENCE by meeting; throws when a meeting is gone.
     */
    async recordRounds(companyId: number, rounds: readonly InvitationRound[], now: number): Promise<Map<number, number>> {
      if (rounds.length === 0) return new Map();
      const ids = rounds.map((round) => round.reservationId);
      return withWriteTransaction(db, async (trx) => {
        const rows = await trx
          .updateTable('reservations')
          .set((eb) => ({ ical_sequence: eb('ical_sequence', '+', 1) }))
          .where('company_id', '=', companyId)
          .where('id', 'in', ids)
          .returning(['id', 'ical_sequence'])
          .execute();
        const sequences = new Map(rows.map((row) => [row.id, row.ical_sequence]));
        const missing = ids.find((id) => !sequences.has(id));
        if (missing !== undefined) throw new Error(`meeting ${missing} not found for its invitations`);
        await trx.deleteFrom('reservation_invitees').where('company_id', '=', companyId).where('reservation_id', 'in', ids).execute();
        const values = rounds.flatMap((round) => round.invited.map((email) => ({ company_id: companyId, reservation_id: round.reservationId, email, invited_at: now })));
        for (let from = 0; from < values.length; from += INVITEE_INSERT_CHUNK) {
          await trx.insertInto('reservation_invitees').values(values.slice(from, from + INVITEE_INSERT_CHUNK)).execute();
        }
        return sequences;
      });
    },
  };
}
