import { afterEach, describe, expect, it } from 'vitest';
import { normalizePermissions } from '@atrium/contract';
import { createFakeClock } from '../../test/clock.js';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../test/database.js';
import { createCachingHasher } from '../../test/factories.js';
import { migrateToLatest } from '../migrations/index.js';
import { DEMO_ROLE_PERMISSIONS, seedDemo } from './demo.js';
import { generatePassword } from './factories.js';

describe(`demo seed (${TEST_DIALECT})`, () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('builds the office once and does nothing the second time', async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db);
    const clock = createFakeClock();
    const hasher = createCachingHasher();
    const first = await seedDemo(database.db, { adminPassword: null, clock, hasher });
    expect(first.created).toBe(true);
    expect(first.adminPasswordGenerated).toMatch(/^[A-Za-z0-9]{16}$/);
    const second = await seedDemo(database.db, { adminPassword: null, clock, hasher });
    expect(second).toEqual({ created: false, adminPasswordGenerated: null });

    const db = database.db.kysely;
    expect(await db.selectFrom('companies').selectAll().execute()).toHaveLength(1);
    const users = await db.selectFrom('users').selectAll().execute();
    expect(users.length).toBeGreaterThanOrEqual(13);
    expect(new Set(users.map((user) => user.usercode)).size).toBe(users.length);
    expect(users.every((user) => user.must_change_password === 1 && user.email?.endsWith('@harbourview.example'))).toBe(true);
    const admin = users.find((user) => user.user_name === 'admin')!;
    expect(await hasher.verify(admin.password_hash, first.adminPasswordGenerated!)).toBe(true);
    // The admin owns the company's account (Managers page).
    const company = await database.db.kysely.selectFrom('companies').select('owner_user_id').where('id', '=', admin.company_id).executeTakeFirstOrThrow();
    expect(company.owner_user_id).toBe(admin.id);
    // Colleagues cannot sign in until activated: their password is random and not the admin's.
    const colleague = users.find((user) => user.user_name === 'priya.raman')!;
    expect(await hasher.verify(colleague.password_hash, first.adminPasswordGenerated!)).toBe(false);

    const roles = await db.selectFrom('roles').selectAll().orderBy('sort_order').orderBy('id').execute();
    const named = (name: string) => roles.find((role) => role.name === name)!;
    expect(roles.filter((role) => role.parent_id === null).map((role) => role.name)).toEqual(['Administrator', 'Office manager', 'Staff']);
    expect(named('Receptionist').parent_id).toBe(named('Office manager').id);
    expect(roles.every((role) => role.description && role.description.length > 20)).toBe(true);
    expect(roles.filter((role) => role.is_default === 1).map((role) => role.name)).toEqual(['Staff']);
    const staff = roles.find((role) => role.name === 'Staff')!;
    expect(JSON.parse(staff.permissions)).toEqual(normalizePermissions(DEMO_ROLE_PERMISSIONS.staff));

    const locations = await db.selectFrom('locations').selectAll().execute();
    const building = locations.find((location) => location.level === 5)!;
    expect(building).toMatchObject({ name: 'Riverside House', time_zone: 'Europe/London' });
    expect(locations.filter((location) => location.level === 6)).toHaveLength(3);
    expect(locations.filter((location) => location.level === 7).length).toBeGreaterThanOrEqual(9);
    const departments = await db.selectFrom('departments').select('name').execute();
    expect(departments.map((department) => department.name)).toEqual(
      expect.arrayContaining(['Executive', 'Engineering', 'Sales', 'Facilities & Reception', 'People & Culture']),
    );
    // Departments carry group codes and a colour from the company's palette.
    const painted = await db.selectFrom('departments as d').innerJoin('department_styles as s', 's.id', 'd.style_id').select(['d.group_code', 'd.style_color', 's.color']).execute();
    expect(painted).toHaveLength(departments.length);
    expect(painted.every((row) => row.group_code && row.style_color === row.color)).toBe(true);
  });

  it('uses the configured admin password and then reports none generated', async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db);
    const hasher = createCachingHasher();
    const result = await seedDemo(database.db, { adminPassword: 'Given-Password-1', clock: createFakeClock(), hasher });
    expect(result).toEqual({ created: true, adminPasswordGenerated: null });
    const admin = await database.db.kysely.selectFrom('users').selectAll().where('user_name', '=', 'admin').executeTakeFirstOrThrow();
    expect(await hasher.verify(admin.password_hash, 'Given-Password-1')).toBe(true);
  });
});

describe('generatePassword', () => {
  it('makes 16 unambiguous characters with an upper, a lower and a digit', () => {
    for (let i = 0; i < 200; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(16);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).not.toMatch(/[0O1lI]/);
    }
  });
});
