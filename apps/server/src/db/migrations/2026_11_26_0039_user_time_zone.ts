import type { DialectMigration } from './helpers.js';

/**
 * The viewer's own time zone (issue 17, docs/decisions/0011): the zone the console shows and takes
 * meeting times in. Null follows the browser's zone; a value is a canonical IANA name.
 */
export const userTimeZone: DialectMigration = {
  async up(db) {
    await db.schema.alterTable('users').addColumn('time_zone', 'text').execute();
  },
};
