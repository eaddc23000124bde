import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * Floor plans (decision 0019, "Floor plans"): a floor (a level-6 location) has at most one plan image,
 * kept in the database (every backup holds it and every process sees it): a re-encoded png or jpeg, or
 * a sanitised svg. `width` and `height` are the plan's own units (a raster's pixels, an svg's viewBox):
 * the coordinate space of the floor's `resource_positions`. It goes with its floor.
 *
 * `desk_live_links`: a floor's secret lobby-screen link (/deskeeper-live): only its SHA-256 is kept, one in
 * force per floor (a new one revokes the previous).
 */
export const floorMaps: DialectMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('floor_maps')
      .addColumn('floor_id', 'integer', (col) => col.primaryKey().references('locations.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('content_type', 'text', (col) => col.notNull())
      .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (col) => col.notNull())
      .addColumn('width', 'real', (col) => col.notNull())
      .addColumn('height', 'real', (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('floor_maps_company_idx').on('floor_maps').columns(['company_id']).execute();

    await withId(db.schema.createTable('desk_live_links'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('floor_id', 'integer', (col) => col.notNull().references('locations.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('revoked_at', TIMESTAMP)
      .execute();
    await db.schema.createIndex('desk_live_links_floor_idx').on('desk_live_links').columns(['company_id', 'floor_id']).execute();
  },
};
