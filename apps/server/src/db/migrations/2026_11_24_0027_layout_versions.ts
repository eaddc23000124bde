import { sql } from 'kysely';
import type { DialectMigration } from './helpers.js';

/**
 * A per-company version of the location tree and the rooms (issue 5, free-room speed). Triggers
 * raise it on every insert, update and delete of `locations`, `rooms` and `room_types`, whoever writes (the
 * services, another server process on the same PostgreSQL, a test or an operator's SQL), so a
 * process may keep the company's tree and rooms in memory and reload them only when the version
 * it read differs. A company without a row has version 0.
 */
const TABLES = ['locations', 'rooms', 'room_types'] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;

export const layoutVersions: DialectMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('layout_versions')
      // No foreign key: deleting a company deletes its locations, whose triggers write here.
      .addColumn('company_id', 'integer', (col) => col.primaryKey())
      .addColumn('version', 'integer', (col) => col.notNull())
      .execute();

    const bump = (row: 'NEW' | 'OLD') =>
      `insert into layout_versions (company_id, version) values (${row}.company_id, 1) ` +
      `on conflict (company_id) do update set version = layout_versions.version + 1`;

    if (dialect === 'postgres') {
      await sql
        .raw(
          `create function bump_layout_version() returns trigger language plpgsql as $$ begin ` +
            `if TG_OP = 'DELETE' then ${bump('OLD')}; else ${bump('NEW')}; end if; return null; end $$`,
        )
        .execute(db);
      for (const table of TABLES) {
        await sql
          .raw(`create trigger ${table}_layout_version after insert or update or delete on ${table} for each row execute function bump_layout_version()`)
          .execute(db);
      }
      return;
    }
    for (const table of TABLES) {
      for (const event of EVENTS) {
        await sql
          .raw(`create trigger ${table}_layout_version_${event} after ${event} on ${table} begin ${bump(event === 'delete' ? 'OLD' : 'NEW')}; end`)
          .execute(db);
      }
    }
  },
};
