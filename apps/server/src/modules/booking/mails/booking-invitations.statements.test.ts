import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateReservationResult } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECT } from '../../../test/database.js';
import type { TestUser } from '../../../test/factories.js';
import { createTestRoom } from '../../../test/rooms.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The statement's kind: `begin`, `commit`, `select from <table>`, `insert <table>`, `update <table>`, `delete <table>`. */
const kindOf = (sql: string) => {
  const text = sql.trim().toLowerCase().replace(/"/g, '');
  const write = /^(insert into|update|delete from) (\w+)/.exec(text);
  if (write) return `${write[1]!.split(' ')[0]} ${write[2]}`;
  const read = /^select .*? from (\w+)/.exec(text);
  if (read) return `select ${read[1]}`;
  return text.split(/\s+/)[0]!;
};

/**
 * What sending a claim of bookings' invitations costs the database (issue 18): the outbox worker
 * does a claim's changes together, so a claim of many bookings sends as many statements as a claim
 * of one; counted through the query log, BEGIN and COMMIT included.
 */
describe(`the outbox worker's statements for a claim of bookings (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let host: TestUser;
  let colleague: TestUser;
  let token: string;
  let roomId: number;
  let slot = 0;
  const log: string[] = [];
  let recording = false;

  beforeAll(async () => {
    t = await createTestApp({ wakeOutbox: false, onQuery: (sql) => void (recording && log.push(sql)) });
    const { company } = await t.factories.companyWithAdmin('Worker Co');
    host = await t.factories.user(company.id, { permissions: ['calendarRoomUse:view'] });
    colleague = await t.factories.user(company.id, { permissions: ['calendarRoomUse:view'] });
    token = await t.factories.session(host);
    roomId = (await createTestRoom(t.db, t.factories, t.clock, company.id, { name: 'Counter' })).roomId;
  });
  afterAll(() => t.cleanup());

  /** Books `count` meetings with a colleague and a guest, then drains the worker; answers the meetings and the worker's statements. */
  async function bookThenDrain(count: number) {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const startAt = t.clock.now() + DAY + slot++ * HOUR;
      const answer = await call<CreateReservationResult>(t.app, {
        method: 'POST',
        url: '/api/meeting/reservation',
        headers: { token },
        payload: { roomId, title: `Counted ${slot}`, startAt, endAt: startAt + HOUR / 2, participants: [{ userId: colleague.id }, { email: `guest${slot}@partner.test` }] },
      });
      expect(answer.status, answer.body.message).toBe(200);
      ids.push(answer.body.result.id);
    }
    log.length = 0;
    recording = true;
    try {
      await t.app.bookingInvitations.drain();
    } finally {
      recording = false;
    }
    return { ids, statements: log.map(kindOf) };
  }

  it('sends the invitations of many bookings with the statements of one', async () => {
    // The first pass of a process reads the location tree once more (kept by layout version).
    await bookThenDrain(1);
    const one = await bookThenDrain(1);
    const many = await bookThenDrain(6);
    // Reads made side by side arrive in either order on PostgreSQL: compared as sets of statements.
    const sorted = (statements: string[]) => [...statements].sort();
    expect(sorted(many.statements)).toEqual(sorted(one.statements));
    expect(sorted(many.statements)).toEqual(sorted([
      'update outbox_events',
      // The notification settings, once for the company (the setting and when it was saved).
      'select settings',
      'select settings',
      'select reservations',
      'select reservation_participants',
      'select layout_versions',
      // The console notifications: their recipients and one insert.
      'select users',
      'select users',
      'insert notifications',
      'select reservation_invitees',
      // Calendar sync: whether a room of the wave is linked to an outside calendar (decision 0023).
      'select calendar_links',
      // The rounds in one transaction.
      'begin',
      'update reservations',
      'delete reservation_invitees',
      'insert reservation_invitees',
      'commit',
      'insert mail_outbox',
      'delete outbox_events',
    ]));
    const begin = many.statements.indexOf('begin');
    expect(many.statements.slice(begin, begin + 5)).toEqual(['begin', 'update reservations', 'delete reservation_invitees', 'insert reservation_invitees', 'commit']);
    // Every meeting had its round and its three invitations (host, colleague, guest).
    const rows = await t.db.kysely.selectFrom('reservations').select(['id', 'ical_sequence']).where('id', 'in', many.ids).execute();
    expect(rows.map((row) => row.ical_sequence)).toEqual(many.ids.map(() => 1));
    const mails = await t.db.kysely.selectFrom('mail_outbox').select(['to', 'subject']).where('company_id', '=', host.companyId).execute();
    for (const n of many.ids.keys()) {
      const title = `Counted ${slot - many.ids.length + n + 1}`;
      expect(mails.filter((mail) => mail.subject.includes(title)).map((mail) => mail.to).sort()).toEqual([colleague.email, host.email, `guest${slot - many.ids.length + n + 1}@partner.test`].sort());
    }
    expect(await t.db.kysely.selectFrom('outbox_events').select('id').execute()).toEqual([]);
  });
});
