import { sql } from 'kysely';
import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * Fixed assets and the equipment catalogue (decision 0019, "Assets"):
 * - `asset_categories`: a tree (parent_id), names unique among siblings regardless of case (`name_key`;
 *   the top level has its own index, as a null parent never equals another);
 * - `asset_models`: a product in a category, with its manufacturer and model number; names unique in the company;
 * - `assets`: an asset tag unique in the company regardless of case (`tag_key`), a serial number
 *   unique per model when given (`serial_key`), a status, a location node, at most one holder (a
 *   person, a desk or a room), `deployed` exactly when it has one, purchase, warranty and audit dates;
 * - `asset_assignments`: every check-out with its check-in (null while out), at most one open per asset.
 * Categories, models and assets are deleted softly (`deleted_at`): the history keeps naming them,
 * and uniqueness holds among the rows not deleted.
 */
export const assets: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('asset_categories'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('parent_id', 'integer', (col) => col.references('asset_categories.id'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('name_key', 'text', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('deleted_at', TIMESTAMP)
      .execute();
    await db.schema
      .createIndex('asset_categories_name_idx')
      .on('asset_categories')
      .columns(['parent_id', 'name_key'])
      .unique()
      .where(sql.ref('deleted_at'), 'is', null)
      .execute();
    await db.schema
      .createIndex('asset_categories_top_name_idx')
      .on('asset_categories')
      .columns(['company_id', 'name_key'])
      .unique()
      .where(sql<boolean>`parent_id is null and deleted_at is null`)
      .execute();
    await db.schema.createIndex('asset_categories_company_idx').on('asset_categories').columns(['company_id']).execute();

    await withId(db.schema.createTable('asset_models'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('category_id', 'integer', (col) => col.notNull().references('asset_categories.id'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('name_key', 'text', (col) => col.notNull())
      .addColumn('manufacturer', 'text')
      .addColumn('model_number', 'text')
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('deleted_at', TIMESTAMP)
      .execute();
    await db.schema.createIndex('asset_models_name_idx').on('asset_models').columns(['company_id', 'name_key']).unique().where(sql.ref('deleted_at'), 'is', null).execute();
    await db.schema.createIndex('asset_models_category_idx').on('asset_models').columns(['category_id']).execute();

    await withId(db.schema.createTable('assets'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('tag', 'text', (col) => col.notNull())
      .addColumn('tag_key', 'text', (col) => col.notNull())
      .addColumn('serial', 'text')
      .addColumn('serial_key', 'text')
      .addColumn('model_id', 'integer', (col) => col.notNull().references('asset_models.id'))
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('ready').check(sql`status in ('ready', 'deployed', 'in_repair', 'retired')`))
      .addColumn('location_id', 'integer', (col) => col.references('locations.id').onDelete('set null'))
      .addColumn('assigned_user_id', 'integer', (col) => col.references('users.id'))
      .addColumn('assigned_desk_id', 'integer', (col) => col.references('desks.id'))
      .addColumn('assigned_room_id', 'integer', (col) => col.references('rooms.id'))
      .addColumn('assigned_at', TIMESTAMP)
      .addColumn('purchase_date', 'text')
      .addColumn('warranty_end', 'text')
      .addColumn('last_audit_at', TIMESTAMP)
      .addColumn('next_audit_at', TIMESTAMP)
      .addColumn('notes', 'text')
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('deleted_at', TIMESTAMP)
      // At most one holder, and `deployed` exactly when there is one.
      .addCheckConstraint(
        'assets_one_holder',
        sql`(case when assigned_user_id is null then 0 else 1 end) + (case when assigned_desk_id is null then 0 else 1 end) + (case when assigned_room_id is null then 0 else 1 end) = (case when status = 'deployed' then 1 else 0 end)`,
      )
      .execute();
    await db.schema.createIndex('assets_tag_idx').on('assets').columns(['company_id', 'tag_key']).unique().where(sql.ref('deleted_at'), 'is', null).execute();
    await db.schema
      .createIndex('assets_serial_idx')
      .on('assets')
      .columns(['model_id', 'serial_key'])
      .unique()
      .where(sql<boolean>`serial_key is not null and deleted_at is null`)
      .execute();
    await db.schema.createIndex('assets_company_status_idx').on('assets').columns(['company_id', 'status']).execute();

    await withId(db.schema.createTable('asset_assignments'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('asset_id', 'integer', (col) => col.notNull().references('assets.id').onDelete('cascade'))
      .addColumn('target_kind', 'text', (col) => col.notNull().check(sql`target_kind in ('user', 'desk', 'room')`))
      .addColumn('target_id', 'integer', (col) => col.notNull())
      .addColumn('assigned_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('returned_at', TIMESTAMP)
      .addColumn('assigned_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('asset_assignments_asset_idx').on('asset_assignments').columns(['asset_id', 'assigned_at']).execute();
    await db.schema.createIndex('asset_assignments_open_idx').on('asset_assignments').columns(['asset_id']).unique().where(sql.ref('returned_at'), 'is', null).execute();
  },
};
