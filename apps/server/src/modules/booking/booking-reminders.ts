import { sql, type Kysely } from 'kysely';
import { REMINDER_CHOICES, type NoticeConfigResult } from '@atrium/contract';
import type { DB } from '../../db/schema.js';
import { MINUTE_MS, type Clock } from '../../platform/clock.js';
import type { Mailer } from '../../platform/mailer.js';
import { effectiveTimeZone, pathName, type LocationIndex } from '../location/location.presenter.js';
import { participantsByMeeting } from './booking-participants.js';
import { localTime } from './booking.service.js';

export interface BookingRemindersDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  clock: Clock;
  loadLocations: (companyId: number) => Promise<LocationIndex>;
  noticeConfig: (companyId: number) => Promise<NoticeConfigResult>;
}

export type BookingReminders = ReturnType<typeof createBookingReminders>;

/** How many meetings one run reminds at most (the next run takes the rest). */
const BATCH = 200;
/** The longest reminder: no meeting further ahead than this can be due. */
const LONGEST_MS = Math.max(...REMINDER_CHOICES) * MINUTE_MS;

interface DueMeeting {
  id: number;
  companyId: number;
  roomId: number;
  roomName: string;
  title: string;
  startAt: number;
  endAt: number;
  signIn: boolean;
  hostName: string | null;
  hostEmail: string | null;
}

/**
 * Meeting reminders (issue 6): a confirmed meeting with a reminder time gets a mail that many
 * minutes before its start, to the host and (when the notification settings say so) every
 * participant. The scheduled job claims each meeting with a conditional update of `reminded_at`,
 * so two server processes never remind twice; a move or a new reminder time clears the mark
 * (booking.repository.ts). A meeting booked after its reminder moment gets none: its invitation has
 * just arrived. Pending, cancelled, released and started meetings get none.
 */
export function createBookingReminders({ db, mailer, clock, loadLocations, noticeConfig }: BookingRemindersDeps) {
  async function dueMeetings(now: number): Promise<Array<{ id: number; companyId: number }>> {
    const rows = await db
      .selectFrom('reservations')
      .select(['id', 'company_id'])
      .where('reminded_at', 'is', null)
      .where('reminder_minutes', 'is not', null)
      .where('status', '=', 'confirmed')
      .where('start_at', '>', now)
      .where('start_at', '<=', now + LONGEST_MS)
      .where(sql<number>`start_at - reminder_minutes * ${MINUTE_MS}`, '<=', now)
      .where(sql<number>`created_at`, '<=', sql<number>`start_at - reminder_minutes * ${MINUTE_MS}`)
      .orderBy('start_at')
      .limit(BATCH)
      .execute();
    return rows.map((row) => ({ id: row.id, companyId: row.company_id }));
  }

  /** Marks the meeting reminded; false when another process (or a change) got there first. */
  async function claim(companyId: number, id: number, now: number): Promise<boolean> {
    const result = await db
      .updateTable('reservations')
      .set({ reminded_at: now })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .where('reminded_at', 'is', null)
      .where('status', '=', 'confirmed')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async function load(companyId: number, id: number): Promise<DueMeeting | null> {
    const row = await db
      .selectFrom('reservations as r')
      .innerJoin('locations as l', (join) => join.onRef('l.id', '=', 'r.room_id').onRef('l.company_id', '=', 'r.company_id'))
      .innerJoin('rooms as rm', (join) => join.onRef('rm.id', '=', 'r.room_id').onRef('rm.company_id', '=', 'r.company_id'))
      .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'r.host_user_id').onRef('u.company_id', '=', 'r.company_id'))
      .select(['r.id', 'r.company_id', 'r.room_id', 'l.name as room_name', 'r.title', 'r.start_at', 'r.end_at', 'rm.sign_in_enabled', 'u.full_name', 'u.email', 'u.is_active'])
      .where('r.company_id', '=', companyId)
      .where('r.id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      companyId: row.company_id,
      roomId: row.room_id,
      roomName: row.room_name,
      title: row.title,
      startAt: Number(row.start_at),
      endAt: Number(row.end_at),
      signIn: row.sign_in_enabled === 1,
      hostName: row.full_name,
      hostEmail: row.email && row.is_active !== 0 ? row.email.toLowerCase() : null,
    };
  }

  function message(meeting: DueMeeting, place: string, zone: string | null, footer: string): { subject: string; text: string } {
    const start = localTime(meeting.startAt, zone);
    const when = `${start} – ${localTime(meeting.endAt, zone).slice(11)}${zone ? ` (${zone})` : ''}`;
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

  return {
    /** The scheduled job: reminds every meeting whose reminder is due; answers how many meetings it reminded. */
    async sendDue(): Promise<number> {
      const now = clock.now();
      let reminded = 0;
      for (const candidate of await dueMeetings(now)) {
        if (!(await claim(candidate.companyId, candidate.id, now))) continue;
        const meeting = await load(candidate.companyId, candidate.id);
        if (!meeting) continue;
        reminded++;
        const [config, index] = await Promise.all([noticeConfig(meeting.companyId), loadLocations(meeting.companyId)]);
        const path = pathName(index, meeting.roomId);
        const place = path ? `${meeting.roomName} (${path})` : meeting.roomName;
        const { subject, text } = message(meeting, place, effectiveTimeZone(index, meeting.roomId) ?? null, config.footer);
        const others = config.notifyParticipants ? ((await participantsByMeeting(db, meeting.companyId, [meeting.id])).get(meeting.id) ?? []).map((attendee) => attendee.email) : [];
        const recipients = [...new Set([...(meeting.hostEmail ? [meeting.hostEmail] : []), ...others])];
        for (const to of recipients) await mailer.send({ companyId: meeting.companyId, event: 'reminder', to, subject, text });
      }
      return reminded;
    },
  };
}
