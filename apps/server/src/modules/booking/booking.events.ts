/**
 * What happened to bookings, told after the change is committed. Two kinds of listener:
 * - `onCommitted`: changes made by this process (mails, notifications: the process that made a
 *   change sends its mail, so two processes never send it twice);
 * - `onChange`: every change, this process's and, once a bridge delivers them, other processes'
 *   on the same database (live views: the room board, /live, door displays).
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
  /** An update that made meetings wait for approval again (moved into a room with approval): their ids. */
  awaitingApproval?: number[];
}

type Listener = (change: BookingChange) => void | Promise<void>;

export type BookingEvents = ReturnType<typeof createBookingEvents>;

export function createBookingEvents(log: { error(object: unknown, message: string): void }) {
  const committed = new Set<Listener>();
  const changes = new Set<Listener>();

  function call(listeners: Set<Listener>, change: BookingChange) {
    for (const listener of listeners) {
      try {
        void Promise.resolve(listener(change)).catch((error: unknown) => log.error({ err: error, change }, 'booking listener failed'));
      } catch (error) {
        log.error({ err: error, change }, 'booking listener failed');
      }
    }
  }

  return {
    /** Tells both kinds of listener about a change this process committed. */
    emit(change: BookingChange): void {
      call(committed, change);
      call(changes, change);
    },
    /** Delivers a change another process committed (from a bridge such as PostgreSQL NOTIFY). */
    deliverRemote(change: BookingChange): void {
      call(changes, change);
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
