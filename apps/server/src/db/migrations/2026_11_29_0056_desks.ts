import { sql } from 'kysely';
import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * Desks and neighbourhoods (decision 0019, "The data of desks"):
 * - `desk_neighbourhoods`: a named, coloured part of a floor, free for all or kept for a department;
 *   its name unique per floor regardless of case (`name_key`).
 * - `desks`: a desk is a resource (its id is drawn from the location tree's sequence, so it never
 *   meets a room's) on a floor, with a number unique per floor among desks not deleted, equipment
 *   (JSON keys), and a mode: bookable, drop-in (first come, checked in on arrival), assigned (to a
 *   person or a department) or unavailable. Deleted desks are kept (soft deletion): their bookings
 *   are history.
 * - `resource_positions`: where a desk (and later a room) sits on its floor's map, in the map's
 *   units, rotated in degrees.
 */
export const desks: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('desk_neighbourhoods'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('floor_id', 'integer', (col) => col.notNull().references('locations.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('name_key', 'text', (col) => col.notNull())
      .addColumn('color', 'text', (col) => col.notNull())
      .addColumn('department_id', 'integer', (col) => col.references('departments.id').onDelete('set null'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('desk_neighbourhoods_name_idx').on('desk_neighbourhoods').columns(['floor_id', 'name_key']).unique().execute();
    await db.schema.createIndex('desk_neighbourhoods_company_idx').on('desk_neighbourhoods').columns(['company_id']).execute();

    await db.schema
      .createTable('desks')
      .addColumn('id', 'integer', (col) => col.primaryKey().references('resources.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('floor_id', 'integer', (col) => col.notNull().references('locations.id').onDelete('cascade'))
      .addColumn('neighbourhood_id', 'integer', (col) => col.references('desk_neighbourhoods.id').onDelete('set null'))
      .addColumn('number', 'text', (col) => col.notNull())
      .addColumn('number_key', 'text', (col) => col.notNull())
      .addColumn('equipment', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('mode', 'text', (col) => col.notNull().defaultTo('bookable').check(sql`mode in ('bookable', 'drop_in', 'assigned', 'unavailable')`))
      .addColumn('assigned_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('assigned_department_id', 'integer', (col) => col.references('departments.id').onDelete('set null'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('deleted_at', TIMESTAMP)
      // At most one owner, and an owner only for an assigned desk (a deleted owner leaves it assigned to nobody).
      .addCheckConstraint('desks_one_owner', sql`assigned_user_id is null or assigned_department_id is null`)
      .addCheckConstraint('desks_owner_mode', sql`mode = 'assigned' or (assigned_user_id is null and assigned_department_id is null)`)
      .execute();
    await db.schema.createIndex('desks_number_idx').on('desks').columns(['floor_id', 'number_key']).unique().where(sql.ref('deleted_at'), 'is', null).execute();
    await db.schema.createIndex('desks_company_floor_idx').on('desks').columns(['company_id', 'floor_id']).execute();

    await db.schema
      .createTable('resource_positions')
      .addColumn('resource_id', 'integer', (col) => col.primaryKey().references('resources.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('x', 'real', (col) => col.notNull())
      .addColumn('y', 'real', (col) => col.notNull())
      .addColumn('width', 'real', (col) => col.notNull())
      .addColumn('height', 'real', (col) => col.notNull())
      .addColumn('rotation', 'real', (col) => col.notNull().defaultTo(0))
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addCheckConstraint('resource_positions_size', sql`width > 0 and height > 0`)
      .execute();
  },
};
