import { sql } from 'kysely';
import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * Broadcast notices (issue 6, /broadcast): a company's notices with their targets (door displays,
 * or locations whose rooms' displays show them) and the company's custom images (at most 10,
 * counted by the service; the built-in images are product assets and have no rows).
 */
export const broadcasts: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('broadcast_images'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      // The upload's address: /api/upload/files/<companyId>/<name>.
      .addColumn('file_url', 'text', (col) => col.notNull())
      .addColumn('file_name', 'text', (col) => col.notNull())
      .addColumn('size', 'integer', (col) => col.notNull())
      .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('broadcast_images_company_idx').on('broadcast_images').column('company_id').execute();

    await withId(db.schema.createTable('broadcasts'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('title', 'text', (col) => col.notNull())
      // One of the two: a built-in image's name, or a custom image (null once deleted after the notice ended).
      .addColumn('default_image', 'text')
      .addColumn('image_id', 'integer', (col) => col.references('broadcast_images.id').onDelete('set null'))
      .addColumn('starts_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('ends_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('repeat', 'text', (col) => col.notNull().defaultTo('none'))
      // A repeating notice's last moment (exclusive); null when it does not repeat.
      .addColumn('repeat_until', TIMESTAMP)
      // When it is over for good (its end, or its last repeat day's end in its zone), kept for status filters.
      .addColumn('final_ends_at', TIMESTAMP, (col) => col.notNull())
      // The IANA zone the times were written in.
      .addColumn('time_zone', 'text', (col) => col.notNull())
      .addColumn('ended_at', TIMESTAMP)
      .addColumn('ended_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addCheckConstraint('broadcasts_repeat', sql`repeat in ('none', 'daily', 'weekly', 'workdays')`)
      .addCheckConstraint('broadcasts_repeat_until', sql`(repeat = 'none') = (repeat_until is null)`)
      .addCheckConstraint('broadcasts_period', sql`ends_at > starts_at`)
      .addCheckConstraint('broadcasts_one_image', sql`default_image is null or image_id is null`)
      .execute();
    await db.schema.createIndex('broadcasts_company_idx').on('broadcasts').columns(['company_id', 'created_at']).execute();
    await db.schema.createIndex('broadcasts_image_idx').on('broadcasts').column('image_id').execute();

    await db.schema
      .createTable('broadcast_targets')
      .addColumn('broadcast_id', 'integer', (col) => col.notNull().references('broadcasts.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      // Exactly one of the two: a door display, or a location (its rooms' displays, at any depth).
      .addColumn('device_id', 'integer', (col) => col.references('devices.id').onDelete('cascade'))
      .addColumn('location_id', 'integer', (col) => col.references('locations.id').onDelete('cascade'))
      .addCheckConstraint('broadcast_targets_one', sql`(device_id is null) <> (location_id is null)`)
      .execute();
    await db.schema.createIndex('broadcast_targets_broadcast_idx').on('broadcast_targets').column('broadcast_id').execute();
    await db.schema.createIndex('broadcast_targets_device_idx').on('broadcast_targets').columns(['company_id', 'device_id']).execute();
    await db.schema.createIndex('broadcast_targets_location_idx').on('broadcast_targets').columns(['company_id', 'location_id']).execute();
  },
};
