import { flag, TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * What a visitor does before check-in (decision 0018, "What a visitor does before check-in"): a visit
 * rule may ask every visitor of its place and reason to sign a non-disclosure agreement (its text), give a
 * photo and answer yes-or-no questions (JSON: `[{ text, admitWhen }]`). The visit keeps the name its
 * visitor signed with and when, when the photo came, and the answers (JSON, with their questions) and
 * whether they admit the visitor. The signed agreement's PDF and the photo are kept in
 * `visit_documents`, one of each kind per visit, in the database (a copy is in every backup and every
 * process sees it); they go with their visit, or earlier by the company's retention for their kind.
 */
export const visitSteps: DialectMigration = {
  async up(db, dialect) {
    await db.schema.alterTable('visit_rules').addColumn('nda_text', 'text').execute();
    await db.schema.alterTable('visit_rules').addColumn('photo', 'integer', flag(0)).execute();
    await db.schema.alterTable('visit_rules').addColumn('questions', 'text').execute();
    await db.schema.alterTable('visits').addColumn('nda_signed_name', 'text').execute();
    await db.schema.alterTable('visits').addColumn('nda_signed_at', TIMESTAMP).execute();
    await db.schema.alterTable('visits').addColumn('photo_at', TIMESTAMP).execute();
    await db.schema.alterTable('visits').addColumn('answers', 'text').execute();
    await db.schema.alterTable('visits').addColumn('answered_at', TIMESTAMP).execute();
    await db.schema.alterTable('visits').addColumn('answers_admit', 'integer').execute();
    await db.schema.alterTable('visitor_settings').addColumn('photo_retention_days', 'integer').execute();
    await db.schema.alterTable('visitor_settings').addColumn('nda_retention_days', 'integer').execute();
    await withId(db.schema.createTable('visit_documents'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('visit_id', 'integer', (col) => col.notNull().references('visits.id').onDelete('cascade'))
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('content_type', 'text', (col) => col.notNull())
      .addColumn('content', dialect === 'postgres' ? 'bytea' : 'blob', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addUniqueConstraint('visit_documents_visit_kind', ['visit_id', 'kind'])
      .execute();
    await db.schema.createIndex('visit_documents_company_idx').on('visit_documents').columns(['company_id', 'kind']).execute();
  },
};
