import {
  CAPACITY_BAND_RANGES,
  DISABLE_PERIOD_END_AHEAD_MS,
  DISABLE_PERIOD_MIN_MS,
  LOCATION_LEVELS,
  ReturnCode,
  type AddDisablePeriodBody,
  type AddMeetingRoomBody,
  type AddRoomTypeBody,
  type ExportRoomsBody,
  type Page,
  type Room,
  type RoomDisablePeriod,
  type RoomListQuery,
  type RoomType,
  type RoomTypeKind,
  type RoomTypeStatusBody,
  type UpdateRoomBody,
  type UpdateRoomTypeBody,
  type ZoomRoom,
} from '@atrium/contract';
import type { Repositories, Transact } from '../../db/repositories.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, notFound, refused } from '../../platform/errors.js';
import { writeCsv, writeXlsx } from '../../platform/spreadsheet/export.js';
import { pathName, type LocationIndex } from '../location/location.presenter.js';
import { roomTimeZone } from './room-layout.js';
import type { LocationService } from '../location/location.service.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { UploadService } from '../upload/upload.service.js';
import type { DoorDisplayRepository } from '../door-display/door-display.repository.js';
import { roomDoorDisplayStatuses } from '../door-display/door-display.service.js';
import type { RoomRecord, RoomRepository, RoomValues } from './room.repository.js';
import type { RoomTypeRecord, RoomTypeRepository } from './room-type.repository.js';
import { isUniqueViolation } from '../../db/unique-violation.js';

export interface RoomServiceDeps {
  rooms: RoomRepository;
  roomTypes: RoomTypeRepository;
  locations: Pick<LocationService, 'loadIndex'>;
  uploads: Pick<UploadService, 'isOwnImage'>;
  /** The rooms' door displays: whether a room has a booking screen follows them. */
  displays: Pick<DoorDisplayRepository, 'listRoomDevices'>;
  operationLog: OperationLog;
  transact: Transact;
  clock: Clock;
}

export type RoomService = ReturnType<typeof createRoomService>;

/** Above this many rooms, their displays are read for the whole company rather than by id. */
const DISPLAYS_BY_ID_MAX = 500;

/** Columns of the room export, in order. */
const EXPORT_COLUMNS = [
  'name', 'location', 'capacity', 'roomType', 'equipment', 'available', 'needsApproval', 'signIn', 'signInWay', 'videoLink', 'calendarResource', 'doorDisplay', 'timeZone',
] as const;
const EXPORT_MAX_ROWS = 10_000;

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** Meeting rooms, room types and disable periods (spec 001 sections 3, 5, 7). */
export function createRoomService({ rooms, roomTypes, locations, uploads, displays, operationLog, transact, clock }: RoomServiceDeps) {
  /** The rooms as the console shows them: path, zone, and their booking screen as their displays are now. */
  async function presentAll(companyId: number, index: LocationIndex, records: RoomRecord[]): Promise<Room[]> {
    const ids = records.map((record) => record.id);
    const devices = await displays.listRoomDevices(companyId, ids.length > DISPLAYS_BY_ID_MAX ? null : ids);
    const statuses = roomDoorDisplayStatuses(devices, clock.now());
    return records.map((record) => {
      const doorDisplayStatus = statuses.get(record.id) ?? 'none';
      return {
        ...record,
        hasDoorDisplay: doorDisplayStatus === 'online',
        doorDisplayStatus,
        locationPath: pathName(index, record.id),
        timeZone: roomTimeZone(index, record.id),
      };
    });
  }

  async function getRoom(companyId: number, id: number, repository: RoomRepository = rooms): Promise<RoomRecord> {
    const record = await repository.findRoom(companyId, id);
    if (!record) throw notFound('roomNotFound');
    return record;
  }

  async function getType(companyId: number, id: number, repository: RoomTypeRepository = roomTypes): Promise<RoomTypeRecord> {
    const type = await repository.findType(companyId, id);
    if (!type) throw notFound('roomTypeNotFound');
    return type;
  }

  /** The stored values of a room form, with its references checked in the caller's company. */
  async function valuesOf(actor: Actor, repos: Repositories, body: AddMeetingRoomBody | UpdateRoomBody, before?: RoomRecord): Promise<RoomValues> {
    const roomTypeId = body.roomTypeId ?? null;
    if (roomTypeId !== null) {
      const type = await getType(actor.companyId, roomTypeId, repos.roomTypes);
      if (!type.isEnabled && roomTypeId !== before?.roomTypeId) throw refused('roomTypeDisabled', { name: type.name });
      // A room of one kind keeps types of that kind (a room without a type counts as standard).
      if (before && roomTypeId !== before.roomTypeId && type.kind !== (before.roomTypeKind ?? 'standard')) throw refused('roomTypeZoomMix');
    } else if (before?.roomTypeKind === 'zoom') {
      throw refused('roomTypeZoomMix');
    }
    const image = body.backgroundImage || null;
    if (image && image !== before?.backgroundImage && !(await uploads.isOwnImage(actor.companyId, image))) throw notFound('roomImageNotOwn');
    return {
      roomTypeId,
      capacity: body.capacity,
      backgroundImage: image,
      equipment: [...new Set(body.equipment)],
      isAvailable: body.isAvailable,
      needsApproval: body.needsApproval,
      signInEnabled: body.signInEnabled,
      signInWay: body.signInWay,
      signInBeforeMinutes: body.signInBeforeMinutes,
      signInAfterMinutes: body.signInAfterMinutes,
      oneClickStart: body.oneClickStart,
      oneClickEnd: body.oneClickEnd,
      videoLink: body.videoLink ?? null,
      calendarResource: body.calendarResource || null,
      bindExternalRooms: body.bindExternalRooms,
    };
  }

  /** Rooms matching the filters, in tree order. */
  async function filteredRooms(
    companyId: number,
    filters: Omit<RoomListQuery, 'page' | 'pageSize'> & { roomTypeKind?: RoomTypeKind },
  ): Promise<{ index: LocationIndex; list: RoomRecord[] }> {
    const index = await locations.loadIndex(companyId);
    let roomIds: number[] | undefined;
    if (filters.locationId !== undefined) {
      if (!index.byId.has(filters.locationId)) throw notFound('locationNotFound');
      roomIds = index.subtreeOf(filters.locationId).filter((node) => node.level === LOCATION_LEVELS.room).map((node) => node.id);
    }
    const band = filters.capacityBand ? CAPACITY_BAND_RANGES[filters.capacityBand] : undefined;
    const rows = await rooms.listRooms(companyId, {
      ...(roomIds ? { roomIds } : {}),
      ...(filters.roomTypeId !== undefined ? { roomTypeId: filters.roomTypeId } : {}),
      ...(filters.roomTypeKind ? { roomTypeKind: filters.roomTypeKind } : {}),
      ...(band ? { minCapacity: band.min, maxCapacity: band.max } : {}),
      ...(filters.isAvailable !== undefined ? { isAvailable: filters.isAvailable } : {}),
      ...(filters.keyword ? { keyword: filters.keyword } : {}),
    });
    const wanted = filters.equipment ?? [];
    const order = new Map(index.inTreeOrder().map((node, position) => [node.id, position]));
    const list = rows
      .filter((row) => order.has(row.id) && wanted.every((item) => row.equipment.includes(item)))
      .sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    return { index, list };
  }

  return {
    async list(companyId: number, query: RoomListQuery): Promise<Page<Room>> {
      const { page, pageSize, ...filters } = query;
      const { index, list } = await filteredRooms(companyId, filters);
      const start = (page - 1) * pageSize;
      return { list: await presentAll(companyId, index, list.slice(start, start + pageSize)), total: list.length, page, pageSize };
    },

    /** The rooms whose type is of kind zoom, with their video-room links, in the room list's order (Zoom's cloud is not asked). */
    async listZoomRooms(companyId: number, keyword?: string): Promise<ZoomRoom[]> {
      const { index, list } = await filteredRooms(companyId, { roomTypeKind: 'zoom', ...(keyword ? { keyword } : {}) });
      return list.map((record) => ({
        id: record.id,
        name: record.name,
        capacity: record.capacity,
        videoLink: record.videoLink,
        locationPath: index.pathOf(record.id).slice(0, -1).map((step) => step.name),
        // The kind filter joins the type, so a Zoom room always has its type's name.
        roomTypeName: record.roomTypeName ?? '',
      }));
    },

    async get(companyId: number, id: number): Promise<Room> {
      const record = await getRoom(companyId, id);
      const [room] = await presentAll(companyId, await locations.loadIndex(companyId), [record]);
      return room!;
    },

    /** The filtered list as a spreadsheet whose cells no program reads as formulas. */
    async exportRooms(companyId: number, body: ExportRoomsBody): Promise<{ filename: string; contentType: string; data: Buffer }> {
      const { format, ...filters } = body;
      const { index, list } = await filteredRooms(companyId, filters);
      const rows = (await presentAll(companyId, index, list.slice(0, EXPORT_MAX_ROWS))).map((room) => {
        return [
          room.name, room.locationPath, String(room.capacity), room.roomTypeName ?? '', room.equipment.join(', '), yesNo(room.isAvailable), yesNo(room.needsApproval),
          yesNo(room.signInEnabled), room.signInEnabled ? room.signInWay : '', room.videoLink ?? '', room.calendarResource ?? '', yesNo(room.hasDoorDisplay), room.timeZone ?? '',
        ];
      });
      return format === 'csv'
        ? { filename: 'rooms.csv', contentType: 'text/csv; charset=utf-8', data: writeCsv(EXPORT_COLUMNS, rows) }
        : { filename: 'rooms.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data: await writeXlsx('rooms', EXPORT_COLUMNS, rows) };
    },

    /** A room under a floor: its level-7 node and its row, in one transaction. */
    async add(actor: Actor, body: AddMeetingRoomBody): Promise<{ id: number }> {
      return operationLog.track(
        actor,
        (result) => ({ action: 'room.create', targetType: 'room', targetId: result?.id ?? null, targetName: body.name, detail: { floorId: body.floorId, capacity: body.capacity } }),
        () =>
          transact(async (repos) => {
            const index = await locations.loadIndex(actor.companyId, repos.locations);
            const floor = index.byId.get(body.floorId);
            if (!floor) throw notFound('locationNotFound');
            if (floor.level !== LOCATION_LEVELS.floor) throw refused('roomFloorNotFound');
            const values = await valuesOf(actor, repos, body);
            const now = clock.now();
            const sortOrder = index.childrenOf(floor.id).reduce((max, sibling) => Math.max(max, sibling.sortOrder), -1) + 1;
            const id = await repos.locations.insertLocation({ companyId: actor.companyId, parentId: floor.id, level: LOCATION_LEVELS.room, name: body.name, sortOrder }, now);
            await repos.rooms.insertRoom(actor.companyId, id, values, now);
            return { id };
          }),
      );
    },

    /** Every field of a room; a Zoom room keeps Zoom types and a standard room standard ones. */
    async update(actor: Actor, body: UpdateRoomBody): Promise<{ id: number }> {
      const before = await getRoom(actor.companyId, body.id);
      return operationLog.track(
        actor,
        { action: 'room.update', targetType: 'room', targetId: body.id, targetName: body.name, detail: { capacity: body.capacity, roomTypeId: body.roomTypeId ?? null } },
        () =>
          transact(async (repos) => {
            const values = await valuesOf(actor, repos, body, before);
            const now = clock.now();
            if (body.name !== before.name) await repos.locations.updateLocation(actor.companyId, body.id, { name: body.name });
            await repos.rooms.updateRoom(actor.companyId, body.id, values, now);
            return { id: body.id };
          }),
      );
    },

    async listDisablePeriods(companyId: number, roomId: number): Promise<RoomDisablePeriod[]> {
      await getRoom(companyId, roomId);
      return rooms.listDisablePeriods(companyId, roomId);
    },

    /** Times chosen, start not after end, at least an hour long, ending at least an hour from now (spec 001 section 5). */
    async addDisablePeriod(actor: Actor, body: AddDisablePeriodBody): Promise<{ id: number }> {
      const room = await getRoom(actor.companyId, body.roomId);
      return operationLog.track(
        actor,
        (result) => ({
          action: 'room.addDisablePeriod',
          targetType: 'room',
          targetId: room.id,
          targetName: room.name,
          detail: { periodId: result?.id ?? null, startAt: body.startAt ?? null, endAt: body.endAt ?? null },
        }),
        async () => {
          const { startAt, endAt } = body;
          if (startAt === undefined || startAt === null || endAt === undefined || endAt === null) throw refused('disablePeriodTimesRequired');
          if (startAt > endAt) throw refused('disablePeriodStartAfterEnd');
          if (endAt - startAt < DISABLE_PERIOD_MIN_MS) throw refused('disablePeriodTooShort');
          if (endAt < clock.now() + DISABLE_PERIOD_END_AHEAD_MS) throw refused('disablePeriodEndTooSoon');
          const id = await rooms.insertDisablePeriod(
            { companyId: actor.companyId, roomId: room.id, startAt, endAt, reason: body.reason || null, createdBy: actor.userId },
            clock.now(),
          );
          return { id };
        },
      );
    },

    async deleteDisablePeriod(actor: Actor, id: number): Promise<void> {
      const period = await rooms.findDisablePeriod(actor.companyId, id);
      if (!period) throw notFound('disablePeriodNotFound');
      await operationLog.track(
        actor,
        { action: 'room.deleteDisablePeriod', targetType: 'room', targetId: period.roomId, targetName: null, detail: { periodId: id, startAt: period.startAt, endAt: period.endAt } },
        () => rooms.deleteDisablePeriod(actor.companyId, id),
      );
    },

    async listTypes(companyId: number, keyword?: string): Promise<RoomType[]> {
      const needle = keyword?.toLowerCase();
      const types = await roomTypes.listTypes(companyId);
      return needle ? types.filter((type) => type.name.toLowerCase().includes(needle) || type.typeCode.toLowerCase().includes(needle)) : types;
    },

    async addType(actor: Actor, body: AddRoomTypeBody): Promise<{ id: number }> {
      return operationLog.track(
        actor,
        (result) => ({ action: 'roomType.create', targetType: 'roomType', targetId: result?.id ?? null, targetName: body.name, detail: { typeCode: body.typeCode, kind: body.kind } }),
        async () => {
          if ((await roomTypes.findIdByCode(actor.companyId, body.typeCode)) !== undefined) throw codeTaken(body.typeCode);
          return guardUnique(async () => ({ id: await roomTypes.insertType(actor.companyId, { ...body, description: body.description || null }, clock.now()) }), body.typeCode);
        },
      );
    },

    /** A type's kind cannot change while rooms use it (they would mix kinds). */
    async updateType(actor: Actor, body: UpdateRoomTypeBody): Promise<{ id: number }> {
      const before = await getType(actor.companyId, body.id);
      return operationLog.track(
        actor,
        { action: 'roomType.update', targetType: 'roomType', targetId: body.id, targetName: body.name, detail: { typeCode: body.typeCode, kind: body.kind, isEnabled: body.isEnabled } },
        async () => {
          if (body.kind !== before.kind && before.roomCount > 0) throw refused('roomTypeKindInUse', { count: before.roomCount });
          if ((await roomTypes.findIdByCode(actor.companyId, body.typeCode, body.id)) !== undefined) throw codeTaken(body.typeCode);
          await guardUnique(() => roomTypes.updateType(actor.companyId, body.id, { ...body, description: body.description || null }, clock.now()), body.typeCode);
          return { id: body.id };
        },
      );
    },

    async setTypeStatus(actor: Actor, body: RoomTypeStatusBody): Promise<{ id: number }> {
      const type = await getType(actor.companyId, body.id);
      return operationLog.track(
        actor,
        { action: 'roomType.setStatus', targetType: 'roomType', targetId: type.id, targetName: type.name, detail: { isEnabled: body.isEnabled } },
        async () => {
          await roomTypes.updateType(actor.companyId, type.id, { isEnabled: body.isEnabled }, clock.now());
          return { id: type.id };
        },
      );
    },

    /** A type some room uses cannot be deleted. */
    async deleteType(actor: Actor, id: number): Promise<void> {
      const type = await getType(actor.companyId, id);
      await operationLog.track(actor, { action: 'roomType.delete', targetType: 'roomType', targetId: type.id, targetName: type.name }, async () => {
        if (type.roomCount > 0) throw refused('roomTypeInUse', { count: type.roomCount });
        await roomTypes.deleteType(actor.companyId, id);
      });
    },
  };
}

const codeTaken = (code: string) => new AppError(ReturnCode.CONFLICT, 'roomTypeCodeTaken', { code });

async function guardUnique<T>(write: () => Promise<T>, code: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken(code);
    throw error;
  }
}
