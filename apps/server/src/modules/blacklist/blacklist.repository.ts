import type { ExpressionBuilder, Kysely } from 'kysely';
import type { BlacklistCandidate, BlacklistEntry, BlacklistQuery, BlacklistState, Page } from '@atrium/contract';
import type { DB } from '../../db/schema.js';
import { findBlacklistEntry } from '../booking/engine/booking.repository.js';
import { userMatches } from '../../db/like.js';
import { fetchPage } from '../../db/paging.js';

export type BlacklistRepository = ReturnType<typeof createBlacklistRepository>;

type Eb = ExpressionBuilder<DB & { b: DB['booking_blacklist'] }, 'b'>;

/** An entry's state at `now`, as a condition on the row (alias `b`). */
function inState(eb: Eb, state: BlacklistState, now: number) {
  const open = eb.and([eb('b.lifted_at', 'is', null), eb.or([eb('b.ends_at', 'is', null), eb('b.ends_at', '>', now)])]);
  switch (state) {
    case 'lifted':
      return eb('b.lifted_at', 'is not', null);
    case 'ended':
      return eb.and([eb('b.lifted_at', 'is', null), eb('b.ends_at', 'is not', null), eb('b.ends_at', '<=', now)]);
    case 'scheduled':
      return eb.and([open, eb('b.starts_at', '>', now)]);
    case 'active':
      return eb.and([open, eb('b.starts_at', '<=', now)]);
  }
}

export function stateAt(entry: { startsAt: number; endsAt: number | null; liftedAt: number | null }, now: number): BlacklistState {
  if (entry.liftedAt !== null) return 'lifted';
  if (entry.endsAt !== null && entry.endsAt <= now) return 'ended';
  return entry.startsAt > now ? 'scheduled' : 'active';
}

export function createBlacklistRepository(db: Kysely<DB>) {
  const select = (companyId: number) =>
    db
      .selectFrom('booking_blacklist as b')
      .innerJoin('users as u', (join) => join.onRef('u.id', '=', 'b.user_id').onRef('u.company_id', '=', 'b.company_id'))
      .leftJoin('users as c', (join) => join.onRef('c.id', '=', 'b.created_by').onRef('c.company_id', '=', 'b.company_id'))
      .leftJoin('users as l', (join) => join.onRef('l.id', '=', 'b.lifted_by').onRef('l.company_id', '=', 'b.company_id'))
      .where('b.company_id', '=', companyId);

  return {
    /** A page of entries, newest first. */
    async list(companyId: number, query: BlacklistQuery, now: number): Promise<Page<BlacklistEntry>> {
      let base = select(companyId);
      if (query.keyword) base = base.where(userMatches(query.keyword));
      if (query.state) {
        const state = query.state;
        base = base.where((eb) => inState(eb as unknown as Eb, state, now));
      }
      return fetchPage(
        query,
        () => base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        (limit, offset) =>
          base
            .select([
              'b.id', 'b.user_id', 'u.full_name', 'u.user_name', 'u.email', 'b.reason', 'b.starts_at', 'b.ends_at', 'b.lifted_at',
              'l.full_name as lifted_by_name', 'c.full_name as created_by_name', 'b.created_at',
            ])
            .orderBy('b.created_at', 'desc')
            .orderBy('b.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
        (row) => {
          const entry = { startsAt: Number(row.starts_at), endsAt: row.ends_at === null ? null : Number(row.ends_at), liftedAt: row.lifted_at === null ? null : Number(row.lifted_at) };
          return {
            id: row.id,
            userId: row.user_id,
            fullName: row.full_name,
            userName: row.user_name,
            email: row.email,
            reason: row.reason,
            ...entry,
            liftedByName: row.lifted_by_name,
            createdByName: row.created_by_name,
            createdAt: Number(row.created_at),
            state: stateAt(entry, now),
          };
        },
      );
    },

    async find(companyId: number, id: number) {
      const row = await select(companyId).select(['b.id', 'b.user_id', 'u.full_name', 'b.starts_at', 'b.ends_at', 'b.lifted_at']).where('b.id', '=', id).executeTakeFirst();
      return row
        ? {
            id: row.id,
            userId: row.user_id,
            fullName: row.full_name,
            startsAt: Number(row.starts_at),
            endsAt: row.ends_at === null ? null : Number(row.ends_at),
            liftedAt: row.lifted_at === null ? null : Number(row.lifted_at),
          }
        : undefined;
    },

    /** The entry that bars the colleague now, if any (the booking rule's own query). */
    barring(companyId: number, userId: number, now: number) {
      return findBlacklistEntry(db, companyId, userId, now);
    },

    /** Whether the colleague has an entry that bars them now or later (not lifted, not ended). */
    async hasOpenEntry(companyId: number, userId: number, now: number): Promise<boolean> {
      const row = await select(companyId)
        .select('b.id')
        .where('b.user_id', '=', userId)
        .where((eb) => eb.and([eb('b.lifted_at', 'is', null), eb.or([eb('b.ends_at', 'is', null), eb('b.ends_at', '>', now)])]))
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(entry: { companyId: number; userId: number; reason: string; startsAt: number; endsAt: number | null; createdBy: number }, now: number): Promise<number> {
      const row = await db
        .insertInto('booking_blacklist')
        .values({
          company_id: entry.companyId,
          user_id: entry.userId,
          reason: entry.reason,
          starts_at: entry.startsAt,
          ends_at: entry.endsAt,
          created_by: entry.createdBy,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Lifts an entry still open; false when it was lifted or ended meanwhile. */
    async lift(companyId: number, id: number, by: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('booking_blacklist')
        .set({ lifted_at: now, lifted_by: by })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('lifted_at', 'is', null)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** An active colleague of the company. */
    async activeUser(companyId: number, userId: number): Promise<{ id: number; fullName: string } | undefined> {
      const row = await db.selectFrom('users').select(['id', 'full_name']).where('company_id', '=', companyId).where('id', '=', userId).where('is_active', '=', 1).executeTakeFirst();
      return row ? { id: row.id, fullName: row.full_name } : undefined;
    },

    /** Active colleagues of the company matching the keyword, by name. */
    async candidates(companyId: number, keyword: string, limit: number): Promise<BlacklistCandidate[]> {
      let query = db.selectFrom('users as u').select(['u.id', 'u.full_name', 'u.user_name', 'u.email']).where('u.company_id', '=', companyId).where('u.is_active', '=', 1);
      if (keyword) query = query.where(userMatches(keyword));
      const rows = await query.orderBy('u.full_name').limit(limit).execute();
      return rows.map((row) => ({ id: row.id, fullName: row.full_name, userName: row.user_name, email: row.email }));
    },
  };
}
