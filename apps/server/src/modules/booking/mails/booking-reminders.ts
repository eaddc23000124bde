import type { Kysely } from 'kysely';
import { localDateTime, REMINDER_CHOICES, type NoticeConfigResult } from '@atrium/contract';
import type { DB } from '../../../db/schema.js';
import { MINUTE_MS, type Clock } from '../../../platform/clock.js';
import type { Mailer } from '../../../platform/mailer.js';
import type { LocationIndex } from '../../location/location.presenter.js';
import type { NotificationService } from '../../notification/notification.service.js';
import { placeOf, type MailMeeting } from './booking-mail-data.js';
import { claimDueReminders, meetingsForMail, participantsByMeeting } from './booking-mail.repository.js';

export interface BookingRemindersDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  notifications: Pick<NotificationService, 'post'>;
  clock: Clock;
  loadLocations: (companyId: number) => Promise<LocationIndex>;
  noticeConfig: (companyId: number) => Promise<NoticeConfigResult>;
}

export type BookingReminders = ReturnType<typeof createBookingReminders>;

/** How many meetings one run reminds at most (the next run takes the rest). */
const BATCH = 200;
/** The longest reminder: no meeting further ahead than this can be due. */
const LONGEST_MS = Math.max(...REMINDER_CHOICES) * MINUTE_MS;

/**
 * Meeting reminders (issue 6): a confirmed meeting with a reminder time gets a mail (and a
 * notification in the console) that many minutes before its start, to the host and (when the
 * notification settings say so) every participant. Each run claims the due meetings in one conditional update of `reminded_at`, so two
 * server processes never remind twice; a move or a new reminder time clears the mark
 * (booking.repository.ts). A meeting booked after its reminder moment gets none: its invitation has
 * just arrived. Pending, cancelled, released and started meetings get none.
 */
export function createBookingReminders({ db, mailer, notifications, clock, loadLocations, noticeConfig }: BookingRemindersDeps) {
  function message(meeting: MailMeeting, place: string, zone: string | null, footer: string): { subject: string; text: string } {
    const start = localDateTime(meeting.startAt, zone);
    const when = `${start} – ${localDateTime(meeting.endAt, zone).slice(11)}${zone ? ` (${zone})` : ''}`;
    const lines = [
      `Reminder: "${meeting.title}" in ${place} starts at ${when}.`,
      ...(meeting.signIn ? ['Please check in when you arrive: a room nobody checks in to is released.'] : []),
      '',
      `会议提醒："${meeting.title}"（${place}）将于 ${when} 开始。`,
      ...(meeting.signIn ? ['到达后请签到：无人签到的会议室将被释放。'] : []),
    ];
    return {
      subject: `Reminder / 会议提醒: ${meeting.title} – ${start.slice(11)}`,
      text: lines.join('\n') + (footer ? `\n\n${footer}` : ''),
    };
  }

  /** Mails the claimed meetings of one company: their facts, participants, settings and places read once for all of them. */
  async function remind(companyId: number, ids: number[]): Promise<void> {
    const [meetings, participants, config, index] = await Promise.all([
      meetingsForMail(db, companyId, ids),
      participantsByMeeting(db, companyId, ids),
      noticeConfig(companyId),
      loadLocations(companyId),
    ]);
    for (const meeting of meetings) {
      const { place, zone } = placeOf(index, meeting);
      const { subject, text } = message(meeting, place, zone, config.footer);
      const host = meeting.hostEmail && meeting.hostActive ? [meeting.hostEmail] : [];
      const others = config.notifyParticipants ? (participants.get(meeting.id) ?? []).map((attendee) => attendee.email) : [];
      for (const to of new Set([...host, ...others])) await mailer.send({ companyId, event: 'reminder', to, subject, text });
      // The same people in the console (the host by account, participants by their directory address).
      await notifications.post({
        companyId,
        event: 'reminder',
        actorUserId: null,
        userIds: [meeting.hostUserId],
        emails: others,
        params: { title: meeting.title, place, startAt: meeting.startAt, endAt: meeting.endAt, zone, more: 0, by: meeting.hostName, reason: null, minutes: meeting.reminderMinutes },
        link: '/reserve',
        reservationId: meeting.id,
      });
    }
  }

  return {
    /** The scheduled job: reminds every meeting whose reminder is due; answers how many meetings it reminded. */
    async sendDue(): Promise<number> {
      const claimed = await claimDueReminders(db, clock.now(), LONGEST_MS, BATCH);
      const byCompany = new Map<number, number[]>();
      for (const { id, companyId } of claimed) byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), id]);
      for (const [companyId, ids] of byCompany) await remind(companyId, ids);
      return claimed.length;
    },
  };
}
