import { sql } from 'kysely';
import { TIMESTAMP, type DialectMigration } from './helpers.js';

/**
 * Visit applications (decision 0018, "Walk-ins and applications"): a visitor who registers
 * themselves (at a kiosk or by a place's walk-in link) waits for their host's approval. A visit
 * keeps its application's state (null for an invitation), the decider, when, and a rejection's
 * reason for the visitor. An index finds a host's or a company's pending applications.
 */
export const visitApplications: DialectMigration = {
  async up(db) {
    await db.schema
      .alterTable('visits')
      .addColumn('approval', 'text', (col) => col.check(sql`approval in ('pending', 'approved', 'rejected')`))
      .execute();
    await db.schema.alterTable('visits').addColumn('approval_reason', 'text').execute();
    await db.schema
      .alterTable('visits')
      .addColumn('approved_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('visits').addColumn('approved_at', TIMESTAMP).execute();
    await db.schema.createIndex('visits_approval_idx').on('visits').columns(['company_id', 'approval', 'host_id']).execute();
  },
};
