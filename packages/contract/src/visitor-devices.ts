import { z } from 'zod';
import { DeviceActivateBody, DOOR_DISPLAY_LIMITS } from './door-display.js';
import { AnswerVisitBody, SignVisitNdaBody, VisitApprovalState, VisitCompletion, VisitLocation, VisitRequirements } from './visitor.js';

/**
 * Reception devices and the visitor kiosk (issue 20; spec 001 sections 3 and 9; decision 0018,
 * "Reception devices and the kiosk"): the pads visitors check in at, the badge printers and the door
 * controllers of each place (/guider-location), each place's sign-in window, and the kiosk's calls.
 */

const id = z.coerce.number().int().positive();
const Time = z.number().int().describe('UTC epoch milliseconds');

/** A visitor pad (the kiosk), a badge printer, a door controller. */
export const VISITOR_DEVICE_KINDS = ['pad', 'printer', 'door'] as const;
export const VisitorDeviceKind = z.enum(VISITOR_DEVICE_KINDS);
export type VisitorDeviceKind = z.infer<typeof VisitorDeviceKind>;

/** The label stocks a badge prints on: Brother QL 62x100 mm, Dymo 54x25 mm, A6. */
export const BADGE_STOCKS = ['ql62x100', 'dymo54x25', 'a6'] as const;
export const BadgeStockName = z.enum(BADGE_STOCKS);
export type BadgeStockName = z.infer<typeof BadgeStockName>;

/** A printer's calibration: everything it prints moves by at most this many millimetres either way. */
export const BADGE_OFFSET_MAX_MM = 10;
const OffsetMm = z
  .number()
  .min(-BADGE_OFFSET_MAX_MM, `At least -${BADGE_OFFSET_MAX_MM} mm`)
  .max(BADGE_OFFSET_MAX_MM, `At most ${BADGE_OFFSET_MAX_MM} mm`)
  .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, 'At most one decimal');

/** A pad reporting on its network: wired, wireless or mobile (spec 001 section 3: the network mode). */
export const PAD_NETWORKS = ['ethernet', 'wifi', 'cellular'] as const;

/** How a pad is doing: waiting for its code to be typed, online (a heartbeat within 2 minutes) or offline. */
export const PAD_STATUSES = ['inactive', 'online', 'offline'] as const;
export type PadStatus = (typeof PAD_STATUSES)[number];

export const VISITOR_DEVICE_NAME_MAX = DOOR_DISPLAY_LIMITS.nameMax;
const DeviceName = z.string().trim().min(1, 'Required').max(VISITOR_DEVICE_NAME_MAX);
const Serial = z.string().trim().max(64);

/** A reception device as the console lists it. */
export const VisitorDevice = z.object({
  id: z.number().int(),
  kind: VisitorDeviceKind,
  name: z.string(),
  serial: z.string().nullable(),
  location: VisitLocation,
  /** Pads only (null for printers and door controllers, which the console does not hear from). */
  status: z.enum(PAD_STATUSES).nullable(),
  /** A pad's 5-digit code while it waits to be activated; null once activated. */
  activationCode: z.string().nullable(),
  activatedAt: Time.nullable(),
  lastSeenAt: Time.nullable(),
  platform: z.string().nullable(),
  appVersion: z.string().nullable(),
  battery: z.number().int().nullable(),
  network: z.string().nullable(),
  ip: z.string().nullable(),
  mac: z.string().nullable(),
  /** A pad's badge printer. */
  printerId: z.number().int().nullable(),
  /** A printer's stock and calibration offset. */
  stock: BadgeStockName.nullable(),
  offsetXMm: z.number(),
  offsetYMm: z.number(),
  /** A door controller's MQTT topic for grants (revocations: `.../revoke`). */
  topic: z.string().nullable(),
});
export type VisitorDevice = z.infer<typeof VisitorDevice>;
export const VisitorDevices = z.array(VisitorDevice);

/** `GET /visitor/device/list`. */
export const VisitorDeviceQuery = z.object({ locationId: id.optional(), kind: VisitorDeviceKind.optional() });
export type VisitorDeviceQuery = z.infer<typeof VisitorDeviceQuery>;

const DeviceFields = {
  name: DeviceName,
  locationId: id,
  serial: Serial.optional(),
  printerId: id.nullable().optional().describe("Pads: the printer their badges go to (one of the place's printers)"),
  stock: BadgeStockName.optional().describe('Printers: the label stock (Brother QL 62x100 by default)'),
  offsetXMm: OffsetMm.optional().describe('Printers: moves the print right (negative: left), in mm'),
  offsetYMm: OffsetMm.optional().describe('Printers: moves the print down (negative: up), in mm'),
};

/** `POST /visitor/device/add`: a pad answers with its activation code. */
export const AddVisitorDeviceBody = z.object({ kind: VisitorDeviceKind, ...DeviceFields });
export type AddVisitorDeviceBody = z.infer<typeof AddVisitorDeviceBody>;

/** `POST /visitor/device/update`: what is given changes; `regenerateCode` gives a pad a new code and signs it out. */
export const UpdateVisitorDeviceBody = z.object({
  id,
  name: DeviceFields.name.optional(),
  locationId: DeviceFields.locationId.optional(),
  serial: DeviceFields.serial,
  printerId: DeviceFields.printerId,
  stock: DeviceFields.stock,
  offsetXMm: DeviceFields.offsetXMm,
  offsetYMm: DeviceFields.offsetYMm,
  regenerateCode: z.boolean().optional(),
});
export type UpdateVisitorDeviceBody = z.infer<typeof UpdateVisitorDeviceBody>;

/** `POST /visitor/device/delete`: a deleted pad's token stops working at once. */
export const DeleteVisitorDevicesBody = z.object({ ids: z.array(id).min(1).max(100) });

// ---- A place's reception rules ----

/** Hours before their visit time a visitor may check in (spec 001 section 9: the visitor sign-in window in hours). */
export const VISITOR_SIGN_IN_HOURS = { min: 0, max: 24, default: 2 } as const;

/** `GET /visitor/place`: a place's sign-in window; a floor without its own takes its building's, then the default. */
export const VisitorPlaceQuery = z.object({ locationId: id });
export const VisitorPlace = z.object({
  locationId: z.number().int(),
  signInHours: z.number().int(),
  /** Where the value comes from: this place, its building, or the product's default. */
  source: z.enum(['place', 'building', 'default']),
});
export type VisitorPlace = z.infer<typeof VisitorPlace>;

/** `POST /visitor/place`. */
export const SetVisitorPlaceBody = z.object({
  locationId: id,
  signInHours: z
    .number()
    .int('Whole hours')
    .min(VISITOR_SIGN_IN_HOURS.min, `At least ${VISITOR_SIGN_IN_HOURS.min}`)
    .max(VISITOR_SIGN_IN_HOURS.max, `At most ${VISITOR_SIGN_IN_HOURS.max}`),
});
export type SetVisitorPlaceBody = z.infer<typeof SetVisitorPlaceBody>;

// ---- The kiosk's theme (the visitor settings' Theme Settings) ----

export const KIOSK_WELCOME_MAX = 80;
const Welcome = z.string().trim().max(KIOSK_WELCOME_MAX).nullable();

/** `GET`/`POST /visitor/kiosk-theme`: empty welcome lines show the product's own; no colour: the console's. */
export const KioskTheme = z.object({
  welcomeEn: Welcome,
  welcomeZh: Welcome,
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'A colour like #1677ff')
    .nullable(),
});
export type KioskTheme = z.infer<typeof KioskTheme>;

// ---- The kiosk's calls (device token of an activated pad) ----

/** `POST /device/visitor/activate`: the door displays' activation body. */
export const KioskActivateBody = DeviceActivateBody;
export const KioskActivateResult = z.object({ deviceToken: z.string(), deviceId: z.number().int(), locationId: z.number().int() });

/** `POST /device/visitor/heartbeat`: what the pad reports (spec 001 section 3). */
export const KioskHeartbeatBody = z.object({
  platform: z.string().trim().min(1).max(32).optional(),
  appVersion: z.string().trim().min(1).max(32).optional(),
  battery: z.number().int().min(0).max(100).optional(),
  network: z.enum(PAD_NETWORKS).optional(),
  ip: z.union([z.ipv4(), z.ipv6()]).optional().describe('The address on its own network; the server records the one it sees otherwise'),
  mac: z
    .string()
    .regex(/^[0-9a-fA-F]{2}([:-][0-9a-fA-F]{2}){5}$/, 'Like 00:1a:2b:3c:4d:5e')
    .optional(),
});
export type KioskHeartbeatBody = z.infer<typeof KioskHeartbeatBody>;
export const KioskHeartbeatResult = z.object({ serverTime: Time });

/** `GET /device/visitor/config`: what the kiosk shows. */
export const KioskConfig = z.object({
  device: z.object({ id: z.number().int(), name: z.string() }),
  companyName: z.string(),
  location: VisitLocation,
  theme: KioskTheme,
  signInHours: z.number().int(),
  /** The company's visit reasons, for a walk-in to choose from when registering. */
  reasons: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Whether the kiosk's place receives walk-ins (its rule for every reason): the kiosk offers to register only then. */
  walkIns: z.boolean(),
  /** Where its badges print, or null: the kiosk offers no badge. */
  printer: z.object({ id: z.number().int(), name: z.string(), stock: BadgeStockName, offsetXMm: z.number(), offsetYMm: z.number() }).nullable(),
  serverTime: Time,
});
export type KioskConfig = z.infer<typeof KioskConfig>;

/** `POST /device/visitor/check-in`: what the pad's scanner read from the visitor's pass (the link or its token). */
export const KioskCheckInBody = z.object({ code: z.string().trim().min(1, 'Required').max(2000) });
export type KioskCheckInBody = z.infer<typeof KioskCheckInBody>;

/** The visitor welcomed: their first name's worth for the screen, their host, and whether a badge prints. */
export const KioskCheckInResult = z.object({
  visitId: z.number().int(),
  visitorName: z.string(),
  hostName: z.string().nullable(),
  companions: z.number().int(),
  badge: z.boolean(),
});
export type KioskCheckInResult = z.infer<typeof KioskCheckInResult>;

/**
 * `GET /device/visitor/steps?code=`: what a visitor whose check-in was refused for steps still to do
 * (`visitStepsMissing`) does at the kiosk (decision 0018, "What a visitor does before check-in"): the
 * kiosk then posts their signature, photo and answers with the same code, and checks them in again.
 */
export const KioskStepsQuery = KioskCheckInBody;
export const KioskSteps = z.object({
  visitorName: z.string(),
  requirements: VisitRequirements,
  completion: VisitCompletion,
});
export type KioskSteps = z.infer<typeof KioskSteps>;
/** `POST /device/visitor/nda`: the visitor signs at the kiosk. */
export const KioskSignNdaBody = KioskCheckInBody.merge(SignVisitNdaBody);
export type KioskSignNdaBody = z.infer<typeof KioskSignNdaBody>;
/** `POST /device/visitor/answers`: the visitor answers at the kiosk. */
export const KioskAnswerBody = KioskCheckInBody.merge(AnswerVisitBody);
export type KioskAnswerBody = z.infer<typeof KioskAnswerBody>;

/** `GET /device/visitor/badge`: the badge of a visitor the kiosk just checked in. */
export const KioskBadgeQuery = z.object({ visitId: id });

/**
 * `GET /device/visitor/application`: a walk-in's application made at this kiosk, while the visitor
 * waits: its state, the rejection's reason, and once approved the visit's pass code, which the kiosk
 * checks in with (`POST /device/visitor/check-in`) as if its scanner had read it.
 */
export const KioskApplicationQuery = z.object({ id });
export const KioskApplication = z.object({
  state: VisitApprovalState,
  reason: z.string().nullable(),
  hostName: z.string().nullable(),
  code: z.string().nullable(),
});
export type KioskApplication = z.infer<typeof KioskApplication>;

// ---- Receptionists per place (decision 0018, "Receptionists per place") ----

/** Colleagues who receive visitors at a place: with the reception area, they read that place's visits (its floors' too for a building). */
export const PlaceReceptionist = z.object({ id: z.number().int(), fullName: z.string() });
export type PlaceReceptionist = z.infer<typeof PlaceReceptionist>;
export const PlaceReceptionists = z.array(PlaceReceptionist);
/** At most this many receptionists per place. */
export const PLACE_RECEPTIONISTS_MAX = 50;
/** `POST /visitor/place/receptionists`: the place's receptionists, all of them (the list replaces the one kept). */
export const SetPlaceReceptionistsBody = z.object({
  locationId: id,
  userIds: z
    .array(id)
    .max(PLACE_RECEPTIONISTS_MAX, `At most ${PLACE_RECEPTIONISTS_MAX} receptionists`)
    .transform((ids) => [...new Set(ids)]),
});
export type SetPlaceReceptionistsBody = z.input<typeof SetPlaceReceptionistsBody>;
