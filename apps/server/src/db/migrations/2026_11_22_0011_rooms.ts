import { sql } from 'kysely';
import { TIMESTAMP, flag, withId, type DialectMigration } from './helpers.js';

/**
 * The shared core of rooms (issue 4), made once so the modules that build on it can work side by side:
 * - locations gain a description, a region icon and soft deletion (a deleted node keeps its history);
 * - room types, and rooms: one row per level-7 location node, sharing its id;
 * - door-display devices bound to a room;
 * - the core of reservations (the booking module extends it): what deleting a location must look at.
 */
export const rooms: DialectMigration = {
  async up(db, dialect) {
    await db.schema.alterTable('locations').addColumn('description', 'text').execute();
    await db.schema.alterTable('locations').addColumn('region_icon', 'text').execute();
    await db.schema.alterTable('locations').addColumn('deleted_at', TIMESTAMP).execute();

    await withId(db.schema.createTable('room_types'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('type_code', 'text', (col) => col.notNull())
      // 'standard' or 'zoom': a Zoom room's type cannot change to one of the other kind (spec 001 section 5).
      .addColumn('kind', 'text', (col) => col.notNull().defaultTo('standard').check(sql`kind in ('standard', 'zoom')`))
      .addColumn('is_enabled', 'integer', flag(1))
      .addColumn('description', 'text')
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addUniqueConstraint('room_types_company_code_unique', ['company_id', 'type_code'])
      .execute();

    await db.schema
      .createTable('rooms')
      // The room's location node (level 7): one id for the tree and the room.
      .addColumn('id', 'integer', (col) => col.primaryKey().references('locations.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('room_type_id', 'integer', (col) => col.references('room_types.id').onDelete('set null'))
      .addColumn('capacity', 'integer', (col) => col.notNull())
      .addColumn('background_image', 'text')
      // JSON array of equipment keys.
      .addColumn('equipment', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('is_available', 'integer', flag(1))
      .addColumn('needs_approval', 'integer', flag(0))
      .addColumn('sign_in_enabled', 'integer', flag(0))
      .addColumn('sign_in_way', 'text', (col) => col.notNull().defaultTo('manual').check(sql`sign_in_way in ('manual', 'qr')`))
      .addColumn('sign_in_before_minutes', 'integer', (col) => col.notNull().defaultTo(10))
      .addColumn('sign_in_after_minutes', 'integer', (col) => col.notNull().defaultTo(15))
      .addColumn('one_click_start', 'integer', flag(0))
      .addColumn('one_click_end', 'integer', flag(0))
      .addColumn('video_link', 'text')
      .addColumn('calendar_resource', 'text')
      .addColumn('has_door_display', 'integer', flag(0))
      .addColumn('bind_external_rooms', 'integer', flag(0))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('rooms_company_idx').on('rooms').columns(['company_id', 'capacity']).execute();

    await withId(db.schema.createTable('devices'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('room_id', 'integer', (col) => col.notNull().references('rooms.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      // 'door-display' now; other device kinds (visitor pads, sensors) come with their modules.
      .addColumn('kind', 'text', (col) => col.notNull().defaultTo('door-display'))
      // 5 digits while waiting for a display; cleared once used or cancelled.
      .addColumn('activation_code', 'text', (col) => col.unique())
      // 'inactive' (code issued), 'activated' (a display holds the token), 'cancelled'.
      .addColumn('state', 'text', (col) =>
        col.notNull().defaultTo('inactive').check(sql`state in ('inactive', 'activated', 'cancelled')`),
      )
      // SHA-256 of the device token, hex; the token itself is never stored.
      .addColumn('token_hash', 'text', (col) => col.unique())
      .addColumn('platform', 'text')
      .addColumn('app_version', 'text')
      .addColumn('activated_at', TIMESTAMP)
      .addColumn('last_seen_at', TIMESTAMP)
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('devices_company_room_idx').on('devices').columns(['company_id', 'room_id']).execute();

    await withId(db.schema.createTable('reservations'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('room_id', 'integer', (col) => col.notNull().references('rooms.id'))
      .addColumn('host_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('start_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('end_at', TIMESTAMP, (col) => col.notNull())
      // The booking module defines the life cycle; 'cancelled' and 'rejected' rows hold no time.
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('confirmed'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('reservations_room_start_idx').on('reservations').columns(['room_id', 'start_at']).execute();
  },
};
