import { sql } from 'kysely';
import type { DialectMigration } from './helpers.js';

/**
 * A per-company version of what the access guard keeps in memory: the roles (names and
 * permissions) and the password policy (issue 18, per-request cost). Triggers raise it on every
 * insert, update and delete of `roles` and of the `passwordPolicy` row of `settings`, whoever writes
 * (the services, another server process on the same PostgreSQL, a test or an operator's SQL), in
 * the writer's own transaction. The session lookup reads it in the same query, so every process
 * sees a change on its next request. A company without a row has version 0.
 */
const POLICY = `'passwordPolicy'`;

/** The statement a trigger runs to raise the version of the company of its `NEW` or `OLD` row (migration 0044 too). */
export const bumpAccessVersion = (row: 'NEW' | 'OLD') =>
  `insert into access_versions (company_id, version) values (${row}.company_id, 1) ` +
  `on conflict (company_id) do update set version = access_versions.version + 1`;

export const accessVersions: DialectMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('access_versions')
      // No foreign key: deleting a company deletes its roles, whose triggers write here.
      .addColumn('company_id', 'integer', (col) => col.primaryKey())
      .addColumn('version', 'integer', (col) => col.notNull())
      .execute();

    if (dialect === 'postgres') {
      await sql
        .raw(
          `create function bump_access_version() returns trigger language plpgsql as $$ begin ` +
            `if TG_OP = 'DELETE' then ${bumpAccessVersion('OLD')}; else ${bumpAccessVersion('NEW')}; end if; return null; end $$`,
        )
        .execute(db);
      await sql.raw(`create trigger roles_access_version after insert or update or delete on roles for each row execute function bump_access_version()`).execute(db);
      // A trigger's WHEN may not name OLD on insert nor NEW on delete: one trigger per side.
      await sql
        .raw(`create trigger settings_access_version after insert on settings for each row when (NEW.key = ${POLICY}) execute function bump_access_version()`)
        .execute(db);
      await sql
        .raw(
          `create trigger settings_access_version_update after update on settings for each row ` +
            `when (OLD.key = ${POLICY} or NEW.key = ${POLICY}) execute function bump_access_version()`,
        )
        .execute(db);
      await sql
        .raw(`create trigger settings_access_version_delete after delete on settings for each row when (OLD.key = ${POLICY}) execute function bump_access_version()`)
        .execute(db);
      return;
    }
    await sql.raw(`create trigger roles_access_version_insert after insert on roles begin ${bumpAccessVersion('NEW')}; end`).execute(db);
    await sql.raw(`create trigger roles_access_version_update after update on roles begin ${bumpAccessVersion('NEW')}; end`).execute(db);
    await sql.raw(`create trigger roles_access_version_delete after delete on roles begin ${bumpAccessVersion('OLD')}; end`).execute(db);
    await sql.raw(`create trigger settings_access_version_insert after insert on settings when NEW.key = ${POLICY} begin ${bumpAccessVersion('NEW')}; end`).execute(db);
    await sql
      .raw(`create trigger settings_access_version_update after update on settings when OLD.key = ${POLICY} or NEW.key = ${POLICY} begin ${bumpAccessVersion('NEW')}; end`)
      .execute(db);
    await sql.raw(`create trigger settings_access_version_delete after delete on settings when OLD.key = ${POLICY} begin ${bumpAccessVersion('OLD')}; end`).execute(db);
  },
};
