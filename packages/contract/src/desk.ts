import { z } from 'zod';

/**
 * Desks (issue 21; spec 001 "Deskeeper", /deskeeper-configuration, /deskeeper-station-setting): desks
 * on the location tree's floors, each a bookable resource with a number unique on its floor, its
 * equipment and a mode, grouped into neighbourhoods (a named, coloured part of a floor, free for all
 * or kept for a department), and placed on the floor's map (decision 0019).
 */

const id = z.coerce.number().int().positive();

/** The longest desk number ("3F-A-012"). */
export const DESK_NUMBER_MAX = 20;
/** The longest neighbourhood name. */
export const NEIGHBOURHOOD_NAME_MAX = 40;
/** Desks saved or deleted in one call at most. */
export const DESKS_PER_CALL_MAX = 200;

/**
 * How a desk is used: booked ahead (`bookable`), taken by whoever comes first and checks in on
 * arrival (`drop_in`), kept for a person or a department (`assigned`; bookable by others on the
 * owner's away days), or out of use (`unavailable`).
 */
export const DESK_MODES = ['bookable', 'drop_in', 'assigned', 'unavailable'] as const;
export const DeskMode = z.enum(DESK_MODES);
export type DeskMode = z.infer<typeof DeskMode>;

/** What a desk may have, as the booking filters and the map's legend name it. */
export const DESK_EQUIPMENT = ['monitor', 'dualMonitor', 'dockingStation', 'standingDesk', 'webcam', 'phone', 'accessible', 'window'] as const;
export const DeskEquipment = z.enum(DESK_EQUIPMENT);
export type DeskEquipment = z.infer<typeof DeskEquipment>;

/** A colour as `#rrggbb`. */
export const NeighbourhoodColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour as #rrggbb')
  .transform((color) => color.toLowerCase());

/** Where a desk sits on its floor's map, in the map's units (its top-left corner, size, and clockwise turn in degrees). */
export const DeskPosition = z.object({
  x: z.number().finite().min(0).max(100_000),
  y: z.number().finite().min(0).max(100_000),
  width: z.number().finite().positive().max(10_000),
  height: z.number().finite().positive().max(10_000),
  rotation: z.number().finite().min(-360).max(360).default(0),
});
export type DeskPosition = z.infer<typeof DeskPosition>;

export const Desk = z.object({
  id: z.number().int(),
  floorId: z.number().int(),
  number: z.string(),
  mode: DeskMode,
  equipment: z.array(DeskEquipment),
  neighbourhoodId: z.number().int().nullable(),
  assignedUserId: z.number().int().nullable(),
  assignedUserName: z.string().nullable(),
  assignedDepartmentId: z.number().int().nullable(),
  assignedDepartmentName: z.string().nullable(),
  /** Null until placed on the floor's map. */
  position: DeskPosition.nullable(),
  updatedAt: z.number().int(),
});
export type Desk = z.infer<typeof Desk>;
export const Desks = z.array(Desk);

export const Neighbourhood = z.object({
  id: z.number().int(),
  floorId: z.number().int(),
  name: z.string(),
  color: z.string(),
  /** Kept for this department; null: free for all. */
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  deskCount: z.number().int(),
});
export type Neighbourhood = z.infer<typeof Neighbourhood>;

/** Largest floor plan accepted, in bytes. */
export const FLOOR_MAP_MAX_BYTES = 5 * 1024 * 1024;
/** Accepted floor plan formats, as named in the refusal message. */
export const FLOOR_MAP_FORMATS = ['png', 'jpeg', 'jpg', 'svg'] as const;

/**
 * A floor's plan as the lists answer it: its type, size in bytes, its own units (a raster's pixels, an
 * svg's viewBox: the coordinate space of the floor's desk positions) and its version (when it was last
 * replaced, for `GET /desk/floor-map?v=`).
 */
export const FloorMapInfo = z.object({
  contentType: z.enum(['image/png', 'image/jpeg', 'image/svg+xml']),
  size: z.number().int(),
  width: z.number(),
  height: z.number(),
  updatedAt: z.number().int(),
});
export type FloorMapInfo = z.infer<typeof FloorMapInfo>;

/** `GET /desk/floor-map`, `POST /desk/floor-map/delete`: a floor's plan (`v`, the plan's version, only makes the address change with it). */
export const FloorMapQuery = z.object({ floorId: id, v: z.coerce.number().int().optional() });
export type FloorMapQuery = z.infer<typeof FloorMapQuery>;
export const FloorMapBody = z.object({ floorId: id });
export type FloorMapBody = z.infer<typeof FloorMapBody>;

/** A floor as the desk pages list it: where it is, its zone, and how many desks and neighbourhoods it has. */
export const DeskFloor = z.object({
  floorId: z.number().int(),
  floorName: z.string(),
  buildingId: z.number().int().nullable(),
  buildingName: z.string().nullable(),
  timeZone: z.string().nullable(),
  deskCount: z.number().int(),
  neighbourhoods: z.array(Neighbourhood),
  /** The floor's plan; null: none uploaded (desks are drawn on a blank map). */
  map: FloorMapInfo.nullable(),
});
export type DeskFloor = z.infer<typeof DeskFloor>;
export const DeskFloors = z.array(DeskFloor);

/** `GET /desk/owners`: who an assigned desk may belong to, matching `keyword` (at most 20 of each). */
export const DeskOwnersQuery = z.object({ keyword: z.string().trim().max(100).default('') });
export type DeskOwnersQuery = z.infer<typeof DeskOwnersQuery>;
export const DeskOwners = z.object({
  people: z.array(z.object({ id: z.number().int(), fullName: z.string(), email: z.string().nullable() })),
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type DeskOwners = z.infer<typeof DeskOwners>;

/** `GET /desk/qr`: a desk's check-in QR code (PNG), for printing on the desk. */
export const DeskQrQuery = z.object({ deskId: id });
export type DeskQrQuery = z.infer<typeof DeskQrQuery>;

/** `GET /desk/qr-sheet`: a floor's desk QR codes on A4 pages, to print. */
export const DeskQrSheetQuery = z.object({ floorId: id });
export type DeskQrSheetQuery = z.infer<typeof DeskQrSheetQuery>;

/** A room as the floor map draws it: its name, seats, and place (null until placed). */
export const FloorRoom = z.object({
  id: z.number().int(),
  floorId: z.number().int(),
  name: z.string(),
  seats: z.number().int(),
  position: DeskPosition.nullable(),
});
export type FloorRoom = z.infer<typeof FloorRoom>;
export const FloorRooms = z.array(FloorRoom);

/** `GET /desk/rooms`: the rooms of one floor, by name, for the map editor. */
export const FloorRoomsQuery = z.object({ floorId: id });
export type FloorRoomsQuery = z.infer<typeof FloorRoomsQuery>;

/** `GET /desk/list`: the desks of one floor, by number. */
export const DeskListQuery = z.object({ floorId: id });
export type DeskListQuery = z.infer<typeof DeskListQuery>;

/**
 * `POST /desk/save`: a new desk (no `id`) or a change to one. An assigned desk names exactly one owner
 * (a colleague or a department); another mode names none.
 */
export const SaveDeskBody = z
  .object({
    id: id.optional(),
    floorId: id,
    number: z.string().trim().min(1, 'Enter the desk number').max(DESK_NUMBER_MAX),
    mode: DeskMode,
    equipment: z.array(DeskEquipment).max(DESK_EQUIPMENT.length).default([]),
    neighbourhoodId: id.nullable().default(null),
    assignedUserId: id.nullable().default(null),
    assignedDepartmentId: id.nullable().default(null),
    /** Absent: the position stays as it is; null: taken off the map. */
    position: DeskPosition.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    const owners = Number(body.assignedUserId !== null) + Number(body.assignedDepartmentId !== null);
    if (body.mode === 'assigned' && owners !== 1) ctx.addIssue({ code: 'custom', path: ['assignedUserId'], message: 'An assigned desk has one owner: a colleague or a department' });
    if (body.mode !== 'assigned' && owners !== 0) ctx.addIssue({ code: 'custom', path: ['mode'], message: 'Only an assigned desk has an owner' });
  });
export type SaveDeskBody = z.infer<typeof SaveDeskBody>;

/** What the floor map places: a desk, or a room of the floor (rooms and desks share one id space). */
export const MAP_ITEM_KINDS = ['desk', 'room'] as const;
export const MapItemKind = z.enum(MAP_ITEM_KINDS);
export type MapItemKind = z.infer<typeof MapItemKind>;

/** `POST /desk/place`: desks and rooms moved on the map at once (a drag of a selection); `kind` absent is a desk. */
export const PlaceDesksBody = z.object({
  /** When given, every desk and room placed must be on this floor. */
  floorId: id.optional(),
  places: z
    .array(z.object({ id, kind: MapItemKind.default('desk'), position: DeskPosition.nullable() }))
    .min(1)
    .max(DESKS_PER_CALL_MAX),
});
export type PlaceDesksBody = z.infer<typeof PlaceDesksBody>;

/** `POST /desk/delete`: desks taken out of use for good (their bookings stay as history). */
export const DeleteDesksBody = z.object({ ids: z.array(id).min(1).max(DESKS_PER_CALL_MAX) });
export type DeleteDesksBody = z.infer<typeof DeleteDesksBody>;

/** `POST /desk/neighbourhood/save`: a new neighbourhood (no `id`) or a change to one. */
export const SaveNeighbourhoodBody = z.object({
  id: id.optional(),
  floorId: id,
  name: z.string().trim().min(1, 'Enter a name').max(NEIGHBOURHOOD_NAME_MAX),
  color: NeighbourhoodColor,
  departmentId: id.nullable().default(null),
});
export type SaveNeighbourhoodBody = z.infer<typeof SaveNeighbourhoodBody>;

export const DeleteNeighbourhoodBody = z.object({ id });
export type DeleteNeighbourhoodBody = z.infer<typeof DeleteNeighbourhoodBody>;

// Booking a desk (decision 0019, "Booking a desk"): through the reservation engine, by half day,
// day or hours in the floor's zone, under the company's desk rules.

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD');
/** `HH:mm` on a quarter hour. */
const quarterTime = z.string().regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, 'HH:mm on a quarter hour');
/** `HH:mm` on a quarter hour, or 24:00 for the end of a day. */
const quarterTimeOrMidnight = z.string().regex(/^(([01]\d|2[0-3]):(00|15|30|45)|24:00)$/, 'HH:mm on a quarter hour, or 24:00');

/** What part of a day a booking takes: the morning, the afternoon, the working day, or hours chosen. */
export const DESK_BOOKING_PARTS = ['am', 'pm', 'day', 'hours'] as const;
export const DeskBookingPart = z.enum(DESK_BOOKING_PARTS);
export type DeskBookingPart = z.infer<typeof DeskBookingPart>;

/** A company's desk booking rules (/deskeeper-strategy). Times are in each floor's own zone. */
export const DeskRules = z
  .object({
    /** How many days ahead a desk may be booked (0: today only). */
    maxDaysAhead: z.number().int().min(0).max(365),
    /** On how many days of a week (Monday to Sunday) one person may hold a desk; null: any. */
    maxDaysPerWeek: z.number().int().min(1).max(7).nullable(),
    /** The longest booking by hours, in minutes. */
    longestBookingMinutes: z.number().int().min(30).max(1440),
    /** The working day (a day booking) and its midday (where the morning ends and the afternoon begins). */
    dayStart: quarterTime,
    midday: quarterTime,
    dayEnd: quarterTimeOrMidnight,
    /** Minutes after the start a booking waits for its check-in before the desk is released; null: no check-in asked. */
    checkInGraceMinutes: z.number().int().min(5).max(240).nullable(),
    /** A person holds one desk at a time: a second desk overlapping the first is refused. */
    oneDeskPerPerson: z.boolean(),
  })
  .refine((rules) => rules.dayStart < rules.midday && rules.midday < rules.dayEnd, { path: ['midday'], message: 'The day starts before midday and ends after it' });
export type DeskRules = z.infer<typeof DeskRules>;

/** The rules of a company that saved none. */
export const DEFAULT_DESK_RULES: DeskRules = Object.freeze({
  maxDaysAhead: 14,
  maxDaysPerWeek: null,
  longestBookingMinutes: 600,
  dayStart: '08:00',
  midday: '13:00',
  dayEnd: '18:00',
  checkInGraceMinutes: 30,
  oneDeskPerPerson: true,
});

/** `POST /desk/book`: a desk for a date's morning, afternoon, working day, or hours (`start` and `end`, in the floor's zone). */
export const BookDeskBody = z
  .object({
    deskId: id,
    date: localDate,
    part: DeskBookingPart,
    start: quarterTime.optional(),
    end: quarterTimeOrMidnight.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.part !== 'hours') return;
    if (body.start === undefined || body.end === undefined) ctx.addIssue({ code: 'custom', path: ['start'], message: 'Choose the start and end times' });
    else if (body.start >= body.end) ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end comes after the start' });
  });
export type BookDeskBody = z.infer<typeof BookDeskBody>;

/** The most weeks a weekly desk series books at once (each occurrence within the rules' days ahead). */
export const DESK_SERIES_WEEKS_MAX = 12;

/** `POST /desk/book/series`: the same desk, part and hours on `date` and the same weekday of the next `weeks - 1` weeks. */
export const BookDeskSeriesBody = z
  .object({
    deskId: id,
    date: localDate,
    part: DeskBookingPart,
    start: quarterTime.optional(),
    end: quarterTimeOrMidnight.optional(),
    weeks: z.number().int().min(2).max(DESK_SERIES_WEEKS_MAX),
  })
  .superRefine((body, ctx) => {
    if (body.part !== 'hours') return;
    if (body.start === undefined || body.end === undefined) ctx.addIssue({ code: 'custom', path: ['start'], message: 'Choose the start and end times' });
    else if (body.start >= body.end) ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end comes after the start' });
  });
export type BookDeskSeriesBody = z.infer<typeof BookDeskSeriesBody>;

export const DESK_BOOKING_STATUSES = ['confirmed', 'cancelled', 'released'] as const;

/** A desk booking as its owner and the floor's views see it. */
export const DeskBooking = z.object({
  id: z.number().int(),
  deskId: z.number().int(),
  deskNumber: z.string(),
  floorId: z.number().int(),
  floorName: z.string(),
  buildingName: z.string().nullable(),
  timeZone: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  startAt: z.number().int(),
  endAt: z.number().int(),
  status: z.enum(DESK_BOOKING_STATUSES),
  checkedInAt: z.number().int().nullable(),
  /** The latest moment a check-in is taken before the desk is released; null: no check-in asked. */
  checkInBy: z.number().int().nullable(),
});
export type DeskBooking = z.infer<typeof DeskBooking>;
export const DeskBookings = z.array(DeskBooking);

/** Each occurrence of a weekly desk series: booked (the booking) or refused (the server's reason, in the caller's language). */
export const DeskSeriesResult = z.array(z.object({ date: localDate, booking: DeskBooking.nullable(), refusal: z.string().nullable() }));
export type DeskSeriesResult = z.infer<typeof DeskSeriesResult>;

/** How long before its start a desk booking may be checked in to (the server's rule, the console's button). */
export const DESK_CHECK_IN_EARLY_MS = 15 * 60_000;

/** `POST /desk/booking/cancel`, `POST /desk/booking/check-in`: one of the caller's desk bookings. */
export const DeskBookingIdBody = z.object({ id });
export type DeskBookingIdBody = z.infer<typeof DeskBookingIdBody>;

/** `GET /desk/availability`: a floor's desks on a date, for the booking map and list. */
export const DeskAvailabilityQuery = z.object({ floorId: id, date: localDate });
export type DeskAvailabilityQuery = z.infer<typeof DeskAvailabilityQuery>;

/** Why a desk cannot be booked by the caller on that date (null: it can, where its bookings leave room). */
export const DESK_CLOSED_REASONS = ['unavailable', 'repair', 'assigned', 'neighbourhood'] as const;
export type DeskClosedReason = (typeof DESK_CLOSED_REASONS)[number];
export const DeskAvailability = z.object({
  date: localDate,
  timeZone: z.string(),
  /** The working day's bounds on that date, for drawing the day. */
  dayStartAt: z.number().int(),
  middayAt: z.number().int(),
  dayEndAt: z.number().int(),
  /** The last date bookable from today (the rules' days ahead, on the floor's clock). */
  lastDate: localDate,
  neighbourhoods: z.array(Neighbourhood),
  /** The floor's plan, drawn under the desks; null: none. */
  map: FloorMapInfo.nullable(),
  /** The floor's rooms placed on its map (booked on the room booking page, not here). */
  rooms: FloorRooms,
  /** The floor's desks by number, each with why the caller may not book it and the bookings holding time that day. */
  desks: z.array(
    Desk.extend({
      closedReason: z.enum(DESK_CLOSED_REASONS).nullable(),
      /** True: an assigned desk its owner released for that date (bookable by others; absent: not released). */
      isReleased: z.boolean().optional(),
      bookings: z.array(z.object({ id: z.number().int(), startAt: z.number().int(), endAt: z.number().int(), userName: z.string().nullable(), isMine: z.boolean() })),
    }),
  ),
});
export type DeskAvailability = z.infer<typeof DeskAvailability>;

// Away days (decision 0019, "Assigned desks on their owner's away days"): the owner of an assigned desk
// releases it for days, and on those days whoever may book in its neighbourhood may book it.

/** The longest release, in days. */
export const DESK_RELEASE_DAYS_MAX = 366;

/** `GET /desk/releases`: without `deskId` the caller's own assigned desks; with it that desk (its owner or a desk settings editor). */
export const DeskReleasesQuery = z.object({ deskId: id.optional() });
export type DeskReleasesQuery = z.infer<typeof DeskReleasesQuery>;

/** `POST /desk/releases`: releases an assigned desk from `firstDay` to `lastDay` (both included, on the floor's clock). */
export const SaveDeskReleaseBody = z
  .object({ deskId: id, firstDay: localDate, lastDay: localDate })
  .refine((body) => body.firstDay <= body.lastDay, { path: ['lastDay'], message: 'The last day comes on or after the first' })
  .refine((body) => Date.parse(`${body.lastDay}T00:00:00Z`) - Date.parse(`${body.firstDay}T00:00:00Z`) < DESK_RELEASE_DAYS_MAX * 86_400_000, {
    path: ['lastDay'],
    message: `At most ${DESK_RELEASE_DAYS_MAX} days at once`,
  });
export type SaveDeskReleaseBody = z.infer<typeof SaveDeskReleaseBody>;

/** `DELETE /desk/releases`: takes a release back (its days booked by others, and those past, stay released). */
export const DeskReleaseIdBody = z.object({ id });
export type DeskReleaseIdBody = z.infer<typeof DeskReleaseIdBody>;

/** Days of a release, from the first to the last (both included), and the days of it someone else booked. */
export const DeskRelease = z.object({
  id: z.number().int(),
  firstDay: localDate,
  lastDay: localDate,
  createdAt: z.number().int(),
  /** Days of the release with a booking by someone else (holding time, not ended), each with who booked it. */
  bookedDays: z.array(z.object({ date: localDate, userName: z.string().nullable() })),
});
export type DeskRelease = z.infer<typeof DeskRelease>;

/** An assigned desk with its releases that have not ended. */
export const ReleasableDesk = z.object({
  deskId: z.number().int(),
  deskNumber: z.string(),
  floorId: z.number().int(),
  floorName: z.string(),
  buildingName: z.string().nullable(),
  timeZone: z.string(),
  /** Today on the floor's clock: the first day a release may take. */
  today: localDate,
  releases: z.array(DeskRelease),
});
export type ReleasableDesk = z.infer<typeof ReleasableDesk>;
export const ReleasableDesks = z.array(ReleasableDesk);

// "Book next to" a colleague (decision 0019, "Book next to a colleague").

/** `GET /desk/booking/near`: where a colleague sits on a date's part (or hours), and the free desks nearest to them. */
export const DeskNearQuery = z
  .object({ userId: id, floorId: id, date: localDate, part: DeskBookingPart, start: quarterTime.optional(), end: quarterTimeOrMidnight.optional() })
  .superRefine((query, ctx) => {
    if (query.part !== 'hours') return;
    if (query.start === undefined || query.end === undefined) ctx.addIssue({ code: 'custom', path: ['start'], message: 'Choose the start and end times' });
    else if (query.start >= query.end) ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end comes after the start' });
  });
export type DeskNearQuery = z.infer<typeof DeskNearQuery>;

/** How many free desks the near read answers at most. */
export const DESK_NEAR_MAX = 5;

export const DeskNear = z.object({
  userId: z.number().int(),
  userName: z.string(),
  /** The colleague's desk booking overlapping the time asked (on any floor); null: not booked then. */
  booking: z
    .object({ deskId: z.number().int(), deskNumber: z.string(), floorId: z.number().int(), floorName: z.string(), startAt: z.number().int(), endAt: z.number().int() })
    .nullable(),
  /** Free desks the caller may book on the colleague's floor, nearest first (the same neighbourhood before others); empty without a booking or without placed desks. */
  desks: z.array(z.object({ deskId: z.number().int(), deskNumber: z.string(), distance: z.number(), isSameNeighbourhood: z.boolean() })),
});
export type DeskNear = z.infer<typeof DeskNear>;

// The live view (/deskeeper-live, decision 0019 "The live view"): who sits where now, for signed-in
// colleagues and, by a secret link per floor, for a lobby screen.

/** How a desk stands now: free, booked (not checked in yet), checked in, or out of use. */
export const DESK_LIVE_STATES = ['free', 'booked', 'checkedIn', 'closed'] as const;
export type DeskLiveState = (typeof DESK_LIVE_STATES)[number];

/** `GET /desk/live`, `GET /desk/live/link`: a floor. */
export const DeskLiveQuery = z.object({ floorId: id });
export type DeskLiveQuery = z.infer<typeof DeskLiveQuery>;

/** How a room stands now on the live view: free, busy (a meeting holds it; its title is never shown here), or out of use. */
export const DESK_LIVE_ROOM_STATES = ['free', 'busy', 'closed'] as const;
export type DeskLiveRoomState = (typeof DESK_LIVE_ROOM_STATES)[number];

/** A floor now: its plan and each desk's state, with the name of whoever has checked in. */
export const DeskLive = z.object({
  floorId: z.number().int(),
  floorName: z.string(),
  buildingName: z.string().nullable(),
  timeZone: z.string(),
  /** When the states were read (UTC epoch milliseconds). */
  at: z.number().int(),
  map: FloorMapInfo.nullable(),
  desks: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      position: DeskPosition.nullable(),
      state: z.enum(DESK_LIVE_STATES),
      /** Who has checked in at the desk; null otherwise. */
      personName: z.string().nullable(),
    }),
  ),
  /** The floor's rooms by name: busy or free now, and until when (busy: the meeting's end; free: the next one's start within a day, else null). */
  rooms: z.array(FloorRoom.extend({ state: z.enum(DESK_LIVE_ROOM_STATES), until: z.number().int().nullable() })),
});
export type DeskLive = z.infer<typeof DeskLive>;

/** A floor's secret lobby-screen link as administrators see it: whether one is in force (its secret is shown once, when made). */
export const DeskLiveLinkState = z.object({ active: z.boolean(), createdAt: z.number().int().nullable(), createdByName: z.string().nullable() });
export type DeskLiveLinkState = z.infer<typeof DeskLiveLinkState>;

/** A new lobby-screen link: the console path with its secret, shown this once (a new one revokes the previous). */
export const CreatedDeskLiveLink = z.object({ path: z.string(), createdAt: z.number().int() });
export type CreatedDeskLiveLink = z.infer<typeof CreatedDeskLiveLink>;

/** `GET /desk/live/screen`: the lobby screen's read, by its link's secret. */
export const DeskLiveScreenQuery = z.object({ token: z.string().trim().min(1).max(100) });
export type DeskLiveScreenQuery = z.infer<typeof DeskLiveScreenQuery>;

