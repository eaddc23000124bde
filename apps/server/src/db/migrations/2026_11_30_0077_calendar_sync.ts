import { sql } from 'kysely';
import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * Calendar sync (issue 24, decision 0023): a company's connections to outside calendar services
 * (CalDAV first; Microsoft Graph and Google later), each room linked to one outside calendar
 * collection with its sync token and health, the outside items known per link (href, UID, ETag,
 * the booking they are), the outbound queue of bookings to write out, and the outside events
 * declined because they would double-book a room.
 */
export const calendarSync: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('calendar_connections'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('server_url', 'text', (col) => col.notNull())
      .addColumn('account', 'text', (col) => col.notNull())
      // Write-only (decision 0007, as the SSO client secret): never answered, never logged.
      .addColumn('credential', 'text', (col) => col.notNull())
      // Who connected it: the host of outside events whose organiser is no colleague.
      .addColumn('owner_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addCheckConstraint('calendar_connections_kind', sql`kind in ('caldav', 'graph', 'google')`)
      .execute();
    await db.schema.createIndex('calendar_connections_company_idx').on('calendar_connections').column('company_id').execute();

    await withId(db.schema.createTable('calendar_links'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('connection_id', 'integer', (col) => col.notNull().references('calendar_connections.id').onDelete('cascade'))
      .addColumn('room_id', 'integer', (col) => col.notNull().references('rooms.id').onDelete('cascade'))
      .addColumn('collection_url', 'text', (col) => col.notNull())
      .addColumn('collection_name', 'text')
      .addColumn('sync_token', 'text')
      .addColumn('health', 'text', (col) => col.notNull().defaultTo('pending'))
      .addColumn('last_attempt_at', TIMESTAMP)
      .addColumn('last_success_at', TIMESTAMP)
      // What went wrong last (the peer's status or the network's error), for the sync-health panel.
      .addColumn('last_error', 'text')
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addUniqueConstraint('calendar_links_room_key', ['company_id', 'room_id'])
      .addCheckConstraint('calendar_links_health', sql`health in ('pending', 'ok', 'failing')`)
      .execute();
    await db.schema.createIndex('calendar_links_connection_idx').on('calendar_links').columns(['company_id', 'connection_id']).execute();

    await withId(db.schema.createTable('calendar_sync_items'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('link_id', 'integer', (col) => col.notNull().references('calendar_links.id').onDelete('cascade'))
      .addColumn('href', 'text', (col) => col.notNull())
      .addColumn('uid', 'text', (col) => col.notNull())
      .addColumn('etag', 'text')
      // The booking it is; null for an event declined or not taken (ended, repeating).
      .addColumn('reservation_id', 'integer', (col) => col.references('reservations.id').onDelete('set null'))
      // Where it was made: outside (inbound) or by us (outbound).
      .addColumn('origin', 'text', (col) => col.notNull())
      // Title, start and end as last written on either side: equal on both sides means nothing to do (loop prevention).
      .addColumn('fingerprint', 'text')
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addUniqueConstraint('calendar_sync_items_href_key', ['link_id', 'href'])
      .addCheckConstraint('calendar_sync_items_origin', sql`origin in ('inbound', 'outbound')`)
      .execute();
    await db.schema.createIndex('calendar_sync_items_reservation_idx').on('calendar_sync_items').columns(['link_id', 'reservation_id']).execute();

    await withId(db.schema.createTable('calendar_sync_pushes'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('link_id', 'integer', (col) => col.notNull().references('calendar_links.id').onDelete('cascade'))
      .addColumn('reservation_id', 'integer', (col) => col.notNull().references('reservations.id').onDelete('cascade'))
      .addColumn('state', 'text', (col) => col.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('available_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('lease_token', 'text')
      .addColumn('leased_until', TIMESTAMP)
      .addColumn('last_error', 'text')
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addUniqueConstraint('calendar_sync_pushes_key', ['link_id', 'reservation_id'])
      .addCheckConstraint('calendar_sync_pushes_state', sql`state in ('pending', 'failed')`)
      .execute();
    await db.schema.createIndex('calendar_sync_pushes_due_idx').on('calendar_sync_pushes').columns(['state', 'available_at']).execute();

    await withId(db.schema.createTable('calendar_sync_declines'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('link_id', 'integer', (col) => col.notNull().references('calendar_links.id').onDelete('cascade'))
      .addColumn('uid', 'text', (col) => col.notNull())
      .addColumn('title', 'text')
      .addColumn('organiser_email', 'text')
      .addColumn('start_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('end_at', TIMESTAMP, (col) => col.notNull())
      // The catalogue's key of the engine's refusal (an overlap: reservationConflict).
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('declined_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('calendar_sync_declines_link_idx').on('calendar_sync_declines').columns(['company_id', 'link_id', 'declined_at']).execute();
  },
};
