import { sql } from 'kysely';
import { bumpAccessVersion } from './2026_11_26_0042_access_versions.js';
import type { DialectMigration } from './helpers.js';

/**
 * The company's switched-off applications join what the access version covers (migration 0042):
 * the menu read after every navigation takes them from the same in-memory copy as the roles and
 * the password policy instead of a statement of its own (issue 18). Triggers raise the version on
 * every insert, update and delete of `company_applications`, in the writer's transaction.
 */
export const applicationsAccessVersion: DialectMigration = {
  async up(db, dialect) {
    if (dialect === 'postgres') {
      // bump_access_version() is migration 0042's.
      await sql
        .raw(`create trigger company_applications_access_version after insert or update or delete on company_applications for each row execute function bump_access_version()`)
        .execute(db);
      return;
    }
    await sql.raw(`create trigger company_applications_access_version_insert after insert on company_applications begin ${bumpAccessVersion('NEW')}; end`).execute(db);
    await sql.raw(`create trigger company_applications_access_version_update after update on company_applications begin ${bumpAccessVersion('NEW')}; end`).execute(db);
    await sql.raw(`create trigger company_applications_access_version_delete after delete on company_applications begin ${bumpAccessVersion('OLD')}; end`).execute(db);
  },
};
