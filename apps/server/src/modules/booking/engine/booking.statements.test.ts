import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, type CreateReservationResult } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECT } from '../../../test/database.js';
import type { TestUser } from '../../../test/factories.js';
import { createTestRoom } from '../../../test/rooms.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The statement's kind: `begin`, `commit`, `select`, or `insert into <table>`. */
const kindOf = (sql: string) => {
  const text = sql.trim().toLowerCase();
  const insert = /^insert into "?(\w+)"?/.exec(text);
  return insert ? `insert ${insert[1]}` : text.split(/\s+/)[0]!.replace(/^begin$/, 'begin');
};

/**
 * What booking a meeting costs the database (issue 18): every statement the request sends, counted
 * through the query log, BEGIN, COMMIT and the session lookup included. The outbox worker's
 * statements (invitations, after the answer) are not the request's: it is drained separately.
 */
describe(`booking a meeting, statement by statement (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let host: TestUser;
  let colleague: TestUser;
  let token: string;
  let roomId: number;
  let base: number;
  let slot = 0;
  const log: string[] = [];
  let recording = false;

  beforeAll(async () => {
    t = await createTestApp({ wakeOutbox: false, onQuery: (sql) => void (recording && log.push(sql)) });
    const { company } = await t.factories.companyWithAdmin('Counting Co');
    host = await t.factories.user(company.id, { permissions: ['calendarRoomUse:view'] });
    colleague = await t.factories.user(company.id, { permissions: ['calendarRoomUse:view'] });
    token = await t.factories.session(host);
    roomId = (await createTestRoom(t.db, t.factories, t.clock, company.id, { name: 'Ledger' })).roomId;
    base = t.clock.now() + DAY;
  });
  afterAll(() => t.cleanup());

  /** Books the next free hour with a colleague and an outside guest; answers the answer and the statements it sent. */
  async function book(headers: Record<string, string> = {}) {
    const startAt = base + slot++ * HOUR;
    log.length = 0;
    recording = true;
    try {
      const answer = await call<CreateReservationResult>(t.app, {
        method: 'POST',
        url: '/api/meeting/reservation',
        headers: { token, ...headers },
        payload: { roomId, title: 'Counted', startAt, endAt: startAt + HOUR / 2, participants: [{ userId: colleague.id }, { email: 'guest@partner.test' }] },
      });
      return { answer, statements: [...log] };
    } finally {
      recording = false;
    }
  }

  it('books with at most 8 statements, the write transaction being one read and three inserts', async () => {
    // The first booking of a room in this process reads the room and the tree (kept by layout version).
    expect((await book()).answer.status).toBe(200);
    const { answer, statements } = await book();
    expect(answer.status, answer.body.message).toBe(200);
    const kinds = statements.map(kindOf);
    expect(statements.length, kinds.join(', ')).toBeLessThanOrEqual(8);
    const begin = kinds.findIndex((kind) => kind === 'begin');
    expect(kinds.slice(begin)).toEqual([
      'begin',
      'select',
      'insert reservations',
      'insert reservation_participants',
      // On PostgreSQL this insert also tells the other server processes (NOTIFY, delivered at commit).
      'insert outbox_events',
      'commit',
    ]);
    // The answer is made from memory, and is what a read of the meeting answers.
    const read = await call(t.app, { method: 'GET', url: `/api/meeting/reservation?id=${answer.body.result.id}`, headers: { token } });
    expect(answer.body.result.reservation).toEqual(read.body.result);
    expect(answer.body.result.participants).toEqual([
      { userId: colleague.id, name: expect.any(String), email: colleague.email },
      { userId: null, name: null, email: 'guest@partner.test' },
    ]);
  });

  it('counts two more with an Idempotency-Key (the claim and the kept answer)', async () => {
    const { answer, statements } = await book({ 'idempotency-key': `count-${slot}` });
    expect(answer.status).toBe(200);
    expect(statements.length, statements.map(kindOf).join(', ')).toBeLessThanOrEqual(9);
  });

  it('reads the room again inside the transaction when the layout changed meanwhile', async () => {
    expect((await book()).answer.status).toBe(200);
    // Another process (or an operator) closes the room: the layout version moves, this process's copy is stale.
    await t.db.kysely.updateTable('rooms').set({ is_available: 0 }).where('id', '=', roomId).execute();
    const closed = await book();
    expect([closed.answer.status, closed.answer.body.message]).toEqual([422, formatMessage('reservationRoomUnavailable', 'en-US')]);
    await t.db.kysely.updateTable('rooms').set({ is_available: 1, needs_approval: 1 }).where('id', '=', roomId).execute();
    const asked = await book();
    expect([asked.answer.status, asked.answer.body.result.status, asked.answer.body.result.approvalDeadlineAt]).toEqual([200, 'pending', t.clock.now() + DAY]);
    await t.db.kysely.updateTable('rooms').set({ needs_approval: 0 }).where('id', '=', roomId).execute();
    // Settings are read inside the transaction every time: a new default holds at once.
    await t.db.kysely
      .insertInto('booking_rules')
      .values({ company_id: host.companyId, default_privacy: 'private', updated_by: null, updated_at: t.clock.now() })
      .onConflict((oc) => oc.column('company_id').doUpdateSet({ default_privacy: 'private' }))
      .execute();
    const privately = await book();
    expect([privately.answer.status, privately.answer.body.result.privacy]).toEqual([200, 'private']);
  });
});
