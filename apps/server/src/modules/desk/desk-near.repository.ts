import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export type DeskNearRepository = ReturnType<typeof createDeskNearRepository>;

/** The reads of "book next to" a colleague (decision 0019). */
export function createDeskNearRepository(db: Kysely<DB>) {
  return {
    /** An active user of the company. */
    async findColleague(companyId: number, userId: number) {
      return db.selectFrom('users').select(['id', 'full_name']).where('company_id', '=', companyId).where('id', '=', userId).where('is_active', '=', 1).executeTakeFirst();
    },

    /** The colleague's first desk booking holding time that overlaps [from, to), with its desk and floor. */
    async colleagueBooking(companyId: number, userId: number, from: number, to: number) {
      return db
        .selectFrom('reservations as r')
        .innerJoin('desks as d', (join) => join.onRef('d.id', '=', 'r.resource_id').onRef('d.company_id', '=', 'r.company_id'))
        .innerJoin('locations as f', 'f.id', 'd.floor_id')
        .select(['d.id as deskId', 'd.number as deskNumber', 'd.floor_id as floorId', 'f.name as floorName', 'r.start_at', 'r.end_at'])
        .where('r.company_id', '=', companyId)
        .where('r.host_user_id', '=', userId)
        .where('r.status', '=', 'confirmed')
        .where('r.start_at', '<', to)
        .where('r.end_at', '>', from)
        .orderBy('r.start_at')
        .executeTakeFirst();
    },
  };
}
