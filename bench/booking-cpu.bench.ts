import { call, createTestApp } from '../apps/server/src/test/app.js';
import { TEST_DIALECT } from '../apps/server/src/test/database.js';
import { createTestRoom } from '../apps/server/src/test/rooms.js';

// CPU of booking a meeting, in one process (issue 18): the app as the tests build it, on a
// throwaway database (ATRIUM_TEST_DB=postgres for PostgreSQL), driven with app.inject (no network;
// light-my-request's own cost is in the figures, see the health line). process.cpuUsage around N
// sequential bookings with a colleague and a guest, the outbox worker held back; then around the
// worker sending their invitations; and the statements each booking sent.
// Run with `npx tsx bench/booking-cpu.bench.ts` (BENCH_BOOKINGS=2000 by default).

const N = Number(process.env.BENCH_BOOKINGS ?? 2000);
let statements = 0;
const t = await createTestApp({ wakeOutbox: false, onQuery: () => void (statements += 1) });
try {
  const { company } = await t.factories.companyWithAdmin('CPU Co');
  const host = await t.factories.user(company.id, { permissions: ['calendarRoomUse:view'] });
  const colleague = await t.factories.user(company.id, { permissions: ['calendarRoomUse:view'] });
  const token = await t.factories.session(host);
  const { roomId } = await createTestRoom(t.db, t.factories, t.clock, company.id, { timeZone: 'Europe/London' });
  const first = t.clock.now() + 86_400_000;
  let slot = 0;
  const book = async () => {
    const startAt = first + slot++ * 1_800_000;
    const answer = await call(t.app, {
      method: 'POST',
      url: '/api/meeting/reservation',
      headers: { token },
      payload: { roomId, title: 'CPU', startAt, endAt: startAt + 1_800_000, participants: [{ userId: colleague.id }, { email: 'guest@cpu.test' }] },
    });
    if (answer.status !== 200) throw new Error(answer.body.message);
  };
  const perBooking = (usage: NodeJS.CpuUsage) => ((usage.user + usage.system) / N / 1000).toFixed(3);

  for (let i = 0; i < 300; i++) await book();
  await t.app.bookingInvitations.drain();
  statements = 0;
  const requestStart = process.cpuUsage();
  for (let i = 0; i < N; i++) await book();
  const request = process.cpuUsage(requestStart);
  const requestStatements = statements;
  const workerStart = process.cpuUsage();
  await t.app.bookingInvitations.drain();
  const worker = process.cpuUsage(workerStart);
  const healthStart = process.cpuUsage();
  for (let i = 0; i < N; i++) await call(t.app, { method: 'GET', url: '/api/health' });
  const health = process.cpuUsage(healthStart);
  console.log(`booking CPU on ${TEST_DIALECT}, ${N} sequential bookings through app.inject, node ${process.version}`);
  console.log(`| step | CPU per booking (ms) | statements per booking |`);
  console.log(`| --- | ---: | ---: |`);
  console.log(`| POST /api/meeting/reservation (the request) | ${perBooking(request)} | ${(requestStatements / N).toFixed(1)} |`);
  console.log(`| the outbox worker: invitations, notifications | ${perBooking(worker)} | ${((statements - requestStatements) / N).toFixed(1)} |`);
  console.log(`| GET /api/health through app.inject (for scale) | ${perBooking(health)} | |`);
} finally {
  await t.cleanup();
}
