import { afterEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../test/database.js';
import type { DB } from '../schema.js';
import { MIGRATIONS } from './index.js';

describe(`person names migration (${TEST_DIALECT})`, () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('turns stored "伟 李" into 李伟 with the log entries that kept it, and leaves other names alone', async () => {
    database = await createTestDatabase();
    const raw = database.db.kysely as unknown as Kysely<unknown>;
    const later = MIGRATIONS.findIndex(([name]) => name === '2026_11_26_0041_person_names');
    expect(later).toBeGreaterThan(0);
    for (const [, migration] of MIGRATIONS.slice(0, later)) await migration.up(raw, database.db.dialect);
    const db = database.db.kysely as unknown as Kysely<DB>;
    const company = await db.insertInto('companies').values({ name: 'Old Co', domain: 'old', logo: null, created_at: 1, updated_at: 1 }).returning('id').executeTakeFirstOrThrow();
    const role = await db
      .insertInto('roles')
      .values({ company_id: company.id, name: 'r', description: null, parent_id: null, sort_order: 0, is_default: 1, permissions: '[]', created_at: 1, updated_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = async (userName: string, first: string | null, last: string | null, full: string) =>
      (
        await db
          .insertInto('users')
          .values({ company_id: company.id, user_name: userName, user_name_lower: userName, email: null, email_lower: null, first_name: first, last_name: last, full_name: full, role_id: role.id, password_hash: 'x', created_at: 1, updated_at: 1 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const liWei = await user('li.wei', '伟', '李', '伟 李');
    const ada = await user('ada', 'Ada', 'Lovelace', 'Ada Lovelace');
    const typed = await user('typed', '娜', '李', 'Nana Li');
    const whole = await user('whole', null, null, '欧阳 娜娜');
    await db
      .insertInto('operation_logs')
      .values([
        { company_id: company.id, actor_id: liWei, actor_name: '伟 李', action: 'personal.updateProfile', target_type: 'user', target_id: liWei, target_name: '伟 李', result: 'success', detail: null, ip: null, at: 1 },
        { company_id: company.id, actor_id: ada, actor_name: 'Ada Lovelace', action: 'user.update', target_type: 'user', target_id: liWei, target_name: 'li.wei', result: 'success', detail: null, ip: null, at: 2 },
      ])
      .execute();

    await MIGRATIONS[later]![1].up(raw, database.db.dialect);

    const names = await db.selectFrom('users').select(['id', 'full_name']).orderBy('id').execute();
    expect(names).toEqual([
      { id: liWei, full_name: '李伟' },
      { id: ada, full_name: 'Ada Lovelace' },
      { id: typed, full_name: 'Nana Li' },
      { id: whole, full_name: '欧阳 娜娜' },
    ]);
    const log = await db.selectFrom('operation_logs').select(['actor_name', 'target_name']).orderBy('at').execute();
    expect(log).toEqual([
      { actor_name: '李伟', target_name: '李伟' },
      { actor_name: 'Ada Lovelace', target_name: 'li.wei' },
    ]);
  });
});
