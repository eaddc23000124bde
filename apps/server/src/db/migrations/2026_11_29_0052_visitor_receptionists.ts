import { TIMESTAMP, type DialectMigration } from './helpers.js';

/**
 * Receptionists per place (decision 0018, "Receptionists per place"): who receives visitors at a
 * building or floor. A colleague with the reception area and places of their own reads those places'
 * visits; one with none, the company's.
 */
export const visitorReceptionists: DialectMigration = {
  async up(db) {
    await db.schema
      .createTable('visitor_receptionists')
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('location_id', 'integer', (col) => col.notNull().references('locations.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addPrimaryKeyConstraint('visitor_receptionists_pk', ['location_id', 'user_id'])
      .execute();
    await db.schema.createIndex('visitor_receptionists_user_idx').on('visitor_receptionists').columns(['company_id', 'user_id']).execute();
  },
};
