import { z } from 'zod';
import type { MessageOf } from './messages.js';
import { PageQuery, pageOf } from './paging.js';

/** The kinds of smart device (the `type` of a Homie description; docs/devices-mqtt.md). */
export const SMART_DEVICE_KINDS = [
  'sensor',
  'light',
  'air_conditioner',
  'curtain',
  'projector',
  'power_unit',
  'central_host',
  'air_monitor',
  'audio',
  'matrix_screen',
  'access_control',
] as const;
export const SmartDeviceKind = z.enum(SMART_DEVICE_KINDS);
export type SmartDeviceKind = z.infer<typeof SmartDeviceKind>;

/** Homie 5 `$state` values. */
export const HOMIE_STATES = ['init', 'ready', 'disconnected', 'sleeping', 'lost', 'alert'] as const;
export const HomieState = z.enum(HOMIE_STATES);
export type HomieState = z.infer<typeof HomieState>;

/** A device's Homie id: unique within a company, one MQTT topic level. */
export const HomieId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'Lower-case letters, digits and -, up to 64');

/** Homie node and property ids (the topic levels under the device). */
const HomieName = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'Lower-case letters, digits and -, up to 64');

/** Limits of the smart-device gateway and its HTTP device API. */
export const SMART_DEVICE_LIMITS = {
  /** Readings in one `POST /device/smart/readings`. */
  readingsPerRequest: 1_000,
  /** Records in one SenML pack on `<root>/senml/<homieId>` (bounds the gateway's memory per message). */
  senmlRecordsPerPack: 1_000,
  /** Bytes of one SenML pack, checked before it is parsed. */
  senmlPackBytes: 256 * 1024,
  /** How long an issued activation code works. */
  activationCodeMinutes: 60,
  /** How far ahead of the server's clock a reading's time may be (clock skew). */
  futureToleranceMs: 60_000,
  /**
   * The heartbeat window: a device heard from longer ago than this is offline whatever it last said
   * (docs/devices-mqtt.md asks devices to say something at least every 5 minutes).
   */
  heartbeatWindowMs: 10 * 60_000,
  /** A device's name, brand, model and serial number. */
  nameMax: 64,
  textMax: 64,
  /** Deployers of one device. */
  deployersMax: 20,
  /** Commands shown in a device's detail, newest first. */
  recentCommands: 10,
} as const;

/** `POST /device/smart/activate` body: the 5-digit code the console showed. */
export const SmartDeviceActivateBody = z.object({
  code: z.string().trim().regex(/^\d{5}$/, 'Exactly 5 digits'),
});
export type SmartDeviceActivateBody = z.infer<typeof SmartDeviceActivateBody>;

/** The device's secret, answered once: the HTTP device token and the MQTT password are the same secret. */
export const SmartDeviceActivateResult = z.object({
  deviceToken: z.string(),
  mqtt: z.object({
    username: z.string().describe('`<companyId>.<homieId>`'),
    password: z.string(),
    topicRoot: z.string().describe('The company root: `<prefix>/<companyId>`; the device publishes under `<topicRoot>/homie/5/<homieId>/`'),
  }),
});
export type SmartDeviceActivateResult = z.infer<typeof SmartDeviceActivateResult>;

/** One property value sent over HTTP: what the device would publish on `<node>/<property>`. */
export const SmartDeviceReading = z.object({
  node: HomieName,
  property: HomieName,
  value: z.union([z.string().max(1_000), z.number().finite(), z.boolean()]),
  at: z.number().int().nonnegative().optional().describe('UTC epoch milliseconds; the time of receipt when absent'),
});
export type SmartDeviceReading = z.infer<typeof SmartDeviceReading>;

/** `POST /device/smart/readings` body. */
export const SmartDeviceReadingsBody = z.object({
  readings: z.array(SmartDeviceReading).min(1).max(SMART_DEVICE_LIMITS.readingsPerRequest),
});
export type SmartDeviceReadingsBody = z.infer<typeof SmartDeviceReadingsBody>;

/** `POST /device/smart/state` body: the Homie `$state`, and the `$description` when it changed. */
export const SmartDeviceStateBody = z.object({
  state: HomieState,
  description: z.record(z.string(), z.unknown()).optional(),
});
export type SmartDeviceStateBody = z.infer<typeof SmartDeviceStateBody>;

/** What the HTTP device API answers after recording: how many readings were stored. */
export const SmartDeviceRecordResult = z.object({ recorded: z.number().int() });

/** What the devices page shows of a device's connection (decision 0020, "Devices page"). */
export const SMART_DEVICE_STATUSES = ['online', 'offline', 'partially_online', 'inactive'] as const;
export const SmartDeviceStatus = z.enum(SMART_DEVICE_STATUSES);
export type SmartDeviceStatus = z.infer<typeof SmartDeviceStatus>;

/** Whether a device is bound to a room or location (in use) or waits to be bound. */
export const SMART_DEVICE_USE_STATUSES = ['waiting_to_bind', 'in_use'] as const;
export const SmartDeviceUseStatus = z.enum(SMART_DEVICE_USE_STATUSES);
export type SmartDeviceUseStatus = z.infer<typeof SmartDeviceUseStatus>;

/** What the status is derived from (a row of smart_devices). */
export interface SmartDeviceStatusInput {
  state: HomieState | null;
  activatedAt: number | null;
  lastSeenAt: number | null;
  kind: SmartDeviceKind;
}

/**
 * A device's status (decision 0020, "Devices page"): inactive when never activated and never heard
 * from; offline when nothing was heard within the heartbeat window or it said `disconnected` or
 * `lost` (or never said anything since activation); partially online on `init` or `alert`, and a
 * central host also while another device of its room is offline; otherwise (`ready`, `sleeping`
 * within the window) online.
 */
export function smartDeviceStatus(device: SmartDeviceStatusInput, now: number, hasOfflinePeer = false): SmartDeviceStatus {
  if (device.activatedAt === null && device.lastSeenAt === null) return 'inactive';
  if (device.lastSeenAt === null || now - device.lastSeenAt > SMART_DEVICE_LIMITS.heartbeatWindowMs) return 'offline';
  if (device.state === null || device.state === 'disconnected' || device.state === 'lost') return 'offline';
  if (device.state === 'init' || device.state === 'alert') return 'partially_online';
  if (device.kind === 'central_host' && hasOfflinePeer) return 'partially_online';
  return 'online';
}

/** A MAC address in its usual form, `AA:BB:CC:DD:EE:FF`, from any of the common spellings; null when it is not one. */
export function normaliseMacAddress(text: string): string | null {
  const hex = text.trim().replace(/[-:.\s]/g, '');
  if (!/^[0-9a-fA-F]{12}$/.test(hex)) return null;
  return hex.toUpperCase().match(/../g)!.join(':');
}

/** The rule "the same deployer cannot be added twice": the problem, or null when each is there once. */
export function deployerProblem(deployerIds: readonly number[]): MessageOf<'smartDeviceDeployerTwice'> | null {
  return new Set(deployerIds).size === deployerIds.length ? null : { key: 'smartDeviceDeployerTwice' };
}

/** A Homie id made from a device's name (`Kew lights` gives `kew-lights`); `device` when nothing is left. */
export function homieIdOf(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 56)
    .replace(/-+$/, '');
  return base || 'device';
}

const DeviceId = z.number().int().positive();
const OptionalText = z.string().trim().max(SMART_DEVICE_LIMITS.textMax).nullish().transform((value) => value || null);

/** The IP address a device is reached at: IPv4 or IPv6, required. */
export const SmartDeviceIpAddress = z
  .string({ error: 'The IP address is required' })
  .trim()
  .min(1, 'The IP address is required')
  .pipe(z.union([z.ipv4(), z.ipv6()], { error: 'An IPv4 or IPv6 address' }));

/** A MAC address, stored as `AA:BB:CC:DD:EE:FF`; `aa-bb-cc-dd-ee-ff` and `aabb.ccdd.eeff` are read too. */
export const SmartDeviceMacAddress = z
  .string()
  .trim()
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    const mac = normaliseMacAddress(value);
    if (!mac) ctx.addIssue({ code: 'custom', message: 'A MAC address of six hexadecimal pairs, such as AA:BB:CC:DD:EE:FF' });
    return mac;
  });

/**
 * `POST /smart/devices` and `PUT /smart/devices/:id` body. The same deployer twice is refused by the
 * service with its catalogued message (`deployerProblem`), so the answer is in the caller's language.
 */
export const SmartDeviceInput = z.object({
  name: z.string({ error: 'The device name is required' }).trim().min(1, 'The device name is required').max(SMART_DEVICE_LIMITS.nameMax),
  brand: OptionalText,
  model: OptionalText,
  kind: SmartDeviceKind,
  serialNumber: OptionalText,
  ipAddress: SmartDeviceIpAddress,
  macAddress: SmartDeviceMacAddress,
  homieId: HomieId.optional().describe('Unique in the company; made from the name when absent on create, kept when absent on update'),
  roomId: DeviceId.nullish().transform((value) => value ?? null).describe('The room it stands in; null: waiting to bind'),
  deployerIds: z.array(DeviceId).max(SMART_DEVICE_LIMITS.deployersMax).default([]).describe('Users of the company who deploy it, each once'),
});
export type SmartDeviceInput = z.input<typeof SmartDeviceInput>;
export type SmartDeviceInputParsed = z.output<typeof SmartDeviceInput>;

/** `GET /smart/devices` query. */
export const SmartDeviceListQuery = PageQuery.extend({
  search: z.string().trim().max(100).optional().describe('Part of the name, serial number, IP address or Homie id'),
  kind: SmartDeviceKind.optional(),
  status: SmartDeviceStatus.optional(),
  roomId: z.coerce.number().int().positive().optional(),
});
export type SmartDeviceListQuery = z.input<typeof SmartDeviceListQuery>;

/** `:id` of the device routes. */
export const SmartDeviceIdParams = z.object({ id: z.coerce.number().int().positive() });

/** One device as the devices page lists it. */
export const SmartDeviceRow = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  kind: SmartDeviceKind,
  serialNumber: z.string().nullable(),
  ipAddress: z.string().nullable(),
  macAddress: z.string().nullable(),
  homieId: z.string(),
  roomId: z.number().int().nullable(),
  roomName: z.string().nullable(),
  locationId: z.number().int().nullable(),
  state: HomieState.nullable().describe('The Homie $state last heard; null: never heard from'),
  status: SmartDeviceStatus,
  useStatus: SmartDeviceUseStatus,
  isActivated: z.boolean(),
  lastSeenAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type SmartDeviceRow = z.infer<typeof SmartDeviceRow>;

export const SmartDevicePage = pageOf(SmartDeviceRow);
export type SmartDevicePage = z.infer<typeof SmartDevicePage>;

export const SMART_DEVICE_COMMAND_RESULTS = ['pending', 'acked', 'failed', 'timeout'] as const;
export const SmartDeviceCommandResult = z.enum(SMART_DEVICE_COMMAND_RESULTS);
export type SmartDeviceCommandResult = z.infer<typeof SmartDeviceCommandResult>;

/** A command sent to a device and its answer. */
export const SmartDeviceCommand = z.object({
  id: z.string(),
  node: z.string(),
  property: z.string(),
  value: z.string(),
  issuedAt: z.number().int(),
  answeredAt: z.number().int().nullable(),
  result: SmartDeviceCommandResult,
  error: z.string().nullable(),
});
export type SmartDeviceCommand = z.infer<typeof SmartDeviceCommand>;

/** `GET /smart/devices/:id`: the row, its latest property values, its deployers and its last commands. */
export const SmartDeviceDetail = SmartDeviceRow.extend({
  properties: z.record(z.string(), z.object({ value: z.string(), at: z.number() })).describe('Latest values keyed `<node>/<property>`'),
  deployers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  commands: z.array(SmartDeviceCommand).describe(`The last ${SMART_DEVICE_LIMITS.recentCommands}, newest first`),
});
export type SmartDeviceDetail = z.infer<typeof SmartDeviceDetail>;

/** `POST /smart/devices/:id/activation-code` answer: the code, shown once, and when it stops working. */
export const SmartDeviceActivationCode = z.object({ code: z.string(), expiresAt: z.number().int() });
export type SmartDeviceActivationCode = z.infer<typeof SmartDeviceActivationCode>;

/** `POST /smart/devices/:id/restart` body: the company's 6-digit safety password. */
export const SmartDeviceRestartBody = z.object({ safetyPassword: z.string().trim().regex(/^\d{6}$/, 'Exactly 6 digits') });
export type SmartDeviceRestartBody = z.infer<typeof SmartDeviceRestartBody>;

/** `POST /smart/devices/:id/restart` answer: the command sent and how the device answered. */
export const SmartDeviceRestartResult = z.object({ commandId: z.string(), result: SmartDeviceCommandResult });
export type SmartDeviceRestartResult = z.infer<typeof SmartDeviceRestartResult>;

/** `GET /smart/devices/options` query: who to offer as deployers. */
export const SmartDeviceOptionsQuery = z.object({
  keyword: z.string().trim().max(100).optional().describe("Part of a colleague's name, user name or e-mail"),
});
export type SmartDeviceOptionsQuery = z.infer<typeof SmartDeviceOptionsQuery>;

/** What the device form offers: the company's rooms (with their floor) and up to 20 matching colleagues. */
export const SmartDeviceOptions = z.object({
  rooms: z.array(z.object({ id: z.number().int(), name: z.string(), floorName: z.string().nullable() })),
  users: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() })),
});
export type SmartDeviceOptions = z.infer<typeof SmartDeviceOptions>;
