import type { Kysely } from 'kysely';
import { MessageEvent, NotificationParams, solutionFor, type MessageLogEntry, type MessageLogQuery, type Page } from '@atrium/contract';
import type { DB } from '../../db/schema.js';
import { actionStateOf, joinActionFacts } from '../notification/notification.repository.js';
import { containsIgnoringCase } from '../../db/like.js';
import { fetchPage } from '../../db/paging.js';

export type MessageLogRepository = ReturnType<typeof createMessageLogRepository>;

/**
 * The message log, one channel at a time: mails from the mail outbox (every mail the console sent
 * or kept, without the bodies), console notifications from `notifications`. Always within one company.
 */
export function createMessageLogRepository(db: Kysely<DB>) {
  function mails(companyId: number, query: MessageLogQuery): Promise<Page<MessageLogEntry>> {
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
          .select(['m.id', 'm.event', 'm.to', 'm.subject', 'm.status', 'm.error', 'm.error_code', 'm.created_at', 'm.attempts', 'm.next_attempt_at', 'm.is_redacted', 'u.full_name'])
          .orderBy('m.created_at', 'desc')
          .orderBy('m.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
      (row) => {
        const event = MessageEvent.safeParse(row.event);
        const isRedacted = Number(row.is_redacted) === 1;
        return {
          id: row.id,
          channel: 'mail' as const,
          event: event.success ? event.data : 'other',
          to: row.to,
          description: row.subject,
          params: null,
          readAt: null,
          action: null,
          attempts: row.attempts,
          nextAttemptAt: row.next_attempt_at === null ? null : Number(row.next_attempt_at),
          operatorName: row.full_name ?? null,
          createdAt: Number(row.created_at),
          result: row.status,
          errorCode: row.error_code,
          error: row.error,
          solution: solutionFor(row.status, row.error_code, isRedacted),
          isRedacted,
        };
      },
    );
  }

  function notifications(companyId: number, query: MessageLogQuery, now: number): Promise<Page<MessageLogEntry>> {
    let filtered = db
      .selectFrom('notifications as n')
      .innerJoin('users as recipient', (join) => join.onRef('recipient.id', '=', 'n.user_id').onRef('recipient.company_id', '=', 'n.company_id'))
      .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'n.actor_user_id').onRef('u.company_id', '=', 'n.company_id'))
      .where('n.company_id', '=', companyId);
    if (query.event) filtered = filtered.where('n.event', '=', query.event);
    // A notification is delivered when it is written: only "sent" matches one.
    if (query.result && query.result !== 'sent') filtered = filtered.where('n.id', '<', 0);
    if (query.from !== undefined) filtered = filtered.where('n.created_at', '>=', query.from);
    if (query.to !== undefined) filtered = filtered.where('n.created_at', '<', query.to);
    const keyword = query.keyword;
    if (keyword) filtered = filtered.where((eb) => eb.or([containsIgnoringCase('recipient.full_name', keyword), containsIgnoringCase('n.params', keyword)]));
    return fetchPage(
      query,
      () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      (limit, offset) =>
        joinActionFacts(filtered)
          .select(['n.id', 'n.event', 'n.params', 'n.created_at', 'n.read_at', 'recipient.full_name as recipient', 'u.full_name', actionStateOf(now).as('action')])
          .orderBy('n.created_at', 'desc')
          .orderBy('n.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
      (row) => {
        const event = MessageEvent.safeParse(row.event);
        const params = NotificationParams.safeParse(JSON.parse(row.params));
        return {
          id: row.id,
          channel: 'console' as const,
          event: event.success ? event.data : 'other',
          to: row.recipient,
          description: '',
          params: params.success ? params.data : null,
          readAt: row.read_at === null ? null : Number(row.read_at),
          action: row.action,
          attempts: 1,
          nextAttemptAt: null,
          operatorName: row.full_name ?? null,
          createdAt: Number(row.created_at),
          result: 'sent' as const,
          errorCode: null,
          error: null,
          solution: null,
          isRedacted: false,
        };
      },
    );
  }

  return {
    /** Newest first; a console notification with where its action stands at `now`. */
    list(companyId: number, query: MessageLogQuery, now: number): Promise<Page<MessageLogEntry>> {
      return query.channel === 'console' ? notifications(companyId, query, now) : mails(companyId, query);
    },
  };
}
