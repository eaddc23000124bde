import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedTestDatabase, TEST_DIALECT, type TestDatabase } from '../test/database.js';
import { prepareQuery } from './prepared.js';

describe(`prepareQuery (${TEST_DIALECT})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    const now = 1_700_000_000_000;
    await database.db.kysely
      .insertInto('companies')
      .values([
        { name: 'Alpha', domain: 'alpha', logo: null, created_at: now, updated_at: now },
        { name: 'Beta', domain: 'beta', logo: null, created_at: now, updated_at: now + 1 },
      ])
      .execute();
  });
  afterAll(() => database.cleanup());

  it('runs the compiled query with each call’s values, keeping the fixed ones', async () => {
    const db = database.db.kysely;
    const byDomain = prepareQuery(db, (domain: string) =>
      db.selectFrom('companies').select(['name', 'updated_at']).where('domain', '=', domain).where('created_at', '>', 0),
    );
    expect(await byDomain('beta')).toEqual([{ name: 'Beta', updated_at: 1_700_000_000_001 }]);
    expect(await byDomain('alpha')).toEqual([{ name: 'Alpha', updated_at: 1_700_000_000_000 }]);
    expect(await byDomain('gamma')).toEqual([]);
  });

  it('places several arguments by position, whatever order the query uses them in', async () => {
    const db = database.db.kysely;
    const either = prepareQuery(db, (first: string, second: string) =>
      db.selectFrom('companies').select('name').where((eb) => eb.or([eb('domain', '=', second), eb('name', '=', first)])).orderBy('name'),
    );
    expect(await either('Alpha', 'beta')).toEqual([{ name: 'Alpha' }, { name: 'Beta' }]);
    expect(await either('Nobody', 'alpha')).toEqual([{ name: 'Alpha' }]);
  });

  it('refuses a query that does not use a parameter as a value', () => {
    const db = database.db.kysely;
    expect(() => prepareQuery(db, (_unused: string) => db.selectFrom('companies').select('name'))).toThrow(/uses 0 of its 1/);
  });

  // PostgreSQL only (pg_prepared_statements); declared only there so the SQLite run reports no skipped test.
  if (TEST_DIALECT === 'postgres') {
    it('runs on PostgreSQL as a statement prepared once per connection, other SQL unnamed', async () => {
      await database.db.kysely.connection().execute(async (connection) => {
        const byDomain = prepareQuery(connection, (domain: string) => connection.selectFrom('companies').select('name').where('domain', '=', domain));
        expect(await byDomain('alpha')).toEqual([{ name: 'Alpha' }]);
        expect(await byDomain('beta')).toEqual([{ name: 'Beta' }]);
        await connection.selectFrom('companies').select('id').where('name', '=', 'Alpha').execute();
        const prepared = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(connection);
        const statements = prepared.rows.map((row) => row.statement);
        expect(statements).toContain('select "name" from "companies" where "domain" = $1');
        expect(statements.filter((statement) => statement.includes('"id"'))).toEqual([]);
        expect(prepared.rows.every((row) => /^atrium_prepared_\d+$/.test(row.name))).toBe(true);
      });
    });
  }
});
