import type { Kysely } from 'kysely';
import { withWriteTransaction } from '../../../db/database.js';
import type { DB } from '../../../db/schema.js';
import { createOutboxRepository, type OutboxRepository } from '../../../platform/outbox.repository.js';
import { createLocationRepository, type LocationRepository } from '../../location/location.repository.js';
import { createRoomRepository, type RoomRepository } from '../../room/room.repository.js';
import { createApprovalRepository, type ApprovalRepository } from '../approval/booking-approval.repository.js';
import { createBookingRepository, type BookingRepository } from './booking.repository.js';

/** The repositories a change of one meeting (move, edit, cancel, restore) uses in its write transaction. */
export interface BookingChangeRepositories {
  bookings: BookingRepository;
  outbox: OutboxRepository;
  /** The layout version a move or edit confirms; with `rooms`, the rooms read again when it moved (booking-rooms.ts). */
  locations: LocationRepository;
  rooms: RoomRepository;
  /** A move into a room with approval starts the approval clock again. */
  approvals: ApprovalRepository;
}

/** A write transaction (BEGIN IMMEDIATE on SQLite) with only the repositories a meeting's change uses, not all thirty. */
export type BookingChangeTransact = <T>(fn: (repos: BookingChangeRepositories) => Promise<T>) => Promise<T>;

export function createBookingChangeTransact(db: Kysely<DB>): BookingChangeTransact {
  return (fn) =>
    withWriteTransaction(db, (trx) =>
      fn({ bookings: createBookingRepository(trx), outbox: createOutboxRepository(trx), rooms: createRoomRepository(trx), locations: createLocationRepository(trx), approvals: createApprovalRepository(trx) }),
    );
}
