import { sql } from 'kysely';
import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * In-console notifications and mail retries (issue 6).
 *
 * `notifications`: what the console's bell shows a colleague: one row per recipient, written beside
 * the booking mails (same event names as the message log), with the facts to word it in either
 * language (`params`, JSON) and when it was read.
 *
 * `mail_outbox` gains what a retry needs: how many attempts were made, when the next one is due
 * (null: none), and the calendar part of an invitation, so a retried invitation is still one.
 *
 * `reservations.check_in_noticed_at`: when the host was told a meeting's check-in is due; set once
 * by whichever server process claims it first.
 */
export const notifications: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('notifications'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('event', 'text', (col) => col.notNull())
      .addColumn('actor_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('params', 'text', (col) => col.notNull())
      .addColumn('link', 'text')
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('read_at', TIMESTAMP)
      .execute();
    // The bell: a person's newest first, and their unread ones counted.
    await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('notifications_unread_idx').on('notifications').columns(['user_id']).where(sql.ref('read_at'), 'is', null).execute();
    // The message log: a company's newest first.
    await db.schema.createIndex('notifications_company_idx').on('notifications').columns(['company_id', 'created_at']).execute();

    await db.schema.alterTable('mail_outbox').addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('mail_outbox').addColumn('next_attempt_at', TIMESTAMP).execute();
    await db.schema.alterTable('mail_outbox').addColumn('calendar_method', 'text').execute();
    await db.schema.alterTable('mail_outbox').addColumn('calendar_content', 'text').execute();
    await db.schema.createIndex('mail_outbox_retry_idx').on('mail_outbox').column('next_attempt_at').where(sql.ref('next_attempt_at'), 'is not', null).execute();

    await db.schema.alterTable('reservations').addColumn('check_in_noticed_at', TIMESTAMP).execute();
  },
};
