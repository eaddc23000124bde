import { z } from 'zod';
import { TEXT_MAX } from './limits.js';
import { PageQuery, pageOf } from './paging.js';
import { DeviceUseType } from './device-theme.js';
import { SafetyPassword } from './settings.js';

/** Limits and defaults of door displays, the booking screens at a room's door (spec 001 sections 5 and 9). */
export const DOOR_DISPLAY_LIMITS = {
  /** An activation code is exactly this many digits. */
  activationCodeLength: 5,
  /** Codes one request may issue for a room. */
  maxCodesPerRequest: 10,
  /** A display is online while its last heartbeat is at most this old. */
  onlineWindowMs: 2 * 60 * 1000,
  /** Displays one batch cancel may name. */
  maxBatch: 100,
  /** Device name length. */
  nameMax: 50,
  /** Screen group title length. */
  groupTitleMax: 50,
  /** Booking ahead, in days. */
  bookAheadMaxDays: 14,
  /** Sign-in window before and after the booked start, in minutes. */
  signInWindowMaxMinutes: 60,
  /** Wrong activation codes one address may send per window before it waits. */
  wrongCodesPerWindow: 10,
  wrongCodeWindowMinutes: 15,
} as const;

/** Choices of the longest single booking made on the screen, in minutes (spec 001 section 9). */
export const MAX_SINGLE_BOOKING_CHOICES = [5, 10, 15, 20, 25, 30] as const;

/** The ways a participant signs in at the door. */
export const SIGN_IN_MODES = ['screen', 'qr', 'pin'] as const;
export type SignInMode = (typeof SIGN_IN_MODES)[number];

/** What drives the screen's brightness: always on, or the display's light cycles. */
export const BRIGHTNESS_PLANS = ['always-on', 'light-cycle'] as const;
export type BrightnessPlan = (typeof BRIGHTNESS_PLANS)[number];

/** A display's status in the console: code issued and unused, or activated with a recent or old heartbeat. */
export const DEVICE_STATUSES = ['inactive', 'online', 'offline'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];


/** Light cycle: quarter-hour slider steps of a day, and the cycle a new entry starts with (spec 001 section 9). */
export const LIGHT_CYCLE = {
  steps: 96,
  stepMinutes: 15,
  /** How the end of the day (step 96) is written. */
  endOfDay: '23:59',
  /** Slider marks, as steps. */
  marks: [0, 32, 48, 72, 96],
  defaults: { weekday: '1,2,3,4,5', startTime: '08:00', endTime: '18:00' },
  workday: '1,2,3,4,5',
  everyday: '0,1,2,3,4,5,6',
} as const;

const Id = z.number().int().positive();
const Time = z.number().int().describe('UTC epoch milliseconds');

/** A device's name as an administrator types it. */
export const DeviceName = z.string().trim().min(1).max(DOOR_DISPLAY_LIMITS.nameMax);

/** `POST /deviceActivation/addDeviceActivationCode` body. */
export const AddActivationCodeBody = z.object({
  roomId: Id,
  name: DeviceName.optional().describe('Defaults to the room name, numbered when several codes are issued'),
  count: z.number().int().min(1).max(DOOR_DISPLAY_LIMITS.maxCodesPerRequest).default(1),
});
export type AddActivationCodeBody = z.input<typeof AddActivationCodeBody>;

/** `POST /deviceActivation/findRoomDeviceActivationList` body: filters and paging. */
export const DeviceListBody = PageQuery.extend({
  roomId: Id.optional(),
  locationId: Id.optional().describe('Only rooms under this location node (any level)'),
  status: z.enum(DEVICE_STATUSES).optional(),
  keyword: z.string().trim().max(TEXT_MAX).optional().describe('Part of the device name, the room name or the code'),
});
export type DeviceListBody = z.input<typeof DeviceListBody>;

/** One door display in the console's table. */
export const DoorDisplay = z.object({
  id: z.number().int(),
  name: z.string(),
  roomId: z.number().int(),
  roomName: z.string(),
  locationPath: z.array(z.string()).describe("Names of the room's ancestors, country first"),
  activationCode: z.string().nullable().describe('Shown while the code waits for a display'),
  status: z.enum(DEVICE_STATUSES),
  platform: z.string().nullable(),
  appVersion: z.string().nullable(),
  activatedAt: Time.nullable(),
  lastSeenAt: Time.nullable(),
  createdAt: Time,
});
export type DoorDisplay = z.infer<typeof DoorDisplay>;

export const DoorDisplayPage = pageOf(DoorDisplay);

/** `addDeviceActivationCode` result: the new displays with their codes. */
export const AddActivationCodeResult = z.object({ list: z.array(DoorDisplay) });

/**
 * `POST /deviceActivation/updateRoomDeviceActivation` body: rename, rebind to another room, or issue
 * a new code. A new code for an activated display signs the display out, so it needs the safety
 * password when the company has one.
 */
export const UpdateDeviceBody = z.object({
  id: Id,
  name: DeviceName.optional(),
  roomId: Id.optional(),
  regenerateCode: z.boolean().optional(),
  safetyPassword: SafetyPassword.optional(),
});
export type UpdateDeviceBody = z.infer<typeof UpdateDeviceBody>;

/** `POST /deviceActivation/batchCancelRoomDevice` body; activated displays need the safety password when one is set. */
export const BatchCancelDevicesBody = z.object({
  ids: z.array(Id).min(1).max(DOOR_DISPLAY_LIMITS.maxBatch),
  safetyPassword: SafetyPassword.optional(),
});
export type BatchCancelDevicesBody = z.infer<typeof BatchCancelDevicesBody>;

/** A room a display may be bound to, with its location path. */
export const DisplayRoom = z.object({ id: z.number().int(), name: z.string(), path: z.array(z.string()) });
export type DisplayRoom = z.infer<typeof DisplayRoom>;

/** The exit password a display asks before leaving its kiosk mode: exactly 6 digits. */
export const ExitPassword = z.string().regex(/^\d{6}$/, 'Exactly 6 digits');

/** The booking-screen settings, without the exit password (spec 001 section 3). */
const ScreenSettingFields = z.object({
  allowBooking: z.boolean(),
  maxBookingMinutes: z
    .number()
    .int()
    .refine((value) => (MAX_SINGLE_BOOKING_CHOICES as readonly number[]).includes(value), {
      message: `One of ${MAX_SINGLE_BOOKING_CHOICES.join(', ')}`,
    }),
  bookAheadDays: z.number().int().min(0).max(DOOR_DISPLAY_LIMITS.bookAheadMaxDays),
  showFutureMeetings: z.boolean(),
  showTitle: z.boolean(),
  showDescription: z.boolean(),
  showParticipants: z.boolean(),
  allowEarlyEnd: z.boolean(),
  allowCancel: z.boolean(),
  ledEnabled: z.boolean(),
  taskLock: z.boolean().describe('Keeps the display in its kiosk app'),
  signInBeforeMinutes: z.number().int().min(0).max(DOOR_DISPLAY_LIMITS.signInWindowMaxMinutes),
  signInAfterMinutes: z.number().int().min(0).max(DOOR_DISPLAY_LIMITS.signInWindowMaxMinutes),
  signInModes: z
    .array(z.enum(SIGN_IN_MODES))
    .min(1, 'Choose at least one sign-in method')
    .refine((modes) => new Set(modes).size === modes.length, { message: 'Each sign-in method once' }),
  brightnessPlan: z.enum(BRIGHTNESS_PLANS),
});
export type ScreenSettingFields = z.infer<typeof ScreenSettingFields>;

/** What a room without a screen group uses. */
export const DEFAULT_SCREEN_SETTING: ScreenSettingFields = {
  allowBooking: true,
  maxBookingMinutes: 30,
  bookAheadDays: DOOR_DISPLAY_LIMITS.bookAheadMaxDays,
  showFutureMeetings: true,
  showTitle: true,
  showDescription: false,
  showParticipants: false,
  allowEarlyEnd: true,
  allowCancel: false,
  ledEnabled: true,
  taskLock: true,
  signInBeforeMinutes: 10,
  signInAfterMinutes: 15,
  signInModes: ['screen'],
  brightnessPlan: 'light-cycle',
};

/** A screen group: settings shared by one or more rooms. */
export const ScreenSetting = ScreenSettingFields.extend({
  id: z.number().int(),
  title: z.string(),
  rooms: z.array(z.object({ id: z.number().int(), name: z.string() })),
  hasExitPassword: z.boolean(),
  updatedAt: Time,
});
export type ScreenSetting = z.infer<typeof ScreenSetting>;

/** `POST /screenSetting/addScreenSetting` body. */
export const AddScreenSettingBody = ScreenSettingFields.extend({
  title: z.string().trim().min(1).max(DOOR_DISPLAY_LIMITS.groupTitleMax),
  roomIds: z.array(Id).min(1).max(500),
  exitPassword: ExitPassword.nullable().describe('null for none'),
});
export type AddScreenSettingBody = z.infer<typeof AddScreenSettingBody>;

/** `POST /screenSetting/updateScreenSetting` body: exitPassword omitted keeps it, null removes it. */
export const UpdateScreenSettingBody = AddScreenSettingBody.extend({
  id: Id,
  exitPassword: ExitPassword.nullable().optional(),
});
export type UpdateScreenSettingBody = z.infer<typeof UpdateScreenSettingBody>;

export const IdBody = z.object({ id: Id });
export type IdBody = z.infer<typeof IdBody>;

export const NewIdResult = z.object({ id: z.number().int() });

/** `weekday`: distinct days 0-6 (0 = Sunday), comma-separated. */
export const Weekdays = z
  .string()
  .trim()
  .regex(/^[0-6](,[0-6]){0,6}$/, 'Days 0-6 separated by commas')
  .refine((value) => new Set(value.split(',')).size === value.split(',').length, { message: 'Each day once' });

/** HH:mm on a quarter hour, or 23:59 for the end of the day. */
export const CycleTime = z.string().regex(/^(([01]\d|2[0-3]):(00|15|30|45)|23:59)$/, 'HH:mm on a quarter hour');

const LightCycleFields = z.object({ deviceId: Id, weekday: Weekdays, startTime: CycleTime, endTime: CycleTime });
const startBeforeEnd = (cycle: { startTime: string; endTime: string }) => cycle.startTime < cycle.endTime;
const startBeforeEndIssue = { message: 'The start must be before the end', path: ['endTime'] };

/** `POST /deviceLightCycle/addDeviceLightCycle` body. */
export const AddLightCycleBody = LightCycleFields.refine(startBeforeEnd, startBeforeEndIssue);
export type AddLightCycleBody = z.infer<typeof AddLightCycleBody>;

/** `POST /deviceLightCycle/updateDeviceLightCycle` body. */
export const UpdateLightCycleBody = LightCycleFields.extend({ id: Id }).refine(startBeforeEnd, startBeforeEndIssue);
export type UpdateLightCycleBody = z.infer<typeof UpdateLightCycleBody>;

/** `GET /deviceLightCycle/findDeviceLightCycleList` query. */
export const LightCycleListQuery = z.object({
  deviceId: z.coerce.number().int().positive(),
  deviceUseType: DeviceUseType.default('door-display'),
});
export type LightCycleListQuery = z.input<typeof LightCycleListQuery>;

/** One light cycle: when the display's screen is lit. */
export const LightCycle = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  weekday: z.string(),
  startTime: z.string(),
  endTime: z.string(),
});
export type LightCycle = z.infer<typeof LightCycle>;

/** `POST /device/activate` body: a display trades a code for its token. */
export const DeviceActivateBody = z.object({
  code: z.string().trim().regex(/^\d{5}$/, 'Exactly 5 digits'),
  platform: z.string().trim().min(1).max(32),
  appVersion: z.string().trim().min(1).max(32),
});
export type DeviceActivateBody = z.infer<typeof DeviceActivateBody>;

export const DeviceActivateResult = z.object({ deviceToken: z.string(), deviceId: z.number().int(), roomId: z.number().int() });

/** `POST /device/heartbeat` body: what the display runs now. */
export const DeviceHeartbeatBody = z.object({
  platform: z.string().trim().min(1).max(32).optional(),
  appVersion: z.string().trim().min(1).max(32).optional(),
});

export const DeviceHeartbeatResult = z.object({ serverTime: Time });

/** `GET /device/net/check` result: the server is reachable and the display's token works (counts as a heartbeat). */
export const DeviceNetCheckResult = z.object({
  serverTime: Time,
  deviceId: z.number().int(),
  roomId: z.number().int(),
  /** Always 'activated': any other state's token answers 401. */
  status: z.literal('activated'),
});
export type DeviceNetCheckResult = z.infer<typeof DeviceNetCheckResult>;

/** `GET /device/config` result: what the booking screen shows and how it behaves. */
export const DeviceConfig = z.object({
  device: z.object({ id: z.number().int(), name: z.string() }),
  room: z.object({ id: z.number().int(), name: z.string(), path: z.array(z.string()), timeZone: z.string().nullable() }),
  settings: ScreenSettingFields.extend({ hasExitPassword: z.boolean() }),
  lightCycles: z.array(LightCycle),
});
export type DeviceConfig = z.infer<typeof DeviceConfig>;

/** `POST /device/verifyExitPassword` body. */
export const VerifyExitPasswordBody = z.object({ password: ExitPassword });

/** The day numbers of a weekday string, sorted. */
export function parseWeekdays(weekday: string): number[] {
  return weekday
    .split(',')
    .map((day) => Number(day))
    .sort((a, b) => a - b);
}

/** Minutes since midnight of an HH:mm cycle time (23:59 is the end of the day, 1440). */
export function cycleTimeToMinutes(time: string): number {
  if (time === LIGHT_CYCLE.endOfDay) return 24 * 60;
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}
