import { sql } from 'kysely';
import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * Away days (decision 0019, "Assigned desks on their owner's away days"): the owner of an assigned desk
 * releases it from `first_day` to `last_day` (both included, `YYYY-MM-DD` on the floor's clock); on those
 * days whoever may book in its neighbourhood may book it. `user_id` is who released it (the owner, or a
 * desk settings editor on their behalf). A release goes with its desk.
 */
export const deskReleases: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('desk_releases'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('desk_id', 'integer', (col) => col.notNull().references('desks.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('first_day', 'text', (col) => col.notNull())
      .addColumn('last_day', 'text', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addCheckConstraint('desk_releases_days_check', sql`first_day <= last_day`)
      .execute();
    await db.schema.createIndex('desk_releases_desk_idx').on('desk_releases').columns(['company_id', 'desk_id', 'last_day']).execute();
  },
};
