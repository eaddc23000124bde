import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedTestDatabase, TEST_DIALECT, type TestDatabase } from '../test/database.js';
import { createSignedLinks } from './signed-links.js';

describe(`signed links (${TEST_DIALECT})`, () => {
  let database: TestDatabase;
  let companyA: number;
  let companyB: number;
  const now = 1_900_000_000_000;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    const insert = async (name: string) =>
      (await database.db.kysely.insertInto('companies').values({ name, domain: name.toLowerCase(), created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    companyA = await insert('Alpha');
    companyB = await insert('Bravo');
  });
  afterAll(() => database.cleanup());

  it('makes one key per company when two processes sign at once, and each reads the other’s tokens', async () => {
    const first = createSignedLinks(database.db.kysely);
    const second = createSignedLinks(database.db.kysely);
    const link = { companyId: companyA, subject: 'k3', expiresAt: now + 1000 };
    const [one, two] = await Promise.all([first.sign('visitPass', link, now), second.sign('visitPass', link, now)]);
    expect(one).toBe(two);
    expect(await second.verify('visitPass', one, now)).toEqual({ ...link, isExpired: false });
    expect(await first.verify('visitPass', one, now + 1000)).toEqual({ ...link, isExpired: true });
    const keys = await database.db.kysely.selectFrom('signing_keys').selectAll().where('company_id', '=', companyA).execute();
    expect(keys).toHaveLength(1);
    // The key never appears in what it signs.
    expect(one).not.toContain(keys[0]!.secret.slice(0, 12));
  });

  it("signs each company under its own key: one company's token names no other's record", async () => {
    const links = createSignedLinks(database.db.kysely);
    const forB = await links.sign('visitPass', { companyId: companyB, subject: 'k3', expiresAt: now + 1000 }, now);
    const forA = await links.sign('visitPass', { companyId: companyA, subject: 'k3', expiresAt: now + 1000 }, now);
    expect(forA.split('.')[3]).not.toBe(forB.split('.')[3]);
    const swapped = [companyA.toString(36), ...forB.split('.').slice(1)].join('.');
    expect(await links.verify('visitPass', swapped, now)).toBeNull();
    // A company that never signed has no key, and so no valid token.
    expect(await links.verify('visitPass', ['zz', ...forA.split('.').slice(1)].join('.'), now)).toBeNull();
    await expect(links.sign('visitPass', { companyId: companyA, subject: 'Not an id', expiresAt: now }, now)).rejects.toThrow();
  });
});
