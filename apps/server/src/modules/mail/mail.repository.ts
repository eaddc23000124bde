import type { Kysely } from 'kysely';
import type { MailOutboxDetails, MailOutboxItem, MailOutboxQuery, MailStatus, MessageEvent, Page } from '@atrium/contract';
import type { DB, MailOutboxTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';
import { containsIgnoringCase } from '../../db/like.js';
import { fetchPage } from '../../db/paging.js';
import { defineStatement } from '../../db/prepared.js';

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
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string } | null;
  /** The parts hold markers in place of secrets the recipient alone received. */
  isRedacted?: boolean;
}

/** A failed mail claimed for another attempt: what sending it again needs. */
export interface RetryMail {
  id: number;
  companyId: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  calendar: { method: 'REQUEST' | 'CANCEL'; content: string } | null;
  /** Attempts made before this one. */
  attempts: number;
}


const presentItem = (row: Selectable<MailOutboxTable>): MailOutboxItem => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  status: row.status,
  error: row.error,
  createdAt: Number(row.created_at),
  sentAt: row.sent_at === null ? null : Number(row.sent_at),
  isRedacted: Number(row.is_redacted) === 1,
});

export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;

// Compiled once: the outbox worker inserts a mail for every recipient of every booking.
const insertMail = defineStatement(
  (
    db: Kysely<DB>,
    companyId: number,
    event: MessageEvent,
    actorUserId: number | null,
    to: string,
    subject: string,
    text: string,
    html: string | null,
    status: MailStatus,
    createdAt: number,
    calendarMethod: 'REQUEST' | 'CANCEL' | null,
    calendarContent: string | null,
    isRedacted: 0 | 1,
  ) =>
    db
      .insertInto('mail_outbox')
      .values({
        company_id: companyId,
        event,
        actor_user_id: actorUserId,
        to,
        subject,
        text,
        html,
        status,
        error: null,
        created_at: createdAt,
        sent_at: null,
        calendar_method: calendarMethod,
        calendar_content: calendarContent,
        is_redacted: isRedacted,
      })
      .returning('id'),
);

/** Mails per multi-row insert: 14 values each, far below both engines' limit of bound values. */
const MAIL_INSERT_CHUNK = 500;

export function createMailOutboxRepository(db: Kysely<DB>) {
  async function insertOne(mail: NewOutboxMail): Promise<number> {
    const [row] = await insertMail(
      db,
      mail.companyId,
      mail.event,
      mail.actorUserId,
      mail.to,
      mail.subject,
      mail.text,
      mail.html,
      mail.status,
      mail.createdAt,
      mail.calendar?.method ?? null,
      mail.calendar?.content ?? null,
      mail.isRedacted ? 1 : 0,
    );
    return row!.id;
  }

  return {
    insert: insertOne,

    /**
     * Many mails in one statement (in chunks of MAIL_INSERT_CHUNK); answers their ids in the order
     * given (one statement numbers its rows in the order of its values on both engines).
     */
    async insertMany(mails: readonly NewOutboxMail[]): Promise<number[]> {
      if (mails.length === 1) return [await insertOne(mails[0]!)];
      const ids: number[] = [];
      for (let from = 0; from < mails.length; from += MAIL_INSERT_CHUNK) {
        const rows = await db
          .insertInto('mail_outbox')
          .values(
            mails.slice(from, from + MAIL_INSERT_CHUNK).map((mail) => ({
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
              calendar_method: mail.calendar?.method ?? null,
              calendar_content: mail.calendar?.content ?? null,
              is_redacted: mail.isRedacted ? 1 : 0,
            })),
          )
          .returning('id')
          .execute();
        ids.push(...rows.map((row) => row.id).sort((a, b) => a - b));
      }
      return ids;
    },

    /** A successful attempt; `attempts` counts it. */
    async markSent(companyId: number, id: number, at: number, attempts: number): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ status: 'sent', sent_at: at, attempts, next_attempt_at: null, error: null, error_code: null })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    },

    /** A failed attempt; `nextAttemptAt` null gives the mail up. */
    async markFailed(companyId: number, id: number, failure: { error: string; errorCode: string | null; attempts: number; nextAttemptAt: number | null }): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ status: 'failed', error: failure.error, error_code: failure.errorCode, attempts: failure.attempts, next_attempt_at: failure.nextAttemptAt })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    },

    /**
     * Claims failed mails whose next attempt is due (the earliest first), marking them queued; a
     * mail another process claimed first is not among them.
     */
    async claimRetries(now: number, limit: number): Promise<RetryMail[]> {
      const due = db
        .selectFrom('mail_outbox')
        .select('id')
        .where('next_attempt_at', 'is not', null)
        .where('next_attempt_at', '<=', now)
        .where('status', '=', 'failed')
        // Never a mail whose copy holds markers instead of its secrets.
        .where('is_redacted', '=', 0)
        .orderBy('next_attempt_at')
        .limit(limit);
      const rows = await db
        .updateTable('mail_outbox')
        .set({ status: 'queued', next_attempt_at: null })
        .where('id', 'in', due)
        .where('status', '=', 'failed')
        .where('next_attempt_at', 'is not', null)
        .returning(['id', 'company_id', 'to', 'subject', 'text', 'html', 'calendar_method', 'calendar_content', 'attempts'])
        .execute();
      return rows.map((row) => ({
        id: row.id,
        companyId: row.company_id,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        calendar: row.calendar_method && row.calendar_content !== null ? { method: row.calendar_method, content: row.calendar_content } : null,
        attempts: row.attempts,
      }));
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
