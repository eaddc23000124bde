import type { Kysely } from 'kysely';
import { Notification, type NotificationEvent, type NotificationListQuery, type NotificationParams, type Page } from '@atrium/contract';
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
}

/** Rows written per statement: well under either engine's bound-parameter limit. */
const INSERT_CHUNK = 500;

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;

/** Stored notifications. Every read and write is the caller's own: company and user both bound. */
export function createNotificationRepository(db: Kysely<DB>) {
  function present(row: { id: number; event: string; params: string; link: string | null; created_at: number | string; read_at: number | string | null }): Notification {
    return Notification.parse({
      id: row.id,
      event: row.event,
      params: JSON.parse(row.params) as unknown,
      link: row.link,
      createdAt: Number(row.created_at),
      readAt: row.read_at === null ? null : Number(row.read_at),
    });
  }

  async function unreadCount(companyId: number, userId: number): Promise<number> {
    const row = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
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
            })),
          )
          .execute();
      }
    },

    /** Newest first. */
    async list(companyId: number, userId: number, query: NotificationListQuery): Promise<Page<Notification>> {
      let own = db.selectFrom('notifications').where('company_id', '=', companyId).where('user_id', '=', userId);
      if (query.unread) own = own.where('read_at', 'is', null);
      return fetchPage(
        query,
        () => own.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        (limit, offset) => own.select(['id', 'event', 'params', 'link', 'created_at', 'read_at']).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
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
