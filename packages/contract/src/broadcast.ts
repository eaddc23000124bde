import { z } from 'zod';
import { TimeZone } from './location.js';
import { PageQuery, pageOf } from './paging.js';
import { addDays, daysBetween, fromZoned, toZoned, weekdayOf, type LocalDate } from './zoned-time.js';

/**
 * Broadcast notices (issue 6; spec 001 sections 3-5, /broadcast): a title and an image shown on door
 * displays, chosen directly or through a location above their rooms, from a start to an end, once
 * or repeating. The status is computed from the clock by `broadcastStatus`, the same on the server,
 * the console and the door display. docs/decisions/0006-running-the-rooms.md, "Broadcast notices".
 */

const id = z.coerce.number().int().positive();
const epochMs = z.number().int().nonnegative();

const DAY_MS = 86_400_000;

/** The longest title. */
export const BROADCAST_TITLE_MAX = 100;
/** A custom image's largest size: 1.5 MB (spec 001 section 5). */
export const BROADCAST_IMAGE_MAX_BYTES = 1.5 * 1024 * 1024;
/** The same limit as people read it. */
export const BROADCAST_IMAGE_MAX_LABEL = '1.5 MB';
/** Custom images a company keeps beside the built-in ones (spec 001 section 5). */
export const BROADCAST_CUSTOM_IMAGES_MAX = 10;
/** "Never ends" for a repeating notice: 180 days from its start (spec 001 section 5); also the longest repeat. */
export const BROADCAST_NEVER_ENDS_DAYS = 180;
/** Targets a notice may name, of each kind. */
export const BROADCAST_TARGETS_MAX = 500;
/** The longest single showing of a notice that does not repeat. */
export const BROADCAST_ONCE_MAX_DAYS = 366;
/** How far ahead a door display is told its notices' windows (it reads them again every minute). */
export const BROADCAST_PAD_HORIZON_MS = DAY_MS;

/** A notice's status now (spec 001 section 4): before its start, running, or past its end (or ended early). */
export const BROADCAST_STATUSES = ['not_started', 'ongoing', 'ended'] as const;
export const BroadcastStatus = z.enum(BROADCAST_STATUSES);
export type BroadcastStatus = z.infer<typeof BroadcastStatus>;

/**
 * How a notice repeats: not at all (shown from its start to its end), every day, every week on the
 * start's weekday, or Monday to Friday. A repeating notice shows each repeat day between the
 * start's and the end's time of day, read on each display in its room's zone.
 */
export const BROADCAST_REPEATS = ['none', 'daily', 'weekly', 'workdays'] as const;
export const BroadcastRepeat = z.enum(BROADCAST_REPEATS);
export type BroadcastRepeat = z.infer<typeof BroadcastRepeat>;

/** The built-in images: product assets drawn by the server, shown to every company, never deletable. */
export const BROADCAST_DEFAULT_IMAGES = ['welcome', 'maintenance', 'safety', 'celebration'] as const;
export type BroadcastDefaultImage = (typeof BROADCAST_DEFAULT_IMAGES)[number];
/** Where a built-in image is served (public, like the console's own files). */
export const broadcastDefaultImageUrl = (name: BroadcastDefaultImage) => `/api/broadcast/builtin/${name}.png`;

/** An image as a notice names it: `default:<name>` for a built-in one, `custom:<id>` for one of the company's. */
export const BroadcastImageKey = z
  .string()
  .trim()
  .regex(new RegExp(`^(default:(${BROADCAST_DEFAULT_IMAGES.join('|')})|custom:[1-9][0-9]{0,9})$`), 'Choose an image');
export type BroadcastImageKey = z.infer<typeof BroadcastImageKey>;

/** The image a key names. */
export function parseBroadcastImageKey(key: string): { kind: 'default'; name: BroadcastDefaultImage } | { kind: 'custom'; id: number } | null {
  const parsed = BroadcastImageKey.safeParse(key);
  if (!parsed.success) return null;
  const [kind, value] = parsed.data.split(':') as [string, string];
  return kind === 'default' ? { kind: 'default', name: value as BroadcastDefaultImage } : { kind: 'custom', id: Number(value) };
}

/** An image of the picker: built-in ones first, then the company's own. */
export const BroadcastImage = z.object({
  key: z.string(),
  kind: z.enum(['default', 'custom']),
  /** The custom image's id; null for a built-in one. */
  id: z.number().int().nullable(),
  /** A built-in image's name, or the uploaded file's name. */
  name: z.string(),
  url: z.string(),
  size: z.number().int().nullable(),
  isDeletable: z.boolean(),
  /** Notices not yet ended that show it (a custom image in use cannot be deleted). */
  inUse: z.number().int(),
});
export type BroadcastImage = z.infer<typeof BroadcastImage>;
export const BroadcastImages = z.object({ list: z.array(BroadcastImage), customMax: z.number().int(), maxBytes: z.number().int() });
export type BroadcastImages = z.infer<typeof BroadcastImages>;

/** `POST /broadcast/image-delete`. */
export const DeleteBroadcastImageBody = z.object({ id });
export type DeleteBroadcastImageBody = z.infer<typeof DeleteBroadcastImageBody>;

/** The fields of a notice that decide when it shows. */
export interface BroadcastTiming {
  startAt: number;
  endAt: number;
  repeat: BroadcastRepeat;
  /** A repeating notice's last moment (exclusive): occurrences start before it. Null when it does not repeat. */
  repeatUntil: number | null;
  /** The zone the notice was written in: its status and its last day are read there. */
  timeZone: string;
  /** Ended early at; null otherwise. */
  endedAt: number | null;
}

/** A showing of a notice: from `startAt` to `endAt`. */
export interface BroadcastWindow {
  startAt: number;
  endAt: number;
}

const isRepeatDay = (repeat: BroadcastRepeat, date: LocalDate, firstDate: LocalDate) => {
  if (repeat === 'daily') return true;
  const weekday = weekdayOf(date);
  if (repeat === 'weekly') return weekday === weekdayOf(firstDate);
  return weekday >= 1 && weekday <= 5;
};

/**
 * When a notice shows on a display in `timeZone`, for the windows that overlap [from, to). A notice
 * that does not repeat shows from its start to its end. A repeating one shows on each repeat day from
 * the start's date to the last day, between the start's and the end's wall-clock times (as written,
 * in the notice's zone), read in the display's zone; no window begins before the notice's start or
 * runs past an early end.
 */
export function broadcastWindows(notice: BroadcastTiming, timeZone: string, from: number, to: number): BroadcastWindow[] {
  const clip = (window: BroadcastWindow): BroadcastWindow | null => {
    const startAt = Math.max(window.startAt, notice.startAt);
    const endAt = notice.endedAt === null ? window.endAt : Math.min(window.endAt, notice.endedAt);
    return endAt > startAt && endAt > from && startAt < to ? { startAt, endAt } : null;
  };
  if (notice.repeat === 'none' || notice.repeatUntil === null) {
    const once = clip({ startAt: notice.startAt, endAt: notice.endAt });
    return once ? [once] : [];
  }
  const first = toZoned(notice.startAt, notice.timeZone);
  const last = toZoned(notice.endAt, notice.timeZone);
  const spanDays = daysBetween(first.date, last.date);
  const lastDate = toZoned(notice.repeatUntil - 1, notice.timeZone).date;
  // Only the days around [from, to) in the display's zone can hold an overlapping window.
  const fromDate = addDays(toZoned(from, timeZone).date, -1 - spanDays);
  const toDate = addDays(toZoned(to, timeZone).date, 1);
  let date = fromDate > first.date ? fromDate : first.date;
  const end = toDate < lastDate ? toDate : lastDate;
  const windows: BroadcastWindow[] = [];
  for (; date <= end; date = addDays(date, 1)) {
    if (!isRepeatDay(notice.repeat, date, first.date)) continue;
    const window = clip({ startAt: fromZoned(date, first.time, timeZone), endAt: fromZoned(addDays(date, spanDays), last.time, timeZone) });
    if (window) windows.push(window);
  }
  return windows;
}

/** When a notice is over for good, read in its own zone: its end, or the end of its last repeat day. */
export function broadcastFinalEnd(notice: BroadcastTiming): number {
  if (notice.repeat === 'none' || notice.repeatUntil === null) return notice.endAt;
  const first = toZoned(notice.startAt, notice.timeZone);
  const last = toZoned(notice.endAt, notice.timeZone);
  const spanDays = daysBetween(first.date, last.date);
  let date = toZoned(notice.repeatUntil - 1, notice.timeZone).date;
  for (; date >= first.date; date = addDays(date, -1)) {
    if (isRepeatDay(notice.repeat, date, first.date)) return fromZoned(addDays(date, spanDays), last.time, notice.timeZone);
  }
  return notice.endAt;
}

/** The status of a notice at `now` (spec 001 section 4): one rule for the server, the console and the displays. */
export function broadcastStatus(notice: BroadcastTiming, now: number): BroadcastStatus {
  if (notice.endedAt !== null && notice.endedAt <= now) return 'ended';
  if (now < notice.startAt) return 'not_started';
  return now < broadcastFinalEnd(notice) ? 'ongoing' : 'ended';
}

/** A repeating notice's last moment when it names none ("never ends"): 180 days after its start. */
export const broadcastNeverEnds = (startAt: number) => startAt + BROADCAST_NEVER_ENDS_DAYS * DAY_MS;

/** A door display or a location a notice goes to. */
export const BroadcastTarget = z.object({
  id: z.number().int(),
  name: z.string(),
  /** For a display: its room's path; for a location: its own path (names from the top down). */
  path: z.string(),
});
export type BroadcastTarget = z.infer<typeof BroadcastTarget>;

export const BroadcastNotice = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string().nullable().describe('The image key; null when a custom image was deleted after the notice ended'),
  imageUrl: z.string().nullable(),
  devices: z.array(BroadcastTarget),
  locations: z.array(BroadcastTarget),
  startAt: z.number().int(),
  endAt: z.number().int(),
  repeat: BroadcastRepeat,
  repeatUntil: z.number().int().nullable(),
  timeZone: z.string(),
  endedAt: z.number().int().nullable(),
  endedByName: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.number().int(),
  status: BroadcastStatus,
});
export type BroadcastNotice = z.infer<typeof BroadcastNotice>;

/** `GET /broadcast/list`: newest first; `keyword` in the title, `status` now. */
export const BroadcastListQuery = PageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  status: BroadcastStatus.optional(),
});
export type BroadcastListQuery = z.infer<typeof BroadcastListQuery>;
export const BroadcastPage = pageOf(BroadcastNotice);
export type BroadcastPage = z.infer<typeof BroadcastPage>;

const BroadcastFieldsObject = z.object({
  title: z.string().trim().min(1, 'Enter a title').max(BROADCAST_TITLE_MAX),
  image: BroadcastImageKey,
  deviceIds: z.array(id).max(BROADCAST_TARGETS_MAX).default([]),
  locationIds: z.array(id).max(BROADCAST_TARGETS_MAX).default([]),
  startAt: epochMs,
  endAt: epochMs,
  repeat: BroadcastRepeat.default('none'),
  /** A repeating notice's last moment (exclusive); absent or null: never ends (180 days after the start). */
  repeatUntil: epochMs.nullable().optional(),
  /** The IANA zone the times were written in (the console sends the browser's). */
  timeZone: TimeZone.default('UTC'),
});

/** The rules every notice's fields keep, checked by the form and the endpoint alike. */
const withFieldRules = <T extends z.ZodType<{ deviceIds: number[]; locationIds: number[]; startAt: number; endAt: number }>>(schema: T) =>
  schema
    .refine((body) => body.deviceIds.length + body.locationIds.length > 0, { message: 'Choose at least one door display or location', path: ['deviceIds'] })
    .refine((body) => body.endAt > body.startAt, { message: 'The end must be after the start', path: ['endAt'] });

/** `POST /broadcast/create`: title, image, targets (at least one display or location), start, end, repeat. */
export const CreateBroadcastBody = withFieldRules(BroadcastFieldsObject);
export type CreateBroadcastBody = z.infer<typeof CreateBroadcastBody>;
export type BroadcastFieldsInput = z.input<typeof CreateBroadcastBody>;

/** `POST /broadcast/update`: a notice not yet ended, with all its fields. */
export const UpdateBroadcastBody = withFieldRules(BroadcastFieldsObject.extend({ id }));
export type UpdateBroadcastBody = z.infer<typeof UpdateBroadcastBody>;

/** `POST /broadcast/end` and `/broadcast/delete`. */
export const BroadcastIdBody = z.object({ id });
export type BroadcastIdBody = z.infer<typeof BroadcastIdBody>;

/** `GET /broadcast/targets`: the company's door displays and locations to choose from. */
export const BroadcastTargetLocation = z.object({ id: z.number().int(), parentId: z.number().int().nullable(), name: z.string(), level: z.number().int() });
export type BroadcastTargetLocation = z.infer<typeof BroadcastTargetLocation>;
export const BroadcastTargetOptions = z.object({
  devices: z.array(BroadcastTarget.extend({ roomId: z.number().int(), isActivated: z.boolean() })),
  locations: z.array(BroadcastTargetLocation),
});
export type BroadcastTargetOptions = z.infer<typeof BroadcastTargetOptions>;

/** One window of a notice on a door display. */
export const PadBroadcast = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The address the display reads the image at, with its device token. */
  imageUrl: z.string().nullable(),
  startAt: z.number().int(),
  endAt: z.number().int(),
});
export type PadBroadcast = z.infer<typeof PadBroadcast>;

/** `GET /device/pad/broadcasts`: the display's notice windows from now to a day ahead, by start. */
export const PadBroadcasts = z.object({ serverTime: z.number().int(), list: z.array(PadBroadcast) });
export type PadBroadcasts = z.infer<typeof PadBroadcasts>;
