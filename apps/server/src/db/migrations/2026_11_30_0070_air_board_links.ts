import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * The public air board's secret links (decision 0020, "Air pages and the public board"): a lobby screen
 * opens `/air-board/<secret>` and sees the air of the link's location subtree without signing in. Only
 * the secret's SHA-256 is kept; a revoked link stops at once. An index on the company for its list.
 */
export const airBoardLinks: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('air_board_links'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('location_id', 'integer', (col) => col.references('locations.id').onDelete('set null'))
      .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('revoked_at', TIMESTAMP)
      .execute();
    await db.schema.createIndex('air_board_links_company_idx').on('air_board_links').columns(['company_id', 'created_at']).execute();
  },
};
