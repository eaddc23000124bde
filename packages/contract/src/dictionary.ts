import { z } from 'zod';
import type { ThemeDirection } from './device-theme.js';
import type { Lang } from './lang.js';

/**
 * The system dictionary (spec 001 section 7, `GET /customSetting/getSysDicItemList`): the fixed
 * choices other modules share, each item a stable code with a label in both languages. Modules
 * store and send the codes; the console shows the labels. Codes never change once released.
 */

/** Room equipment keys (spec 001 section 3, Meeting room: equipment); rooms store a list of these. */
export const EQUIPMENT_KEYS = ['projector', 'screen', 'tv', 'whiteboard', 'videoConference', 'phone', 'speaker', 'microphone', 'camera', 'airConditioning'] as const;
export type EquipmentKey = (typeof EQUIPMENT_KEYS)[number];

/** How attendees sign in to a room (spec 001 section 3): by hand on the display, or by scanning a code. */
export const SIGN_IN_WAYS = ['manual', 'qr'] as const;
export type SignInWay = (typeof SIGN_IN_WAYS)[number];

/** Room capacity bands for filters (spec 001 section 3). */
export const CAPACITY_BANDS = ['1-5', '6-10', '11-20', '21-50', '50+'] as const;
export const CapacityBand = z.enum(CAPACITY_BANDS);
export type CapacityBand = z.infer<typeof CapacityBand>;

/** The capacity range of each band, inclusive; `max` null means no upper bound. */
export const CAPACITY_BAND_RANGES: Record<CapacityBand, { min: number; max: number | null }> = {
  '1-5': { min: 1, max: 5 },
  '6-10': { min: 6, max: 10 },
  '11-20': { min: 11, max: 20 },
  '21-50': { min: 21, max: 50 },
  '50+': { min: 51, max: null },
};

/** When a meeting's notice goes out, in minutes before its start; 0 is at the event (spec 001 section 9). */
export const NOTICE_TIMES = [0, 5, 10, 15, 20, 25, 30, 45, 60] as const;
export type NoticeTime = (typeof NOTICE_TIMES)[number];

/** Reminder choices, in minutes before the start (spec 001 section 9). */
export const REMINDER_CHOICES = [5, 15, 30, 45, 60] as const;
export type ReminderChoice = (typeof REMINDER_CHOICES)[number];

/** Platforms of the door-display app. */
export const DEVICE_PLATFORMS = ['ios', 'android'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];


/** Meeting fields a door display or room board may show (spec 001 section 3, Booking-screen settings). */
export const INFO_FIELDS = ['title', 'host', 'participants', 'description', 'time', 'futureMeetings'] as const;
export type InfoField = (typeof INFO_FIELDS)[number];

type Labels = Record<Lang, string>;

/** Every dictionary type with its items' labels, in display order (the item's sort is its place). */
export const DICTIONARY = {
  equipment: {
    projector: { 'en-US': 'Projector', 'zh-CN': '投影仪' },
    screen: { 'en-US': 'Screen', 'zh-CN': '显示屏' },
    tv: { 'en-US': 'TV', 'zh-CN': '电视' },
    whiteboard: { 'en-US': 'Whiteboard', 'zh-CN': '白板' },
    videoConference: { 'en-US': 'Video conference', 'zh-CN': '视频会议' },
    phone: { 'en-US': 'Phone', 'zh-CN': '电话' },
    speaker: { 'en-US': 'Speaker', 'zh-CN': '音箱' },
    microphone: { 'en-US': 'Microphone', 'zh-CN': '麦克风' },
    camera: { 'en-US': 'Camera', 'zh-CN': '摄像头' },
    airConditioning: { 'en-US': 'Air conditioning', 'zh-CN': '空调' },
  } satisfies Record<EquipmentKey, Labels>,
  signInWay: {
    manual: { 'en-US': 'Manual sign-in', 'zh-CN': '手动签到' },
    qr: { 'en-US': 'Scan a code', 'zh-CN': '扫码签到' },
  } satisfies Record<SignInWay, Labels>,
  capacityBand: {
    '1-5': { 'en-US': '1-5 people', 'zh-CN': '1-5 人' },
    '6-10': { 'en-US': '6-10 people', 'zh-CN': '6-10 人' },
    '11-20': { 'en-US': '11-20 people', 'zh-CN': '11-20 人' },
    '21-50': { 'en-US': '21-50 people', 'zh-CN': '21-50 人' },
    '50+': { 'en-US': 'Over 50 people', 'zh-CN': '50 人以上' },
  } satisfies Record<CapacityBand, Labels>,
  noticeTime: {
    '0': { 'en-US': 'At the event', 'zh-CN': '事件发生时' },
    '5': { 'en-US': '5 minutes before', 'zh-CN': '提前 5 分钟' },
    '10': { 'en-US': '10 minutes before', 'zh-CN': '提前 10 分钟' },
    '15': { 'en-US': '15 minutes before', 'zh-CN': '提前 15 分钟' },
    '20': { 'en-US': '20 minutes before', 'zh-CN': '提前 20 分钟' },
    '25': { 'en-US': '25 minutes before', 'zh-CN': '提前 25 分钟' },
    '30': { 'en-US': '30 minutes before', 'zh-CN': '提前 30 分钟' },
    '45': { 'en-US': '45 minutes before', 'zh-CN': '提前 45 分钟' },
    '60': { 'en-US': '1 hour before', 'zh-CN': '提前 1 小时' },
  } satisfies Record<`${NoticeTime}`, Labels>,
  reminderTime: {
    '5': { 'en-US': '5 minutes', 'zh-CN': '5 分钟' },
    '15': { 'en-US': '15 minutes', 'zh-CN': '15 分钟' },
    '30': { 'en-US': '30 minutes', 'zh-CN': '30 分钟' },
    '45': { 'en-US': '45 minutes', 'zh-CN': '45 分钟' },
    '60': { 'en-US': '1 hour', 'zh-CN': '1 小时' },
  } satisfies Record<`${ReminderChoice}`, Labels>,
  devicePlatform: {
    ios: { 'en-US': 'iOS', 'zh-CN': 'iOS' },
    android: { 'en-US': 'Android', 'zh-CN': 'Android' },
  } satisfies Record<DevicePlatform, Labels>,
  // The codes of the spec's themeDirection: "0" landscape, "1" portrait.
  themeDirection: {
    '0': { 'en-US': 'Landscape', 'zh-CN': '横屏' },
    '1': { 'en-US': 'Portrait', 'zh-CN': '竖屏' },
  } satisfies Record<ThemeDirection, Labels>,
  infoField: {
    title: { 'en-US': 'Meeting title', 'zh-CN': '会议主题' },
    host: { 'en-US': 'Host', 'zh-CN': '主持人' },
    participants: { 'en-US': 'Participants', 'zh-CN': '参会人' },
    description: { 'en-US': 'Description', 'zh-CN': '会议描述' },
    time: { 'en-US': 'Start and end time', 'zh-CN': '起止时间' },
    futureMeetings: { 'en-US': 'Upcoming meetings', 'zh-CN': '后续会议' },
  } satisfies Record<InfoField, Labels>,
} as const;

/** The dictionary's type codes (the `dicType` query value). */
export const DICTIONARY_TYPES = Object.keys(DICTIONARY) as (keyof typeof DICTIONARY)[];
export type DictionaryType = keyof typeof DICTIONARY;

/** `GET /customSetting/getSysDicItemList` query: one type, or every type when absent. */
export const DictionaryQuery = z.object({
  dicType: z.enum(DICTIONARY_TYPES as [DictionaryType, ...DictionaryType[]]).optional().describe(`One of ${DICTIONARY_TYPES.join(', ')}`),
});
export type DictionaryQuery = z.infer<typeof DictionaryQuery>;

/** One dictionary item: its stable code, its label in the caller's language, its place from 1. */
export const DictionaryItem = z.object({ dicType: z.string(), code: z.string(), label: z.string(), sort: z.number().int() });
export type DictionaryItem = z.infer<typeof DictionaryItem>;

export const DictionaryItemList = z.array(DictionaryItem);

/** The items of one type (or all types, type by type) with labels in `lang`. */
export function dictionaryItems(lang: Lang, dicType?: DictionaryType): DictionaryItem[] {
  const types = dicType ? [dicType] : DICTIONARY_TYPES;
  return types.flatMap((type) =>
    Object.entries(DICTIONARY[type] as Record<string, Labels>).map(([code, labels], index) => ({ dicType: type, code, label: labels[lang], sort: index + 1 })),
  );
}
