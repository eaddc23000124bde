import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { ReturnCode } from '@atrium/contract';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECT } from '../../../test/database.js';
import { createTestRoom } from '../../../test/rooms.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const CLIENTS = 50;

/**
 * The concurrency rule: many clients ask at the same moment for overlapping times in one
 * room through real HTTP (fetch on a listening server, so requests interleave in the database);
 * exactly one wins, all others get 409, none a 5xx, and no overlapping active pair exists.
 */
describe(`booking under concurrency (${TEST_DIALECT})`, () => {
  let first: TestApp;
  let second: TestApp;
  let urls: string[];
  let tokens: string[];
  let companyId: number;
  let floorId: number;

  beforeAll(async () => {
    first = await createTestApp();
    // A second server process on the same database (its own connections), sharing the clock's time.
    second = await createTestApp({ database: first.database, clock: first.clock });
    const { company } = await first.factories.companyWithAdmin('Rush Co');
    companyId = company.id;
    tokens = [];
    for (let i = 0; i < 10; i++) {
      const user = await first.factories.user(companyId, { permissions: ['calendarRoomUse:view', 'calendarRoomUse:edit'] });
      tokens.push(await first.factories.session(user));
    }
    floorId = (await createTestRoom(first.db, first.factories, first.clock, companyId, { name: 'Seed' })).floorId;
    urls = [];
    for (const app of [first.app, second.app]) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
  });
  afterAll(async () => {
    await second?.cleanup();
    await first?.cleanup();
  });

  async function overlappingPairs(): Promise<number> {
    const result = await sql<{ count: number | string }>`
      select count(*) as count from reservations a join reservations b
        on a.resource_id = b.resource_id and a.id < b.id and a.start_at < b.end_at and b.start_at < a.end_at
      where a.status in ('pending', 'confirmed') and b.status in ('pending', 'confirmed')`.execute(first.db.kysely);
    return Number(result.rows[0]!.count);
  }

  /** 50 requests at once for pairwise-overlapping hours in a new room, spread over the given servers. */
  async function rush(servers: string[], title: string) {
    const { roomId } = await createTestRoom(first.db, first.factories, first.clock, companyId, { name: title, floorId });
    const base = first.clock.now() + 24 * HOUR;
    const answers = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, i) => {
        const response = await fetch(`${servers[i % servers.length]}/api/meeting/reservation`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token: tokens[i % tokens.length]!, lang: i % 2 ? 'zh-CN' : 'en-US' },
          body: JSON.stringify({ roomId, title: `${title} ${i}`, startAt: base + i * MINUTE, endAt: base + HOUR + i * MINUTE }),
        });
        const body = (await response.json()) as { returncode: number; message: string };
        return { status: response.status, returncode: body.returncode, message: body.message };
      }),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500), JSON.stringify(answers.filter((a) => a.status >= 500))).toEqual([]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(CLIENTS - 1);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.returncode === ReturnCode.CONFLICT && answer.message.length > 0)).toBe(true);
    const active = await first.db.kysely.selectFrom('reservations').select('id').where('resource_id', '=', roomId).where('status', 'in', ['pending', 'confirmed']).execute();
    expect(active).toHaveLength(1);
    expect(await overlappingPairs()).toBe(0);
  }

  it('lets exactly one of 50 simultaneous overlapping requests win on one server', async () => {
    await rush([urls[0]!], 'Single');
    await rush([urls[0]!], 'Single again');
  });

  it('lets exactly one win when the requests are split between two server processes on one database', async () => {
    await rush(urls, 'Split');
    await rush(urls, 'Split again');
  });
});
