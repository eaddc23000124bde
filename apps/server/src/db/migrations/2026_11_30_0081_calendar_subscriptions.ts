import type { DialectMigration } from './helpers.js';
import { TIMESTAMP } from './helpers.js';

/**
 * Change notifications of calendar services (decision 0023, "Microsoft Graph"): per link, the
 * service's subscription id, when it expires, and the secret the service sends back with every
 * notification (Graph's `clientState`). Null when the link has none (no PUBLIC_URL, CalDAV, or not
 * made yet): the scheduled pull alone keeps it current.
 */
export const calendarSubscriptions: DialectMigration = {
  async up(db) {
    await db.schema.alterTable('calendar_links').addColumn('subscription_id', 'text').execute();
    await db.schema.alterTable('calendar_links').addColumn('subscription_expires_at', TIMESTAMP).execute();
    // Write-only like a connection's credential: never answered, never logged.
    await db.schema.alterTable('calendar_links').addColumn('subscription_secret', 'text').execute();
    await db.schema.createIndex('calendar_links_subscription_idx').on('calendar_links').column('subscription_id').execute();
  },
};
