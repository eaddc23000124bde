import {
  ABSENCE_METHODS,
  ReturnCode,
  SMART_ROOM_LIMITS,
  type SmartRoom,
  type SmartRoomControlBody,
  type SmartRoomControlResult,
  type SmartRoomDetail,
  type SmartRoomListQuery,
  type SmartRoomSettingsBody,
  type SmartSensor,
  type SmartSensorListQuery,
} from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { LocationIndex } from '../location/location.presenter.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { CheckInService } from '../booking/check-in/booking-checkin.service.js';
import type { SmartDeviceGateway } from '../smart-device/smart-device-gateway.js';
import type { DeviceReading } from '../smart-device/smart-device.repository.js';
import { commandText, controlsOf, countDevices, deviceStatus, presenceNodeOf, readSensor, roomPresence, roomState, roomStatuses, type SensorReading } from './smart-room-state.js';
import { OCCUPANCY_METRIC, type RoomDeviceRecord, type RoomSettingRecord, type SmartRoomRepository } from './smart-room.repository.js';

export interface SmartRoomServiceDeps {
  rooms: SmartRoomRepository;
  /** The company's location tree (rooms are its leaves), kept per layout version by the location service. */
  locations: (companyId: number) => Promise<LocationIndex>;
  /** The MQTT gateway; null without MQTT_URL (the control panel then answers that devices cannot be controlled). */
  gateway: Pick<SmartDeviceGateway, 'sendCommand'> | null;
  operationLog: OperationLog;
  /** Presence checks meetings in; an empty booked room's host is asked, then the room released (decision 0020). */
  checkIns: Pick<CheckInService, 'checkInBySensor' | 'roomsOpenForCheckIn' | 'promptEmptyRoom' | 'releaseNoShow'>;
  clock: Clock;
}

const defaults = (roomId: number): RoomSettingRecord => ({
  roomId,
  enabled: true,
  responseDelaySeconds: SMART_ROOM_LIMITS.responseDelayDefaultSeconds,
  presenceCheckIn: true,
  ghostRelease: true,
  ghostGraceMinutes: SMART_ROOM_LIMITS.ghostGraceDefaultMinutes,
});

/**
 * How long presence reuses a company's smart-room settings: every batch of readings would read them otherwise.
 * A save through this service replaces them at once; one made by another process is seen within this time.
 */
const SETTINGS_TTL_MS = 30_000;

/** How many empty-room meetings one run of the job looks at (the next run takes the rest). */
const GHOST_BATCH = 100;

/**
 * Whether a room's sensors can tell it is empty: it has at least one, every one senses people sitting
 * still (ABSENCE_METHODS) and is online. A motion sensor, or one offline, never releases a room.
 */
function canTellAbsence(sensors: readonly SensorReading[]): boolean {
  // An offline or silent sensor reads `unknown`.
  return sensors.length > 0 && sensors.every((sensor) => sensor.method !== null && ABSENCE_METHODS.includes(sensor.method) && sensor.presence !== 'unknown');
}

/**
 * Smart rooms (decision 0020, "Smart rooms: state, presence and control"): each room's state from its
 * devices' statuses, who is there from its presence sensors held by the room's response delay, and the
 * control panel's commands, answered with the device's acknowledgement.
 */
export function createSmartRoomService({ rooms, locations, gateway, operationLog, checkIns, clock }: SmartRoomServiceDeps) {
  const settingsCache = new Map<number, { settings: Promise<Map<number, RoomSettingRecord>>; until: number }>();

  /** A company's room settings for presence, read at most once per SETTINGS_TTL_MS (a process-local cache, so Date.now). */
  function cachedSettings(companyId: number): Promise<Map<number, RoomSettingRecord>> {
    const hit = settingsCache.get(companyId);
    if (hit && hit.until > Date.now()) return hit.settings;
    const entry = { settings: rooms.listSettings(companyId), until: Date.now() + SETTINGS_TTL_MS };
    settingsCache.set(companyId, entry);
    entry.settings.catch(() => {
      if (settingsCache.get(companyId) === entry) settingsCache.delete(companyId);
    });
    return entry.settings;
  }

  /** Each sensor's reading, keyed by device id, for devices in rooms with the given settings. */
  async function readSensors(devices: readonly RoomDeviceRecord[], settingOf: (roomId: number) => RoomSettingRecord, now: number) {
    const sensors = devices.flatMap((device) => {
      const node = presenceNodeOf(device);
      return node ? [{ device, node }] : [];
    });
    const detections = await rooms.lastDetections(
      sensors.map(({ device }) => device.id),
      now - SMART_ROOM_LIMITS.responseDelayMaxSeconds * 1000,
    );
    return new Map(sensors.map(({ device, node }) => [device.id, readSensor(device, node, detections.get(device.id), settingOf(device.roomId).responseDelaySeconds, now)]));
  }

  function presentRoom(index: LocationIndex, roomId: number, setting: RoomSettingRecord, devices: readonly RoomDeviceRecord[], sensors: ReadonlyMap<number, SensorReading>, now: number): SmartRoom {
    const path = index.pathOf(roomId);
    const counts = countDevices([...roomStatuses(devices, now).values()]);
    const readings = devices.flatMap((device) => sensors.get(device.id) ?? []);
    const times = readings.flatMap((reading) => (reading.at === null ? [] : [reading.at]));
    return {
      roomId,
      name: path.at(-1)?.name ?? '',
      path: path
        .slice(0, -1)
        .map((node) => node.name)
        .join(' / '),
      enabled: setting.enabled,
      responseDelaySeconds: setting.responseDelaySeconds,
      presenceCheckIn: setting.presenceCheckIn,
      ghostRelease: setting.ghostRelease,
      ghostGraceMinutes: setting.ghostGraceMinutes,
      canTellAbsence: canTellAbsence(readings),
      state: roomState(setting.enabled, counts),
      presence: roomPresence(readings),
      presenceAt: times.length > 0 ? Math.max(...times) : null,
      devices: counts,
    };
  }

  /** The ids under a location filter (null: no filter); another company's or an unknown location 404, as a lookup. */
  function subtreeOf(index: LocationIndex, locationId: number | undefined): Set<number> | null {
    if (locationId === undefined) return null;
    if (!index.byId.has(locationId)) throw notFound('locationNotFound');
    return new Set(index.subtreeOf(locationId).map((node) => node.id));
  }

  async function requireRoom(companyId: number, roomId: number): Promise<LocationIndex> {
    const index = await locations(companyId);
    if (!index.byId.has(roomId) || !(await rooms.isRoomOf(companyId, roomId))) throw notFound('roomNotFound');
    return index;
  }

  return {
    /** The company's rooms with their smart state and presence, in the tree's order. */
    async list(companyId: number, query: SmartRoomListQuery): Promise<SmartRoom[]> {
      const [index, roomIds, devices, settings] = await Promise.all([locations(companyId), rooms.listRoomIds(companyId), rooms.listRoomDevices(companyId), rooms.listSettings(companyId)]);
      const settingOf = (roomId: number) => settings.get(roomId) ?? defaults(roomId);
      const now = clock.now();
      const sensors = await readSensors(devices, settingOf, now);
      const byRoom = new Map<number, RoomDeviceRecord[]>();
      for (const device of devices) byRoom.set(device.roomId, [...(byRoom.get(device.roomId) ?? []), device]);
      const inScope = subtreeOf(index, query.locationId);
      const known = new Set(roomIds);
      const keyword = query.keyword?.toLowerCase();
      return index
        .inTreeOrder()
        .filter((node) => known.has(node.id) && (inScope === null || inScope.has(node.id)))
        .map((node) => presentRoom(index, node.id, settingOf(node.id), byRoom.get(node.id) ?? [], sensors, now))
        .filter(
          (room) =>
            (query.state === undefined || room.state === query.state) &&
            (query.presence === undefined || room.presence === query.presence) &&
            (keyword === undefined || room.name.toLowerCase().includes(keyword) || room.path.toLowerCase().includes(keyword)),
        );
    },

    /** One room with its devices and their controls. */
    async detail(companyId: number, roomId: number): Promise<SmartRoomDetail> {
      const index = await requireRoom(companyId, roomId);
      const [devices, settings] = await Promise.all([rooms.listRoomDevices(companyId, roomId), rooms.listSettings(companyId, roomId)]);
      const setting = settings.get(roomId) ?? defaults(roomId);
      const now = clock.now();
      const sensors = await readSensors(devices, () => setting, now);
      const statuses = roomStatuses(devices, now);
      return {
        ...presentRoom(index, roomId, setting, devices, sensors, now),
        deviceList: devices.map((device) => ({
          id: device.id,
          name: device.name,
          kind: device.kind,
          homieId: device.homieId,
          status: statuses.get(device.id)!,
          lastSeenAt: device.lastSeenAt,
          controls: controlsOf(device),
        })),
      };
    },

    async saveSettings(actor: Actor, roomId: number, body: SmartRoomSettingsBody): Promise<SmartRoomDetail> {
      const index = await requireRoom(actor.companyId, roomId);
      await operationLog.track(
        actor,
        {
          action: 'smartRoom.updateSettings',
          targetType: 'room',
          targetId: roomId,
          targetName: index.byId.get(roomId)?.name ?? null,
          detail: { isEnabled: body.enabled, responseDelaySeconds: body.responseDelaySeconds, presenceCheckIn: body.presenceCheckIn, ghostRelease: body.ghostRelease, ghostGraceMinutes: body.ghostGraceMinutes },
        },
        () => rooms.saveSettings(actor.companyId, roomId, body, actor.userId, clock.now()),
      );
      settingsCache.delete(actor.companyId);
      return this.detail(actor.companyId, roomId);
    },

    /**
     * Sets one property of one of the room's devices and waits for the device's answer (acknowledged,
     * refused, or none within the gateway's time). Only a settable property the device declared, with a
     * value its datatype and format allow, goes out; an offline device is not sent anything.
     */
    async control(actor: Actor, roomId: number, body: SmartRoomControlBody): Promise<SmartRoomControlResult> {
      await requireRoom(actor.companyId, roomId);
      const device = (await rooms.listRoomDevices(actor.companyId, roomId)).find((candidate) => candidate.id === body.deviceId);
      if (!device) throw notFound('smartRoomDeviceNotFound');
      const control = controlsOf(device).find((candidate) => candidate.node === body.node && candidate.property === body.property);
      if (!control?.settable) throw new AppError(ReturnCode.BAD_REQUEST, 'smartControlNotSettable', { property: `${body.node}/${body.property}` });
      const value = commandText(control, body.value);
      if (value === null) throw new AppError(ReturnCode.BAD_REQUEST, 'smartControlInvalidValue', { value: String(body.value), property: `${body.node}/${body.property}` });
      const status = deviceStatus(device, clock.now());
      if (status === 'offline' || status === 'inactive') throw new AppError(ReturnCode.CONFLICT, 'smartDeviceOffline');
      if (!gateway) throw new AppError(ReturnCode.REFUSED, 'smartGatewayOff');
      const sent = await gateway.sendCommand({ companyId: actor.companyId, deviceId: device.id, node: body.node, property: body.property, value, issuedBy: actor.userId });
      if (!sent) throw notFound('smartRoomDeviceNotFound');
      const result = await sent.result;
      return { commandId: sent.id, result: result === 'pending' ? 'timeout' : result, value };
    },

    /**
     * Presence checks meetings in: for each room where a sensor just detected someone, with smart
     * control and presence check-in on, the meeting whose check-in window is open (or that runs) is
     * checked in through the booking engine's check-in. Called with each committed batch of readings:
     * the settings come from a short cache, and one read per company finds the rooms with a meeting to
     * check in, so a room whose meeting is checked in already, or that has none now, costs nothing more.
     */
    async onReadings(readings: readonly DeviceReading[]): Promise<number> {
      const detecting = new Set<number>();
      for (const reading of readings) if (reading.metric === OCCUPANCY_METRIC && reading.value === 1) detecting.add(reading.deviceId);
      if (detecting.size === 0) return 0;
      const places = await rooms.roomsOf([...detecting]);
      const byCompany = new Map<number, Set<number>>();
      for (const { companyId, roomId } of places.values()) {
        let roomIds = byCompany.get(companyId);
        if (!roomIds) byCompany.set(companyId, (roomIds = new Set()));
        roomIds.add(roomId);
      }
      let checkedIn = 0;
      for (const [companyId, roomIds] of byCompany) {
        const settings = await cachedSettings(companyId);
        const sensing = [...roomIds].filter((roomId) => {
          const setting = settings.get(roomId) ?? defaults(roomId);
          return setting.enabled && setting.presenceCheckIn;
        });
        if (sensing.length === 0) continue;
        const open = await checkIns.roomsOpenForCheckIn(companyId, sensing);
        for (const roomId of sensing) {
          if (open.has(roomId) && (await checkIns.checkInBySensor(companyId, roomId)) !== null) checkedIn++;
        }
      }
      return checkedIn;
    },

    /**
     * The empty-room job's first half: each meeting whose check-in window closed without a check-in,
     * in a room whose sensors can tell it is empty and saw nobody since the window opened, is claimed
     * once and its host asked to check in or free the room within the room's grace. Answers how many.
     */
    async promptEmptyRooms(): Promise<number> {
      const now = clock.now();
      let prompted = 0;
      for (const candidate of await rooms.ghostCandidates(now, GHOST_BATCH)) {
        const [devices, settings] = await Promise.all([rooms.listRoomDevices(candidate.companyId, candidate.roomId), rooms.listSettings(candidate.companyId, candidate.roomId)]);
        const setting = settings.get(candidate.roomId) ?? defaults(candidate.roomId);
        const sensors = await readSensors(devices, () => setting, now);
        const readings = [...sensors.values()];
        if (!canTellAbsence(readings) || readings.some((reading) => reading.presence === 'present')) continue;
        const sensorIds = [...sensors.keys()];
        if ((await rooms.lastDetections(sensorIds, candidate.opensAt)).size > 0) continue;
        const answerBy = Math.min(candidate.endAt, now + setting.ghostGraceMinutes * 60_000);
        if (!(await rooms.claimPrompt({ reservationId: candidate.reservationId, companyId: candidate.companyId, roomId: candidate.roomId, promptedAt: now, answerBy }))) continue;
        if (await checkIns.promptEmptyRoom(candidate.companyId, candidate.reservationId, answerBy)) prompted++;
      }
      return prompted;
    },

    /**
     * The empty-room job's second half: a prompt whose answer time passed releases its meeting as a
     * no-show, unless the host checked in or the sensors saw someone meanwhile (then presence checks it
     * in). Answers how many meetings it released.
     */
    async releaseEmptyRooms(): Promise<number> {
      const now = clock.now();
      let released = 0;
      for (const prompt of await rooms.duePrompts(now, GHOST_BATCH)) {
        const devices = await rooms.listRoomDevices(prompt.companyId, prompt.roomId);
        const sensorIds = devices.filter((device) => presenceNodeOf(device) !== null).map((device) => device.id);
        if ((await rooms.lastDetections(sensorIds, prompt.promptedAt)).size > 0) {
          await checkIns.checkInBySensor(prompt.companyId, prompt.roomId);
          await rooms.resolvePrompt(prompt.reservationId, 'present', now);
          continue;
        }
        const isReleased = await checkIns.releaseNoShow(prompt.companyId, prompt.reservationId);
        await rooms.resolvePrompt(prompt.reservationId, isReleased ? 'released' : 'checked_in', now);
        if (isReleased) released++;
      }
      return released;
    },

    /** The company's presence sensors with what each says now (the induction page). */
    async sensors(companyId: number, query: SmartSensorListQuery): Promise<SmartSensor[]> {
      const [index, devices, settings] = await Promise.all([locations(companyId), rooms.listRoomDevices(companyId), rooms.listSettings(companyId)]);
      const settingOf = (roomId: number) => settings.get(roomId) ?? defaults(roomId);
      const now = clock.now();
      const readings = await readSensors(devices, settingOf, now);
      const inScope = subtreeOf(index, query.locationId);
      return devices
        .filter((device) => readings.has(device.id) && (inScope === null || inScope.has(device.roomId)))
        .map((device) => {
          const reading = readings.get(device.id)!;
          return {
            deviceId: device.id,
            name: device.name,
            homieId: device.homieId,
            roomId: device.roomId,
            roomName: index.byId.get(device.roomId)?.name ?? null,
            status: deviceStatus(device, now),
            method: reading.method,
            presence: reading.presence,
            presenceAt: reading.at,
            responseDelaySeconds: settingOf(device.roomId).responseDelaySeconds,
          };
        })
        .filter((sensor) => query.presence === undefined || sensor.presence === query.presence);
    },
  };
}

export type SmartRoomService = ReturnType<typeof createSmartRoomService>;
