import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * Room details of the /meeting page (issue 4): the periods a room is disabled for maintenance
 * (spec 001 section 5), and an index for the location tree's sibling order.
 */
export const roomDetails: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('room_disable_periods'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('room_id', 'integer', (col) => col.notNull().references('rooms.id').onDelete('cascade'))
      .addColumn('start_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('end_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('reason', 'text')
      .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('room_disable_periods_room_idx')
      .on('room_disable_periods')
      .columns(['company_id', 'room_id', 'end_at'])
      .execute();
  },
};
