import { z } from 'zod';

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
  /** How long an issued activation code works. */
  activationCodeMinutes: 60,
  /** How far ahead of the server's clock a reading's time may be (clock skew). */
  futureToleranceMs: 60_000,
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
