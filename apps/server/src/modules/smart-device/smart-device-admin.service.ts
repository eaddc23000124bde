import {
  deployerProblem,
  homieIdOf,
  ReturnCode,
  SMART_DEVICE_LIMITS,
  type SmartDeviceActivationCode,
  type SmartDeviceDetail,
  type SmartDeviceInputParsed,
  type SmartDeviceListQuery,
  type SmartDeviceOptions,
  type SmartDevicePage,
  type SmartDeviceRestartResult,
  type SmartDeviceRow,
} from '@atrium/contract';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, notFound, refused } from '../../platform/errors.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { DynsecError } from '../../platform/mqtt-dynsec.js';
import type { SmartDeviceBroker } from './smart-device-broker.js';
import type { SmartDeviceGateway } from './smart-device-gateway.js';
import { presentSmartDeviceDetail, presentSmartDevices } from './smart-device.presenter.js';
import type { SmartDeviceRecord, SmartDeviceRepository } from './smart-device.repository.js';
import { brokerUnavailable, type SmartDeviceService } from './smart-device.service.js';

export interface SmartDeviceAdminDeps {
  devices: SmartDeviceRepository;
  /** Activation codes and commands (the gateway's service). */
  smartDevices: Pick<SmartDeviceService, 'issueActivationCode' | 'sendCommand'>;
  /** The MQTT gateway, told which devices changed so its cache reads them again; null without MQTT_URL. */
  gateway: Pick<SmartDeviceGateway, 'forget'> | null;
  settings: Pick<SettingsService, 'requireSafetyPassword'>;
  /** The broker's device accounts (MQTT_BROKER_AUTH=dynsec); null: the broker checks nobody. */
  broker: Pick<SmartDeviceBroker, 'removeDevice'> | null;
  operationLog: OperationLog;
  clock: Clock;
}

/** The restart command of docs/devices-mqtt.md: `system/restart` set to `true`. */
const RESTART = { node: 'system', property: 'restart', value: 'true' } as const;

/** Colleagues offered as deployers per search. */
const OPTION_USERS = 20;

/** Whether a device matches the page's search: part of its name, serial number, IP address or Homie id. */
function matches(row: SmartDeviceRow, search: string): boolean {
  const needle = search.toLowerCase();
  return [row.name, row.serialNumber, row.ipAddress, row.homieId].some((value) => value?.toLowerCase().includes(needle));
}

/**
 * The devices page (/smart-equipment, issue 22): the company's smart devices listed with their derived
 * status, created, edited, deleted, given activation codes and restarted behind the safety password.
 */
export function createSmartDeviceAdminService({ devices, smartDevices, gateway, settings, broker, operationLog, clock }: SmartDeviceAdminDeps) {
  async function getRecord(companyId: number, id: number): Promise<SmartDeviceRecord> {
    const device = await devices.findCompanyDevice(companyId, id);
    if (!device) throw notFound('smartDeviceNotFound');
    return device;
  }

  /** The row of one device, its status judged among its company's devices (a central host's room). */
  async function rowOf(companyId: number, id: number): Promise<SmartDeviceRow> {
    const row = presentSmartDevices(await devices.listCompanyDevices(companyId), clock.now()).find((candidate) => candidate.id === id);
    if (!row) throw notFound('smartDeviceNotFound');
    return row;
  }

  /** Refuses the same deployer twice (400), another company's room (404) or users (404). */
  async function checkInput(companyId: number, body: SmartDeviceInputParsed): Promise<void> {
    const problem = deployerProblem(body.deployerIds);
    // The refusal names its field, so the form shows it there; a 404 says nothing more than an unknown record's.
    if (problem) throw new AppError(ReturnCode.BAD_REQUEST, problem, { field: 'deployerIds' });
    if (body.roomId !== null && (await devices.findCompanyRoomIds(companyId, [body.roomId])).length === 0) throw notFound('smartDeviceRoomNotFound');
    if ((await devices.findCompanyUserIds(companyId, body.deployerIds)).length !== body.deployerIds.length) throw notFound('smartDeviceDeployerNotFound');
  }

  /** A Homie id made from the name that no device of the company holds: `kew-lights`, `kew-lights-2`, … */
  async function freeHomieId(companyId: number, name: string): Promise<string> {
    const base = homieIdOf(name);
    const taken = new Set((await devices.listCompanyDevices(companyId)).map((device) => device.homieId));
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!taken.has(candidate)) return candidate;
    }
  }

  /**
   * Deletes an activated device's broker account before the device (or its Homie id) goes: a broker that
   * refuses or does not answer stops the change (503), so no account outlives what it was made for.
   */
  async function removeBrokerAccount(companyId: number, device: SmartDeviceRecord): Promise<void> {
    if (!broker || device.activatedAt === null) return;
    try {
      await broker.removeDevice(companyId, device.homieId);
    } catch (error) {
      if (error instanceof DynsecError) throw brokerUnavailable();
      throw error;
    }
  }

  const homieIdTaken = (homieId: string) => new AppError(ReturnCode.CONFLICT, 'smartDeviceHomieIdTaken', { homieId }, { field: 'homieId' });

  /** One device with its latest values, deployers and last commands. */
  async function get(companyId: number, id: number): Promise<SmartDeviceDetail> {
    const device = await getRecord(companyId, id);
    const [row, deployers, commands] = await Promise.all([rowOf(companyId, id), devices.listDeployers(id), devices.listRecentCommands(companyId, id, SMART_DEVICE_LIMITS.recentCommands)]);
    return presentSmartDeviceDetail(row, device, deployers, commands);
  }

  return {
    /** A page of the company's devices, filtered by search, kind, status and room, by name. */
    async list(companyId: number, query: SmartDeviceListQuery & { page: number; pageSize: number }): Promise<SmartDevicePage> {
      const rows = presentSmartDevices(await devices.listCompanyDevices(companyId), clock.now()).filter(
        (row) =>
          (!query.search || matches(row, query.search)) &&
          (!query.kind || row.kind === query.kind) &&
          (!query.status || row.status === query.status) &&
          (query.roomId === undefined || row.roomId === query.roomId),
      );
      const start = (query.page - 1) * query.pageSize;
      return { list: rows.slice(start, start + query.pageSize), total: rows.length, page: query.page, pageSize: query.pageSize };
    },

    get,

    /** The form's choices: the company's rooms, and up to 20 active colleagues matching the keyword. */
    async options(companyId: number, keyword: string | undefined): Promise<SmartDeviceOptions> {
      const [rooms, users] = await Promise.all([devices.listCompanyRooms(companyId), devices.searchCompanyUsers(companyId, keyword, OPTION_USERS)]);
      return { rooms, users };
    },

    /** Registers a device; its Homie id is made from its name when none is given. */
    async create(actor: Actor, body: SmartDeviceInputParsed): Promise<SmartDeviceDetail> {
      const id = await operationLog.track(
        actor,
        (created?: number) => ({ action: 'smartDevice.create', targetType: 'smartDevice', targetId: created ?? null, targetName: body.name, detail: { homieId: body.homieId ?? null, roomId: body.roomId } }),
        async () => {
          await checkInput(actor.companyId, body);
          const homieId = body.homieId ?? (await freeHomieId(actor.companyId, body.name));
          try {
            return await devices.createSmartDevice({ companyId: actor.companyId, ...body, homieId, locationId: body.roomId, now: clock.now() });
          } catch (error) {
            if (isUniqueViolation(error)) throw homieIdTaken(homieId);
            throw error;
          }
        },
      );
      gateway?.forget(actor.companyId, [(await getRecord(actor.companyId, id)).homieId]);
      return get(actor.companyId, id);
    },

    /** Changes a device and replaces its deployers; the gateway reads it again (a new Homie id, a new room). */
    async update(actor: Actor, id: number, body: SmartDeviceInputParsed): Promise<SmartDeviceDetail> {
      const before = await devices.findCompanyDevice(actor.companyId, id);
      await operationLog.track(
        actor,
        {
          action: 'smartDevice.update',
          targetType: 'smartDevice',
          targetId: id,
          targetName: body.name,
          detail: { previousName: before?.name ?? null, homieId: body.homieId ?? before?.homieId ?? null, fromRoomId: before?.roomId ?? null, toRoomId: body.roomId },
        },
        async () => {
          const device = await getRecord(actor.companyId, id);
          await checkInput(actor.companyId, body);
          const homieId = body.homieId ?? device.homieId;
          if (homieId !== device.homieId) {
            // The broker account is named by the Homie id: a new id needs a new activation to get on the broker.
            // A taken id is refused before the account goes (the unique index below stays the last word).
            if (await devices.findByHomieId(actor.companyId, homieId)) throw homieIdTaken(homieId);
            await removeBrokerAccount(actor.companyId, device);
          }
          try {
            await devices.updateSmartDevice(actor.companyId, id, { ...body, homieId }, body.deployerIds, clock.now());
          } catch (error) {
            if (isUniqueViolation(error)) throw homieIdTaken(homieId);
            throw error;
          }
          gateway?.forget(actor.companyId, [device.homieId, homieId]);
        },
      );
      return get(actor.companyId, id);
    },

    /** Deletes a device with its readings and commands; its secret stops working (its broker account goes first). */
    async remove(actor: Actor, id: number): Promise<void> {
      const before = await devices.findCompanyDevice(actor.companyId, id);
      await operationLog.track(
        actor,
        { action: 'smartDevice.delete', targetType: 'smartDevice', targetId: id, targetName: before?.name ?? null, detail: { homieId: before?.homieId ?? null } },
        async () => {
          const device = await getRecord(actor.companyId, id);
          await removeBrokerAccount(actor.companyId, device);
          await devices.deleteSmartDevice(actor.companyId, id);
          gateway?.forget(actor.companyId, [device.homieId]);
        },
      );
    },

    /** A new 5-digit activation code, answered this once with its expiry. */
    async issueActivationCode(actor: Actor, id: number): Promise<SmartDeviceActivationCode> {
      const before = await devices.findCompanyDevice(actor.companyId, id);
      return operationLog.track(actor, { action: 'smartDevice.issueActivationCode', targetType: 'smartDevice', targetId: id, targetName: before?.name ?? null }, async () => {
        await getRecord(actor.companyId, id);
        return smartDevices.issueActivationCode(actor.companyId, id);
      });
    },

    /**
     * Restarts a device (`system/restart` = `true`) behind the company's safety password; answers once
     * the device acknowledged, refused or did not answer in time. Without a broker nothing can be sent.
     */
    async restart(actor: Actor, id: number, safetyPassword: string): Promise<SmartDeviceRestartResult> {
      const before = await devices.findCompanyDevice(actor.companyId, id);
      return operationLog.track(actor, { action: 'smartDevice.restart', targetType: 'smartDevice', targetId: id, targetName: before?.name ?? null }, async () => {
        await getRecord(actor.companyId, id);
        if (!gateway) throw refused('smartDeviceNoBroker');
        try {
          await settings.requireSafetyPassword(actor, safetyPassword);
        } catch (error) {
          // The spec's own words for this action: "restart failed because of wrong safety password".
          if (error instanceof AppError && error.messageKey === 'safetyPasswordWrong') {
            throw new AppError(error.returncode, 'smartDeviceRestartWrongSafetyPassword', {}, null, { statusCode: error.statusCode });
          }
          throw error;
        }
        const sent = await smartDevices.sendCommand({ companyId: actor.companyId, deviceId: id, ...RESTART, issuedBy: actor.userId });
        if (!sent) throw notFound('smartDeviceNotFound');
        return { commandId: sent.id, result: await sent.result };
      });
    },
  };
}

export type SmartDeviceAdminService = ReturnType<typeof createSmartDeviceAdminService>;
