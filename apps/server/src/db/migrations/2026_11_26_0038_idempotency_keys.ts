import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * Idempotency keys (issue 16, finding 5; docs/decisions/0010): the first answer of a write sent with
 * an `Idempotency-Key`, kept a day so a retried request gets it again instead of acting twice.
 *
 * One row per company, caller (`user:<id>` or `device:<id>`) and key. A row without `completed_at`
 * is a claim: the first request is still running (or its process died; `claimed_at` tells how long
 * ago). `claim_token` names the request that holds the claim, so a late finisher never overwrites
 * the answer of the request that took an abandoned claim over.
 */
export const idempotencyKeys: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('idempotency_keys'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('caller', 'text', (col) => col.notNull())
      .addColumn('idempotency_key', 'text', (col) => col.notNull())
      .addColumn('fingerprint', 'text', (col) => col.notNull())
      .addColumn('claim_token', 'text', (col) => col.notNull())
      .addColumn('claimed_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('completed_at', TIMESTAMP)
      .addColumn('status_code', 'integer')
      .addColumn('content_type', 'text')
      .addColumn('response_body', 'text')
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('expires_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    // The claim: one row per key of a caller; concurrent requests meet here.
    await db.schema.createIndex('idempotency_keys_key_idx').unique().on('idempotency_keys').columns(['company_id', 'caller', 'idempotency_key']).execute();
    // The expiry job deletes the oldest first.
    await db.schema.createIndex('idempotency_keys_expiry_idx').on('idempotency_keys').column('expires_at').execute();
  },
};
