import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../test/database.js';
import { MIGRATIONS, migrateToLatest } from './index.js';

describe(`migrations (${TEST_DIALECT})`, () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('apply once and are idempotent afterwards', async () => {
    database = await createTestDatabase();
    expect(await migrateToLatest(database.db)).toEqual(MIGRATIONS.map(([name]) => name));
    expect(await migrateToLatest(database.db)).toEqual([]);
    const tables = await database.db.kysely.introspection.getTables();
    const names = tables.map((table) => table.name);
    for (const table of ['companies', 'roles', 'departments', 'locations', 'users', 'sessions', 'settings', 'login_attempts', 'login_known_addresses']) {
      expect(names).toContain(table);
    }
  });

  it('are named by date, in order', () => {
    const names = MIGRATIONS.map(([name]) => name);
    expect(names.every((name) => /^\d{4}_\d{2}_\d{2}_\d{4}_[a-z0-9_]+$/.test(name))).toBe(true);
    expect([...names].sort()).toEqual(names);
  });

  it('enforce the installation-wide uniqueness of user names and e-mails', async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db);
    const db = database.db.kysely;
    const now = Date.now();
    const companies = await db
      .insertInto('companies')
      .values([
        { name: 'A', domain: 'a', logo: null, created_at: now, updated_at: now },
        { name: 'B', domain: 'b', logo: null, created_at: now, updated_at: now },
      ])
      .returning('id')
      .execute();
    const [a, b] = companies.map((row) => row.id) as [number, number];
    const role = await db
      .insertInto('roles')
      .values({ company_id: a, name: 'r', description: null, parent_id: null, sort_order: 0, is_default: 1, permissions: '[]', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = (companyId: number, userName: string, email: string | null) => ({
      company_id: companyId,
      user_name: userName,
      user_name_lower: userName.toLowerCase(),
      email,
      email_lower: email?.toLowerCase() ?? null,
      full_name: userName,
      role_id: role.id,
      password_hash: 'x',
      created_at: now,
      updated_at: now,
    });
    await db.insertInto('users').values(user(a, 'Sam', 'sam@a.test')).execute();
    await expect(db.insertInto('users').values(user(b, 'SAM', null)).execute()).rejects.toThrow();
    await expect(db.insertInto('users').values(user(b, 'other', 'SAM@a.test')).execute()).rejects.toThrow();
    // Several users without an e-mail are fine.
    await db.insertInto('users').values([user(b, 'n1', null), user(b, 'n2', null)]).execute();
    const count = await db.selectFrom('users').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(count.n).toBe(3);
  });
});
