import { sql } from 'kysely';
import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * Departments get a description, a location and a colour from the company's palette
 * (`department_styles`); group codes become unique per company, ignoring case.
 */
export const groups: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('department_styles'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      // Normalised: upper-case #RRGGBB or #RRGGBBAA (contract normalizeSwatchColor).
      .addColumn('color', 'text', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addUniqueConstraint('department_styles_company_color_unique', ['company_id', 'color'])
      .execute();

    // SQLite adds one column per statement.
    await db.schema.alterTable('departments').addColumn('description', 'text').execute();
    await db.schema
      .alterTable('departments')
      .addColumn('location_id', 'integer', (col) => col.references('locations.id').onDelete('set null'))
      .execute();
    await db.schema
      .alterTable('departments')
      .addColumn('style_id', 'integer', (col) => col.references('department_styles.id').onDelete('set null'))
      .execute();
    await db.schema
      .createIndex('departments_company_code_unique')
      .unique()
      .on('departments')
      .expression(sql`company_id, lower(group_code)`)
      .execute();
    await db.schema.createIndex('users_department_idx').on('users').columns(['company_id', 'department_id']).execute();

    // Colours given before the palette existed become swatches, so every coloured department points at one.
    await sql`insert into department_styles (company_id, color, created_at)
      select company_id, upper(style_color), min(created_at) from departments where style_color is not null
      group by company_id, upper(style_color)`.execute(db);
    await sql`update departments set style_color = upper(style_color), style_id = (
        select s.id from department_styles s where s.company_id = departments.company_id and s.color = upper(departments.style_color)
      ) where style_color is not null`.execute(db);
  },
};
