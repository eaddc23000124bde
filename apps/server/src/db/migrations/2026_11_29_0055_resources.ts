import { sql, type Kysely } from 'kysely';
import { TIMESTAMP, type DialectMigration } from './helpers.js';

/**
 * One table of bookable things (decision 0015, "The data model for more than rooms"; decision 0019):
 * `resources (id, company_id, kind room|desk, created_at)` holds what every bookable thing shares, its
 * identity; `rooms` (and `desks`, next) keep what is their own and reference their resource by id. Every
 * room is copied in keeping its id, so no reservation, feed, display or link changes.
 *
 * `reservations.room_id` and `reservation_series.room_id` become `resource_id`, referencing resources;
 * the overlap guarantee moves with the column unchanged (PostgreSQL's exclusion constraint follows the
 * rename; SQLite's triggers are written again on the new name).
 *
 * Rooms and desks share one id space, the location tree's sequence (a room's id is its location
 * node's): a desk's id is drawn from it too (`allocateResourceId` in the desk repository), so a
 * resource id never meets a later room's.
 *
 * SQLite cannot change a column's foreign key in place: the three tables are rebuilt (the documented
 * procedure: foreign keys off, a new table, copy, drop, rename, then indexes and triggers again).
 */
export const resources: DialectMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('resources')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('room', 'desk')`))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('resources_company_kind_idx').on('resources').columns(['company_id', 'kind']).execute();

    if (dialect === 'postgres') {
      await sql`insert into resources (id, company_id, kind, created_at) select id, company_id, 'room', created_at from rooms`.execute(db);
      await sql`alter table rooms add constraint rooms_resource_fkey foreign key (id) references resources (id) on delete cascade`.execute(db);
      await sql`alter table reservations rename column room_id to resource_id`.execute(db);
      await sql`alter table reservations drop constraint reservations_room_id_fkey`.execute(db);
      await sql`alter table reservations add constraint reservations_resource_id_fkey foreign key (resource_id) references resources (id)`.execute(db);
      await sql`alter index reservations_room_start_idx rename to reservations_resource_start_idx`.execute(db);
      await sql`alter table reservation_series rename column room_id to resource_id`.execute(db);
      await sql`alter table reservation_series drop constraint reservation_series_room_id_fkey`.execute(db);
      await sql`alter table reservation_series add constraint reservation_series_resource_id_fkey foreign key (resource_id) references resources (id) on delete cascade`.execute(db);
      return;
    }

    await sql`pragma foreign_keys = off`.execute(db);
    try {
      await sql`begin immediate`.execute(db);
      try {
        await sql`insert into resources (id, company_id, kind, created_at) select id, company_id, 'room', created_at from rooms`.execute(db);
        await rebuildSqliteTable(db, 'rooms', {
          table: (text) => text.replace(/\)\s*$/, `, constraint "rooms_resource_fkey" foreign key ("id") references "resources" ("id") on delete cascade)`),
        });
        const toResource = (text: string) =>
          text
            .replace(/"room_id" integer not null references "rooms" \("id"\)/g, '"resource_id" integer not null references "resources" ("id")')
            .replace(/reservations_room_start_idx/g, 'reservations_resource_start_idx')
            .replace(/\broom_id\b/g, 'resource_id');
        const renamed = { room_id: 'resource_id' };
        await rebuildSqliteTable(db, 'reservation_series', { table: toResource, others: toResource, renamed });
        await rebuildSqliteTable(db, 'reservations', { table: toResource, others: toResource, renamed });
        const broken = await sql<{ table: string }>`pragma foreign_key_check`.execute(db);
        if (broken.rows.length > 0) throw new Error(`foreign keys broken in ${[...new Set(broken.rows.map((row) => row.table))].join(', ')}`);
        await sql`commit`.execute(db);
      } catch (error) {
        await sql`rollback`.execute(db);
        throw error;
      }
    } finally {
      await sql`pragma foreign_keys = on`.execute(db);
    }
  },
};

interface Rebuild {
  /** Edits the table's definition. */
  table: (text: string) => string;
  /** Edits each of its indexes and triggers (unchanged when absent). */
  others?: (text: string) => string;
  /** Old column names to new ones. */
  renamed?: Record<string, string>;
}

/** Rebuilds a SQLite table with its definition edited, copying every row, then its indexes and triggers. Foreign keys must be off. */
async function rebuildSqliteTable(db: Kysely<unknown>, table: string, { table: edit, others = (text) => text, renamed = {} }: Rebuild): Promise<void> {
  const { rows } = await sql<{ type: string; name: string; sql: string }>`
    select type, name, sql from sqlite_master where tbl_name = ${table} and sql is not null`.execute(db);
  const definition = rows.find((row) => row.type === 'table');
  if (!definition) throw new Error(`no table ${table}`);
  const columns = (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map((row) => row.name);
  const staging = `${table}__rebuilt`;
  const created = edit(definition.sql).replace(/^CREATE TABLE "?[a-z_]+"?/i, `CREATE TABLE "${staging}"`);
  await sql.raw(created).execute(db);
  const quote = (name: string) => `"${name}"`;
  await sql
    .raw(`insert into ${quote(staging)} (${columns.map((c) => quote(renamed[c] ?? c)).join(', ')}) select ${columns.map(quote).join(', ')} from ${quote(table)}`)
    .execute(db);
  await sql.raw(`drop table ${quote(table)}`).execute(db);
  await sql.raw(`alter table ${quote(staging)} rename to ${quote(table)}`).execute(db);
  for (const row of rows) if (row.type !== 'table') await sql.raw(others(row.sql)).execute(db);
}
