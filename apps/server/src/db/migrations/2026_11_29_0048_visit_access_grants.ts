import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * Door access for visitors (decision 0018, "Door access"): one time-boxed grant per visit, issued at
 * check-in through the company's access adapter and revoked at check-out or once it runs out. The
 * grant id is what door controllers use to drop a message they already had (MQTT QoS 1 delivers at
 * least once); `revoked_at` marks a grant whose revocation the adapter has taken.
 */
export const visitAccessGrants: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('visit_access_grants'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('visit_id', 'integer', (col) => col.notNull().references('visits.id').onDelete('cascade'))
      .addColumn('location_id', 'integer', (col) => col.references('locations.id').onDelete('set null'))
      .addColumn('grant_id', 'text', (col) => col.notNull())
      .addColumn('valid_from', TIMESTAMP, (col) => col.notNull())
      .addColumn('valid_until', TIMESTAMP, (col) => col.notNull())
      .addColumn('granted_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('revoked_at', TIMESTAMP)
      .execute();
    await db.schema.createIndex('visit_access_grants_visit_idx').on('visit_access_grants').column('visit_id').unique().execute();
    await db.schema.createIndex('visit_access_grants_open_idx').on('visit_access_grants').columns(['revoked_at', 'valid_until']).execute();
  },
};
