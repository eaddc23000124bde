import { z } from 'zod';
import type { Lang } from './lang.js';
import { PageQuery, pageOf } from './paging.js';
import { SMART_DEVICE_KINDS, SmartDeviceKind, SmartDeviceStatus } from './smart-device.js';

/**
 * Smart rooms (decision 0020, "Smart rooms: state, presence and control"): each room's state from its
 * devices, who is there from its presence sensors, and the control panel's commands. The pages
 * /smart-location (rooms) and /smart-induction (sensors).
 */

/** A smart room's state (spec 001 section 4): normal, abnormal (equipment abnormal), offline, not enabled. */
export const SMART_ROOM_STATES = ['normal', 'abnormal', 'offline', 'not_enabled'] as const;
export const SmartRoomState = z.enum(SMART_ROOM_STATES);
export type SmartRoomState = z.infer<typeof SmartRoomState>;

/** Whether someone is in a room (the induction's "someone" or "unmanned"); unknown without a sensor that can tell. */
export const ROOM_PRESENCE = ['someone', 'unmanned', 'unknown'] as const;
export const RoomPresence = z.enum(ROOM_PRESENCE);
export type RoomPresence = z.infer<typeof RoomPresence>;

/** One sensor's reading: present, absent, or unknown while it is offline or has said nothing. */
export const SENSOR_PRESENCE = ['present', 'absent', 'unknown'] as const;
export const SensorPresence = z.enum(SENSOR_PRESENCE);
export type SensorPresence = z.infer<typeof SensorPresence>;

/** How a presence sensor senses (its `presence/method`, docs/devices-mqtt.md). */
export const PRESENCE_METHODS = ['pir', 'radar', 'infrared', 'camera'] as const;
export const PresenceMethod = z.enum(PRESENCE_METHODS);
export type PresenceMethod = z.infer<typeof PresenceMethod>;


export const SMART_ROOM_LIMITS = {
  /** The sensor response delay (spec 001 section 9: 0-2 minutes): how long "someone" holds after the last detection. */
  responseDelayMaxSeconds: 120,
  responseDelayDefaultSeconds: 60,
  /** How long a host asked about an empty booked room has to answer before it is released. */
  ghostGraceMinMinutes: 1,
  ghostGraceMaxMinutes: 60,
  ghostGraceDefaultMinutes: 10,
} as const;

/**
 * Presence sensors that can tell a room is empty: radar and cameras see people sitting still. Motion
 * sensors (passive infrared, infrared) see only movement, and not through glass: they may check a
 * meeting in, never release one.
 */
export const ABSENCE_METHODS: readonly PresenceMethod[] = ['radar', 'camera'];

/** `GET /smart/rooms` query. */
export const SmartRoomListQuery = z.object({
  /** Only rooms in this location's subtree. */
  locationId: z.coerce.number().int().positive().optional(),
  state: SmartRoomState.optional(),
  presence: RoomPresence.optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type SmartRoomListQuery = z.infer<typeof SmartRoomListQuery>;

/** Counts of a room's devices by status. */
export const SmartDeviceCounts = z.object({
  total: z.number().int(),
  online: z.number().int(),
  partiallyOnline: z.number().int(),
  offline: z.number().int(),
  inactive: z.number().int(),
});
export type SmartDeviceCounts = z.infer<typeof SmartDeviceCounts>;

/** One room as /smart-location lists it. */
export const SmartRoom = z.object({
  roomId: z.number().int(),
  name: z.string(),
  /** The room's location path from the top, without the room itself (`London / Kew Gardens / Floor 2`). */
  path: z.string(),
  /** Smart control switched on for the room (off: the state is `not_enabled` and presence drives nothing). */
  enabled: z.boolean(),
  responseDelaySeconds: z.number().int(),
  /** Presence checks the room's meeting in (rooms with sign-in on). */
  presenceCheckIn: z.boolean(),
  /** A booked room nobody is in when its check-in window closes: ask the host, then release it unless they answer. */
  ghostRelease: z.boolean(),
  ghostGraceMinutes: z.number().int(),
  /** The room has sensors that can all tell it is empty (radar, camera), so an empty-room release can apply. */
  canTellAbsence: z.boolean(),
  state: SmartRoomState,
  presence: RoomPresence,
  /** When a sensor last reported presence or absence; null when none did. */
  presenceAt: z.number().int().nullable(),
  devices: SmartDeviceCounts,
});
export type SmartRoom = z.infer<typeof SmartRoom>;

/** A property the control panel shows or sets, from the device's Homie description and its latest value. */
export const SmartControl = z.object({
  node: z.string(),
  property: z.string(),
  /** The node's type without `atrium.` (`light`, `climate`, `curtain`, ...), or null when the device did not say. */
  nodeType: z.string().nullable(),
  datatype: z.enum(['boolean', 'integer', 'float', 'enum', 'string', 'color', 'datetime', 'duration', 'json']),
  /** Homie `$format`: a range `min:max` for numbers, the values `a,b,c` for an enum. */
  format: z.string().nullable(),
  unit: z.string().nullable(),
  settable: z.boolean(),
  /** The latest value the device reported (the acknowledged state), or null. */
  value: z.string().nullable(),
  at: z.number().int().nullable(),
});
export type SmartControl = z.infer<typeof SmartControl>;

export const SmartRoomDevice = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: SmartDeviceKind,
  homieId: z.string(),
  status: SmartDeviceStatus,
  lastSeenAt: z.number().int().nullable(),
  controls: z.array(SmartControl),
});
export type SmartRoomDevice = z.infer<typeof SmartRoomDevice>;

/** `GET /smart/rooms/:roomId`: the room and its devices with their controls. */
export const SmartRoomDetail = SmartRoom.extend({ deviceList: z.array(SmartRoomDevice) });
export type SmartRoomDetail = z.infer<typeof SmartRoomDetail>;

export const SmartRoomParams = z.object({ roomId: z.coerce.number().int().positive() });
export type SmartRoomParams = z.infer<typeof SmartRoomParams>;

/** `PUT /smart/rooms/:roomId/settings`. */
export const SmartRoomSettingsBody = z.object({
  enabled: z.boolean(),
  responseDelaySeconds: z.number().int().min(0).max(SMART_ROOM_LIMITS.responseDelayMaxSeconds),
  presenceCheckIn: z.boolean(),
  ghostRelease: z.boolean(),
  ghostGraceMinutes: z.number().int().min(SMART_ROOM_LIMITS.ghostGraceMinMinutes).max(SMART_ROOM_LIMITS.ghostGraceMaxMinutes),
});
export type SmartRoomSettingsBody = z.infer<typeof SmartRoomSettingsBody>;

/** `POST /smart/rooms/:roomId/control`: set one property of one of the room's devices. */
export const SmartRoomControlBody = z.object({
  deviceId: z.number().int().positive(),
  node: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/),
  property: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/),
  value: z.union([z.boolean(), z.number().finite(), z.string().trim().max(200)]),
});
export type SmartRoomControlBody = z.infer<typeof SmartRoomControlBody>;

/** The command's end: acknowledged by the device, refused by it, or no answer in time. */
export const SmartRoomControlResult = z.object({
  commandId: z.string(),
  result: z.enum(['acked', 'failed', 'timeout']),
  /** The value sent, as the device's property text. */
  value: z.string(),
});
export type SmartRoomControlResult = z.infer<typeof SmartRoomControlResult>;

/** One presence sensor as /smart-induction lists it. */
export const SmartSensor = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  homieId: z.string(),
  roomId: z.number().int().nullable(),
  roomName: z.string().nullable(),
  status: SmartDeviceStatus,
  method: PresenceMethod.nullable(),
  presence: SensorPresence,
  /** When the sensor last reported; null when it never did. */
  presenceAt: z.number().int().nullable(),
  responseDelaySeconds: z.number().int(),
});
export type SmartSensor = z.infer<typeof SmartSensor>;

export const SmartSensorListQuery = z.object({
  locationId: z.coerce.number().int().positive().optional(),
  presence: SensorPresence.optional(),
});
export type SmartSensorListQuery = z.infer<typeof SmartSensorListQuery>;

/** Smart plans and scenes (decision 0020, "Plans and scenes"). */
export const SMART_PLAN_LIMITS = {
  entriesMax: 14,
  actionsMax: 30,
} as const;

const TIME_OF_DAY = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time of day, HH:mm');

/** One entry of a room's smart plan (spec 001 section 3): days 1-7 (7 = Sunday), a start and an end on those days. */
export const SmartPlanEntry = z
  .object({
    dayOfWeek: z
      .array(z.number().int().min(1).max(7))
      .min(1)
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'Each day once'),
    startTime: TIME_OF_DAY,
    endTime: TIME_OF_DAY,
  })
  .refine((entry) => entry.startTime < entry.endTime, { message: 'The end must be after the start', path: ['endTime'] });
export type SmartPlanEntry = z.infer<typeof SmartPlanEntry>;

/** A room's smart plan, saved whole (the spec: edits are local and the full list is sent at each confirmation). */
export const SmartPlan = z.object({ entries: z.array(SmartPlanEntry).max(SMART_PLAN_LIMITS.entriesMax) });
export type SmartPlan = z.infer<typeof SmartPlan>;

/** When a scene runs: `on` at check-in and at a plan entry's start; `off` at the meeting's end or release and a plan entry's end. */
export const SCENE_TRIGGERS = ['on', 'off'] as const;
export const SceneTrigger = z.enum(SCENE_TRIGGERS);
export type SceneTrigger = z.infer<typeof SceneTrigger>;

/** One step of a scene: set one property of one of the room's devices. */
export const SmartSceneAction = z.object({
  deviceId: z.number().int().positive(),
  node: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/),
  property: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/),
  value: z.union([z.boolean(), z.number().finite(), z.string().trim().max(200)]),
});
export type SmartSceneAction = z.infer<typeof SmartSceneAction>;

/** A room's two scenes, saved whole. */
export const SmartScenes = z.object({
  on: z.array(SmartSceneAction).max(SMART_PLAN_LIMITS.actionsMax),
  off: z.array(SmartSceneAction).max(SMART_PLAN_LIMITS.actionsMax),
});
export type SmartScenes = z.infer<typeof SmartScenes>;

export const SmartSceneParams = z.object({ roomId: z.coerce.number().int().positive(), trigger: SceneTrigger });
export type SmartSceneParams = z.infer<typeof SmartSceneParams>;

/** What running a scene did: commands sent, and steps skipped (device offline or gone, property no longer settable). */
export const SmartSceneRun = z.object({ sent: z.number().int(), skipped: z.number().int() });
export type SmartSceneRun = z.infer<typeof SmartSceneRun>;

/**
 * Device alarms (spec 001 section 3: panel, sign-in panel, projector, air conditioner, access control,
 * matrix screen, audio, sequence power, central host disconnected): raised when a smart device drops off
 * (its last will says `lost`, or it said `disconnected`) or reports a fault (`alert`), or when an
 * activated door display (the panel at the door, where people sign in) is not heard within its online
 * window (`disconnected`); cleared when it is back.
 */
export const SMART_ALARM_CAUSES = ['disconnected', 'alert'] as const;
export const SmartAlarmCause = z.enum(SMART_ALARM_CAUSES);
export type SmartAlarmCause = z.infer<typeof SmartAlarmCause>;

/** What raised an alarm: a smart device, or a door display. */
export const SMART_ALARM_SOURCES = ['device', 'doorDisplay'] as const;
export const SmartAlarmSource = z.enum(SMART_ALARM_SOURCES);
export type SmartAlarmSource = z.infer<typeof SmartAlarmSource>;

/** An alarm's kind: the smart device's kind, or `door_display` (not a smart device kind). */
export const SmartAlarmKind = z.enum([...SMART_DEVICE_KINDS, 'door_display']);
export type SmartAlarmKind = z.infer<typeof SmartAlarmKind>;

export const SmartAlarm = z.object({
  id: z.number().int(),
  source: SmartAlarmSource,
  /** The smart device (source `device`), else null. */
  deviceId: z.number().int().nullable(),
  /** The door display (source `doorDisplay`), else null. */
  displayId: z.number().int().nullable(),
  /** The device's or display's name. */
  deviceName: z.string(),
  kind: SmartAlarmKind,
  roomId: z.number().int().nullable(),
  roomName: z.string().nullable(),
  cause: SmartAlarmCause,
  raisedAt: z.number().int(),
  clearedAt: z.number().int().nullable(),
  acknowledgedAt: z.number().int().nullable(),
  acknowledgedByName: z.string().nullable(),
});
export type SmartAlarm = z.infer<typeof SmartAlarm>;

export const SmartAlarmListQuery = PageQuery.extend({ state: z.enum(['open', 'cleared']).optional() });
export type SmartAlarmListQuery = z.infer<typeof SmartAlarmListQuery>;

/** A page of alarms, newest first, with the open ones counted (the badge: open and not acknowledged). */
export const SmartAlarmPage = pageOf(SmartAlarm).extend({ openCount: z.number().int(), unacknowledgedCount: z.number().int() });
export type SmartAlarmPage = z.infer<typeof SmartAlarmPage>;

export const SmartAlarmParams = z.object({ id: z.coerce.number().int().positive() });
export type SmartAlarmParams = z.infer<typeof SmartAlarmParams>;

/** Smart-room analytics (/smart-analysis; decision 0020, "Analytics"): at most this many days at once. */
export const SMART_ANALYSIS_MAX_DAYS = 31;

/** `GET /smart/analysis` query: a range of UTC epoch milliseconds, and optionally a location's subtree. */
export const SmartAnalysisQuery = z
  .object({
    from: z.coerce.number().int().nonnegative(),
    to: z.coerce.number().int().positive(),
    locationId: z.coerce.number().int().positive().optional(),
  })
  .refine((query) => query.from < query.to, { message: 'The end must be after the start', path: ['to'] })
  .refine((query) => query.to - query.from <= SMART_ANALYSIS_MAX_DAYS * 86_400_000, { message: `At most ${SMART_ANALYSIS_MAX_DAYS} days`, path: ['to'] });
export type SmartAnalysisQuery = z.infer<typeof SmartAnalysisQuery>;

/** One room's figures over the range; minutes from the minute rollups of its devices. */
export const SmartRoomAnalysis = z.object({
  roomId: z.number().int(),
  name: z.string(),
  path: z.string(),
  capacity: z.number().int(),
  hasSensors: z.boolean(),
  /** Minutes of confirmed meetings in the range. */
  bookedMinutes: z.number().int(),
  /** Minutes in which a sensor detected someone. */
  occupiedMinutes: z.number().int(),
  /** Of those, minutes inside a booked meeting. */
  occupiedBookedMinutes: z.number().int(),
  /** Finished meetings whose sensors saw nobody at all (ghost meetings), and meetings released as no-shows. */
  ghostMeetings: z.number().int(),
  releasedMeetings: z.number().int(),
  /** Device-minutes switched on, by kind (lights, AC, projector, power outlets). */
  energyMinutes: z.record(z.string(), z.number().int()),
  devices: z.number().int(),
  devicesOnline: z.number().int(),
  alarms: z.number().int(),
});
export type SmartRoomAnalysis = z.infer<typeof SmartRoomAnalysis>;

export const SmartAnalysis = z.object({ from: z.number().int(), to: z.number().int(), rooms: z.array(SmartRoomAnalysis) });
export type SmartAnalysis = z.infer<typeof SmartAnalysis>;

/** The analysis export's columns, in each language (hours with one decimal). */
export const SMART_ANALYSIS_HEADERS: Record<Lang, readonly string[]> = {
  'en-US': ['Room', 'Location', 'Capacity', 'Booked hours', 'Occupied hours', 'Occupied while booked (hours)', 'Ghost meetings', 'Released no-shows', 'Energy hours', 'Devices online', 'Alarms'],
  'zh-CN': ['会议室', '位置', '容纳人数', '预订小时数', '有人小时数', '预订期间有人小时数', '无人会议数', '未签到释放数', '设备开启小时数', '在线设备', '告警数'],
};
