import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Outbox } from '../../platform/outbox.js';
import { createOutboxRepository, type OutboxRepository } from '../../platform/outbox.repository.js';

/**
 * What happened to bookings, told after the change is committed. Three kinds of listener:
 * - `onRecorded`: the work every change brings (invitations, approval mails, console
 *   notifications). The writer records the change in the outbox inside its own transaction
 *   (`record`), and the outbox worker hands it to these listeners after the commit: once across
 *   processes, also after a crash, never for a change that rolled back (platform/outbox.ts);
 * - `onCommitted`: this process's changes, at once after the commit;
 * - `onChange`: every change, this process's and, once a bridge delivers them, other processes'
 *   on the same database (live views: the room board, /live, door displays). The PostgreSQL
 *   bridge (`bridgeTo`) tells the other processes with the outbox row's own statement.
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

type Listener = (change: BookingChange) => void | Promise<void>;

/** The outbox's name for a booking change. */
const OUTBOX_KIND = 'bookingChange';

export type BookingEvents = ReturnType<typeof createBookingEvents>;

export interface BookingEventsDeps {
  /** The database the outbox is in, for changes recorded without a transaction of their own (`emit`). */
  db: Kysely<DB>;
  outbox: Pick<Outbox, 'on' | 'onBatch' | 'orderBy' | 'wake'>;
  clock: Clock;
  log: { error(object: unknown, message: string): void };
}

/** What tells other server processes (the PostgreSQL NOTIFY bridge, platform/pg-notify.ts). */
export interface BookingBridge {
  channel: string;
  /** The NOTIFY payload of a change; null when it cannot be sent in a statement of the writer's. */
  payloadOf(change: BookingChange): string | null;
  publish(change: BookingChange): Promise<void>;
}

export function createBookingEvents({ db, outbox, clock, log }: BookingEventsDeps) {
  const committed = new Set<Listener>();
  const changes = new Set<Listener>();
  let bridge: BookingBridge | null = null;
  // Changes whose NOTIFY went with their outbox row, in their transaction.
  const notified = new WeakSet<BookingChange>();
  // The worker keeps each meeting's changes in order; other meetings' go side by side.
  outbox.orderBy(OUTBOX_KIND, (payload) => (payload as BookingChange).reservationIds.map(String));

  function call(listeners: Set<Listener>, change: BookingChange) {
    for (const listener of listeners) {
      try {
        void Promise.resolve(listener(change)).catch((error: unknown) => log.error({ err: error, change }, 'booking listener failed'));
      } catch (error) {
        log.error({ err: error, change }, 'booking listener failed');
      }
    }
  }

  /** Writes the change to the outbox through `repository`, bound to the transaction that makes the change. */
  async function record(repository: Pick<OutboxRepository, 'add'>, change: BookingChange): Promise<void> {
    // With a bridge, the other processes are told by the same statement, at commit.
    const payload = bridge?.payloadOf(change) ?? null;
    await repository.add(change.companyId, OUTBOX_KIND, JSON.stringify(change), clock.now(), bridge && payload !== null ? { channel: bridge.channel, payload } : undefined);
    if (payload !== null) notified.add(change);
  }

  /** Tells this process's listeners about a recorded change once it is committed (and other processes, if its transaction did not), and wakes the outbox worker. */
  function published(change: BookingChange): void {
    call(committed, change);
    call(changes, change);
    if (bridge && !notified.has(change)) {
      void bridge.publish(change).catch((error: unknown) => log.error({ err: error, change }, 'booking change not told to other processes'));
    }
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
    /** Tells other processes of this one's changes through `to` (PostgreSQL NOTIFY), inside the writers' transactions where they record them. */
    bridgeTo(to: BookingBridge): void {
      bridge = to;
    },
    /** Delivers a change another process committed (from a bridge such as PostgreSQL NOTIFY). */
    deliverRemote(change: BookingChange): void {
      call(changes, change);
    },
    /** Work for every committed change, done by the outbox worker; `name` marks it done on the row (keep it stable). */
    onRecorded(name: string, listener: (change: BookingChange) => Promise<void>): void {
      outbox.on(OUTBOX_KIND, name, (payload) => listener(payload as BookingChange));
    },
    /** As `onRecorded`, for several changes at once that share no meeting (the outbox worker's wave). */
    onRecordedTogether(name: string, listener: (changes: BookingChange[]) => Promise<void>): void {
      outbox.onBatch(OUTBOX_KIND, name, (items) => listener(items.map((item) => item.payload as BookingChange)));
    },
    onCommitted(listener: Listener): () => void {
      committed.add(listener);
      return () => committed.delete(listener);
    },
    onChange(listener: Listener): () => void {
      changes.add(listener);
      return () => changes.delete(listener);
    },
  };
}
