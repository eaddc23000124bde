import { flag, TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * Visit rules (decision 0018, "Visit rules"): what a place asks of walk-ins, for one visit reason or
 * all of them (`reason_id` null, `reason_key` 0): whether it receives them and whether their host
 * approves them. One rule per place and reason (`reason_key` makes "all reasons" unique too: a null
 * is distinct from every other in a unique index on both engines). A deleted reason or place takes
 * its rules with it.
 */
export const visitRules: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('visit_rules'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('location_id', 'integer', (col) => col.notNull().references('locations.id').onDelete('cascade'))
      .addColumn('reason_id', 'integer', (col) => col.references('visit_reasons.id').onDelete('cascade'))
      .addColumn('reason_key', 'integer', (col) => col.notNull())
      .addColumn('walk_ins', 'integer', flag(1))
      .addColumn('approval', 'integer', flag(1))
      .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addUniqueConstraint('visit_rules_place_reason', ['location_id', 'reason_key'])
      .execute();
    await db.schema.createIndex('visit_rules_company_idx').on('visit_rules').columns(['company_id', 'location_id']).execute();
  },
};
