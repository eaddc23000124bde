import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * The transactional outbox (issue 18): work that must follow a committed change, such as a
 * booking's invitations, is written as one small row in the change's own transaction and done
 * afterwards by the outbox worker (platform/outbox.ts). A rolled-back change leaves no row; a
 * committed one is done even if the process stops right after the commit.
 *
 * `kind` names the work and `payload` (JSON) what it is about. The worker claims due rows by
 * setting `claimed_until` (a lease) and `claim_token` in one UPDATE … RETURNING, so two processes
 * never take the same row; a row whose lease ran out (its process died) is taken again. `handled`
 * lists the handlers that are done (comma-separated), so a retry after a failure runs only the
 * others. A done row is deleted; `available_at` is when it is due, null once given up.
 */
export const outboxEvents: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('outbox_events'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('payload', 'text', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('available_at', TIMESTAMP)
      .addColumn('claimed_until', TIMESTAMP)
      .addColumn('claim_token', 'text')
      .addColumn('handled', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .execute();
    // The worker reads the due rows, oldest first.
    await db.schema.createIndex('outbox_events_due_idx').on('outbox_events').columns(['available_at', 'id']).execute();
  },
};
