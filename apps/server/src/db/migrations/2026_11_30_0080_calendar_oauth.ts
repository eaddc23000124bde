import { TIMESTAMP, type DialectMigration } from './helpers.js';

/**
 * Calendar sync's OAuth kinds (Google, Microsoft Graph; decision 0023, "OAuth connections"): the
 * refresh token a consent gives, write-only like the credential (the client secret), and per link
 * the Google push channel watching its calendar (id, the resource id Google names, the token it
 * echoes, its expiry).
 */
export const calendarOAuth: DialectMigration = {
  async up(db) {
    // Write-only (decision 0007): never answered, never logged; null until the consent.
    await db.schema.alterTable('calendar_connections').addColumn('refresh_token', 'text').execute();
    // The last failure was the credential refused (a revoked consent): the health panel says "token invalid".
    await db.schema.alterTable('calendar_links').addColumn('is_auth_failure', 'integer', (col) => col.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('calendar_links').addColumn('channel_id', 'text').execute();
    await db.schema.alterTable('calendar_links').addColumn('channel_resource_id', 'text').execute();
    await db.schema.alterTable('calendar_links').addColumn('channel_token', 'text').execute();
    await db.schema.alterTable('calendar_links').addColumn('channel_expires_at', TIMESTAMP).execute();
  },
};
