import type { Kysely } from 'kysely';
import { localDateTime, type NoticeConfigResult } from '@atrium/contract';
import type { DB } from '../../../db/schema.js';
import type { Clock } from '../../../platform/clock.js';
import { writeCalendar } from '../../../platform/icalendar.js';
import type { Mailer, MailMessage } from '../../../platform/mailer.js';
import type { LocationIndex } from '../../location/location.presenter.js';
import type { NotificationService } from '../../notification/notification.service.js';
import type { BookingChange, BookingEvents } from '../booking.events.js';
import { createBookingInvitationsRepository, type InvitationRound } from './booking-invitations.repository.js';
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
 *
 * The outbox worker hands over the changes of a claim together (they share no meeting): per
 * company one read of the settings, of the meetings, of their participants and of who was invited,
 * one transaction for the rounds, one insert of the mails and one of the console notifications,
 * however many changes there are.
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
  const invitations = createBookingInvitationsRepository(db);

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
  function notificationsOf(change: BookingChange, round: Round, meetings: Meeting[], participants: Map<number, Attendee[]>, index: LocationIndex, toParticipants: boolean) {
    const groups = new Map<string, Meeting[]>();
    for (const meeting of meetings) {
      const key = meeting.seriesId === null ? `r${meeting.id}` : `s${meeting.seriesId}`;
      groups.set(key, [...(groups.get(key) ?? []), meeting]);
    }
    const event = round === 'invite' ? 'invitation' : round === 'update' ? 'update' : 'cancellation';
    return [...groups.values()].map((group) => {
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
      });
  }

  const roundOf = (change: BookingChange): Round | null =>
    change.kind === 'created' || change.kind === 'approved' ? 'invite' : change.kind === 'updated' ? 'update' : change.kind === 'cancelled' ? 'cancel' : null;
  const switchOf = (round: Round) => (round === 'invite' ? 'created' : round === 'update' ? 'changed' : 'cancelled');

  /** The rounds of one company's changes (no meeting in two of them). */
  async function handleCompany(companyId: number, changes: readonly BookingChange[]): Promise<void> {
    const asked = changes.flatMap((change) => {
      const round = roundOf(change);
      return round && change.reservationIds.length > 0 ? [{ change, round }] : [];
    });
    if (asked.length === 0) return;
    const config = await noticeConfig(companyId);
    const wanted = asked.filter(({ round }) => config.events[switchOf(round)] || config.consoleEvents[switchOf(round)]);
    if (wanted.length === 0) return;

    const meetings = await meetingsForMail(db, companyId, [...new Set(wanted.flatMap(({ change }) => change.reservationIds))]);
    const work = wanted.flatMap(({ change, round }) => {
      const own = new Set(change.reservationIds);
      // A request under approval invites nobody yet; its approval does (also when it was decided before this ran).
      const waiting = new Set(change.awaitingApproval ?? []);
      const relevant = meetings.filter((meeting) => own.has(meeting.id) && (round === 'cancel' ? meeting.status === 'cancelled' : meeting.status === 'confirmed' && !waiting.has(meeting.id)));
      return relevant.length === 0 ? [] : [{ change, round, relevant, mailOn: config.events[switchOf(round)] }];
    });
    if (work.length === 0) return;
    const [participants, index] = await Promise.all([participantsByMeeting(db, companyId, work.flatMap(({ relevant }) => relevant.map((meeting) => meeting.id))), loadLocations(companyId)]);
    await notifications.post(
      work.flatMap(({ change, round, relevant }) => notificationsOf(change, round, relevant, participants, index, config.notifyParticipants)),
      new Map([[companyId, config]]),
    );
    const mailed = work.filter(({ mailOn }) => mailOn);
    if (mailed.length === 0) return;
    const invitees = await invitations.inviteesOf(
      companyId,
      mailed.flatMap(({ relevant }) => relevant.map((meeting) => meeting.id)),
    );

    // Per change: who gets which events to add or update and which to cancel; per meeting: its round.
    const rounds: InvitationRound[] = [];
    const attendeesOf = new Map<number, Attendee[]>();
    const plans = mailed.map(({ change, round, relevant }) => {
      const perRecipient = new Map<string, { requests: number[]; cancels: number[] }>();
      const add = (email: string, kind: 'requests' | 'cancels', id: number) => {
        const entry = perRecipient.get(email) ?? { requests: [], cancels: [] };
        entry[kind].push(id);
        perRecipient.set(email, entry);
      };
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
          rounds.push({ reservationId: meeting.id, invited: [] });
          continue;
        }
        for (const attendee of everyone) add(attendee.email, 'requests', meeting.id);
        for (const email of before) if (!everyone.some((attendee) => attendee.email === email)) add(email, 'cancels', meeting.id);
        rounds.push({ reservationId: meeting.id, invited: everyone.map((attendee) => attendee.email) });
      }
      return { change, round, relevant, perRecipient };
    });
    const sequences = await invitations.recordRounds(companyId, rounds, clock.now());

    const mails: MailMessage[] = [];
    for (const { change, round, relevant, perRecipient } of plans) {
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
          mails.push({
            companyId,
            event: kind === 'invite' ? 'invitation' : kind === 'update' ? 'update' : 'cancellation',
            actorUserId: change.actorUserId,
            to: email,
            ...mailText(kind, items, config.footer),
            calendar: { method, content },
          });
        }
      }
    }
    await mailer.sendMany(mails);
  }

  /** Changes handed over together: by company, and in runs that name no meeting twice (the worker's waves never do). */
  async function handleMany(changes: readonly BookingChange[]): Promise<void> {
    const byCompany = new Map<number, BookingChange[][]>();
    for (const change of changes) {
      const runs = byCompany.get(change.companyId) ?? [[]];
      let last = runs[runs.length - 1]!;
      const named = new Set(last.flatMap((each) => each.reservationIds));
      if (change.reservationIds.some((id) => named.has(id))) runs.push((last = []));
      last.push(change);
      byCompany.set(change.companyId, runs);
    }
    for (const [companyId, runs] of byCompany) for (const run of runs) await handleCompany(companyId, run);
  }

  // Sent by the outbox worker once the changes are committed; a failure is tried again later.
  events.onRecordedTogether('invitations', handleMany);
}
