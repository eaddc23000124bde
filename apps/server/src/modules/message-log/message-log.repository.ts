import type { Kysely } from 'kysely';
import { MessageEvent, solutionFor, type MessageLogEntry, type MessageLogQuery, type Page } from '@atrium/contract';
import type { DB } from '../../db/schema.js';
import { containsIgnoringCase } from '../../db/like.js';
import { fetchPage } from '../../db/paging.js';

export type MessageLogRepository = ReturnType<typeof createMessageLogRepository>;

/** The message log reads the mail outbox (every mail the console sent or kept), without the bodies. */
export function createMessageLogRepository(db: Kysely<DB>) {
  return {
    /** Newest first; always within one company. */
    async list(companyId: number, query: MessageLogQuery): Promise<Page<MessageLogEntry>> {
      let filtered = db
        .selectFrom('mail_outbox as m')
        .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'm.actor_user_id').onRef('u.company_id', '=', 'm.company_id'))
        .where('m.company_id', '=', companyId);
      if (query.event) filtered = filtered.where('m.event', '=', query.event);
      if (query.result) filtered = filtered.where('m.status', '=', query.result);
      if (query.from !== undefined) filtered = filtered.where('m.created_at', '>=', query.from);
      if (query.to !== undefined) filtered = filtered.where('m.created_at', '<', query.to);
      const keyword = query.keyword;
      if (keyword) filtered = filtered.where((eb) => eb.or([containsIgnoringCase('m.to', keyword), containsIgnoringCase('m.subject', keyword)]));
      return fetchPage(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        (limit, offset) =>
          filtered
            .select(['m.id', 'm.event', 'm.to', 'm.subject', 'm.status', 'm.error', 'm.error_code', 'm.created_at', 'u.full_name'])
            .orderBy('m.created_at', 'desc')
            .orderBy('m.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
        (row) => {
          const event = MessageEvent.safeParse(row.event);
          return {
            id: row.id,
            event: event.success ? event.data : 'other',
            to: row.to,
            description: row.subject,
            operatorName: row.full_name ?? null,
            createdAt: Number(row.created_at),
            result: row.status,
            errorCode: row.error_code,
            error: row.error,
            solution: solutionFor(row.status, row.error_code),
          };
        },
      );
    },
  };
}
