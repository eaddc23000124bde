import { z } from 'zod';
import { CapacityBand } from './dictionary.js';
import { RoomEquipment, TimeZone } from './location.js';
import { Reservation, type ReservationStatus } from './booking.js';
import { RepeatRule } from './booking-series.js';
import { RoomAir } from './air.js';

/**
 * The calendar's read calls (issue 5, /reserve): my meetings in a window, the rooms' day for the
 * timeline views, and the rooms free for a slot (and every occurrence of a repeat rule).
 */

const id = z.coerce.number().int().positive();
const epochMs = z.coerce.number().int().nonnegative();
const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, 'Not a calendar date');

/** `true`/`false`/`1`/`0` in a query string. */
const queryFlag = z.preprocess((value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value), z.boolean());

/** Equipment in a query string: repeated (`equipment=a&equipment=b`) or comma-separated. */
const equipmentList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').map((item) => item.trim()).filter(Boolean) : value),
  z.array(RoomEquipment).max(20),
);

/** The widest window "my reservations" reads (six weeks: a month view with its leading and trailing days). */
export const MY_RESERVATIONS_MAX_DAYS = 42;
/** Rooms per page of the schedule. */
export const SCHEDULE_PAGE_SIZE_MAX = 100;
export const SCHEDULE_PAGE_SIZE_DEFAULT = 50;
/** At most this many rooms in the list of free rooms. */
export const AVAILABLE_ROOMS_MAX = 200;

/** `GET /meeting/reservation/mine`. */
export const MyReservationsQuery = z.object({
  from: epochMs,
  to: epochMs,
  /** Also cancelled, rejected, expired and released meetings. */
  includeInactive: queryFlag.optional(),
});
export type MyReservationsQuery = z.infer<typeof MyReservationsQuery>;

export const MyReservations = z.object({ list: z.array(Reservation) });
export type MyReservations = z.infer<typeof MyReservations>;

/** `GET /meeting/schedule`. */
export const ScheduleQuery = z.object({
  /** A local date; each room's day is this date in the room's own zone, or in `timeZone` when given. */
  date: localDate,
  /** The viewer's IANA zone: every room's day is `date` in it, so one time axis fits every lane. */
  timeZone: TimeZone.optional(),
  /** Rooms under this location (or the room itself); all rooms when absent. */
  locationId: id.optional(),
  capacityBand: CapacityBand.optional(),
  equipment: equipmentList.optional(),
  keyword: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(SCHEDULE_PAGE_SIZE_MAX).default(SCHEDULE_PAGE_SIZE_DEFAULT),
});
export type ScheduleQuery = z.infer<typeof ScheduleQuery>;

export const ScheduleRoom = z.object({
  id: z.number().int(),
  name: z.string(),
  capacity: z.number().int(),
  equipment: z.array(z.string()),
  locationPath: z.string(),
  timeZone: z.string().nullable(),
  isAvailable: z.boolean(),
  needsApproval: z.boolean(),
  /** The day shown: `date` in the room's zone, or in the asked `timeZone` (23 or 25 hours on a daylight-saving day). */
  dayStartAt: z.number().int(),
  dayEndAt: z.number().int(),
  /** Active meetings touching the day, as the caller may see them. */
  reservations: z.array(Reservation),
  /** Disable (maintenance) periods touching the day. */
  disabled: z.array(z.object({ startAt: z.number().int(), endAt: z.number().int() })),
});
export type ScheduleRoom = z.infer<typeof ScheduleRoom>;

/** A place above rooms (country, city, park, building, floor), for the location picker. */
export const SchedulePlace = z.object({ id: z.number().int(), parentId: z.number().int().nullable(), name: z.string(), level: z.number().int() });
export type SchedulePlace = z.infer<typeof SchedulePlace>;

export const Schedule = z.object({
  date: z.string(),
  /** The company's places above rooms, in tree order. */
  places: z.array(SchedulePlace),
  list: z.array(ScheduleRoom),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type Schedule = z.infer<typeof Schedule>;

/** A repeat rule in a query string: JSON. */
const repeatParam = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, RepeatRule);

/** `GET /meeting/available-rooms`. */
export const AvailableRoomsQuery = z.object({
  startAt: epochMs,
  endAt: epochMs,
  capacityBand: CapacityBand.optional(),
  equipment: equipmentList.optional(),
  locationId: id.optional(),
  /** JSON of a repeat rule: the slot's wall-clock time in each room's zone must be free on every occurrence. */
  repeat: repeatParam.optional(),
  /** The zone whose days the rule's weekdays and last date are written in (the viewer's); absent: each room's own. */
  repeatZone: TimeZone.optional(),
  /** A meeting being moved: its own time does not count as busy. */
  exceptReservationId: id.optional(),
});
export type AvailableRoomsQuery = z.infer<typeof AvailableRoomsQuery>;

export const AvailableRoom = ScheduleRoom.pick({ id: true, name: true, capacity: true, equipment: true, locationPath: true, timeZone: true, needsApproval: true }).extend({
  /** How many occurrences were checked in this room's zone (1 without a repeat rule). */
  occurrences: z.number().int(),
  /** The room's air now (smart rooms, issue 22); null where no monitor in the room reads now. */
  air: RoomAir.nullable(),
});
export type AvailableRoom = z.infer<typeof AvailableRoom>;

export const AvailableRooms = z.object({ list: z.array(AvailableRoom), truncated: z.boolean() });
export type AvailableRooms = z.infer<typeof AvailableRooms>;

/** How many better rooms `GET /meeting/room-air` suggests at most. */
export const BETTER_AIR_ROOMS_MAX = 3;

/** `GET /meeting/room-air`: the air of the room a booking form holds, for the form's slot. */
export const RoomAirQuery = AvailableRoomsQuery.omit({ capacityBand: true, equipment: true, locationId: true }).extend({ roomId: id });
export type RoomAirQuery = z.infer<typeof RoomAirQuery>;

/**
 * The room's air now and, when it is poor, up to three rooms free for the same slot whose air is good
 * and that seat at least as many, nearest in the location tree first.
 */
export const RoomAirAnswer = z.object({ air: RoomAir.nullable(), better: z.array(AvailableRoom) });
export type RoomAirAnswer = z.infer<typeof RoomAirAnswer>;

export const INACTIVE_STATUSES: readonly ReservationStatus[] = ['cancelled', 'rejected', 'expired', 'released'];

/** `GET /meeting/colleagues`: active colleagues to invite, by name, user name or e-mail (at most 20). */
export const ColleagueSearchQuery = z.object({ keyword: z.string().trim().max(100).default('') });
export type ColleagueSearchQuery = z.infer<typeof ColleagueSearchQuery>;
export const Colleague = z.object({ id: z.number().int(), fullName: z.string(), email: z.string().nullable() });
export type Colleague = z.infer<typeof Colleague>;
export const ColleagueList = z.array(Colleague);
export const COLLEAGUE_SEARCH_MAX = 20;

/** Meetings one search answers at most, and the default. */
export const MEETING_SEARCH_LIMIT = { default: 8, max: 20 } as const;
/** How far back a meeting search looks: finished meetings older than this are not found. */
export const MEETING_SEARCH_PAST_DAYS = 30;

/** `GET /meeting/search`: meetings whose title holds the keyword, as far as the caller may see the title. */
export const MeetingSearchQuery = z.object({
  keyword: z.string().trim().min(1).max(100),
  limit: z.coerce.number().int().min(1).max(MEETING_SEARCH_LIMIT.max).default(MEETING_SEARCH_LIMIT.default),
});
export type MeetingSearchQuery = z.infer<typeof MeetingSearchQuery>;

/** Upcoming and running meetings first (soonest first), then finished ones of the last 30 days (latest first). */
export const MeetingSearchResult = z.object({ list: z.array(Reservation) });
export type MeetingSearchResult = z.infer<typeof MeetingSearchResult>;
