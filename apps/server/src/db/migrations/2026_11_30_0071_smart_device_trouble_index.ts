import { sql } from 'kysely';
import type { DialectMigration } from './helpers.js';

/**
 * The alarm scan (every 30 s, decision 0020 "Device alarms") looks for devices that dropped off or report a
 * fault across every company. A partial index holds only those few rows, so the scan reads them instead of
 * every device of the installation.
 */
export const smartDeviceTroubleIndex: DialectMigration = {
  async up(db) {
    await db.schema
      .createIndex('smart_devices_trouble_idx')
      .on('smart_devices')
      .columns(['state', 'id'])
      .where(sql<boolean>`state in ('lost', 'disconnected', 'alert')`)
      .execute();
  },
};
