import { ReturnCode, toZoned, type SceneTrigger, type SmartPlan, type SmartPlanEntry, type SmartSceneAction, type SmartSceneRun, type SmartScenes } from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { BookingChange } from '../booking/booking.events.js';
import type { LocationIndex } from '../location/location.presenter.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import { roomTimeZone } from '../room/room-layout.js';
import type { SmartDeviceGateway } from '../smart-device/smart-device-gateway.js';
import { commandText, controlsOf, deviceStatus } from './smart-room-state.js';
import type { RoomDeviceRecord, SmartRoomRepository } from './smart-room.repository.js';

export interface SmartSceneServiceDeps {
  rooms: SmartRoomRepository;
  locations: (companyId: number) => Promise<LocationIndex>;
  gateway: Pick<SmartDeviceGateway, 'sendCommand'> | null;
  operationLog: OperationLog;
  clock: Clock;
}

/** How far back the scene job looks for meetings that ended and plan times that passed (the job runs every 30 s). */
const CATCH_UP_MS = 5 * 60_000;

const parseJson = <T>(text: string | null | undefined, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** `HH:mm` as minutes of the day. */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The spec's day numbering: 1 = Monday ... 7 = Sunday (JavaScript's 0 = Sunday). */
const specDay = (weekday: number) => (weekday === 0 ? 7 : weekday);

/**
 * Plans and scenes (decision 0020, "Plans and scenes"): a room's "on" scene runs when a meeting is
 * checked in and when a plan entry starts; its "off" scene when a checked-in meeting ends, ends early,
 * is released or cancelled, and when a plan entry ends (unless a checked-in meeting still runs). Each
 * run is claimed once by its key, so two processes never run a scene twice.
 */
export function createSmartSceneService({ rooms, locations, gateway, operationLog, clock }: SmartSceneServiceDeps) {
  async function requireRoom(companyId: number, roomId: number): Promise<LocationIndex> {
    const index = await locations(companyId);
    if (!index.byId.has(roomId) || !(await rooms.isRoomOf(companyId, roomId))) throw notFound('roomNotFound');
    return index;
  }

  /** Each action checked against the room's devices: in the room, declared settable, a value it accepts. */
  function checkActions(devices: readonly RoomDeviceRecord[], actions: readonly SmartSceneAction[]): void {
    for (const action of actions) {
      const device = devices.find((candidate) => candidate.id === action.deviceId);
      if (!device) throw notFound('smartRoomDeviceNotFound');
      const control = controlsOf(device).find((candidate) => candidate.node === action.node && candidate.property === action.property);
      const property = `${action.node}/${action.property}`;
      if (!control?.settable) throw new AppError(ReturnCode.BAD_REQUEST, 'smartControlNotSettable', { property });
      if (commandText(control, action.value) === null) throw new AppError(ReturnCode.BAD_REQUEST, 'smartControlInvalidValue', { value: String(action.value), property });
    }
  }

  /** Sends a scene's commands to the devices that can take them now; the acknowledgements are recorded by the gateway. */
  async function send(companyId: number, roomId: number, trigger: SceneTrigger, issuedBy: number | null, scenes?: SmartScenes): Promise<SmartSceneRun> {
    const actions = (scenes ?? (await sceneJson(companyId, roomId)))[trigger];
    if (actions.length === 0) return { sent: 0, skipped: 0 };
    const devices = await rooms.listRoomDevices(companyId, roomId);
    let sent = 0;
    for (const action of actions) {
      const device = devices.find((candidate) => candidate.id === action.deviceId);
      const control = device ? controlsOf(device).find((candidate) => candidate.node === action.node && candidate.property === action.property) : undefined;
      const value = control?.settable ? commandText(control, action.value) : null;
      const status = device ? deviceStatus(device, clock.now()) : 'inactive';
      if (!gateway || value === null || status === 'offline' || status === 'inactive') continue;
      // Not waiting for each acknowledgement: the gateway records it on the command, and a scene does not hold up its trigger.
      if (await gateway.sendCommand({ companyId, deviceId: action.deviceId, node: action.node, property: action.property, value, issuedBy })) sent++;
    }
    return { sent, skipped: actions.length - sent };
  }

  async function sceneJson(companyId: number, roomId: number): Promise<SmartScenes> {
    const stored = await rooms.findScenes(companyId, roomId);
    return { on: parseJson<SmartSceneAction[]>(stored?.on, []), off: parseJson<SmartSceneAction[]>(stored?.off, []) };
  }

  /**
   * Runs a scene once for its key (another process, or an earlier run, may have run it). Only rooms
   * with scenes: the engine books desks too, and a desk has none.
   */
  async function runOnce(companyId: number, roomId: number, trigger: SceneTrigger, runKey: string): Promise<SmartSceneRun | null> {
    const stored = await rooms.findScenes(companyId, roomId);
    if (stored === null) return null;
    if (!(await rooms.claimRun(roomId, runKey, trigger, clock.now()))) return null;
    const result = await send(companyId, roomId, trigger, null, { on: parseJson<SmartSceneAction[]>(stored.on, []), off: parseJson<SmartSceneAction[]>(stored.off, []) });
    await rooms.recordRun(roomId, runKey, result.sent);
    return result;
  }

  /** The plan entries' starts and ends that fell in (since, now] in the room's zone, as run keys. */
  function planMoments(entries: readonly SmartPlanEntry[], zone: string, since: number, now: number): Array<{ trigger: SceneTrigger; key: string }> {
    const moments: Array<{ trigger: SceneTrigger; key: string }> = [];
    // Each minute boundary in the range, read in the room's zone (the range is a few minutes at most).
    for (let at = Math.floor(since / 60_000 + 1) * 60_000; at <= now; at += 60_000) {
      const local = toZoned(at, zone);
      const minute = minutesOf(local.time);
      for (const entry of entries) {
        if (!entry.dayOfWeek.includes(specDay(local.weekday))) continue;
        if (minute === minutesOf(entry.startTime)) moments.push({ trigger: 'on', key: `plan-on:${local.date}:${entry.startTime}` });
        if (minute === minutesOf(entry.endTime)) moments.push({ trigger: 'off', key: `plan-off:${local.date}:${entry.endTime}` });
      }
    }
    return moments;
  }

  let lastTick: number | null = null;

  return {
    async getPlan(companyId: number, roomId: number): Promise<SmartPlan> {
      await requireRoom(companyId, roomId);
      return { entries: parseJson<SmartPlanEntry[]>(await rooms.findPlan(companyId, roomId), []) };
    },

    /** Saves the plan whole (the console edits entries locally and sends the full list). */
    async savePlan(actor: Actor, roomId: number, plan: SmartPlan): Promise<SmartPlan> {
      const index = await requireRoom(actor.companyId, roomId);
      await operationLog.track(
        actor,
        { action: 'smartRoom.savePlan', targetType: 'room', targetId: roomId, targetName: index.byId.get(roomId)?.name ?? null, detail: { count: plan.entries.length } },
        () => rooms.savePlan(actor.companyId, roomId, JSON.stringify(plan.entries), actor.userId, clock.now()),
      );
      return this.getPlan(actor.companyId, roomId);
    },

    async getScenes(companyId: number, roomId: number): Promise<SmartScenes> {
      await requireRoom(companyId, roomId);
      return sceneJson(companyId, roomId);
    },

    /** Saves both scenes whole, each step checked against the room's devices as the control panel checks a command. */
    async saveScenes(actor: Actor, roomId: number, scenes: SmartScenes): Promise<SmartScenes> {
      const index = await requireRoom(actor.companyId, roomId);
      checkActions(await rooms.listRoomDevices(actor.companyId, roomId), [...scenes.on, ...scenes.off]);
      await operationLog.track(
        actor,
        { action: 'smartRoom.saveScenes', targetType: 'room', targetId: roomId, targetName: index.byId.get(roomId)?.name ?? null, detail: { count: scenes.on.length + scenes.off.length } },
        () => rooms.saveScenes(actor.companyId, roomId, { on: JSON.stringify(scenes.on), off: JSON.stringify(scenes.off) }, actor.userId, clock.now()),
      );
      return sceneJson(actor.companyId, roomId);
    },

    /** Runs a scene now (the page's "try it"). */
    async runNow(actor: Actor, roomId: number, trigger: SceneTrigger): Promise<SmartSceneRun> {
      await requireRoom(actor.companyId, roomId);
      if (!gateway) throw new AppError(ReturnCode.REFUSED, 'smartGatewayOff');
      return send(actor.companyId, roomId, trigger, actor.userId);
    },

    /** A booking change, once across processes (the outbox): check-in turns the room on; an end, release or cancellation of a checked-in meeting off. */
    async onBookingChange(change: BookingChange): Promise<void> {
      if (change.kind === 'checkedIn') {
        for (const roomId of change.roomIds) for (const id of change.reservationIds) await runOnce(change.companyId, roomId, 'on', `meeting-on:${id}`);
        return;
      }
      if (change.kind !== 'endedEarly' && change.kind !== 'released' && change.kind !== 'cancelled') return;
      for (const id of change.reservationIds) {
        const meeting = await rooms.findMeeting(change.companyId, id);
        if (!meeting?.checkedIn) continue;
        if (await rooms.isMeetingRunning(change.companyId, meeting.roomId, clock.now())) continue;
        await runOnce(change.companyId, meeting.roomId, 'off', `meeting-off:${id}`);
      }
    },

    /**
     * The scene job: the "off" scene of rooms whose checked-in meeting ended since the last run (when no
     * other checked-in meeting runs there), and the plan entries' starts and ends that passed.
     */
    async tick(): Promise<number> {
      const now = clock.now();
      const since = Math.max(lastTick ?? now - CATCH_UP_MS, now - CATCH_UP_MS);
      lastTick = now;
      let runs = 0;
      for (const ended of await rooms.endedMeetings(since, now)) {
        if (await rooms.isMeetingRunning(ended.companyId, ended.roomId, now)) continue;
        if (await runOnce(ended.companyId, ended.roomId, 'off', `meeting-off:${ended.reservationId}`)) runs++;
      }
      for (const plan of await rooms.listPlans()) {
        const zone = roomTimeZone(await locations(plan.companyId), plan.roomId) ?? 'UTC';
        for (const moment of planMoments(parseJson<SmartPlanEntry[]>(plan.entries, []), zone, since, now)) {
          if (moment.trigger === 'off' && (await rooms.isMeetingRunning(plan.companyId, plan.roomId, now))) continue;
          if (await runOnce(plan.companyId, plan.roomId, moment.trigger, moment.key)) runs++;
        }
      }
      return runs;
    },
  };
}

export type SmartSceneService = ReturnType<typeof createSmartSceneService>;
