import { z } from 'zod';
import { NOTICE_TIMES, REMINDER_CHOICES, type NoticeTime, type ReminderChoice } from './dictionary.js';

/**
 * The company's booking notification configuration (spec 001, `/config/notice/*`): which booking
 * events send mail and show in the console, default notice and reminder times, the mail footer
 * (docs/decisions/0004, Display information and notices).
 */

/**
 * Events that may send mail (docs/decisions/0004): the booking events, and a smart device's alarm to its
 * deployers (decision 0020, "Device alarms").
 */
export const NOTICE_EVENTS = ['created', 'changed', 'cancelled', 'approvalNeeded', 'approved', 'rejected', 'noShowReleased', 'checkInDue', 'deviceAlarm'] as const;
export type NoticeEvent = (typeof NOTICE_EVENTS)[number];

/** The console channel's switches (issue 6): the booking events, and meeting reminders. */
export const CONSOLE_EVENTS = [...NOTICE_EVENTS, 'reminder'] as const;
export type ConsoleEvent = (typeof CONSOLE_EVENTS)[number];

/** Longest notice footer, in characters. */
export const NOTICE_FOOTER_MAX = 500;

const literalOf = <T extends readonly number[]>(values: T, message: string) =>
  z.number().int().refine((value): value is T[number] => (values as readonly number[]).includes(value), { message });

/** The company's booking notification configuration (`/config/notice/*`). */
export const NoticeConfig = z.object({
  events: z.object(Object.fromEntries(NOTICE_EVENTS.map((event) => [event, z.boolean()])) as Record<NoticeEvent, z.ZodBoolean>).describe('Which events send mail'),
  consoleEvents: z
    .object(Object.fromEntries(CONSOLE_EVENTS.map((event) => [event, z.boolean()])) as Record<ConsoleEvent, z.ZodBoolean>)
    .describe('Which events (and reminders) show in the console, under the bell'),
  noticeMinutes: literalOf(NOTICE_TIMES, `One of ${NOTICE_TIMES.join(', ')}`).describe('Default notice time, minutes before the start; 0 at the event'),
  reminderMinutes: literalOf(REMINDER_CHOICES, `One of ${REMINDER_CHOICES.join(', ')}`).describe('Default reminder, minutes before the start'),
  notifyParticipants: z.boolean().describe('Whether participants get the mails too, not only the organiser'),
  footer: z.string().trim().max(NOTICE_FOOTER_MAX, `At most ${NOTICE_FOOTER_MAX} characters`).describe('Text shown at the end of every booking mail'),
});
export type NoticeConfig = z.infer<typeof NoticeConfig> & { noticeMinutes: NoticeTime; reminderMinutes: ReminderChoice };

/** The configuration of a company that never saved one. */
export const DEFAULT_NOTICE_CONFIG: NoticeConfig = {
  events: { created: true, changed: true, cancelled: true, approvalNeeded: true, approved: true, rejected: true, noShowReleased: true, checkInDue: false, deviceAlarm: true },
  consoleEvents: { created: true, changed: true, cancelled: true, approvalNeeded: true, approved: true, rejected: true, noShowReleased: true, checkInDue: true, deviceAlarm: true, reminder: true },
  noticeMinutes: 15,
  reminderMinutes: 15,
  notifyParticipants: true,
  footer: '',
};

/** `POST /config/notice/query` body: nothing to ask yet (the company is the caller's). */
export const NoticeConfigQueryBody = z.object({}).nullish();

/** `POST /config/notice/query` and `/update` result. */
export const NoticeConfigResult = NoticeConfig.extend({
  updatedAt: z.number().int().nullable().describe('UTC epoch milliseconds; null while the defaults apply'),
});
export type NoticeConfigResult = NoticeConfig & { updatedAt: number | null };
