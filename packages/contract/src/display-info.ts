import { z } from 'zod';
import { INFO_FIELDS, NOTICE_TIMES, REMINDER_CHOICES, type InfoField, type NoticeTime, type ReminderChoice } from './dictionary.js';

/**
 * What door displays and room boards show of a meeting, and the company's own information lines
 * (spec 001 sections 3 and 7, customSetting). One entry per scope: the company default, or a room
 * that differs from it (docs/decisions/0004, Display information and notices).
 */

/** Limits of the custom information lines. */
export const INFO_ITEM_LIMITS = { maxItems: 10, labelMax: 20, valueMax: 60 } as const;

/** Which meeting fields are shown: one switch per field of the dictionary's infoField type. */
export const InfoFields = z.object(
  Object.fromEntries(INFO_FIELDS.map((field) => [field, z.boolean()])) as Record<InfoField, z.ZodBoolean>,
);
export type InfoFields = z.infer<typeof InfoFields>;

/** The fields shown where nothing was saved: everything but the meeting description. */
export const DEFAULT_INFO_FIELDS: InfoFields = { title: true, host: true, participants: true, description: false, time: true, futureMeetings: true };

/** One information line of the company, e.g. "Wi-Fi: Guest-Net"; shown in list order. */
export const InfoItem = z.object({
  label: z.string().trim().min(1, 'Enter a label').max(INFO_ITEM_LIMITS.labelMax, `At most ${INFO_ITEM_LIMITS.labelMax} characters`),
  value: z.string().trim().min(1, 'Enter a value').max(INFO_ITEM_LIMITS.valueMax, `At most ${INFO_ITEM_LIMITS.valueMax} characters`),
});
export type InfoItem = z.infer<typeof InfoItem>;

/** `POST /customSetting/addInfoShowCustomSetting` body: creates or replaces the entry of a scope. */
export const SaveInfoShowSettingBody = z.object({
  id: z.number().int().positive().optional().describe('An entry to change; absent: the entry of the scope, made when missing'),
  roomId: z.number().int().positive().nullable().describe('The room the entry applies to; null for the company default'),
  fields: InfoFields,
  items: z.array(InfoItem).max(INFO_ITEM_LIMITS.maxItems, `At most ${INFO_ITEM_LIMITS.maxItems} lines`),
});
export type SaveInfoShowSettingBody = z.infer<typeof SaveInfoShowSettingBody>;

/** `POST /customSetting/delInfoShowCustomSettingByID` body. */
export const DeleteInfoShowSettingBody = z.object({ id: z.number().int().positive() });
export type DeleteInfoShowSettingBody = z.infer<typeof DeleteInfoShowSettingBody>;

/** One entry as answered; `id` null is the built-in default of a company that saved none. */
export const InfoShowSetting = z.object({
  id: z.number().int().nullable(),
  roomId: z.number().int().nullable(),
  roomName: z.string().nullable(),
  fields: InfoFields,
  items: z.array(InfoItem),
  updatedAt: z.number().int().nullable().describe('UTC epoch milliseconds; null when never saved'),
});
export type InfoShowSetting = z.infer<typeof InfoShowSetting>;

/** `GET /customSetting/getInfoShowCustomSettingList` result. */
export const InfoShowSettingList = z.object({
  companyDefault: InfoShowSetting,
  rooms: z.array(InfoShowSetting).describe('Rooms that differ from the company default, by room name'),
  roomChoices: z.array(z.object({ id: z.number().int(), name: z.string() })).describe('Rooms of the company, for adding an entry'),
});
export type InfoShowSettingList = z.infer<typeof InfoShowSettingList>;

/** Booking events that may send mail (docs/decisions/0004). */
export const NOTICE_EVENTS = ['created', 'changed', 'cancelled', 'approvalNeeded', 'approved', 'rejected', 'noShowReleased', 'checkInDue'] as const;
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
  events: { created: true, changed: true, cancelled: true, approvalNeeded: true, approved: true, rejected: true, noShowReleased: true, checkInDue: false },
  consoleEvents: { created: true, changed: true, cancelled: true, approvalNeeded: true, approved: true, rejected: true, noShowReleased: true, checkInDue: true, reminder: true },
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
