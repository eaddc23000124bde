import { sql } from 'kysely';
import { bumpAccessVersion } from './2026_11_26_0042_access_versions.js';
import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * The licences a company installed (docs/decisions/0021-platform.md, "Licences"): the signed token as it came
 * (verified again whenever the company's access is loaded, so a key withdrawn from the keyring takes its licences
 * with it) and its fields for listing. A trial row (`is_trial`, no token) is written by the demo seed only. One
 * row per serial and company: installing a serial again replaces it.
 *
 * The licences join what the company's access version covers (migrations 0042, 0044): triggers raise it on every
 * write, so the guard's in-memory copy of the company's modules follows an install from the next request on.
 */
export const companyLicences: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('company_licences'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('serial', 'text', (col) => col.notNull())
      .addColumn('number', 'text', (col) => col.notNull())
      .addColumn('licensee', 'text', (col) => col.notNull())
      .addColumn('is_trial', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('token', 'text')
      .addColumn('key_id', 'text')
      .addColumn('modules', 'text', (col) => col.notNull())
      .addColumn('seats', 'integer')
      .addColumn('valid_until', TIMESTAMP, (col) => col.notNull())
      .addColumn('installed_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('installed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addCheckConstraint('company_licences_token_check', sql`(is_trial = 1 and token is null) or (is_trial = 0 and token is not null and key_id is not null)`)
      .addUniqueConstraint('company_licences_serial_unique', ['company_id', 'serial'])
      .execute();

    if (dialect === 'postgres') {
      await sql
        .raw(`create trigger company_licences_access_version after insert or update or delete on company_licences for each row execute function bump_access_version()`)
        .execute(db);
      return;
    }
    await sql.raw(`create trigger company_licences_access_version_insert after insert on company_licences begin ${bumpAccessVersion('NEW')}; end`).execute(db);
    await sql.raw(`create trigger company_licences_access_version_update after update on company_licences begin ${bumpAccessVersion('NEW')}; end`).execute(db);
    await sql.raw(`create trigger company_licences_access_version_delete after delete on company_licences begin ${bumpAccessVersion('OLD')}; end`).execute(db);
  },
};
