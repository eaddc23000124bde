import { RepeatRule, type Reservation } from '@atrium/contract';
import type { RoomRecord } from '../room/room.repository.js';
import { checkInWindow } from './check-in/check-in-window.js';
import type { ParticipantRecord, ReservationRecord } from './engine/booking.repository.js';
import { isHostShown, isMeetingVisibleTo } from './booking.policy.js';

/**
 * The one JSON shape of a meeting (`Reservation`): which fields a viewer gets is decided by
 * booking.policy.ts; this file only shapes them. The engine, the calendar views, the live board,
 * shared calendars and the check-in answers all present through it.
 */

/** A stored repeat rule, or null when the row does not hold a valid one (an answer never fails on it). */
function parseRule(text: string): RepeatRule | null {
  try {
    const parsed = RepeatRule.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** How much of other people's meetings a view shows (see `presentMeeting`). */
export type PresentMode = 'normal' | 'reveal' | 'timeOnly';

/** What presenting a meeting needs of its room. */
export interface PresentRoom {
  name: string;
  timeZone: string | null;
  /** The room's check-in rule; null when the room does not use check-in. */
  signIn: { beforeMinutes: number; afterMinutes: number; way: 'manual' | 'qr' } | null;
}

export const presentRoom = (room: RoomRecord, timeZone: string | null): PresentRoom => ({
  name: room.name,
  timeZone,
  signIn: room.signInEnabled ? { beforeMinutes: room.signInBeforeMinutes, afterMinutes: room.signInAfterMinutes, way: room.signInWay } : null,
});

/** The check-in a meeting offers: its window (closing at the end at the latest) and the room's way. */
function checkInOf(signIn: NonNullable<PresentRoom['signIn']>, record: Pick<ReservationRecord, 'startAt' | 'endAt'>): Reservation['checkIn'] {
  const { opensAt, closesAt } = checkInWindow(signIn, record.startAt);
  return { opensAt, closesAt: Math.min(closesAt, record.endAt), way: signIn.way };
}

/**
 * One meeting as `userId` may see it (the rules are booking.policy.ts's). `mode` widens or narrows the usual rule for shared
 * calendars: 'reveal' for the calendar's owner and delegates (editor, manager), 'timeOnly' for
 * a free/busy visitor (unless the viewer attends).
 */
export function presentMeeting(
  record: ReservationRecord,
  participants: ParticipantRecord[],
  room: PresentRoom,
  userId: number,
  mode: PresentMode = 'normal',
  delegating: ReadonlySet<number> = new Set(),
): Reservation {
  const attends = record.hostUserId === userId || participants.some((p) => p.userId === userId);
  const visible = mode === 'reveal' || (mode === 'timeOnly' ? attends : isMeetingVisibleTo(record, participants, userId));
  const showHost = mode === 'timeOnly' ? visible : isHostShown(record, visible);
  return {
    id: record.id,
    roomId: record.roomId,
    roomName: room.name,
    timeZone: room.timeZone,
    title: visible ? record.title : null,
    hostUserId: showHost ? record.hostUserId : null,
    hostName: showHost ? record.hostName : null,
    startAt: record.startAt,
    endAt: record.endAt,
    status: record.status,
    privacy: record.privacy,
    channel: record.channel,
    remarks: visible ? record.remarks : null,
    participants: visible ? participants.map(({ userId: id, name, email }) => ({ userId: id, name, email })) : null,
    visible,
    canEdit: (record.hostUserId === userId || (record.hostUserId !== null && delegating.has(record.hostUserId))) && (record.status === 'pending' || record.status === 'confirmed'),
    bookedByName: visible ? record.bookedByName : null,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    seriesId: record.seriesId,
    occurrenceDate: record.occurrenceDate,
    isException: record.isException,
    noticeMinutes: record.noticeMinutes,
    reminderMinutes: record.reminderMinutes,
    checkedInAt: record.checkedInAt,
    checkInChannel: record.checkInChannel,
    checkIn: room.signIn ? checkInOf(room.signIn, record) : null,
    endedEarlyAt: record.endedEarlyAt,
    bookedEndAt: record.bookedEndAt,
    noShowAt: record.noShowAt,
    approvalDeadlineAt: record.approvalDeadlineAt,
    decidedAt: record.decidedAt,
    decidedByName: visible ? record.decidedByName : null,
    decisionReason: visible ? record.decisionReason : null,
    repeat: visible && record.seriesRule ? parseRule(record.seriesRule) : null,
  };
}
