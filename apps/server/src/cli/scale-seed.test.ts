import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailableRooms } from '@atrium/contract';
import { call, createTestApp, signIn, type TestApp } from '../test/app.js';
import { createCachingHasher } from '../test/factories.js';
import { SCALE_PASSWORD, scaleDomain, seedScale, type ScaleShape, type SeededCompany } from './scale-seed.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const SHAPE: ScaleShape = { companies: 2, people: 30, rooms: 12, desks: 10, roomBookings: 600, deskBookings: 200 };

describe('the scale seed, at a small shape', () => {
  let t: TestApp;
  let seeded: SeededCompany[];

  beforeAll(async () => {
    t = await createTestApp();
    seeded = await seedScale(t.db, { shape: SHAPE, hasher: createCachingHasher(), now: t.clock.now() });
  });
  afterAll(() => t.cleanup());

  it('makes each company with its people, rooms, desks and bookings, nothing shared between them', async () => {
    expect(seeded.map((company) => company.domain)).toEqual([scaleDomain(0), scaleDomain(1)]);
    for (const company of seeded) {
      const count = async (table: 'users' | 'rooms' | 'desks') =>
        Number((await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', company.companyId).executeTakeFirstOrThrow()).n);
      expect(await count('users')).toBe(SHAPE.people);
      expect(await count('rooms')).toBe(SHAPE.rooms);
      expect(await count('desks')).toBe(SHAPE.desks);
      const byKind = await t.db.kysely
        .selectFrom('reservations as r')
        .innerJoin('resources as s', 's.id', 'r.resource_id')
        .select(['s.kind', (eb) => eb.fn.countAll<number>().as('n')])
        .where('r.company_id', '=', company.companyId)
        .groupBy('s.kind')
        .orderBy('s.kind')
        .execute();
      expect(byKind.map((row) => [row.kind, Number(row.n)])).toEqual([
        ['desk', SHAPE.deskBookings],
        ['room', SHAPE.roomBookings],
      ]);
      // Every booking's resource and host are the company's own.
      const foreign = await sql<{ n: number }>`
        select count(*) as n from reservations r
        join resources s on s.id = r.resource_id
        join users u on u.id = r.host_user_id
        where r.company_id = ${company.companyId} and (s.company_id <> r.company_id or u.company_id <> r.company_id)`.execute(t.db.kysely);
      expect(Number(foreign.rows[0]!.n)).toBe(0);
    }
  });

  it('spreads bookings over past and future, and no one holds two desks on a day', async () => {
    const now = t.clock.now();
    const [past, ahead] = await Promise.all([
      t.db.kysely.selectFrom('reservations').select((eb) => eb.fn.countAll<number>().as('n')).where('start_at', '<', now).executeTakeFirstOrThrow(),
      t.db.kysely.selectFrom('reservations').select((eb) => eb.fn.countAll<number>().as('n')).where('start_at', '>=', now).executeTakeFirstOrThrow(),
    ]);
    expect(Number(past.n)).toBeGreaterThan(0);
    expect(Number(ahead.n)).toBeGreaterThan(0);
    const doubled = await sql<{ n: number }>`
      select count(*) as n from (
        select r.host_user_id, r.start_at from reservations r join resources s on s.id = r.resource_id
        where s.kind = 'desk' group by r.host_user_id, r.start_at having count(*) > 1) as d`.execute(t.db.kysely);
    expect(Number(doubled.rows[0]!.n)).toBe(0);
  });

  it("signs a company's administrator in, whose free-room search sees that company's rooms only", async () => {
    const company = seeded[1]!;
    const session = await signIn(t.app, { userName: company.adminUserName, password: SCALE_PASSWORD });
    expect(session.body.returncode).toBe(200);
    // An evening hour: the seed books rooms between 08:00 and 18:00 local, so every room is free.
    const startAt = (Math.floor(t.clock.now() / DAY) + 2) * DAY + 21 * HOUR;
    const answer = await call<AvailableRooms>(t.app, { method: 'GET', url: `/api/meeting/available-rooms?startAt=${startAt}&endAt=${startAt + HOUR}`, headers: { token: session.token! } });
    expect(answer.body.returncode).toBe(200);
    expect(answer.body.result.list.map((room) => room.id).sort((a, b) => a - b)).toEqual([...company.roomIds].sort((a, b) => a - b));
  });

  it('refuses a database that holds the scale companies already', async () => {
    await expect(seedScale(t.db, { shape: { ...SHAPE, companies: 1 }, hasher: createCachingHasher(), now: t.clock.now() })).rejects.toThrow(/already holds scale-001/);
  });
});
