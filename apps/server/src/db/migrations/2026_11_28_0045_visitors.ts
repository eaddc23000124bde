import { sql } from 'kysely';
import { TIMESTAMP, flag, withId, type DialectMigration } from './helpers.js';

/**
 * Visitors (issue 20, decision 0018): the company's visit reasons and the visits hosts invite
 * visitors to, with a group visitor's companions. A visit keeps its reason's name (a reason deleted
 * later leaves the history readable); its status follows from the moments recorded here.
 */
export const visitors: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('visit_reasons'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      // The name lower-cased with its spaces collapsed: unique per company.
      .addColumn('name_key', 'text', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('visit_reasons_name_idx').on('visit_reasons').columns(['company_id', 'name_key']).unique().execute();

    await withId(db.schema.createTable('visits'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('location_id', 'integer', (col) => col.references('locations.id').onDelete('set null'))
      .addColumn('host_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('inviter_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('reason_id', 'integer', (col) => col.references('visit_reasons.id').onDelete('set null'))
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('visitor_type', 'text', (col) => col.notNull())
      .addColumn('method', 'text', (col) => col.notNull())
      .addColumn('is_vip', 'integer', flag(0))
      .addColumn('visitor_name', 'text', (col) => col.notNull())
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('visitor_company', 'text')
      .addColumn('note', 'text')
      .addColumn('visit_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('expected_end_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('responded_at', TIMESTAMP)
      .addColumn('checked_in_at', TIMESTAMP)
      .addColumn('checked_out_at', TIMESTAMP)
      .addColumn('cancelled_at', TIMESTAMP)
      .addColumn('cancelled_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addCheckConstraint('visits_type', sql`visitor_type in ('individual', 'group', 'temporary')`)
      .addCheckConstraint('visits_method', sql`method in ('manual', 'preRegistration', 'selfRegistration', 'scan')`)
      .addCheckConstraint('visits_period', sql`expected_end_at > visit_at`)
      .addCheckConstraint('visits_contact', sql`email is not null or phone is not null`)
      .execute();
    await db.schema.createIndex('visits_company_time_idx').on('visits').columns(['company_id', 'visit_at']).execute();
    await db.schema.createIndex('visits_host_idx').on('visits').columns(['host_id', 'visit_at']).execute();
    await db.schema.createIndex('visits_inviter_idx').on('visits').columns(['inviter_id', 'visit_at']).execute();

    await withId(db.schema.createTable('visit_companions'), dialect)
      .addColumn('visit_id', 'integer', (col) => col.notNull().references('visits.id').onDelete('cascade'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addCheckConstraint('visit_companions_contact', sql`email is not null or phone is not null`)
      .execute();
    await db.schema.createIndex('visit_companions_visit_idx').on('visit_companions').columns(['visit_id', 'position']).unique().execute();
  },
};
