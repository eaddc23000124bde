import type { Kysely } from 'kysely';
import { localDateTime, type NoticeConfigResult } from '@atrium/contract';
import { withTransaction } from '../../../db/database.js';
import type { DB } from '../../../db/schema.js';
import type { Clock } from '../../../platform/clock.js';
import { writeCalendar } from '../../../platform/icalendar.js';
import type { Mailer } from '../../../platform/mailer.js';
import type { LocationIndex } from '../../location/location.presenter.js';
import type { NotificationService } from '../../notification/notification.service.js';
import type { BookingChange, BookingEvents } from '../booking.events.js';
import { placeOf, reservationUidMaker, type Attendee, type MailMeeting as Meeting } from './booking-mail-data.js';
import { meetingsForMail, participantsByMeeting } from './booking-mail.repository.js';

/**
 * Calendar invitations (issue 5): every attendee of a meeting (the host, colleagues and outside
 * addresses) gets a mail with an iCalendar (RFC 5545/5546) invitation when the meeting is booked
 * (or approved), an update when it changes, and a cancellation when it is cancelled or when they
 * are taken off the list. The company's notice configuration decides which of these go out and
 * whether participants hear besides the host.
 *
 * A round of invitations raises the meeting's SEQUENCE (stored on the reservation), so calendar
 * programs apply updates in order; who was invited is kept in `reservation_invitees`. A repeating
 * series booked at once reaches each person as ONE mail carrying every occurrence as its own
 * event (own UID), so a later change of one occurrence updates just that event.
 */
export interface BookingInvitationsDeps {
  db: Kysely<DB>;
  events: BookingEvents;
  mailer: Mailer;
  notifications: Pick<NotificationService, 'post'>;
  clock: Clock;
  loadLocations: (companyId: number) => Promise<LocationIndex>;
  noticeConfig: (companyId: number) => Promise<NoticeConfigResult>;
  /** The console's address, for the event's link and the UIDs' domain. */
  publicUrl: string;
}


const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type Round = 'invite' | 'update' | 'cancel';

const WORDS: Record<Round, { en: string; zh: string }> = {
  invite: { en: 'Invitation', zh: '会议邀请' },
  update: { en: 'Updated', zh: '会议变更' },
  cancel: { en: 'Cancelled', zh: '会议取消' },
};

export function createBookingInvitations({ db, events, mailer, notifications, clock, loadLocations, noticeConfig, publicUrl }: BookingInvitationsDeps): void {
  const uidOf = reservationUidMaker(publicUrl);

  async function inviteesOf(companyId: number, ids: number[]): Promise<Map<number, Set<string>>> {
    const rows = await db.selectFrom('reservation_invitees').select(['reservation_id', 'email']).where('company_id', '=', companyId).where('reservation_id', 'in', ids).execute();
    const out = new Map<number, Set<string>>();
    for (const row of rows) out.set(row.reservation_id, (out.get(row.reservation_id) ?? new Set()).add(row.email));
    return out;
  }

  /** Raises the meeting's SEQUENCE for a new round and records who was invited; answers the new sequence. */
  async function recordRound(meeting: Meeting, invited: string[], round: Round): Promise<number> {
    return withTransaction(db, async (trx) => {
      const row = await trx
        .updateTable('reservations')
        .set((eb) => ({ ical_sequence: eb('ical_sequence', '+', 1) }))
        .where('company_id', '=', meeting.companyId)
        .where('id', '=', meeting.id)
        .returning('ical_sequence')
        .executeTakeFirstOrThrow();
      await trx.deleteFrom('reservation_invitees').where('company_id', '=', meeting.companyId).where('reservation_id', '=', meeting.id).execute();
      if (round !== 'cancel' && invited.length > 0) {
        await trx
          .insertInto('reservation_invitees')
          .values(invited.map((email) => ({ company_id: meeting.companyId, reservation_id: meeting.id, email, invited_at: clock.now() })))
          .execute();
      }
      return row.ical_sequence;
    });
  }

  function calendarFor(method: 'REQUEST' | 'CANCEL', items: Array<{ meeting: Meeting; sequence: number; attendees: Attendee[]; place: string }>): string {
    const stamp = clock.now();
    return writeCalendar({
      name: 'Atrium',
      method,
      events: items.map(({ meeting, sequence, attendees, place }) => ({
        uid: uidOf(meeting.id),
        sequence,
        start: meeting.startAt,
        end: meeting.endAt,
        stamp,
        summary: meeting.title,
        description: meeting.remarks,
        location: place,
        url: `${publicUrl}/reserve`,
        status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
        organizer: meeting.hostEmail ? { name: meeting.hostName ?? meeting.hostEmail, email: meeting.hostEmail } : null,
        attendees,
      })),
    });
  }

  function mailText(round: Round, items: Array<{ meeting: Meeting; place: string; zone: string | null }>, footer: string) {
    const first = items[0]!.meeting;
    const more = items.length > 1 ? ` (${items.length})` : '';
    const subject = `${WORDS[round].en}${more}: ${first.title} / ${WORDS[round].zh}：${first.title}`;
    const line = ({ meeting, place, zone }: (typeof items)[number]) => `${localDateTime(meeting.startAt, zone)} – ${localDateTime(meeting.endAt, zone).slice(11)} (${zone ?? 'UTC'}), ${place}`;
    const english = {
      invite: `${first.hostName ?? 'A colleague'} invites you to “${first.title}”.`,
      update: `“${first.title}” has changed. The new details:`,
      cancel: `“${first.title}” has been cancelled, or you are no longer invited:`,
    }[round];
    const chinese = {
      invite: `${first.hostName ?? '同事'}邀请您参加“${first.title}”。`,
      update: `“${first.title}”已变更，最新信息如下：`,
      cancel: `“${first.title}”已取消，或您已不在参会人之列：`,
    }[round];
    const lines = items.map(line);
    const text = [english, ...lines, '', '---', '', chinese, ...lines, ...(footer ? ['', footer] : []), ''].join('\n');
    const html = [
      `<p>${escapeHtml(english)}</p>`,
      `<ul>${lines.map((entry) => `<li>${escapeHtml(entry)}</li>`).join('')}</ul>`,
      '<hr>',
      `<p>${escapeHtml(chinese)}</p>`,
      `<ul>${lines.map((entry) => `<li>${escapeHtml(entry)}</li>`).join('')}</ul>`,
      ...(footer ? [`<p>${escapeHtml(footer)}</p>`] : []),
    ].join('\n');
    return { subject, text, html };
  }

  /**
   * The console's side of a round: one notification per series (or meeting) to the host and, when
   * the settings say so, the participants who are colleagues; the notification service applies
   * the console switch and leaves out whoever made the change.
   */
  async function notify(change: BookingChange, round: Round, meetings: Meeting[], participants: Map<number, Attendee[]>, index: LocationIndex, toParticipants: boolean): Promise<void> {
    const groups = new Map<string, Meeting[]>();
    for (const meeting of meetings) {
      const key = meeting.seriesId === null ? `r${meeting.id}` : `s${meeting.seriesId}`;
      groups.set(key, [...(groups.get(key) ?? []), meeting]);
    }
    const event = round === 'invite' ? 'invitation' : round === 'update' ? 'update' : 'cancellation';
    await notifications.post(
      [...groups.values()].map((group) => {
        const first = group[0]!;
        const { place, zone } = placeOf(index, first);
        const emails = toParticipants ? [...new Set(group.flatMap((meeting) => (participants.get(meeting.id) ?? []).map((attendee) => attendee.email)))] : [];
        return {
          companyId: change.companyId,
          event,
          actorUserId: change.actorUserId,
          // An approved request's host hears of it from the decision ("approved"), not as an invitation.
          userIds: change.kind === 'approved' ? [] : [first.hostUserId],
          emails,
          params: { title: first.title, place, startAt: first.startAt, endAt: first.endAt, zone, more: group.length - 1, by: first.hostName, reason: null, minutes: null },
          link: '/reserve',
          reservationId: first.id,
        } as const;
      }),
    );
  }

  async function handle(change: BookingChange): Promise<void> {
    const round: Round | null =
      change.kind === 'created' || change.kind === 'approved' ? 'invite' : change.kind === 'updated' ? 'update' : change.kind === 'cancelled' ? 'cancel' : null;
    if (!round || change.reservationIds.length === 0) return;
    const config = await noticeConfig(change.companyId);
    const switchOf = round === 'invite' ? 'created' : round === 'update' ? 'changed' : 'cancelled';
    const mailOn = config.events[switchOf];
    if (!mailOn && !config.consoleEvents[switchOf]) return;

    const meetings = await meetingsForMail(db, change.companyId, change.reservationIds);
    // A request under approval invites nobody yet; its approval does (also when it was decided before this ran).
    const waiting = new Set(change.awaitingApproval ?? []);
    const relevant = meetings.filter((meeting) => (round === 'cancel' ? meeting.status === 'cancelled' : meeting.status === 'confirmed' && !waiting.has(meeting.id)));
    if (relevant.length === 0) return;
    const ids = relevant.map((meeting) => meeting.id);
    const [participants, index] = await Promise.all([participantsByMeeting(db, change.companyId, ids), loadLocations(change.companyId)]);
    await notify(change, round, relevant, participants, index, config.notifyParticipants);
    if (!mailOn) return;
    const invitees = await inviteesOf(change.companyId, ids);

    // Per recipient: the events to add or update, and the events to cancel.
    const perRecipient = new Map<string, { requests: number[]; cancels: number[] }>();
    const add = (email: string, kind: 'requests' | 'cancels', id: number) => {
      const entry = perRecipient.get(email) ?? { requests: [], cancels: [] };
      entry[kind].push(id);
      perRecipient.set(email, entry);
    };
    const attendeesOf = new Map<number, Attendee[]>();
    const sequences = new Map<number, number>();
    for (const meeting of relevant) {
      const host: Attendee[] = meeting.hostEmail ? [{ email: meeting.hostEmail, name: meeting.hostName }] : [];
      const others = config.notifyParticipants ? (participants.get(meeting.id) ?? []) : [];
      const everyone = [...new Map([...host, ...others].map((attendee) => [attendee.email, attendee])).values()];
      attendeesOf.set(meeting.id, everyone);
      const before = invitees.get(meeting.id) ?? new Set<string>();
      if (round === 'cancel') {
        // Everyone who was invited, and (if nobody was recorded yet) everyone on the list now.
        const recipients = before.size > 0 ? [...before] : everyone.map((attendee) => attendee.email);
        for (const email of recipients) add(email, 'cancels', meeting.id);
        sequences.set(meeting.id, await recordRound(meeting, [], round));
        continue;
      }
      for (const attendee of everyone) add(attendee.email, 'requests', meeting.id);
      for (const email of before) if (!everyone.some((attendee) => attendee.email === email)) add(email, 'cancels', meeting.id);
      sequences.set(meeting.id, await recordRound(meeting, everyone.map((attendee) => attendee.email), round));
    }

    const byId = new Map(relevant.map((meeting) => [meeting.id, meeting]));
    const describe = (id: number) => {
      const meeting = byId.get(id)!;
      return { meeting, ...placeOf(index, meeting) };
    };
    for (const [email, { requests, cancels }] of perRecipient) {
      for (const [method, list, kind] of [
        ['REQUEST', requests, round === 'cancel' ? 'cancel' : round],
        ['CANCEL', cancels, 'cancel'],
      ] as const) {
        if (list.length === 0) continue;
        const items = list.map(describe);
        const content = calendarFor(
          method,
          items.map(({ meeting, place }) => ({ meeting, place, sequence: sequences.get(meeting.id)!, attendees: attendeesOf.get(meeting.id)! })),
        );
        await mailer.send({
          companyId: change.companyId,
          event: kind === 'invite' ? 'invitation' : kind === 'update' ? 'update' : 'cancellation',
          actorUserId: change.actorUserId,
          to: email,
          ...mailText(kind, items, config.footer),
          calendar: { method, content },
        });
      }
    }
  }

  // Sent by the outbox worker once the change is committed; a failure is tried again later.
  events.onRecorded('invitations', handle);
}
