import { sql } from 'kysely';
import { flag, TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/** Companies, roles, departments, locations, users, sessions, settings and sign-in failures. */
export const foundation: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('companies'), dialect)
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('domain', 'text', (col) => col.unique())
      .addColumn('logo', 'text')
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .execute();

    await withId(db.schema.createTable('roles'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('parent_id', 'integer', (col) => col.references('roles.id').onDelete('set null'))
      .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('is_default', 'integer', flag(0))
      .addColumn('permissions', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('roles_company_idx').on('roles').columns(['company_id', 'sort_order']).execute();

    await withId(db.schema.createTable('departments'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('parent_id', 'integer', (col) => col.references('departments.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('group_code', 'text')
      .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('style_color', 'text')
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('departments_company_idx').on('departments').columns(['company_id', 'parent_id']).execute();

    await withId(db.schema.createTable('locations'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('parent_id', 'integer', (col) => col.references('locations.id').onDelete('cascade'))
      .addColumn('level', 'integer', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('time_zone', 'text')
      .addColumn('address', 'text')
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('locations_company_idx').on('locations').columns(['company_id', 'parent_id']).execute();

    await withId(db.schema.createTable('users'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('user_name', 'text', (col) => col.notNull())
      .addColumn('user_name_lower', 'text', (col) => col.notNull().unique())
      .addColumn('email', 'text')
      .addColumn('email_lower', 'text', (col) => col.unique())
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addColumn('full_name', 'text', (col) => col.notNull())
      .addColumn('usercode', 'text')
      .addColumn('phone', 'text')
      .addColumn('gender', 'text', (col) =>
        col.notNull().defaultTo('secret').check(sql`gender in ('male', 'female', 'secret')`),
      )
      .addColumn('avatar', 'text')
      .addColumn('role_id', 'integer', (col) => col.notNull().references('roles.id'))
      .addColumn('department_id', 'integer', (col) => col.references('departments.id').onDelete('set null'))
      .addColumn('location_id', 'integer', (col) => col.references('locations.id').onDelete('set null'))
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('must_change_password', 'integer', flag(1))
      .addColumn('password_changed_at', TIMESTAMP)
      .addColumn('is_active', 'integer', flag(1))
      .addColumn('is_sso', 'integer', flag(0))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addUniqueConstraint('users_company_user_name_unique', ['company_id', 'user_name'])
      .execute();
    await db.schema.createIndex('users_role_idx').on('users').column('role_id').execute();

    await withId(db.schema.createTable('sessions'), dialect)
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('last_seen_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('expires_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('revoked_at', TIMESTAMP)
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('must_change_password', 'integer', flag(0))
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('settings')
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('value', 'text', (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addPrimaryKeyConstraint('settings_pk', ['company_id', 'key'])
      .execute();

    await withId(db.schema.createTable('login_failures'), dialect)
      .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('account', 'address')`))
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('login_failures_lookup_idx').on('login_failures').columns(['kind', 'key', 'at']).execute();
  },
};
