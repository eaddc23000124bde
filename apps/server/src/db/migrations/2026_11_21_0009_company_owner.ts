import { sql } from 'kysely';
import type { DialectMigration } from './helpers.js';

/**
 * The company owner: the account's primary administrator (docs/decisions/0003, Managers). Existing
 * companies get their earliest-created active user whose role holds roles:edit. Stored permissions
 * are a normalised JSON array of names, so a quoted name match finds the switch on both engines.
 */
export const companyOwner: DialectMigration = {
  async up(db) {
    await db.schema
      .alterTable('companies')
      .addColumn('owner_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .execute();
    await sql`
      update companies set owner_user_id = (
        select u.id from users u
        join roles r on r.id = u.role_id and r.company_id = u.company_id
        where u.company_id = companies.id and u.is_active = 1 and r.permissions like ${'%"roles:edit"%'}
        order by u.created_at, u.id
        limit 1
      )
      where owner_user_id is null
    `.execute(db);
  },
};
