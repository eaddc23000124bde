import { sql } from 'kysely';
import { bumpAccessVersion } from './2026_11_26_0042_access_versions.js';
import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * The operator area (issue 23; decision 0021, "Operator area"): the people who run the installation
 * (`operators`, in no company) with their own sessions; branches (product lines that companies are
 * assigned to) with the version each runs, the draft notes of its next version and the menu entries
 * it offers; the versions released on each branch with their notes; and which company user has seen
 * which release's notes.
 *
 * A company with no row in `company_branches` is on the default branch (the one with `is_default`),
 * which this migration creates with every menu entry offered (`menu_keys` null). The menu a branch
 * offers is part of its companies' access (migration 0042): a trigger raises a company's access
 * version when its assignment changes; a change of a branch's menu raises its companies' versions in
 * the writer's transaction (branch.repository.ts).
 */
export const operatorArea: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('operators'), dialect)
      .addColumn('user_name', 'text', (col) => col.notNull())
      .addColumn('user_name_lower', 'text', (col) => col.notNull().unique())
      .addColumn('full_name', 'text', (col) => col.notNull())
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .execute();

    await withId(db.schema.createTable('operator_sessions'), dialect)
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('operator_id', 'integer', (col) => col.notNull().references('operators.id').onDelete('cascade'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('last_seen_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('expires_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('revoked_at', TIMESTAMP)
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .execute();
    await db.schema.createIndex('operator_sessions_operator_idx').on('operator_sessions').column('operator_id').execute();

    await withId(db.schema.createTable('branches'), dialect)
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('name_lower', 'text', (col) => col.notNull().unique())
      .addColumn('description', 'text')
      .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('version', 'text', (col) => col.notNull())
      .addColumn('menu_keys', 'text')
      .addColumn('draft_version', 'text')
      .addColumn('draft_notes_en', 'text')
      .addColumn('draft_notes_zh', 'text')
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('company_branches')
      .addColumn('company_id', 'integer', (col) => col.primaryKey().references('companies.id').onDelete('cascade'))
      .addColumn('branch_id', 'integer', (col) => col.notNull().references('branches.id'))
      .addColumn('assigned_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('company_branches_branch_idx').on('company_branches').column('branch_id').execute();
    // The branch's menu comes with the company's access (migration 0042): moving a company raises its version.
    if (dialect === 'postgres') {
      await sql.raw(`create trigger company_branches_access_version after insert or update or delete on company_branches for each row execute function bump_access_version()`).execute(db);
    } else {
      await sql.raw(`create trigger company_branches_access_version_insert after insert on company_branches begin ${bumpAccessVersion('NEW')}; end`).execute(db);
      await sql.raw(`create trigger company_branches_access_version_update after update on company_branches begin ${bumpAccessVersion('NEW')}; end`).execute(db);
      await sql.raw(`create trigger company_branches_access_version_delete after delete on company_branches begin ${bumpAccessVersion('OLD')}; end`).execute(db);
    }

    await withId(db.schema.createTable('releases'), dialect)
      .addColumn('branch_id', 'integer', (col) => col.notNull().references('branches.id').onDelete('cascade'))
      .addColumn('version', 'text', (col) => col.notNull())
      .addColumn('notes_en', 'text', (col) => col.notNull())
      .addColumn('notes_zh', 'text', (col) => col.notNull())
      .addColumn('released_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('released_by', 'integer', (col) => col.references('operators.id').onDelete('set null'))
      .addUniqueConstraint('releases_branch_version_unique', ['branch_id', 'version'])
      .execute();

    await db.schema
      .createTable('release_reads')
      .addColumn('release_id', 'integer', (col) => col.notNull().references('releases.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('read_at', TIMESTAMP, (col) => col.notNull())
      .addPrimaryKeyConstraint('release_reads_pk', ['release_id', 'user_id'])
      .execute();

    const now = Date.now();
    await sql`insert into branches (name, name_lower, description, is_default, version, menu_keys, created_at, updated_at)
      values ('Standard', 'standard', null, 1, '0.1.0', null, ${now}, ${now})`.execute(db);
  },
};
