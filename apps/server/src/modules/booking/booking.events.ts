import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Outbox } from '../../platform/outbox.js';
import { createOutboxRepository, type OutboxRepository } from '../../platform/outbox.repository.js';
import { createEventBus, type EventLog } from '../../platform/events.js';

/**
 * What happened to bookings, told after the change is committed. Three kinds of listener:
 * - `onRecorded`: the work every change brings (invitations, approval mails, console
 *   notifications). The writer records the change in the outbox inside its own transaction
 *   (`record`), and the outbox worker hands it to these listeners after the commit: once across
 *   processes, also after a crash, never for a change that rolled back (platform/outbox.ts);
 * - `onCommitted`: this process's changes, at once after the commit;
 * - `onChange`: every change, this process's and, once a bridge delivers them, other processes'
 *   on the same database (live views: the room board, /live, door displays). The PostgreSQL
 *   bridge tells the other processes with the outbox row's own statement.
 * The last two are the after-commit bus of platform/events.ts; the outbox is booking's own.
 */
export const BOOKING_CHANGE_KINDS = [
  'created',
  'updated',
  'cancelled',
  'approved',
  'rejected',
  'withdrawn',
  'expired',
  'checkedIn',
  'endedEarly',
  'released',
] as const;
export type BookingChangeKind = (typeof BOOKING_CHANGE_KINDS)[number];

export interface BookingChange {
  kind: BookingChangeKind;
  companyId: number;
  /** Rooms whose schedule changed (a move names both rooms). */
  roomIds: number[];
  reservationIds: number[];
  /** Who made the change; null for the system (expiry, no-show release). */
  actorUserId: number | null;
  /** When a series changed: its id. */
  seriesId?: number | null;
  /**
   * Meetings the change left waiting for approval (booked in, or moved into, a room with
   * approval): their ids. The outbox worker may run after they were decided, so their invitations
   * wait for the decision whatever their status is by then.
   */
  awaitingApproval?: number[];
}

/** The outbox's name for a booking change. */
const OUTBOX_KIND = 'bookingChange';

export type BookingEvents = ReturnType<typeof createBookingEvents>;

export interface BookingEventsDeps {
  /** The database the outbox is in, for changes recorded without a transaction of their own (`emit`). */
  db: Kysely<DB>;
  outbox: Pick<Outbox, 'on' | 'orderBy' | 'wake'>;
  clock: Clock;
  log: EventLog;
}

export function createBookingEvents({ db, outbox, clock, log }: BookingEventsDeps) {
  const bus = createEventBus<BookingChange>({ name: 'booking', log });
  // The worker keeps each meeting's changes in order; other meetings' go side by side.
  outbox.orderBy(OUTBOX_KIND, (payload) => (payload as BookingChange).reservationIds.map(String));

  /** Writes the change to the outbox through `repository`, bound to the transaction that makes the change. */
  async function record(repository: Pick<OutboxRepository, 'add'>, change: BookingChange): Promise<void> {
    // With a bridge, the other processes are told by the same statement, at commit.
    await repository.add(change.companyId, OUTBOX_KIND, JSON.stringify(change), clock.now(), bus.noticeFor(change));
  }

  /** Tells this process's listeners about a recorded change once it is committed (and other processes, if its transaction did not), and wakes the outbox worker. */
  function published(change: BookingChange): void {
    bus.emit(change);
    outbox.wake();
  }

  return {
    record,
    published,
    /**
     * A committed change whose writer had no transaction to record it in: recorded now (a crash
     * between that commit and this record loses its mails), then told.
     */
    async emit(change: BookingChange): Promise<void> {
      await record(createOutboxRepository(db), change);
      published(change);
    },
    /** Tells other processes of this one's changes (platform/events.ts `bridgeToOtherProcesses`), inside the writers' transactions where they record them. */
    bridgeTo: bus.bridgeTo,
    /** Delivers a change another process committed (from a bridge such as PostgreSQL NOTIFY). */
    deliverRemote: bus.deliverRemote,
    /** Work for every committed change, done by the outbox worker; `name` marks it done on the row (keep it stable). */
    onRecorded(name: string, listener: (change: BookingChange) => Promise<void>): void {
      outbox.on(OUTBOX_KIND, name, (payload) => listener(payload as BookingChange));
    },
    onCommitted: bus.onCommitted,
    onChange: bus.onChange,
  };
}
