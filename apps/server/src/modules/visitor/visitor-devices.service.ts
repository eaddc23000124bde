import {
  DEFAULT_BADGE_STOCK,
  DOOR_DISPLAY_LIMITS,
  hasPermission,
  VISITOR_SIGN_IN_HOURS,
  type AddVisitorDeviceBody,
  type KioskConfig,
  type KioskHeartbeatBody,
  type KioskTheme,
  type PlaceReceptionist,
  type SetVisitorPlaceBody,
  type UpdateVisitorDeviceBody,
  type VisitLocation,
  type VisitorDevice,
  type VisitorDeviceQuery,
  type VisitorPlace,
} from '@atrium/contract';
import { type Clock } from '../../platform/clock.js';
import { notFound, refused } from '../../platform/errors.js';
import { hashSessionToken } from '../../platform/session-token.js';
import { createActivationCodes } from '../../platform/activation-codes.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { RegistrationRepository } from '../registration/registration.repository.js';
import type { DeviceFields, KioskPad, VisitorDeviceRepository, VisitorDeviceRow } from './visitor-devices.repository.js';
import type { VisitorRepository } from './visitor.repository.js';
import type { BadgePrint } from './visitor-badge.js';

export interface VisitorDevicesDeps {
  devices: VisitorDeviceRepository;
  visitors: Pick<VisitorRepository, 'locations' | 'companyName' | 'listReasons'>;
  /** Whether a place receives walk-ins (its visit rule for every reason). */
  walkInsAt: (companyId: number, locationId: number) => Promise<boolean>;
  /** Counts wrong activation codes per caller (the table of public-call counts, shared with door displays). */
  publicCalls: Pick<RegistrationRepository, 'listMailRequestTimes' | 'recordMailRequest'>;
  operationLog: OperationLog;
  clock: Clock;
  /** The door grants' MQTT topic of a place, shown with its door controllers; null without a broker. */
  doorTopicOf: ((companyId: number, locationId: number) => string) | null;
}

export type VisitorDevices = ReturnType<typeof createVisitorDevices>;

/** Offsets are kept in tenths of a millimetre. */
const toTenths = (mm: number | undefined) => (mm === undefined ? undefined : Math.round(mm * 10));

/** How a printer prints: its stock (the Brother QL label unless set) and its offset in millimetres. */
const printOf = (printer: VisitorDeviceRow): BadgePrint => ({
  stock: printer.stock ?? DEFAULT_BADGE_STOCK,
  offsetMm: { x: printer.offsetX / 10, y: printer.offsetY / 10 },
});

/**
 * Reception devices (decision 0018, "Reception devices and the kiosk"): each place's visitor pads
 * (kiosks activated by a 5-digit code like door displays, online while their heartbeats come), its
 * badge printers (stock and calibration offset) and its door controllers (which listen on the place's
 * grant topic); each place's sign-in window; and the kiosk's theme.
 */
export function createVisitorDevices({ devices, visitors, walkInsAt, publicCalls, operationLog, clock, doorTopicOf }: VisitorDevicesDeps) {
  const codes = createActivationCodes({ publicCalls, clock, kind: 'kiosk-activate' });
  const newCode = () => codes.newCode((code) => devices.isCodeTaken(code));

  /** The company's places visitors come to (buildings and floors), by id. */
  async function placesOf(companyId: number): Promise<Map<number, VisitLocation>> {
    return new Map((await visitors.locations(companyId)).map((place) => [place.id, place]));
  }

  /** A device's place that is no longer a building or floor (the tree changed): still shown, unnamed. */
  const unplaced = (id: number): VisitLocation => ({ id, name: '—', buildingName: null, timeZone: null });

  async function placeOf(companyId: number, locationId: number): Promise<VisitLocation> {
    const place = (await placesOf(companyId)).get(locationId);
    if (!place) throw notFound('locationNotFound');
    return place;
  }

  function present(row: VisitorDeviceRow, place: VisitLocation, now: number): VisitorDevice {
    const isPad = row.kind === 'pad';
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      serial: row.serial,
      location: place,
      status: !isPad ? null : row.activatedAt === null ? 'inactive' : row.lastSeenAt !== null && now - row.lastSeenAt <= DOOR_DISPLAY_LIMITS.onlineWindowMs ? 'online' : 'offline',
      activationCode: row.activationCode,
      activatedAt: row.activatedAt,
      lastSeenAt: row.lastSeenAt,
      platform: row.platform,
      appVersion: row.appVersion,
      battery: row.battery,
      network: row.network,
      ip: row.ip,
      mac: row.mac,
      printerId: row.printerId,
      stock: row.kind === 'printer' ? printOf(row).stock : null,
      offsetXMm: printOf(row).offsetMm.x,
      offsetYMm: printOf(row).offsetMm.y,
      topic: row.kind === 'door' && doorTopicOf ? doorTopicOf(row.companyId, row.locationId) : null,
    };
  }

  /** A pad's printer must be a printer of the same place. */
  async function checkPrinter(companyId: number, printerId: number | null | undefined, locationId: number): Promise<void> {
    if (printerId === null || printerId === undefined) return;
    const printer = await devices.find(companyId, printerId);
    if (!printer || printer.kind !== 'printer' || printer.locationId !== locationId) throw refused('visitorPrinterElsewhere');
  }

  /** The fields a kind keeps: a printer's stock and offset, a pad's printer; the rest are dropped. */
  function fieldsFor(kind: VisitorDevice['kind'], body: Omit<UpdateVisitorDeviceBody, 'id' | 'regenerateCode'>): DeviceFields {
    return {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.locationId !== undefined ? { locationId: body.locationId } : {}),
      ...(body.serial !== undefined ? { serial: body.serial || null } : {}),
      ...(kind === 'pad' && body.printerId !== undefined ? { printerId: body.printerId } : {}),
      ...(kind === 'printer' && body.stock !== undefined ? { stock: body.stock } : {}),
      ...(kind === 'printer' && body.offsetXMm !== undefined ? { offsetX: toTenths(body.offsetXMm)! } : {}),
      ...(kind === 'printer' && body.offsetYMm !== undefined ? { offsetY: toTenths(body.offsetYMm)! } : {}),
    };
  }

  /** The sign-in hours of a place: its own, else (a floor) its building's, else the default; undefined: not the company's place. */
  async function signInOf(companyId: number, locationId: number): Promise<VisitorPlace | undefined> {
    const buildingId = await devices.buildingOf(companyId, locationId);
    if (buildingId === undefined) return undefined;
    const hours = await devices.signInHours(companyId, [locationId, buildingId]);
    const own = hours.get(locationId);
    if (own !== undefined) return { locationId, signInHours: own, source: 'place' };
    const building = hours.get(buildingId);
    if (building !== undefined) return { locationId, signInHours: building, source: 'building' };
    return { locationId, signInHours: VISITOR_SIGN_IN_HOURS.default, source: 'default' };
  }

  /** A place's sign-in window, or 404 for a place that is not the company's. */
  async function knownSignIn(companyId: number, locationId: number): Promise<VisitorPlace> {
    const place = await signInOf(companyId, locationId);
    if (!place) throw notFound('locationNotFound');
    return place;
  }

  return {
    async list(actor: Actor, query: VisitorDeviceQuery): Promise<VisitorDevice[]> {
      const [rows, places] = await Promise.all([devices.list(actor.companyId, query), placesOf(actor.companyId)]);
      const now = clock.now();
      // A device at a place that is no longer a building or floor (the tree changed) is still listed.
      return rows.map((row) => present(row, places.get(row.locationId) ?? unplaced(row.locationId), now));
    },

    /** Adds a device to a place; a pad gets its activation code. */
    async add(actor: Actor, body: AddVisitorDeviceBody): Promise<VisitorDevice> {
      const id = await operationLog.track(
        actor,
        (result) => ({ action: 'visitorDevice.create', targetType: 'visitorDevice', targetId: result ?? null, targetName: body.name, detail: { kind: body.kind } }),
        async () => {
          await placeOf(actor.companyId, body.locationId);
          await checkPrinter(actor.companyId, body.printerId, body.locationId);
          const code = body.kind === 'pad' ? await newCode() : null;
          const fields = fieldsFor(body.kind, body);
          return devices.insert(actor.companyId, body.kind, { ...fields, name: body.name, locationId: body.locationId }, code, clock.now());
        },
      );
      const row = await devices.find(actor.companyId, id);
      return present(row!, await placeOf(actor.companyId, row!.locationId), clock.now());
    },

    async update(actor: Actor, body: UpdateVisitorDeviceBody): Promise<void> {
      const before = await devices.find(actor.companyId, body.id);
      await operationLog.track(
        actor,
        { action: 'visitorDevice.update', targetType: 'visitorDevice', targetId: body.id, targetName: before?.name ?? null, detail: body.regenerateCode ? { regenerateCode: true } : {} },
        async () => {
          if (!before) throw notFound('visitorDeviceNotFound');
          const locationId = body.locationId ?? before.locationId;
          if (body.locationId !== undefined) await placeOf(actor.companyId, body.locationId);
          // A pad moved to another place leaves its printer behind.
          const printerId = body.printerId !== undefined ? body.printerId : locationId !== before.locationId ? null : undefined;
          if (before.kind === 'pad') await checkPrinter(actor.companyId, printerId, locationId);
          const code = before.kind === 'pad' && body.regenerateCode ? await newCode() : null;
          await devices.update(actor.companyId, body.id, fieldsFor(before.kind, { ...body, printerId }), code, clock.now());
        },
      );
    },

    async remove(actor: Actor, ids: readonly number[]): Promise<void> {
      const found = await devices.findMany(actor.companyId, ids);
      await operationLog.track(
        actor,
        { action: 'visitorDevice.delete', targetType: 'visitorDevice', targetId: found.length === 1 ? found[0]!.id : null, targetName: found.length === 1 ? found[0]!.name : null, detail: { count: found.length } },
        async () => {
          if (found.length !== new Set(ids).size) throw notFound('visitorDeviceNotFound');
          await devices.remove(actor.companyId, ids, clock.now());
        },
      );
    },

    // ---- Places' sign-in windows ----

    place: (actor: Actor, locationId: number) => knownSignIn(actor.companyId, locationId),

    async setPlace(actor: Actor, body: SetVisitorPlaceBody): Promise<VisitorPlace> {
      const place = await placeOf(actor.companyId, body.locationId);
      const before = await knownSignIn(actor.companyId, body.locationId);
      await operationLog.track(
        actor,
        { action: 'visitorPlace.update', targetType: 'visitorPlace', targetId: place.id, targetName: place.name, detail: { signInHours: { from: before.signInHours, to: body.signInHours } } },
        () => devices.saveSignInHours(actor.companyId, body.locationId, body.signInHours, actor.userId, clock.now()),
      );
      return knownSignIn(actor.companyId, body.locationId);
    },

    // ---- Receptionists per place ----

    async receptionists(actor: Actor, locationId: number): Promise<PlaceReceptionist[]> {
      await placeOf(actor.companyId, locationId);
      return devices.receptionists(actor.companyId, locationId);
    },

    /**
     * Sets a place's receptionists: active colleagues of the company (404 otherwise) whose role has the
     * reception area (visitor display), since without it the place would give them nothing to read (422
     * naming the first without). In the operation log with the new list.
     */
    async setReceptionists(actor: Actor, body: { locationId: number; userIds: number[] }): Promise<PlaceReceptionist[]> {
      const place = await placeOf(actor.companyId, body.locationId);
      const colleagues = await devices.colleaguesWithPermissions(actor.companyId, body.userIds);
      if (colleagues.length !== body.userIds.length) throw notFound('visitHostNotFound');
      const without = colleagues.find((colleague) => !hasPermission(colleague.permissions, 'visitorDisplay:view'));
      if (without) throw refused('visitorReceptionistWithoutArea', { name: without.fullName });
      await operationLog.track(
        actor,
        { action: 'visitorPlace.update', targetType: 'visitorPlace', targetId: place.id, targetName: place.name, detail: { receptionists: body.userIds } },
        () => devices.setReceptionists(actor.companyId, body.locationId, body.userIds, clock.now()),
      );
      return devices.receptionists(actor.companyId, body.locationId);
    },

    /** Whether a visit's place is at the kiosk's building (the building itself or one of its floors). */
    async sameBuilding(companyId: number, kioskLocationId: number, visitLocationId: number | null): Promise<boolean> {
      if (visitLocationId === null) return false;
      const [kiosk, visit] = await Promise.all([devices.buildingOf(companyId, kioskLocationId), devices.buildingOf(companyId, visitLocationId)]);
      return kiosk !== undefined && kiosk === visit;
    },

    /** Hours before its visit time a visit at this place may be checked in (no place: the default). */
    async signInHours(companyId: number, locationId: number | null): Promise<number> {
      if (locationId === null) return VISITOR_SIGN_IN_HOURS.default;
      return (await signInOf(companyId, locationId))?.signInHours ?? VISITOR_SIGN_IN_HOURS.default;
    },

    // ---- The kiosk's theme ----

    kioskTheme: (actor: Actor) => devices.kioskTheme(actor.companyId),

    async setKioskTheme(actor: Actor, theme: KioskTheme): Promise<void> {
      const clean = { welcomeEn: theme.welcomeEn || null, welcomeZh: theme.welcomeZh || null, color: theme.color?.toLowerCase() ?? null };
      await operationLog.track(actor, { action: 'kioskTheme.update', targetType: 'kioskTheme', targetId: actor.companyId, targetName: null }, () =>
        devices.saveKioskTheme(actor.companyId, clean, actor.userId, clock.now()),
      );
    },

    // ---- The kiosk's own calls ----

    /** A kiosk trades its code for a token (single use), with the door displays' limits on wrong codes. */
    async activate(body: { code: string; platform: string; appVersion: string }, callerIp: string): Promise<{ deviceToken: string; deviceId: number; locationId: number }> {
      const { deviceToken, device } = await codes.trade(callerIp, (tokenHash, now) => devices.activate(body.code, tokenHash, { platform: body.platform, appVersion: body.appVersion, ip: callerIp }, now));
      return { deviceToken, deviceId: device.id, locationId: device.locationId };
    },

    /** The activated pad holding a device token, for the access guard's `device` routes. */
    async authenticate(token: string): Promise<KioskPad | null> {
      return (await devices.findPadByTokenHash(hashSessionToken(token))) ?? null;
    },

    /** A heartbeat with what the pad reports; the address seen stands in for one it does not report. */
    async heartbeat(pad: KioskPad, report: KioskHeartbeatBody, callerIp: string): Promise<{ serverTime: number }> {
      const now = clock.now();
      await devices.touch(pad.id, { ...report, ip: report.ip ?? callerIp }, now);
      return { serverTime: now };
    },

    /** What the kiosk shows: its place, the company, the theme, the sign-in window and its printer. Counts as a heartbeat. */
    async config(pad: KioskPad): Promise<KioskConfig> {
      const now = clock.now();
      await devices.touch(pad.id, {}, now);
      const [places, companyName, theme, signIn, printer, reasons, walkIns] = await Promise.all([
        placesOf(pad.companyId),
        visitors.companyName(pad.companyId),
        devices.kioskTheme(pad.companyId),
        signInOf(pad.companyId, pad.locationId),
        pad.printerId === null ? undefined : devices.find(pad.companyId, pad.printerId),
        visitors.listReasons(pad.companyId),
        walkInsAt(pad.companyId, pad.locationId),
      ]);
      return {
        device: { id: pad.id, name: pad.name },
        companyName,
        location: places.get(pad.locationId) ?? unplaced(pad.locationId),
        theme,
        signInHours: signIn?.signInHours ?? VISITOR_SIGN_IN_HOURS.default,
        reasons: reasons.map(({ id, name }) => ({ id, name })),
        walkIns,
        printer: printer ? { id: printer.id, name: printer.name, stock: printOf(printer).stock, offsetXMm: printOf(printer).offsetMm.x, offsetYMm: printOf(printer).offsetMm.y } : null,
        serverTime: now,
      };
    },

    /** How a printer of the company prints: its stock and calibration offset; another id answers 404. */
    async printSettings(companyId: number, printerId: number): Promise<BadgePrint> {
      const printer = await devices.find(companyId, printerId);
      if (!printer || printer.kind !== 'printer') throw notFound('visitorDeviceNotFound');
      return printOf(printer);
    },

    /** How a kiosk's badges print (its printer's stock and offset), or undefined: it has no printer. */
    async kioskPrint(pad: KioskPad): Promise<BadgePrint | undefined> {
      const printer = pad.printerId === null ? undefined : await devices.find(pad.companyId, pad.printerId);
      return printer && printOf(printer);
    },
  };
}
