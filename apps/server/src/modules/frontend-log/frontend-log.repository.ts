import type { Insertable, Kysely } from 'kysely';
import type { FrontendErrorKind, FrontendLogEntry, FrontendLogQuery, Page } from '@atrium/contract';
import { containsIgnoringCase } from '../../db/like.js';
import { fetchPage } from '../../db/paging.js';
import type { DB, FrontendLogTable } from '../../db/schema.js';

export type NewFrontendLog = Insertable<FrontendLogTable>;

export type FrontendLogRepository = ReturnType<typeof createFrontendLogRepository>;

export function createFrontendLogRepository(db: Kysely<DB>) {
  return {
    /** The name a user goes by, copied into their entries. */
    async findUserName(companyId: number, userId: number): Promise<string | null> {
      const row = await db.selectFrom('users').select('full_name').where('company_id', '=', companyId).where('id', '=', userId).executeTakeFirst();
      return row?.full_name ?? null;
    },

    /** Entries stored for a session, and for an address, since `since` (the rate limit's counts). */
    async countRecent(sessionId: number, ip: string | null, since: number): Promise<{ bySession: number; byAddress: number }> {
      const count = (column: 'session_id' | 'ip', value: number | string) =>
        db
          .selectFrom('frontend_logs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(column, '=', value)
          .where('received_at', '>=', since)
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.n));
      const [bySession, byAddress] = await Promise.all([count('session_id', sessionId), ip === null ? 0 : count('ip', ip)]);
      return { bySession, byAddress };
    },

    async insert(entries: NewFrontendLog[]): Promise<void> {
      if (entries.length) await db.insertInto('frontend_logs').values(entries).execute();
    },

    /** Newest first, filtered; always within one company. */
    async list(companyId: number, query: FrontendLogQuery): Promise<Page<FrontendLogEntry>> {
      let filtered = db.selectFrom('frontend_logs').where('company_id', '=', companyId);
      if (query.from !== undefined) filtered = filtered.where('received_at', '>=', query.from);
      if (query.to !== undefined) filtered = filtered.where('received_at', '<=', query.to);
      if (query.user) filtered = filtered.where(containsIgnoringCase('user_name', query.user));
      if (query.path) filtered = filtered.where(containsIgnoringCase('page', query.path));
      if (query.kind) filtered = filtered.where('kind', '=', query.kind);
      return fetchPage(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        (limit, offset) => filtered.selectAll().orderBy('received_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        (row) => ({
          id: row.id,
          kind: row.kind as FrontendErrorKind,
          page: row.page,
          message: row.message,
          stack: row.stack,
          count: row.count,
          userId: row.user_id,
          userName: row.user_name,
          userAgent: row.user_agent,
          at: Number(row.at),
          receivedAt: Number(row.received_at),
        }),
      );
    },

    /** Deletes the entries received before `before`; answers how many went. */
    async deleteBefore(before: number): Promise<number> {
      const result = await db.deleteFrom('frontend_logs').where('received_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
