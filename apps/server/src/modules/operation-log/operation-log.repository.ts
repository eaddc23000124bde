import type { Kysely } from 'kysely';
import type { OperationLogEntry, OperationLogQuery, Page } from '@atrium/contract';
import { containsIgnoringCase } from '../../db/like.js';
import type { DB, OperationLogTable } from '../../db/schema.js';
import { fetchPage } from '../../db/paging.js';

export type NewOperationLog = Omit<OperationLogTable, 'id'>;

export type OperationLogRepository = ReturnType<typeof createOperationLogRepository>;

export function createOperationLogRepository(db: Kysely<DB>) {
  return {
    /** The display name recorded for an actor (copied, so the entry outlives the user). */
    async findActorName(companyId: number, userId: number): Promise<string | undefined> {
      const row = await db.selectFrom('users').select('full_name').where('company_id', '=', companyId).where('id', '=', userId).executeTakeFirst();
      return row?.full_name;
    },

    async insert(entry: NewOperationLog): Promise<void> {
      await db.insertInto('operation_logs').values(entry).execute();
    },

    /** Newest first, filtered; always within one company. */
    async list(companyId: number, query: OperationLogQuery): Promise<Page<OperationLogEntry>> {
      let filtered = db.selectFrom('operation_logs').where('company_id', '=', companyId);
      if (query.action) filtered = filtered.where('action', '=', query.action);
      if (query.result) filtered = filtered.where('result', '=', query.result);
      if (query.actor) filtered = filtered.where(containsIgnoringCase('actor_name', query.actor));
      if (query.from !== undefined) filtered = filtered.where('at', '>=', query.from);
      if (query.to !== undefined) filtered = filtered.where('at', '<=', query.to);
      return fetchPage(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        (limit, offset) =>
          filtered
            .selectAll()
            .orderBy('at', 'desc')
            .orderBy('id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
        (row) => ({
          id: row.id,
          at: row.at,
          actorId: row.actor_id,
          actorName: row.actor_name,
          action: row.action,
          targetType: row.target_type,
          targetId: row.target_id,
          targetName: row.target_name,
          result: row.result,
          detail: row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : null,
          ip: row.ip,
        }),
      );
    },
  };
}
