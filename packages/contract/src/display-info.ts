import { z } from 'zod';
import { INFO_FIELDS, type InfoField } from './dictionary.js';

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
