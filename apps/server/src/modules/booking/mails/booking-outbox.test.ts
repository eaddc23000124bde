import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateReservationResult } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../../test/app.js';
import { createFakeClock } from '../../../test/clock.js';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../../test/database.js';
import type { TestUser } from '../../../test/factories.js';
import { createTestRoom } from '../../../test/rooms.js';
import { decodeHeader, startSmtpServer } from '../../../test/smtp.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The transactional outbox of bookings (issue 18): a booking's invitations are recorded in its own
 * transaction and sent by the outbox worker afterwards. Two "processes" here are two apps with
 * their own connections to one database; their workers start only when drained, so each test
 * decides who sends.
 */
describe(`booking invitations through the outbox (${TEST_DIALECT})`, () => {
  let database: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const clock = createFakeClock();
  let first: TestApp;
  let host: TestUser;
  let token: string;
  let roomId: number;
  let slot = 0;

  const start = () => createTestApp({ database, clock, wakeOutbox: false, config: { smtpUrl: smtp.url, publicUrl: 'https://atrium.example' } });
  const outboxRows = () => database.db.kysely.selectFrom('outbox_events').select(['id', 'kind', 'payload']).execute();
  const book = (app: TestApp, body: Record<string, unknown> = {}) => {
    const startAt = clock.now() + DAY + slot++ * HOUR;
    return call<CreateReservationResult>(app.app, {
      method: 'POST',
      url: '/api/meeting/reservation',
      headers: { token },
      payload: { roomId, title: `Outbox ${slot}`, startAt, endAt: startAt + HOUR / 2, participants: [{ email: `guest${slot}@partner.test` }], ...body },
    });
  };
  /** Who received an invitation to the meeting titled `title`. */
  const invited = (title: string) => smtp.received.filter((mail) => decodeHeader(mail.headers.subject ?? '').includes(title)).flatMap((mail) => mail.to).sort();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    database = await createTestDatabase();
    first = await start();
    const { company } = await first.factories.companyWithAdmin('Outbox Co');
    host = await first.factories.user(company.id, { permissions: ['calendarRoomUse:view'] });
    token = await first.factories.session(host);
    roomId = (await createTestRoom(first.db, first.factories, clock, company.id, { name: 'Relay' })).roomId;
  });
  afterAll(async () => {
    await first.cleanup();
    await database.cleanup();
    await smtp.close();
  });

  it('records the invitations with the booking and sends them after the commit, once', async () => {
    const booked = await book(first);
    expect(booked.status, booked.body.message).toBe(200);
    // Committed with the booking, not sent in the request.
    const rows = await outboxRows();
    expect(rows.map((row) => [row.kind, JSON.parse(row.payload).reservationIds])).toEqual([['bookingChange', [booked.body.result.id]]]);
    expect(invited(booked.body.result.title!)).toEqual([]);
    await first.app.bookingInvitations.drain();
    expect(invited(booked.body.result.title!)).toEqual([`guest${slot}@partner.test`, host.email].sort());
    expect(await outboxRows()).toEqual([]);
    await first.app.bookingInvitations.drain();
    expect(invited(booked.body.result.title!)).toHaveLength(2);
  });

  it('leaves nothing to send for a booking that was refused inside its transaction', async () => {
    const kept = await book(first);
    expect(kept.status).toBe(200);
    await first.app.bookingInvitations.drain();
    // The same time again: the database refuses the overlap, the transaction rolls back.
    const clash = await book(first, { title: 'Clash', startAt: kept.body.result.startAt, endAt: kept.body.result.endAt });
    expect(clash.status).toBe(409);
    // A disable period, found by the transaction's checks.
    const later = clock.now() + 3 * DAY;
    await first.db.kysely
      .insertInto('room_disable_periods')
      .values({ company_id: host.companyId, room_id: roomId, start_at: later, end_at: later + DAY, created_at: clock.now() })
      .execute();
    const disabled = await book(first, { title: 'Disabled', startAt: later + HOUR, endAt: later + 2 * HOUR });
    expect(disabled.status).toBe(422);
    expect(await outboxRows()).toEqual([]);
    await first.app.bookingInvitations.drain();
    expect([...invited('Clash'), ...invited('Disabled')]).toEqual([]);
  });

  it('sends what a stopped process left, after a restart', async () => {
    const stopping = await start();
    const booked = await book(stopping);
    expect(booked.status).toBe(200);
    // The process stops before its worker ran: the row stays.
    await stopping.cleanup();
    expect(await outboxRows()).toHaveLength(1);
    const restarted = await start();
    try {
      await restarted.app.bookingInvitations.drain();
      expect(invited(booked.body.result.title!)).toEqual([`guest${slot}@partner.test`, host.email].sort());
      expect(await outboxRows()).toEqual([]);
    } finally {
      await restarted.cleanup();
    }
  });

  it('two processes never send the same invitation twice', async () => {
    const second = await start();
    try {
      const titles: string[] = [];
      for (let i = 0; i < 12; i++) {
        const booked = await book(i % 2 === 0 ? first : second);
        expect(booked.status).toBe(200);
        titles.push(booked.body.result.title!);
      }
      await Promise.all([first.app.bookingInvitations.drain(), second.app.bookingInvitations.drain()]);
      // Each meeting: the host and its guest, each exactly once.
      for (const title of titles) expect(invited(title)).toHaveLength(2);
      expect(await outboxRows()).toEqual([]);
    } finally {
      await second.cleanup();
    }
  });
});
