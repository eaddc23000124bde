import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { Notification, type NotificationAction, type NotificationEvent, type NotificationListQuery, type NotificationParams, type Page } from '@atrium/contract';
import type { DB } from '../../db/schema.js';
import { fetchPage } from '../../db/paging.js';

export interface NewNotification {
  companyId: number;
  userId: number;
  event: NotificationEvent;
  actorUserId: number | null;
  params: NotificationParams;
  link: string | null;
  createdAt: number;
  /** The meeting it is about: its facts say when the action it asks for is over. */
  reservationId: number | null;
}

/** The tables a notification's action state is read from, besides the query's own: its meeting `r`, that meeting's room `rm`. */
type ActionFacts = { r: DB['reservations']; rm: DB['rooms'] };

/** Joins a notification (`n`) to the facts its action state is read from: its meeting (`r`) and that meeting's room (`rm`). */
export function joinActionFacts<D extends DB & { n: DB['notifications'] }, T extends keyof D & string, O>(query: SelectQueryBuilder<D, T, O>): SelectQueryBuilder<D & ActionFacts, T | 'r' | 'rm', O> {
  const joined = (query as unknown as SelectQueryBuilder<DB & { n: DB['notifications'] }, 'n', O>)
    .leftJoin('reservations as r', (join) => join.onRef('r.id', '=', 'n.reservation_id').onRef('r.company_id', '=', 'n.company_id'))
    .leftJoin('rooms as rm', (join) => join.onRef('rm.id', '=', 'r.resource_id').onRef('rm.company_id', '=', 'r.company_id'));
  return joined as unknown as SelectQueryBuilder<D & ActionFacts, T | 'r' | 'rm', O>;
}

/**
 * Where the action a notification asks for stands at `now` (NotificationAction), from its meeting's
 * facts: the one rule, read by the bell, its badge and the message log over `joinActionFacts`.
 * A check-in notice is done once the meeting is checked in, closed once its window passed or the
 * meeting is no longer confirmed; an empty-room question is done once checked in, closed once its answer
 * time passed (its prompt resolved or due) or the meeting is no longer confirmed; an approval request is done once somebody decided it (even if the
 * meeting was cancelled afterwards), closed once withdrawn, cancelled, expired or past its deadline.
 */
export function actionStateOf(now: number) {
  return sql<NotificationAction | null>`case
    when r.id is null then null
    when n.event = 'checkInDue' then case
      when r.checked_in_at is not null then 'done'
      when r.status <> 'confirmed' or r.end_at <= ${now} or r.start_at + coalesce(rm.sign_in_after_minutes, 0) * 60000 < ${now} then 'closed'
      else 'open' end
    when n.event = 'emptyRoom' then case
      when r.checked_in_at is not null then 'done'
      when r.status <> 'confirmed' or r.end_at <= ${now} or not exists (
        select 1 from smart_ghost_prompts g where g.reservation_id = r.id and g.resolved_at is null and g.answer_by > ${now}
      ) then 'closed'
      else 'open' end
    when n.event = 'approvalRequest' then case
      when r.decided_at is not null and r.status <> 'expired' then 'done'
      when r.status <> 'pending' or r.approval_deadline_at <= ${now} then 'closed'
      else 'open' end
    else null end`;
}

/** Rows written per statement: well under either engine's bound-parameter limit. */
const INSERT_CHUNK = 500;

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;

/** Stored notifications. Every read and write is the caller's own: company and user both bound. */
export function createNotificationRepository(db: Kysely<DB>) {
  function present(row: { id: number; event: string; params: string; link: string | null; created_at: number | string; read_at: number | string | null; action: NotificationAction | null }): Notification {
    return Notification.parse({
      id: row.id,
      event: row.event,
      params: JSON.parse(row.params) as unknown,
      link: row.link,
      createdAt: Number(row.created_at),
      readAt: row.read_at === null ? null : Number(row.read_at),
      action: row.action,
    });
  }

  /** The caller's unread notifications that still ask something of them (or ask nothing): what the badge counts. */
  async function unreadCount(companyId: number, userId: number, now: number): Promise<number> {
    const state = actionStateOf(now);
    const row = await joinActionFacts(db.selectFrom('notifications as n'))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('n.company_id', '=', companyId)
      .where('n.user_id', '=', userId)
      .where('n.read_at', 'is', null)
      .where((eb) => eb.or([eb(state, 'is', null), eb(state, '=', 'open')]))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  return {
    async insertMany(rows: NewNotification[]): Promise<void> {
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
        await db
          .insertInto('notifications')
          .values(
            rows.slice(start, start + INSERT_CHUNK).map((row) => ({
              company_id: row.companyId,
              user_id: row.userId,
              event: row.event,
              actor_user_id: row.actorUserId,
              params: JSON.stringify(row.params),
              link: row.link,
              created_at: row.createdAt,
              reservation_id: row.reservationId,
            })),
          )
          .execute();
      }
    },

    /** Newest first, each with where its action stands at `now`. */
    async list(companyId: number, userId: number, query: NotificationListQuery, now: number): Promise<Page<Notification>> {
      let own = db.selectFrom('notifications as n').where('n.company_id', '=', companyId).where('n.user_id', '=', userId);
      if (query.unread) own = own.where('n.read_at', 'is', null);
      return fetchPage(
        query,
        () => own.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        (limit, offset) =>
          joinActionFacts(own)
            .select(['n.id', 'n.event', 'n.params', 'n.link', 'n.created_at', 'n.read_at', actionStateOf(now).as('action')])
            .orderBy('n.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
        present,
      );
    },

    unreadCount,

    /** The newest notification's id, so the bell can tell a new one arrived. */
    async latestId(companyId: number, userId: number): Promise<number | null> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.max('id').as('latest'))
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.latest == null ? null : Number(row.latest);
    },

    /** Marks the caller's own unread ones among `ids` read; answers how many changed. */
    async markRead(companyId: number, userId: number, ids: number[] | 'all', at: number): Promise<number> {
      let update = db
        .updateTable('notifications')
        .set({ read_at: at })
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .where('read_at', 'is', null);
      if (ids !== 'all') update = update.where('id', 'in', ids);
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Active colleagues of the company at these addresses (case-insensitive), by lower-cased address. */
    async colleaguesByEmail(companyId: number, emails: string[]): Promise<Map<string, number>> {
      const wanted = [...new Set(emails.map((email) => email.toLowerCase()))];
      const out = new Map<string, number>();
      if (wanted.length === 0) return out;
      const rows = await db
        .selectFrom('users')
        .select(['id', 'email_lower'])
        .where('company_id', '=', companyId)
        .where('is_active', '=', 1)
        .where('email_lower', 'in', wanted)
        .execute();
      for (const row of rows) if (row.email_lower) out.set(row.email_lower, row.id);
      return out;
    },

    /** Which of these users are active colleagues of the company. */
    async activeColleagues(companyId: number, userIds: number[]): Promise<number[]> {
      if (userIds.length === 0) return [];
      const rows = await db.selectFrom('users').select('id').where('company_id', '=', companyId).where('is_active', '=', 1).where('id', 'in', [...new Set(userIds)]).execute();
      return rows.map((row) => row.id);
    },
  };
}
