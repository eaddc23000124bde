import {
  cycleTimeToMinutes,
  DEFAULT_SCREEN_SETTING,
  DOOR_DISPLAY_LIMITS,
  parseWeekdays,
  ReturnCode,
  type AddActivationCodeBody,
  type AddLightCycleBody,
  type AddScreenSettingBody,
  type BatchCancelDevicesBody,
  type DeviceActivateBody,
  type DeviceConfig,
  type DeviceNetCheckResult,
  type DeviceListBody,
  type DeviceStatus,
  type DisplayRoom,
  type DoorDisplay,
  type RoomDoorDisplayStatus,
  type LightCycle,
  type Page,
  type ScreenSetting,
  type ScreenSettingFields,
  type UpdateDeviceBody,
  type UpdateLightCycleBody,
  type UpdateScreenSettingBody,
} from '@atrium/contract';
import type { Transact } from '../../db/repositories.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, notFound, refused } from '../../platform/errors.js';
import type { PasswordHasher } from '../../platform/password.js';
import { hashSessionToken } from '../../platform/session-token.js';
import { createActivationCodes } from '../../platform/activation-codes.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { RegistrationRepository } from '../registration/registration.repository.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { DeviceRecord, DoorDisplayRepository, LocationNode, ScreenSettingRecord } from './door-display.repository.js';

export interface DoorDisplayServiceDeps {
  displays: DoorDisplayRepository;
  /** Counts wrong activation codes per caller (the table of public-call counts). */
  publicCalls: Pick<RegistrationRepository, 'listMailRequestTimes' | 'recordMailRequest'>;
  settings: Pick<SettingsService, 'getSafetyPasswordStatus' | 'requireSafetyPassword'>;
  hasher: PasswordHasher;
  clock: Clock;
  transact: Transact;
  operationLog: OperationLog;
}

export type DoorDisplayService = ReturnType<typeof createDoorDisplayService>;

/** A display's console status from its state and last heartbeat (docs/decisions/0004, Door displays). */
export function deviceStatus(device: Pick<DeviceRecord, 'state' | 'lastSeenAt'>, now: number): DeviceStatus {
  if (device.state !== 'activated') return 'inactive';
  return device.lastSeenAt !== null && device.lastSeenAt >= now - DOOR_DISPLAY_LIMITS.onlineWindowMs ? 'online' : 'offline';
}

/** Best first: a room's booking-screen state is that of its best display. */
const STATUS_RANK: Record<RoomDoorDisplayStatus, number> = { online: 3, offline: 2, inactive: 1, none: 0 };

/**
 * The booking-screen state of each room from its live displays: online when one is activated and
 * was heard from within the online window, else offline, else a code waiting (inactive), else none.
 */
export function roomDoorDisplayStatuses(devices: ReadonlyArray<Pick<DeviceRecord, 'roomId' | 'state' | 'lastSeenAt'>>, now: number): Map<number, RoomDoorDisplayStatus> {
  const out = new Map<number, RoomDoorDisplayStatus>();
  for (const device of devices) {
    const status = deviceStatus(device, now);
    if (STATUS_RANK[status] > STATUS_RANK[out.get(device.roomId) ?? 'none']) out.set(device.roomId, status);
  }
  return out;
}

/** Names of a node's ancestors, top first (the node itself left out). */
function ancestorNames(nodes: Map<number, LocationNode>, id: number): string[] {
  const names: string[] = [];
  let parentId = nodes.get(id)?.parentId ?? null;
  // Bounded by the tree's depth; a cycle in bad data cannot loop forever.
  for (let depth = 0; parentId !== null && depth < 16; depth++) {
    const parent = nodes.get(parentId);
    if (!parent) break;
    names.unshift(parent.name);
    parentId = parent.parentId;
  }
  return names;
}

/** The room's time zone: its own or the nearest ancestor's. */
function zoneOf(nodes: Map<number, LocationNode>, id: number): string | null {
  let node = nodes.get(id);
  for (let depth = 0; node && depth < 16; depth++) {
    if (node.timeZone) return node.timeZone;
    node = node.parentId === null ? undefined : nodes.get(node.parentId);
  }
  return null;
}

/** Whether two cycles light the screen at the same time on a shared day. */
function overlaps(a: { weekday: string; startTime: string; endTime: string }, b: { weekday: string; startTime: string; endTime: string }): boolean {
  const days = new Set(parseWeekdays(a.weekday));
  if (!parseWeekdays(b.weekday).some((day) => days.has(day))) return false;
  return cycleTimeToMinutes(a.startTime) < cycleTimeToMinutes(b.endTime) && cycleTimeToMinutes(b.startTime) < cycleTimeToMinutes(a.endTime);
}

const sortedWeekdays = (weekday: string) => parseWeekdays(weekday).join(',');

/** Reads stored settings over the defaults, so a field added later has a value. */
function readSettings(json: string): ScreenSettingFields {
  return { ...DEFAULT_SCREEN_SETTING, ...(JSON.parse(json) as Partial<ScreenSettingFields>) };
}

function pickSettings(body: ScreenSettingFields): ScreenSettingFields {
  const { allowBooking, maxBookingMinutes, bookAheadDays, showFutureMeetings, showTitle, showDescription, showParticipants } = body;
  const { allowEarlyEnd, allowCancel, ledEnabled, taskLock, signInBeforeMinutes, signInAfterMinutes, signInModes, brightnessPlan } = body;
  return {
    allowBooking,
    maxBookingMinutes,
    bookAheadDays,
    showFutureMeetings,
    showTitle,
    showDescription,
    showParticipants,
    allowEarlyEnd,
    allowCancel,
    ledEnabled,
    taskLock,
    signInBeforeMinutes,
    signInAfterMinutes,
    signInModes,
    brightnessPlan,
  };
}

/**
 * Door displays (spec 001 sections 3-9): activation codes, the device API, booking-screen settings
 * per screen group, and light cycles.
 */
export function createDoorDisplayService({ displays, publicCalls, settings, hasher, clock, transact, operationLog }: DoorDisplayServiceDeps) {
  // Codes and their trade, wrong codes counted per caller address with the other public calls' requests.
  const codes = createActivationCodes({ publicCalls, clock, kind: 'device-activate' });

  async function locationMap(companyId: number): Promise<Map<number, LocationNode>> {
    return new Map((await displays.listLocations(companyId)).map((node) => [node.id, node]));
  }

  function present(device: DeviceRecord, nodes: Map<number, LocationNode>, now: number): DoorDisplay {
    return {
      id: device.id,
      name: device.name,
      roomId: device.roomId,
      roomName: device.roomName,
      locationPath: ancestorNames(nodes, device.roomId),
      activationCode: device.state === 'inactive' ? device.activationCode : null,
      status: deviceStatus(device, now),
      platform: device.platform,
      appVersion: device.appVersion,
      activatedAt: device.activatedAt,
      lastSeenAt: device.lastSeenAt,
      createdAt: device.createdAt,
    };
  }

  /** A random 5-digit code no live display holds (used and cancelled codes are cleared). */
  const newCode = () => codes.newCode((code) => displays.isCodeTaken(code));

  async function getRoom(companyId: number, roomId: number) {
    const [room] = await displays.findRooms(companyId, [roomId]);
    if (!room) throw notFound();
    return room;
  }

  async function getDevice(companyId: number, id: number): Promise<DeviceRecord> {
    const device = await displays.findDevice(companyId, id);
    if (!device) throw notFound();
    return device;
  }

  /** The safety password, when the company has one set, for changes that sign an activated display out. */
  async function requireSafetyFor(actor: Actor, typed: string | undefined): Promise<void> {
    if (!(await settings.getSafetyPasswordStatus(actor.companyId)).isSet) return;
    if (!typed) throw refused('doorDisplaySafetyPasswordRequired');
    await settings.requireSafetyPassword(actor, typed);
  }

  async function presentSettings(companyId: number, records: ScreenSettingRecord[]): Promise<ScreenSetting[]> {
    const memberships = await displays.listScreenSettingRooms(companyId);
    return records.map((record) => ({
      ...readSettings(record.settings),
      id: record.id,
      title: record.title,
      rooms: memberships.filter((row) => row.settingId === record.id).map((row) => ({ id: row.roomId, name: row.roomName })),
      hasExitPassword: record.exitPasswordHash !== null,
      updatedAt: record.updatedAt,
    }));
  }

  /** Refuses rooms of another company (404) and rooms already in another group (409). */
  async function checkGroupRooms(repository: DoorDisplayRepository, companyId: number, roomIds: number[], settingId: number | null): Promise<number[]> {
    const unique = [...new Set(roomIds)];
    const rooms = await repository.findRooms(companyId, unique);
    if (rooms.length !== unique.length) throw notFound();
    const taken = (await repository.listScreenSettingRooms(companyId)).find((row) => unique.includes(row.roomId) && row.settingId !== settingId);
    if (taken) throw new AppError(ReturnCode.CONFLICT, 'screenSettingRoomTaken', { room: taken.roomName, title: taken.title });
    return unique;
  }

  async function checkCycle(companyId: number, cycle: AddLightCycleBody, exceptId: number | null) {
    await getDevice(companyId, cycle.deviceId);
    const others = (await displays.listLightCycles(companyId, cycle.deviceId)).filter((other) => other.id !== exceptId);
    if (others.some((other) => overlaps(other, cycle))) throw new AppError(ReturnCode.CONFLICT, 'lightCycleOverlaps');
    return { deviceId: cycle.deviceId, weekday: sortedWeekdays(cycle.weekday), startTime: cycle.startTime, endTime: cycle.endTime };
  }

  /** The activated display holding a device token, or null (unknown, cancelled or never activated). */
  async function authenticateDevice(token: string): Promise<DeviceRecord | null> {
    return (await displays.findByTokenHash(hashSessionToken(token))) ?? null;
  }

  return {
    /** Rooms a display may be bound to, with their paths. */
    async listRooms(companyId: number): Promise<DisplayRoom[]> {
      const [rooms, nodes] = await Promise.all([displays.listRooms(companyId), locationMap(companyId)]);
      return rooms.map((room) => ({ id: room.id, name: room.name, path: ancestorNames(nodes, room.id) }));
    },

    async list(companyId: number, body: DeviceListBody & { page: number; pageSize: number }): Promise<Page<DoorDisplay>> {
      const now = clock.now();
      const nodes = await locationMap(companyId);
      let roomIds: number[] | null = null;
      if (body.locationId !== undefined) {
        const root = body.locationId;
        roomIds = [...nodes.values()]
          .filter((node) => node.id === root || ancestorIds(nodes, node.id).includes(root))
          .map((node) => node.id);
      }
      if (body.roomId !== undefined) roomIds = (roomIds ?? [body.roomId]).filter((id) => id === body.roomId);
      const page = await displays.listDevices(
        companyId,
        { roomIds, status: body.status, keyword: body.keyword, onlineSince: now - DOOR_DISPLAY_LIMITS.onlineWindowMs },
        body,
      );
      return { ...page, list: page.list.map((device) => present(device, nodes, now)) };
    },

    /** Issues `count` codes for a room; each becomes an inactive display waiting for its screen. */
    async addCodes(actor: Actor, body: AddActivationCodeBody): Promise<DoorDisplay[]> {
      const count = body.count ?? 1;
      const room = await displays.findRooms(actor.companyId, [body.roomId]);
      const ids = await operationLog.track(
        actor,
        (result?: number[]) => ({ action: 'doorDisplay.addCodes', targetType: 'room', targetId: body.roomId, targetName: room[0]?.name ?? null, detail: { count, deviceIds: result ?? [] } }),
        async () => {
          const target = await getRoom(actor.companyId, body.roomId);
          const base = body.name ?? target.name;
          const now = clock.now();
          const created: number[] = [];
          for (let n = 1; n <= count; n++) {
            const name = count === 1 ? base : `${base} ${n}`.slice(0, DOOR_DISPLAY_LIMITS.nameMax);
            created.push(await displays.insertDevice({ companyId: actor.companyId, roomId: target.id, name, code: await newCode() }, now));
          }
          return created;
        },
      );
      const [devices, nodes] = await Promise.all([displays.findDevices(actor.companyId, ids), locationMap(actor.companyId)]);
      const now = clock.now();
      return devices.sort((a, b) => a.id - b.id).map((device) => present(device, nodes, now));
    },

    /**
     * Renames, rebinds to another room (an activated display keeps its token and shows the new room),
     * or issues a new code; a new code for an activated display signs it out (safety password).
     */
    async update(actor: Actor, body: UpdateDeviceBody): Promise<DoorDisplay> {
      const { companyId } = actor;
      const before = await displays.findDevice(companyId, body.id);
      await operationLog.track(
        actor,
        {
          action: 'doorDisplay.update',
          targetType: 'device',
          targetId: body.id,
          targetName: before?.name ?? null,
          detail: { name: body.name ?? null, fromRoomId: before?.roomId ?? null, toRoomId: body.roomId ?? null, regenerateCode: body.regenerateCode === true },
        },
        async () => {
          const device = await getDevice(companyId, body.id);
          if (body.roomId !== undefined) await getRoom(companyId, body.roomId);
          const signsOut = body.regenerateCode === true && device.state === 'activated';
          if (signsOut) await requireSafetyFor(actor, body.safetyPassword);
          await displays.updateDevice(
            companyId,
            device.id,
            {
              ...(body.name !== undefined ? { name: body.name } : {}),
              ...(body.roomId !== undefined ? { roomId: body.roomId } : {}),
              ...(body.regenerateCode ? { code: await newCode(), signOut: signsOut } : {}),
            },
            clock.now(),
          );
        },
      );
      const now = clock.now();
      return present(await getDevice(companyId, body.id), await locationMap(companyId), now);
    },

    /** Cancels displays: codes and tokens stop working; activated ones need the safety password when one is set. */
    async cancel(actor: Actor, body: BatchCancelDevicesBody): Promise<number> {
      const { companyId } = actor;
      const ids = [...new Set(body.ids)];
      return operationLog.track(
        actor,
        { action: 'doorDisplay.cancel', targetType: 'device', targetId: ids.length === 1 ? ids[0]! : null, detail: { ids } },
        async () => {
          const devices = await displays.findDevices(companyId, ids);
          if (devices.length !== ids.length) throw notFound();
          if (devices.some((device) => device.state === 'activated')) await requireSafetyFor(actor, body.safetyPassword);
          await displays.cancelDevices(companyId, ids, clock.now());
          return ids.length;
        },
      );
    },

    async listScreenSettings(companyId: number): Promise<ScreenSetting[]> {
      return presentSettings(companyId, await displays.listScreenSettings(companyId));
    },

    async addScreenSetting(actor: Actor, body: AddScreenSettingBody): Promise<number> {
      const { companyId } = actor;
      return operationLog.track(
        actor,
        (id?: number) => ({ action: 'doorDisplay.addScreenSetting', targetType: 'screenSetting', targetId: id ?? null, targetName: body.title, detail: { roomIds: body.roomIds, ...pickSettings(body) } }),
        async () => {
          const exitPasswordHash = body.exitPassword ? await hasher.hash(body.exitPassword) : null;
          return transact(async (tx) => {
            const roomIds = await checkGroupRooms(tx.doorDisplays, companyId, body.roomIds, null);
            const id = await tx.doorDisplays.insertScreenSetting(
              { companyId, title: body.title, settings: JSON.stringify(pickSettings(body)), exitPasswordHash },
              clock.now(),
            );
            await tx.doorDisplays.setScreenSettingRooms(companyId, id, roomIds);
            return id;
          });
        },
      );
    },

    async updateScreenSetting(actor: Actor, body: UpdateScreenSettingBody): Promise<void> {
      const { companyId } = actor;
      await operationLog.track(
        actor,
        { action: 'doorDisplay.updateScreenSetting', targetType: 'screenSetting', targetId: body.id, targetName: body.title, detail: { roomIds: body.roomIds, ...pickSettings(body), exitPasswordChanged: body.exitPassword !== undefined } },
        async () => {
          if (!(await displays.findScreenSetting(companyId, body.id))) throw notFound();
          const exitPasswordHash = body.exitPassword === undefined ? undefined : body.exitPassword === null ? null : await hasher.hash(body.exitPassword);
          await transact(async (tx) => {
            const roomIds = await checkGroupRooms(tx.doorDisplays, companyId, body.roomIds, body.id);
            await tx.doorDisplays.updateScreenSetting(
              companyId,
              body.id,
              { title: body.title, settings: JSON.stringify(pickSettings(body)), ...(exitPasswordHash !== undefined ? { exitPasswordHash } : {}) },
              clock.now(),
            );
            await tx.doorDisplays.setScreenSettingRooms(companyId, body.id, roomIds);
          });
        },
      );
    },

    async deleteScreenSetting(actor: Actor, id: number): Promise<void> {
      const { companyId } = actor;
      const before = await displays.findScreenSetting(companyId, id);
      await operationLog.track(actor, { action: 'doorDisplay.deleteScreenSetting', targetType: 'screenSetting', targetId: id, targetName: before?.title ?? null }, async () => {
        if (!before) throw notFound();
        await transact((tx) => tx.doorDisplays.deleteScreenSetting(companyId, id));
      });
    },

    async listLightCycles(companyId: number, deviceId: number): Promise<LightCycle[]> {
      await getDevice(companyId, deviceId);
      return displays.listLightCycles(companyId, deviceId);
    },

    async addLightCycle(actor: Actor, body: AddLightCycleBody): Promise<number> {
      return operationLog.track(
        actor,
        (id?: number) => ({ action: 'doorDisplay.addLightCycle', targetType: 'device', targetId: body.deviceId, detail: { cycleId: id ?? null, weekday: body.weekday, startTime: body.startTime, endTime: body.endTime } }),
        async () => {
          const cycle = await checkCycle(actor.companyId, body, null);
          return displays.insertLightCycle({ companyId: actor.companyId, ...cycle }, clock.now());
        },
      );
    },

    async updateLightCycle(actor: Actor, body: UpdateLightCycleBody): Promise<void> {
      await operationLog.track(
        actor,
        { action: 'doorDisplay.updateLightCycle', targetType: 'device', targetId: body.deviceId, detail: { cycleId: body.id, weekday: body.weekday, startTime: body.startTime, endTime: body.endTime } },
        async () => {
          if (!(await displays.findLightCycle(actor.companyId, body.id))) throw notFound();
          const cycle = await checkCycle(actor.companyId, body, body.id);
          await displays.updateLightCycle(actor.companyId, body.id, cycle, clock.now());
        },
      );
    },

    async deleteLightCycle(actor: Actor, id: number): Promise<void> {
      const before = await displays.findLightCycle(actor.companyId, id);
      await operationLog.track(actor, { action: 'doorDisplay.deleteLightCycle', targetType: 'device', targetId: before?.deviceId ?? null, detail: { cycleId: id } }, async () => {
        if (!before) throw notFound();
        await displays.deleteLightCycle(actor.companyId, id);
      });
    },

    /**
     * A display trades its code for a token (single use). Wrong codes count per caller address:
     * after too many in the window the caller waits (429), right or wrong.
     */
    async activate(body: DeviceActivateBody, callerIp: string): Promise<{ deviceToken: string; deviceId: number; roomId: number }> {
      const { deviceToken, device } = await codes.trade(callerIp, (tokenHash, now) => displays.activate(body.code, { tokenHash, platform: body.platform, appVersion: body.appVersion }, now));
      return { deviceToken, deviceId: device.id, roomId: device.roomId };
    },

    /** The display behind a device token, for the access guard's `device` routes (app.ts). */
    authenticateDevice,

    async heartbeat(device: DeviceRecord, fields: { platform?: string | undefined; appVersion?: string | undefined }): Promise<{ serverTime: number }> {
      const now = clock.now();
      await displays.touchDevice(device.id, fields, now);
      return { serverTime: now };
    },

    /** The display reaches the server and its token works; counts as a heartbeat. */
    async netCheck(device: DeviceRecord): Promise<DeviceNetCheckResult> {
      const now = clock.now();
      await displays.touchDevice(device.id, {}, now);
      return { serverTime: now, deviceId: device.id, roomId: device.roomId, status: 'activated' };
    },

    /** What the booking screen needs: its room, the room's screen settings (or the defaults) and its light cycles. */
    async config(device: DeviceRecord): Promise<DeviceConfig> {
      const { companyId } = device;
      await displays.touchDevice(device.id, {}, clock.now());
      const [nodes, group, cycles] = await Promise.all([
        locationMap(companyId),
        displays.findScreenSettingOfRoom(companyId, device.roomId),
        displays.listLightCycles(companyId, device.id),
      ]);
      return {
        device: { id: device.id, name: device.name },
        room: { id: device.roomId, name: device.roomName, path: ancestorNames(nodes, device.roomId), timeZone: zoneOf(nodes, device.roomId) },
        settings: { ...(group ? readSettings(group.settings) : DEFAULT_SCREEN_SETTING), hasExitPassword: Boolean(group?.exitPasswordHash) },
        lightCycles: cycles,
      };
    },

    /** Checks the exit password typed on the display against its room's screen group. */
    async verifyExitPassword(device: DeviceRecord, password: string): Promise<void> {
      const group = await displays.findScreenSettingOfRoom(device.companyId, device.roomId);
      if (!group?.exitPasswordHash) throw refused('exitPasswordNotSet');
      if (!(await hasher.verify(group.exitPasswordHash, password))) throw new AppError(ReturnCode.REFUSED, 'exitPasswordWrong', {}, null, { statusCode: 400 });
    },
  };
}

/** Ids of a node's ancestors. */
function ancestorIds(nodes: Map<number, LocationNode>, id: number): number[] {
  const ids: number[] = [];
  let parentId = nodes.get(id)?.parentId ?? null;
  for (let depth = 0; parentId !== null && depth < 16; depth++) {
    ids.push(parentId);
    parentId = nodes.get(parentId)?.parentId ?? null;
  }
  return ids;
}
