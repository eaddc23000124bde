import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * Who may use desk booking, and the days it is closed (decision 0019, "Desk access and closures"):
 * - `departments.desk_booking_enabled`: the department switch (`PUT /tenant/group/user/deskeeper-service`);
 *   on (1) for every department, existing and new, until someone switches it off.
 * - `desk_closures`: holiday and closure days of the whole company (`building_id` null) or of one
 *   building, from `first_date` to `last_date` (YYYY-MM-DD, both included, on the building's clock).
 */
export const deskAccess: DialectMigration = {
  async up(db, dialect) {
    await db.schema.alterTable('departments').addColumn('desk_booking_enabled', 'integer', (col) => col.notNull().defaultTo(1)).execute();

    await withId(db.schema.createTable('desk_closures'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('building_id', 'integer', (col) => col.references('locations.id').onDelete('cascade'))
      .addColumn('first_date', 'text', (col) => col.notNull())
      .addColumn('last_date', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('desk_closures_company_idx').on('desk_closures').columns(['company_id', 'last_date']).execute();
  },
};
