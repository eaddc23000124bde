import { z } from 'zod';
import { TEXT_MAX } from './limits.js';
import { PageQuery, pageOf } from './paging.js';
import { CapacityBand, EQUIPMENT_KEYS } from './dictionary.js';
import { ExportFormat } from './directory.js';
import { DEVICE_STATUSES } from './door-display.js';

/**
 * Locations and meeting rooms (spec 000 sections 2, 3, 4, 7, 9; spec 001 sections 3, 5, 7, 9):
 * the location tree, rooms on level-7 nodes, room types and the periods a room is disabled.
 */

const id = z.coerce.number().int().positive();
const name = z.string().trim().min(1).max(TEXT_MAX);
const optionalText = z.string().trim().max(TEXT_MAX);

/** Tree levels (spec 000 section 2); 0 is the virtual root, 4 and 8 are unused by the console. */
export const LOCATION_LEVELS = { root: 0, country: 1, city: 2, park: 3, building: 5, floor: 6, room: 7 } as const;
export type LocationLevel = (typeof LOCATION_LEVELS)[keyof typeof LOCATION_LEVELS];
export const LocationLevel = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(5), z.literal(6), z.literal(7)]);

/**
 * Which levels a node of each level may hold (the context menu's "add" actions). A city holds parks
 * or, for a city without a campus, buildings directly; a room holds nothing.
 */
export const CHILD_LEVELS: Record<LocationLevel, readonly Exclude<LocationLevel, 0>[]> = {
  0: [1],
  1: [2],
  2: [3, 5],
  3: [5],
  5: [6],
  6: [7],
  7: [],
};

/** Whether a string names an IANA time zone this runtime knows; answers its canonical spelling. */
export function canonicalTimeZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** An IANA time zone (e.g. Europe/London), stored in its canonical spelling. */
export const TimeZone = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((zone) => canonicalTimeZone(zone) !== null, { message: 'Not a known IANA time zone, e.g. Europe/London' })
  .transform((zone) => canonicalTimeZone(zone)!);

/** A node of the location tree (spec 000 section 3: id, level, locationName, childList, childLevel, regionIconUrl). */
export interface LocationNode {
  id: number;
  parentId: number | null;
  level: number;
  locationName: string;
  sortOrder: number;
  /** The levels a child of this node may have; empty for rooms. */
  childLevel: number[];
  /** Whether the node has children (a lazy tree loads them on demand). */
  hasChildren: boolean;
  /** Children; empty when the tree is loaded one level at a time. */
  childList: LocationNode[];
  regionIconUrl: string | null;
  description: string | null;
  /** The node's own time zone and address (buildings carry them). */
  timeZone: string | null;
  address: string | null;
  /** The zone and address that apply: the node's own or its nearest ancestor's. */
  effectiveTimeZone: string | null;
  effectiveAddress: string | null;
}
export const LocationNode: z.ZodType<LocationNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    level: z.number().int(),
    locationName: z.string(),
    sortOrder: z.number().int(),
    childLevel: z.array(z.number().int()),
    hasChildren: z.boolean(),
    childList: z.array(LocationNode),
    regionIconUrl: z.string().nullable(),
    description: z.string().nullable(),
    timeZone: z.string().nullable(),
    address: z.string().nullable(),
    effectiveTimeZone: z.string().nullable(),
    effectiveAddress: z.string().nullable(),
  }),
);
export const LocationTree = z.array(LocationNode);

/** `GET /location/getLocationTree` query: one level under `parentId` (lazy), or the whole tree down to `level`. */
export const LocationTreeQuery = z.object({
  parentId: id.optional(),
  /** Deepest level to include (spec 000 section 9: default 7). */
  level: z.coerce.number().int().min(1).max(7).default(7),
  /** Nodes whose name contains it, with their ancestors. */
  keyword: optionalText.optional(),
});
export type LocationTreeQuery = z.infer<typeof LocationTreeQuery>;

/** A node's attributes and its path from the top (`GET /location/getLocationRegionInfo`). */
export const LocationRegionInfo = z.object({
  id: z.number().int(),
  level: z.number().int(),
  locationName: z.string(),
  regionIconUrl: z.string().nullable(),
  description: z.string().nullable(),
  timeZone: z.string().nullable(),
  address: z.string().nullable(),
  effectiveTimeZone: z.string().nullable(),
  effectiveAddress: z.string().nullable(),
  path: z.array(z.object({ id: z.number().int(), level: z.number().int(), locationName: z.string() })),
});
export type LocationRegionInfo = z.infer<typeof LocationRegionInfo>;

export const LocationIdQuery = z.object({ id });
export type LocationIdQuery = z.infer<typeof LocationIdQuery>;
export const LocationIdBody = z.object({ id });
export type LocationIdBody = z.infer<typeof LocationIdBody>;
export const LocationIdResult = z.object({ id: z.number().int() });

/** `POST /location/addLocation`: a country at the top, or a child of the level its parent allows; a building needs its time zone. */
export const AddLocationBody = z.object({
  parentId: id.nullable().optional(),
  level: LocationLevel,
  locationName: name,
  timeZone: TimeZone.optional(),
  address: optionalText.optional(),
  description: optionalText.optional(),
});
export type AddLocationBody = z.infer<typeof AddLocationBody>;

/** `POST /location/updateLocationBaseInfo`: renames a node. */
export const UpdateLocationBaseBody = z.object({ id, locationName: name });
export type UpdateLocationBaseBody = z.infer<typeof UpdateLocationBaseBody>;

/**
 * `POST /location/v2/updateLocationBaseInfo`: the name plus a building's time zone and address and
 * any node's attributes (region icon, description). Absent fields stay; null clears.
 */
export const UpdateLocationV2Body = z.object({
  id,
  locationName: name.optional(),
  timeZone: TimeZone.optional(),
  address: optionalText.nullable().optional(),
  description: optionalText.nullable().optional(),
  regionIconUrl: z.string().trim().max(1000).nullable().optional(),
});
export type UpdateLocationV2Body = z.infer<typeof UpdateLocationV2Body>;

/** `POST /location/move`: one step up or down among the siblings. */
export const MoveLocationBody = z.object({ id, direction: z.enum(['up', 'down']) });
export type MoveLocationBody = z.infer<typeof MoveLocationBody>;

/** `GET /tenant/location/max-display-order`. */
export const MaxDisplayOrderQuery = z.object({ parentId: id.optional() });
export const MaxDisplayOrder = z.object({ maxDisplayOrder: z.number().int() });

/** Equipment a room may have (spec 001 section 3): the dictionary's keys (one catalogue for rooms, filters and displays). */
export const ROOM_EQUIPMENT = EQUIPMENT_KEYS;
export const RoomEquipment = z.enum(ROOM_EQUIPMENT);
export type RoomEquipment = z.infer<typeof RoomEquipment>;


/** Largest room capacity accepted. */
export const ROOM_CAPACITY_MAX = 10_000;
export const SIGN_IN_MINUTES_MAX = 120;

const flag = z.boolean();

/** The editable fields of a room (spec 001 section 3); name, capacity and location are required (section 5). */
export const RoomFields = z.object({
  name,
  capacity: z.coerce.number().int().min(1).max(ROOM_CAPACITY_MAX),
  roomTypeId: id.nullable().optional(),
  backgroundImage: z.string().trim().max(1000).nullable().optional(),
  equipment: z.array(RoomEquipment).max(ROOM_EQUIPMENT.length).default([]),
  isAvailable: flag.default(true),
  needsApproval: flag.default(false),
  signInEnabled: flag.default(false),
  signInWay: z.enum(['manual', 'qr']).default('manual'),
  signInBeforeMinutes: z.coerce.number().int().min(0).max(SIGN_IN_MINUTES_MAX).default(10),
  signInAfterMinutes: z.coerce.number().int().min(0).max(SIGN_IN_MINUTES_MAX).default(15),
  oneClickStart: flag.default(false),
  oneClickEnd: flag.default(false),
  videoLink: z
    .string()
    .trim()
    .max(1000)
    .refine((link) => link === '' || /^https?:\/\/\S+$/.test(link), { message: 'A video room link starts with http:// or https://' })
    .transform((link) => link || null)
    .nullable()
    .optional(),
  calendarResource: optionalText.nullable().optional(),
  bindExternalRooms: flag.default(false),
});

/** `POST /location/addMeetingRoom`: a new room under a floor. */
export const AddMeetingRoomBody = RoomFields.extend({ floorId: id });
export type AddMeetingRoomBody = z.infer<typeof AddMeetingRoomBody>;

/** `POST /location/updateRoomInfo`: every field of the room (as the form sends them). */
export const UpdateRoomBody = RoomFields.extend({ id });
export type UpdateRoomBody = z.infer<typeof UpdateRoomBody>;

/** A room's booking screen, from its door displays (docs/decisions/0013). */
export const ROOM_DOOR_DISPLAY_STATUSES = ['none', ...DEVICE_STATUSES] as const;
export const RoomDoorDisplayStatus = z.enum(ROOM_DOOR_DISPLAY_STATUSES);
export type RoomDoorDisplayStatus = z.infer<typeof RoomDoorDisplayStatus>;

export const Room = z.object({
  id: z.number().int(),
  name: z.string(),
  capacity: z.number().int(),
  roomTypeId: z.number().int().nullable(),
  roomTypeName: z.string().nullable(),
  roomTypeKind: z.enum(['standard', 'zoom']).nullable(),
  backgroundImage: z.string().nullable(),
  equipment: z.array(z.string()),
  isAvailable: z.boolean(),
  needsApproval: z.boolean(),
  signInEnabled: z.boolean(),
  signInWay: z.enum(['manual', 'qr']),
  signInBeforeMinutes: z.number().int(),
  signInAfterMinutes: z.number().int(),
  oneClickStart: z.boolean(),
  oneClickEnd: z.boolean(),
  videoLink: z.string().nullable(),
  calendarResource: z.string().nullable(),
  /** Whether a booking screen works at the door now: one of its door displays is activated and online (derived, never typed in). */
  hasDoorDisplay: z.boolean(),
  /** The best state among its door displays: none, a code waiting (inactive), activated but silent (offline), or online. */
  doorDisplayStatus: RoomDoorDisplayStatus,
  bindExternalRooms: z.boolean(),
  floorId: z.number().int().nullable(),
  /** The path from the country to the floor, e.g. "United Kingdom / London / Riverside House / 1st floor". */
  locationPath: z.string(),
  timeZone: z.string().nullable(),
  sortOrder: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Room = z.infer<typeof Room>;

/** `POST /location/findRoomList` filters. */
export const RoomListFilters = z.object({
  /** Rooms anywhere under this node (or the room itself). */
  locationId: id.optional(),
  roomTypeId: id.optional(),
  capacityBand: CapacityBand.optional(),
  /** Rooms with every listed piece of equipment. */
  equipment: z.array(RoomEquipment).max(ROOM_EQUIPMENT.length).optional(),
  isAvailable: z.boolean().optional(),
  keyword: optionalText.optional(),
});
export const RoomListQuery = PageQuery.extend(RoomListFilters.shape);
export type RoomListQuery = z.infer<typeof RoomListQuery>;
export const RoomPage = pageOf(Room);

/** `GET /zoom/findZoomRoomsList`: the company's rooms whose type is of kind zoom, as Atrium knows them (Zoom's cloud is not called). */
export const ZoomRoom = z.object({
  id: z.number().int(),
  name: z.string(),
  capacity: z.number().int(),
  /** The room's video-room link, as entered on the room. */
  videoLink: z.string().nullable(),
  /** Names of the room's ancestors, country first. */
  locationPath: z.array(z.string()),
  roomTypeName: z.string(),
});
export type ZoomRoom = z.infer<typeof ZoomRoom>;
export const ZoomRoomList = z.array(ZoomRoom);
export const ZoomRoomListQuery = z.object({ keyword: optionalText.optional() });

/** `POST /location/exportRoomList`: the list's filters and the format. */
export const ExportRoomsBody = RoomListFilters.extend({ format: ExportFormat.default('xlsx') });
export type ExportRoomsBody = z.infer<typeof ExportRoomsBody>;

/** Room types (spec 001 section 3): a 'zoom' type's rooms cannot change to a 'standard' type and back. */
export const RoomTypeKind = z.enum(['standard', 'zoom']);
export type RoomTypeKind = z.infer<typeof RoomTypeKind>;
export const RoomType = z.object({
  id: z.number().int(),
  name: z.string(),
  typeCode: z.string(),
  kind: RoomTypeKind,
  isEnabled: z.boolean(),
  description: z.string().nullable(),
  roomCount: z.number().int(),
  updatedAt: z.number().int(),
});
export type RoomType = z.infer<typeof RoomType>;
export const RoomTypeList = z.array(RoomType);
export const RoomTypeListQuery = z.object({ keyword: optionalText.optional() });

const typeCode = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.-]+$/, { message: 'Letters, digits and . _ - only' });

export const AddRoomTypeBody = z.object({
  name: z.string().trim().min(1).max(64),
  typeCode,
  kind: RoomTypeKind.default('standard'),
  isEnabled: z.boolean().default(true),
  description: optionalText.nullable().optional(),
});
export type AddRoomTypeBody = z.infer<typeof AddRoomTypeBody>;
export const UpdateRoomTypeBody = AddRoomTypeBody.extend({ id });
export type UpdateRoomTypeBody = z.infer<typeof UpdateRoomTypeBody>;
export const RoomTypeStatusBody = z.object({ id, isEnabled: z.boolean() });
export type RoomTypeStatusBody = z.infer<typeof RoomTypeStatusBody>;

/** Shortest disable period and how far its end must lie ahead (spec 001 section 5). */
export const DISABLE_PERIOD_MIN_MS = 60 * 60 * 1000;
export const DISABLE_PERIOD_END_AHEAD_MS = 60 * 60 * 1000;

/** A period a room cannot be booked (maintenance). */
export const RoomDisablePeriod = z.object({
  id: z.number().int(),
  roomId: z.number().int(),
  startAt: z.number().int(),
  endAt: z.number().int(),
  reason: z.string().nullable(),
  createdAt: z.number().int(),
});
export type RoomDisablePeriod = z.infer<typeof RoomDisablePeriod>;
export const RoomDisablePeriodList = z.array(RoomDisablePeriod);
export const RoomIdQuery = z.object({ roomId: id });

/** Times may be absent so that the rule "disable time must be chosen" answers its own message. */
export const AddDisablePeriodBody = z.object({
  roomId: id,
  startAt: z.number().int().nonnegative().nullable().optional(),
  endAt: z.number().int().nonnegative().nullable().optional(),
  reason: optionalText.nullable().optional(),
});
export type AddDisablePeriodBody = z.infer<typeof AddDisablePeriodBody>;
export const DisablePeriodIdBody = z.object({ id });
