import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Desk, DeskBooking } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';

/** The test clock starts on Monday 23 November 2026, 09:00 UTC. */
const DAYS = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];

/** The statement's kind: `begin`, `commit`, `select`, `insert into <table>`, … */
const kindOf = (sql: string) => {
  const text = sql.trim().toLowerCase();
  const insert = /^insert into "?(\w+)"?/.exec(text);
  return insert ? `insert ${insert[1]}` : text.split(/\s+/)[0]!;
};

/**
 * What booking a desk costs the database (decision 0019, "Booking a desk"): every statement of the request,
 * counted through the query log. The department's switch is read with the booker's other checks and the desk's
 * building comes from the layout kept in memory, so desk access adds only the closures' read.
 */
describe(`booking a desk, statement by statement (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let token: string;
  let deskIds: number[];
  const log: string[] = [];
  let recording = false;

  beforeAll(async () => {
    t = await createTestApp({ wakeOutbox: false, onQuery: (sql) => void (recording && log.push(sql)) });
    const { company, admin } = await t.factories.companyWithAdmin('Counting Desks Co');
    const adminToken = await t.factories.session(admin);
    const floorId = (await createTestRoom(t.db, t.factories, t.clock, company.id, { name: 'Corner', timeZone: 'Europe/London' })).floorId;
    const departmentId = await t.factories.department(company.id, 'Counting');
    const booker = await t.factories.user(company.id, { departmentId, permissions: ['calendarRoomUse:view'] });
    token = await t.factories.session(booker);
    deskIds = [];
    for (const number of ['C-1', 'C-2']) {
      const saved = await call<Desk>(t.app, { method: 'POST', url: '/api/desk/save', headers: { token: adminToken }, payload: { floorId, number, mode: 'bookable' } });
      expect(saved.status, saved.body.message).toBe(200);
      deskIds.push(saved.body.result.id);
    }
  });
  afterAll(() => t.cleanup());

  async function book(deskId: number, date: string) {
    log.length = 0;
    recording = true;
    try {
      const answer = await call<DeskBooking>(t.app, { method: 'POST', url: '/api/desk/book', headers: { token }, payload: { deskId, date, part: 'day' } });
      return { answer, kinds: log.map(kindOf) };
    } finally {
      recording = false;
    }
  }

  it('books with one read of the booker (their department included) and one of the closures inside the transaction', async () => {
    // The first booking in this process reads the desks and the tree (kept by layout version).
    expect((await book(deskIds[0]!, DAYS[0]!)).answer.status).toBe(200);
    const { answer, kinds } = await book(deskIds[1]!, DAYS[1]!);
    expect(answer.status, answer.body.message).toBe(200);
    const transaction = kinds.slice(kinds.indexOf('begin'), kinds.lastIndexOf('commit') + 1);
    // Of the transaction's reads: the layout version, the rules, the booker with their department, their week,
    // the closures; PostgreSQL first takes the booker's key lock and the desk's resource lock (two more).
    const reads = transaction.filter((kind) => kind === 'select').length;
    expect(reads, transaction.join(', ')).toBeLessThanOrEqual(TEST_DIALECT === 'postgres' ? 7 : 5);
    expect(transaction.filter((kind) => kind.startsWith('insert')), transaction.join(', ')).toEqual(['insert reservations', 'insert outbox_events']);
    expect(kinds.length, kinds.join(', ')).toBeLessThanOrEqual(TEST_DIALECT === 'postgres' ? 15 : 13);
  });
});
