import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Reservation } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECT } from '../../../test/database.js';
import { createTestRoom } from '../../../test/rooms.js';

const SLOT = 15 * 60_000;

/** A command on one room's schedule, in 15-minute slots from a base time. */
type Command =
  | { kind: 'create'; start: number; length: number }
  | { kind: 'move'; target: number; start: number; length: number }
  | { kind: 'cancel'; target: number };

/** The model: the room's meetings as slot intervals; a meeting is active until cancelled. */
interface ModelMeeting {
  id: number;
  start: number;
  end: number;
  active: boolean;
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), start: fc.integer({ min: 0, max: 23 }), length: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ kind: fc.constant('move' as const), target: fc.nat(), start: fc.integer({ min: 0, max: 23 }), length: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ kind: fc.constant('cancel' as const), target: fc.nat() }),
);

describe(`booking schedule property (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let token: string;
  let companyId: number;
  let floorId: number;
  let base: number;

  beforeAll(async () => {
    t = await createTestApp();
    const { company } = await t.factories.companyWithAdmin('Model Co');
    companyId = company.id;
    token = await t.factories.session(await t.factories.user(companyId, { permissions: ['calendarRoomUse:view', 'calendarRoomUse:edit'] }));
    floorId = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Seed' })).floorId;
    base = t.clock.now() + 24 * 60 * 60_000;
  });
  afterAll(() => t.cleanup());

  const post = (url: string, payload: Record<string, unknown>) => call<Reservation>(t.app, { method: 'POST', url, headers: { token }, payload });

  it('answers create, move and cancel like a simple model of the schedule, and stores what the model holds', async () => {
    let rooms = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        const { roomId } = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: `Model room ${++rooms}`, floorId });
        const model: ModelMeeting[] = [];
        for (const step of commands) {
          if (step.kind === 'create') {
            const wanted = { start: step.start, end: step.start + step.length };
            const expected = model.some((m) => m.active && overlaps(m, wanted)) ? 409 : 200;
            const answer = await post('/api/meeting/reservation', { roomId, title: 'Model', startAt: base + wanted.start * SLOT, endAt: base + wanted.end * SLOT });
            expect(answer.status, `${JSON.stringify(step)} ${answer.body.message}`).toBe(expected);
            if (expected === 200) model.push({ id: answer.body.result.id, ...wanted, active: true });
          } else if (model.length > 0) {
            const target = model[step.target % model.length]!;
            if (step.kind === 'move') {
              const wanted = { start: step.start, end: step.start + step.length };
              const expected = !target.active ? 422 : model.some((m) => m !== target && m.active && overlaps(m, wanted)) ? 409 : 200;
              const answer = await post('/api/meeting/reservation/update', { id: target.id, startAt: base + wanted.start * SLOT, endAt: base + wanted.end * SLOT });
              expect(answer.status, `${JSON.stringify(step)} ${answer.body.message}`).toBe(expected);
              if (expected === 200) Object.assign(target, wanted);
            } else {
              const answer = await post('/api/meeting/reservation/cancel', { id: target.id });
              expect(answer.status, `${JSON.stringify(step)} ${answer.body.message}`).toBe(target.active ? 200 : 422);
              target.active = false;
            }
          }
        }
        const stored = await t.db.kysely
          .selectFrom('reservations')
          .select(['id', 'start_at', 'end_at', 'status'])
          .where('resource_id', '=', roomId)
          .orderBy('id')
          .execute();
        expect(stored.map((row) => ({ id: row.id, start: (Number(row.start_at) - base) / SLOT, end: (Number(row.end_at) - base) / SLOT, active: row.status === 'confirmed' }))).toEqual(
          model.map(({ id, start, end, active }) => ({ id, start, end, active })),
        );
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
