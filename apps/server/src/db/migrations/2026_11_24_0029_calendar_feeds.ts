import { sql } from 'kysely';
import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * Calendar feeds (issue 6): a secret iCalendar URL per person (their meetings) and per room (its
 * meetings) that Outlook, Google Calendar or Apple Calendar subscribe to. Only the SHA-256 of the
 * secret is kept; a new link for the same person or room revokes the previous one.
 */
export const calendarFeeds: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('calendar_feeds'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('kind', 'text', (col) => col.notNull())
      // The person (kind user) or the room (kind room).
      .addColumn('target_id', 'integer', (col) => col.notNull())
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('revoked_at', TIMESTAMP)
      .addCheckConstraint('calendar_feeds_kind', sql`kind in ('user', 'room')`)
      .execute();
    await db.schema.createIndex('calendar_feeds_target_idx').on('calendar_feeds').columns(['company_id', 'kind', 'target_id']).execute();
  },
};
