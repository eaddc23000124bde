import type { ReservationPrivacy } from '@atrium/contract';

/** What the visibility rules read of a meeting. */
export interface MeetingPrivacy {
  privacy: ReservationPrivacy;
  hostUserId: number | null;
}

/**
 * Whether a viewer sees a meeting's title, remarks and participants: it is public, or they host or
 * attend it. A null viewer is nobody in particular (a public board): public meetings only.
 */
export function isMeetingVisible(meeting: MeetingPrivacy, viewerUserId: number | null, isAttending: boolean): boolean {
  return meeting.privacy === 'public' || (viewerUserId !== null && (meeting.hostUserId === viewerUserId || isAttending));
}

/** Whether a colleague sees who holds the room: with the meeting, or for a busy one (time and host, no title). */
export function isHostShown(meeting: MeetingPrivacy, isVisible: boolean): boolean {
  return isVisible || meeting.privacy === 'busy';
}

/** Whether `viewerUserId` sees a meeting whose participants are `participants` (see `isMeetingVisible`). */
export function isMeetingVisibleTo(meeting: MeetingPrivacy, participants: readonly { userId: number | null }[], viewerUserId: number | null): boolean {
  return isMeetingVisible(meeting, viewerUserId, viewerUserId !== null && participants.some((p) => p.userId === viewerUserId));
}

/**
 * Whether a meeting may be shown to nobody in particular (a door display, a calendar feed, an
 * approver's mail, a stranger at the door): public meetings only.
 */
export function isPublicMeeting(meeting: Pick<MeetingPrivacy, 'privacy'>): boolean {
  return isMeetingVisible({ privacy: meeting.privacy, hostUserId: null }, null, false);
}
