import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT } from '../test/database.js';

describe(`database (${TEST_DIALECT})`, () => {
  it('answers queries and closes twice without complaint', async () => {
    const database = await createTestDatabase();
    const { rows } = await sql<{ answer: number }>`select 1 + 1 as answer`.execute(database.db.kysely);
    expect(Number(rows[0]!.answer)).toBe(2);
    await database.db.destroy();
    await database.cleanup();
  });

  if (TEST_DIALECT === 'postgres') {
    it('carries on when the server ends an idle connection', async () => {
      const database = await createTestDatabase();
      const db = database.db.kysely;
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      const warnings: string[] = [];
      const onWarning = (warning: Error) => warnings.push(warning.message);
      process.on('warning', onWarning);
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await admin.end();
      await expect.poll(() => warnings.some((message) => message.includes('idle connection'))).toBe(true);
      process.off('warning', onWarning);
      const again = await sql<{ answer: number }>`select 2 + 2 as answer`.execute(db);
      expect(Number(again.rows[0]!.answer)).toBe(4);
      await database.cleanup();
    });
  }
});
