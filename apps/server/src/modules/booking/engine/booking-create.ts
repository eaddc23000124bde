import type { NoticeTime, ReminderChoice, ReservationParticipantInput } from '@atrium/contract';
import type { Kysely } from 'kysely';
import { withWriteTransaction } from '../../../db/database.js';
import type { DB } from '../../../db/schema.js';
import { createOutboxRepository, type OutboxRepository } from '../../../platform/outbox.repository.js';
import { createLocationRepository, type LocationRepository } from '../../location/location.repository.js';
import { noticeConfigOf } from '../../notice-config/notice-config.service.js';
import { createRoomRepository, type RoomRepository } from '../../room/room.repository.js';
import { createBookingRepository, type BookingChecks, type BookingRepository, type NewMeeting, type ParticipantRecord, type ParticipantValue, type ReservationRecord } from './booking.repository.js';

/**
 * Booking one meeting, the hot path (issue 18): a handful of statements in one write transaction
 * (the checks in one read, the meeting, its participants, its outbox row) and an answer made from
 * what is in memory. The pieces here are the path's data; booking.service.ts runs it.
 */

/** The repositories a booking's write transaction uses, bound to it; nothing else is made per transaction. */
export interface BookingWriteRepositories {
  bookings: BookingRepository;
  outbox: OutboxRepository;
  /** Only when the layout changed since the room was kept (booking-rooms.ts). */
  rooms: RoomRepository;
  locations: LocationRepository;
}

/** A write transaction (BEGIN IMMEDIATE on SQLite) with the booking's repositories. */
export type BookingWriteTransact = <T>(fn: (repos: BookingWriteRepositories) => Promise<T>) => Promise<T>;

export function createBookingWriteTransact(db: Kysely<DB>): BookingWriteTransact {
  return (fn) =>
    withWriteTransaction(db, (trx) =>
      fn({ bookings: createBookingRepository(trx), outbox: createOutboxRepository(trx), rooms: createRoomRepository(trx), locations: createLocationRepository(trx) }),
    );
}

/** Colleagues (the host left out: always an attendee) and outside addresses asked for, each once, in the order given. */
export function requestedParticipants(hostUserId: number, inputs: readonly ReservationParticipantInput[]): { userIds: number[]; emails: string[] } {
  const userIds = [...new Set(inputs.flatMap((p) => ('userId' in p ? [p.userId] : [])))].filter((id) => id !== hostUserId);
  const emails = [...new Set(inputs.flatMap((p) => ('email' in p ? [p.email] : [])))];
  return { userIds, emails };
}

export const participantValuesOf = ({ userIds, emails }: { userIds: number[]; emails: string[] }): ParticipantValue[] => [
  ...userIds.map((userId) => ({ userId })),
  ...emails.map((email) => ({ email })),
];

/** The new meeting's participants as a read would answer them (colleagues with their directory name and address). */
export function participantRecordsOf(reservationId: number, values: ParticipantValue[], users: BookingChecks['users']): ParticipantRecord[] {
  return values.map((value) =>
    value.userId !== undefined
      ? { reservationId, userId: value.userId, name: users.get(value.userId)?.name ?? null, email: users.get(value.userId)?.email ?? null }
      : { reservationId, userId: null, name: null, email: value.email },
  );
}

/** The new meeting as a read of its row would answer it, from the values written: no read back. */
export function newMeetingRecord(id: number, meeting: NewMeeting, now: number, names: { hostName: string | null; bookedByName: string | null }): ReservationRecord {
  return {
    id,
    companyId: meeting.companyId,
    roomId: meeting.roomId,
    hostUserId: meeting.hostUserId,
    hostName: names.hostName,
    title: meeting.title,
    startAt: meeting.startAt,
    endAt: meeting.endAt,
    status: meeting.status,
    privacy: meeting.privacy,
    channel: meeting.channel,
    remarks: meeting.remarks,
    createdAt: now,
    updatedAt: now,
    seriesId: null,
    occurrenceDate: null,
    isException: false,
    noticeMinutes: meeting.noticeMinutes,
    reminderMinutes: meeting.reminderMinutes,
    checkedInAt: null,
    checkInChannel: null,
    endedEarlyAt: null,
    bookedEndAt: null,
    noShowAt: null,
    approvalDeadlineAt: meeting.approvalDeadlineAt,
    decidedAt: null,
    decidedByName: null,
    decisionReason: null,
    seriesRule: null,
    bookedByUserId: meeting.bookedByUserId,
    bookedByName: names.bookedByName,
    cancelledAt: null,
    cancelledBy: null,
    restorableStatus: null,
  };
}

/** The default reminder and notice of the notification settings as stored (parsed once per distinct value). */
const noticeDefaultsByText = new Map<string | null, { reminderMinutes: ReminderChoice; noticeMinutes: NoticeTime }>();
export function noticeDefaultsOf(stored: string | null): { reminderMinutes: ReminderChoice; noticeMinutes: NoticeTime } {
  let defaults = noticeDefaultsByText.get(stored);
  if (!defaults) {
    let value: unknown;
    try {
      value = stored === null ? undefined : (JSON.parse(stored) as unknown);
    } catch {
      value = undefined;
    }
    const { reminderMinutes, noticeMinutes } = noticeConfigOf(value);
    defaults = Object.freeze({ reminderMinutes, noticeMinutes });
    if (noticeDefaultsByText.size >= 100) noticeDefaultsByText.delete(noticeDefaultsByText.keys().next().value!);
    noticeDefaultsByText.set(stored, defaults);
  }
  return defaults;
}
