import { afterEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../test/database.js';
import type { DB } from '../schema.js';
import { foundation } from './2026_11_21_0001_foundation.js';
import { operationLog } from './2026_11_21_0002_operation_log.js';
import { groups } from './2026_11_21_0004_groups.js';

describe(`groups migration (${TEST_DIALECT})`, () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('turns colours given before the palette into swatches, and makes group codes unique per company ignoring case', async () => {
    database = await createTestDatabase();
    const raw = database.db.kysely as unknown as Kysely<unknown>;
    await foundation.up(raw, database.db.dialect);
    await operationLog.up(raw, database.db.dialect);
    const db = database.db.kysely as Kysely<DB>;
    const [a, b] = (
      await db
        .insertInto('companies')
        .values([{ name: 'A', domain: 'a', logo: null, created_at: 1, updated_at: 1 }, { name: 'B', domain: 'b', logo: null, created_at: 1, updated_at: 1 }])
        .returning('id')
        .execute()
    ).map((row) => row.id) as [number, number];
    // Only the columns the foundation had.
    const department = (companyId: number, name: string, color: string | null, code: string | null = null) =>
      (db as unknown as Kysely<{ departments: { company_id: number; name: string; style_color: string | null; group_code: string | null; created_at: number } }>)
        .insertInto('departments')
        .values({ company_id: companyId, name, style_color: color, group_code: code, created_at: 5 })
        .execute();
    await department(a, 'One', '#409eff', 'X');
    await department(a, 'Two', '#409EFF');
    await department(a, 'Three', null);
    await department(b, 'Other', '#409EFF', 'x');

    await groups.up(raw, database.db.dialect);

    const styles = await db.selectFrom('department_styles').selectAll().orderBy('company_id').execute();
    expect(styles.map((style) => [style.company_id, style.color])).toEqual([[a, '#409EFF'], [b, '#409EFF']]);
    const rows = await db.selectFrom('departments').select(['name', 'style_id', 'style_color', 'company_id']).orderBy('id').execute();
    expect(rows.map((row) => [row.name, row.style_id, row.style_color])).toEqual([
      ['One', styles[0]!.id, '#409EFF'],
      ['Two', styles[0]!.id, '#409EFF'],
      ['Three', null, null],
      ['Other', styles[1]!.id, '#409EFF'],
    ]);
    await expect(department(a, 'Clash', null, 'x')).rejects.toThrow();
    // Several departments without a code are fine.
    await department(a, 'Four', null);
  });
});
