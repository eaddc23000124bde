import { afterEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../test/database.js';
import type { DB } from '../schema.js';
import { MIGRATIONS } from './index.js';
import { companyOwner } from './2026_11_21_0009_company_owner.js';

describe(`company owner migration (${TEST_DIALECT})`, () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('makes the earliest active user whose role holds roles:edit the owner of each company', async () => {
    database = await createTestDatabase();
    const raw = database.db.kysely as unknown as Kysely<unknown>;
    for (const [name, migration] of MIGRATIONS) {
      if (name === '2026_11_21_0009_company_owner') break;
      await migration.up(raw, database.db.dialect);
    }
    // Only the columns the earlier migrations had.
    const db = database.db.kysely as unknown as Kysely<Omit<DB, 'companies'> & { companies: Omit<DB['companies'], 'owner_user_id'> }>;
    const [a, b, c] = (
      await db
        .insertInto('companies')
        .values(['A', 'B', 'C'].map((name) => ({ name, domain: name.toLowerCase(), logo: null, created_at: 1, updated_at: 1 })))
        .returning('id')
        .execute()
    ).map((row) => row.id) as [number, number, number];
    const role = async (companyId: number, permissions: string[]) =>
      (
        await db
          .insertInto('roles')
          .values({ company_id: companyId, name: `r${permissions.length}`, description: null, parent_id: null, sort_order: 0, is_default: 0, permissions: JSON.stringify(permissions), created_at: 1, updated_at: 1 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    let n = 0;
    const user = async (companyId: number, roleId: number, createdAt: number, isActive: 0 | 1 = 1) => {
      const name = `u${++n}`;
      return (
        await db
          .insertInto('users')
          .values({ company_id: companyId, user_name: name, user_name_lower: name, email: null, email_lower: null, full_name: name, role_id: roleId, password_hash: 'x', is_active: isActive, created_at: createdAt, updated_at: createdAt })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    };
    const managersOfA = await role(a, ['roles:view', 'roles:edit', 'users:view', 'users:edit']);
    // users:edit alone, or the view switch, is not role management.
    const editorsOfA = await role(a, ['users:view', 'users:edit', 'roles:view']);
    await user(a, editorsOfA, 10);
    await user(a, managersOfA, 20, 0);
    const ownerOfA = await user(a, managersOfA, 30);
    await user(a, managersOfA, 40);
    const managersOfB = await role(b, ['roles:edit', 'users:edit']);
    const ownerOfB = await user(b, managersOfB, 50);
    await user(c, await role(c, ['users:edit']), 5);

    await companyOwner.up(raw, database.db.dialect);

    const owners = await (database.db.kysely as Kysely<DB>).selectFrom('companies').select(['id', 'owner_user_id']).orderBy('id').execute();
    expect(owners.map((row) => row.owner_user_id)).toEqual([ownerOfA, ownerOfB, null]);
    expect(owners.map((row) => row.id)).toEqual([a, b, c]);
  });
});
