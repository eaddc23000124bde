import type { Kysely } from 'kysely';
import type { MailOutboxDetails, MailOutboxItem, MailOutboxQuery, MailStatus, MessageEvent, Page } from '@atrium/contract';
import type { DB, MailOutboxTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';
import { containsIgnoringCase } from '../../db/like.js';
import { fetchPage } from '../../db/paging.js';

export interface NewOutboxMail {
  companyId: number;
  event: MessageEvent;
  actorUserId: number | null;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: MailStatus;
  createdAt: number;
}


const presentItem = (row: Selectable<MailOutboxTable>): MailOutboxItem => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  status: row.status,
  error: row.error,
  createdAt: Number(row.created_at),
  sentAt: row.sent_at === null ? null : Number(row.sent_at),
});

export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;

export function createMailOutboxRepository(db: Kysely<DB>) {
  return {
    async insert(mail: NewOutboxMail): Promise<number> {
      const row = await db
        .insertInto('mail_outbox')
        .values({
          company_id: mail.companyId,
          event: mail.event,
          actor_user_id: mail.actorUserId,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          status: mail.status,
          error: null,
          created_at: mail.createdAt,
          sent_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async markSent(companyId: number, id: number, at: number): Promise<void> {
      await db.updateTable('mail_outbox').set({ status: 'sent', sent_at: at }).where('company_id', '=', companyId).where('id', '=', id).execute();
    },

    async markFailed(companyId: number, id: number, error: string, errorCode: string | null): Promise<void> {
      await db.updateTable('mail_outbox').set({ status: 'failed', error, error_code: errorCode }).where('company_id', '=', companyId).where('id', '=', id).execute();
    },

    /** Newest first; always within one company. */
    async list(companyId: number, query: MailOutboxQuery): Promise<Page<MailOutboxItem>> {
      let filtered = db.selectFrom('mail_outbox').where('company_id', '=', companyId);
      if (query.recipient) filtered = filtered.where(containsIgnoringCase('to', query.recipient));
      return fetchPage(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        (limit, offset) =>
          filtered
            .selectAll()
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
        presentItem,
      );
    },

    async find(companyId: number, id: number): Promise<MailOutboxDetails | undefined> {
      const row = await db.selectFrom('mail_outbox').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
      return row && { ...presentItem(row), text: row.text, html: row.html };
    },
  };
}
