import { pathName, type LocationIndex } from '../../location/location.presenter.js';
import { roomTimeZone } from '../../room/room-layout.js';

/**
 * What booking mails (invitations, reminders) say about meetings and whom they reach; the reads,
 * one query per question for many meetings at once, are booking-mail.repository.ts's.
 */

/** Someone a booking mail goes to. */
export interface Attendee {
  email: string;
  name: string | null;
}

/** A meeting as booking mails describe it. */
export interface MailMeeting {
  id: number;
  companyId: number;
  roomId: number;
  roomName: string;
  title: string;
  startAt: number;
  endAt: number;
  status: string;
  remarks: string | null;
  /** iCalendar SEQUENCE of the invitations sent so far. */
  sequence: number;
  /** Whether the room has check-in on. */
  signIn: boolean;
  hostUserId: number | null;
  hostName: string | null;
  hostEmail: string | null;
  /** False when the host's account is switched off. */
  hostActive: boolean;
  seriesId: number | null;
  reminderMinutes: number | null;
}

/** Where a meeting happens, as mails name it ("Room (Country / City / Building / Floor)"), and the room's zone. */
export function placeOf(index: LocationIndex, meeting: Pick<MailMeeting, 'roomId' | 'roomName'>): { place: string; zone: string | null } {
  const path = pathName(index, meeting.roomId);
  return { place: path ? `${meeting.roomName} (${path})` : meeting.roomName, zone: roomTimeZone(index, meeting.roomId) };
}

/**
 * The iCalendar UID of a meeting, the same in mailed invitations and in calendar feeds, so a
 * calendar that has both sees one meeting: `reservation-<id>@<the console's host name>`.
 */
export function reservationUidMaker(publicUrl: string): (id: number) => string {
  const domain = new URL(publicUrl).hostname || 'atrium.local';
  return (id) => `reservation-${id}@${domain}`;
}
