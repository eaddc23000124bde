import { ReturnCode, SMART_DEVICE_LIMITS, type SmartDeviceActivateBody, type SmartDeviceActivateResult, type SmartDeviceReadingsBody, type SmartDeviceStateBody } from '@atrium/contract';
import { createActivationCodes } from '../../platform/activation-codes.js';
import { MINUTE_MS, type Clock } from '../../platform/clock.js';
import { sha256Hex } from '../../platform/digest.js';
import { AppError, notFound } from '../../platform/errors.js';
import { DynsecError } from '../../platform/mqtt-dynsec.js';
import { hashSessionToken } from '../../platform/session-token.js';
import type { RegistrationRepository } from '../registration/registration.repository.js';
import type { SmartDeviceBroker } from './smart-device-broker.js';
import { MalformedValue, type DeviceEvent } from './smart-device-recorder.js';
import type { SendCommand, SmartDeviceGateway } from './smart-device-gateway.js';
import type { HomieDescription, SmartDeviceRef, SmartDeviceRepository } from './smart-device.repository.js';

export interface SmartDeviceServiceDeps {
  devices: SmartDeviceRepository;
  /** Records events through the batches (the gateway's, or a recorder of its own without a broker). */
  record: (device: SmartDeviceRef, events: DeviceEvent[]) => Promise<void>;
  /** The MQTT gateway; null without MQTT_URL (commands cannot be sent). */
  gateway: Pick<SmartDeviceGateway, 'sendCommand'> | null;
  /** Counts wrong activation codes per caller (the table of public-call counts). */
  publicCalls: Pick<RegistrationRepository, 'listMailRequestTimes' | 'recordMailRequest'>;
  clock: Clock;
  /** MQTT_TOPIC_PREFIX. */
  topicPrefix: string;
  /** The broker's device accounts (MQTT_BROKER_AUTH=dynsec); null: the broker checks nobody. */
  broker: Pick<SmartDeviceBroker, 'provisionDevice'> | null;
  log: { warn(object: unknown, message: string): void };
}

/** The broker did not take a device's account: nothing was handed out, the code still works (503, try again). */
export const brokerUnavailable = () => new AppError(ReturnCode.REFUSED, 'smartDeviceBrokerUnavailable', {}, null, { statusCode: 503 });

/**
 * Smart devices' activation and HTTP device API (decision 0020, "The device gateway"), and the calls
 * the devices page will make: issuing an activation code, sending a command.
 */
export function createSmartDeviceService({ devices, record, gateway, publicCalls, clock, topicPrefix, broker, log }: SmartDeviceServiceDeps) {
  const codes = createActivationCodes({ publicCalls, clock, kind: 'smart-device-activate' });

  return {
    /**
     * A new 5-digit activation code for the company's device, valid for an hour; only its hash is
     * kept, so it is shown once. A code issued before stops working; an activated device keeps its
     * secret until it trades the new code.
     */
    async issueActivationCode(companyId: number, deviceId: number): Promise<{ code: string; expiresAt: number }> {
      const code = await codes.newCode((candidate) => devices.isActivationCodeTaken(sha256Hex(candidate)));
      const now = clock.now();
      const expiresAt = now + SMART_DEVICE_LIMITS.activationCodeMinutes * MINUTE_MS;
      if (!(await devices.setActivationCode(companyId, deviceId, sha256Hex(code), expiresAt, now))) throw notFound();
      return { code, expiresAt };
    },

    /**
     * A device trades its code for its secret, answered this once (wrong codes are counted and throttled).
     * With broker accounts, the code is traded first (one trade wins), then the broker is given the account;
     * when it refuses or does not answer, the trade is undone (the code works again, the secret before it
     * too) and the answer is a 503: no secret is handed out that the broker does not know.
     */
    async activate(body: SmartDeviceActivateBody, callerIp: string): Promise<SmartDeviceActivateResult> {
      const { deviceToken, device } = await codes.trade(callerIp, (secretHash, now) => devices.activate(sha256Hex(body.code), secretHash, now));
      if (broker) {
        try {
          await broker.provisionDevice(device.companyId, device.homieId, deviceToken);
        } catch (error) {
          log.warn({ err: { message: (error as Error).message }, deviceId: device.id }, 'Smart device activation undone: the broker did not take its account');
          await devices.restoreActivation(device.id, hashSessionToken(deviceToken), device.replaced, clock.now()).catch((restoreError: Error) => {
            log.warn({ err: { message: restoreError.message }, deviceId: device.id }, 'Smart device activation not undone: a new code is needed');
          });
          if (error instanceof DynsecError) throw brokerUnavailable();
          throw error;
        }
      }
      return { deviceToken, mqtt: { username: `${device.companyId}.${device.homieId}`, password: deviceToken, topicRoot: `${topicPrefix}/${device.companyId}` } };
    },

    /** The activated device holding this secret, or null. */
    async authenticate(deviceToken: string): Promise<SmartDeviceRef | null> {
      return (await devices.findBySecretHash(hashSessionToken(deviceToken))) ?? null;
    },

    /** Property values sent over HTTP, recorded as if published; answers once they are committed. */
    async recordReadings(device: SmartDeviceRef, body: SmartDeviceReadingsBody): Promise<{ recorded: number }> {
      const now = clock.now();
      if (body.readings.some((reading) => reading.at !== undefined && reading.at > now + SMART_DEVICE_LIMITS.futureToleranceMs)) throw new AppError(ReturnCode.BAD_REQUEST, 'deviceReadingInFuture');
      const events: DeviceEvent[] = body.readings.map((reading) => ({ type: 'value', node: reading.node, property: reading.property, value: String(reading.value), at: reading.at ?? now }));
      try {
        await record(device, events);
      } catch (error) {
        if (error instanceof MalformedValue) throw new AppError(ReturnCode.BAD_REQUEST, 'importInvalidField', { field: 'value' });
        throw error;
      }
      return { recorded: events.length };
    },

    /** The device's Homie state (and description) sent over HTTP. */
    async recordState(device: SmartDeviceRef, body: SmartDeviceStateBody): Promise<null> {
      const at = clock.now();
      const events: DeviceEvent[] = [{ type: 'state', state: body.state, at }];
      if (body.description) events.push({ type: 'description', description: body.description as HomieDescription, at });
      await record(device, events);
      return null;
    },

    /** Sends a command through the gateway (the devices page's control panel); undefined when no such device. */
    async sendCommand(command: SendCommand) {
      if (!gateway) throw new Error('MQTT_URL is not set: commands cannot be sent');
      return gateway.sendCommand(command);
    },
  };
}

export type SmartDeviceService = ReturnType<typeof createSmartDeviceService>;
