import type { DeleteDesksBody, Desk, DeskFloor, DeskOwners, FloorRoom, Lang, Neighbourhood, PlaceDesksBody, SaveDeskBody, SaveNeighbourhoodBody } from '@atrium/contract';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import { withWriteTransaction } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Clock } from '../../platform/clock.js';
import { notFound, refused } from '../../platform/errors.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import { createDeskRepository, type DeskRepository, type DeskValues } from './desk.repository.js';
import { renderQrSheet } from './desk-qr-sheet.js';
import type { FloorRoomRepository } from './floor-room.repository.js';

export interface DeskServiceDeps {
  db: Kysely<DB>;
  desks: DeskRepository;
  floorRooms: Pick<FloorRoomRepository, 'listOnFloor' | 'findRooms'>;
  operationLog: OperationLog;
  clock: Clock;
  /** The console's address, for the link a desk's QR code carries. */
  publicUrl: string;
  /** Tells a desk's new owner it is theirs (desk-access.service.ts `tellOwners`); absent: nobody is told. */
  tellOwners?: (companyId: number, actorUserId: number, deskIds: number[]) => Promise<unknown>;
}

export type DeskService = ReturnType<typeof createDeskService>;

/** Colleagues and departments offered as a desk's owner, of each. */
const OWNERS_MAX = 20;

/**
 * The desk configuration (/deskeeper-configuration, /deskeeper-station-setting): desks on floors with
 * their number, equipment, mode and owner, neighbourhoods, and places on the floor's map (decision 0019).
 * A desk is a resource, so its booking is the reservation engine's; this module never writes a booking.
 */
/** A desk number as part of a file name. */
const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, '_');

export function createDeskService({ db, desks, floorRooms, operationLog, clock, publicUrl, tellOwners }: DeskServiceDeps) {
  /** A desk's check-in code (PNG): it opens the booking page, which checks the reader in (`?checkIn=<id>`). */
  const checkInCode = (deskId: number) =>
    QRCode.toBuffer(`${publicUrl.replace(/\/$/, '')}/deskeeper-reservation?checkIn=${deskId}`, { type: 'png', width: 320, margin: 2, errorCorrectionLevel: 'M' });

  /** The write transaction every change runs in (BEGIN IMMEDIATE on SQLite: a new desk's id is drawn in it). */
  const transact = <T>(fn: (repo: DeskRepository) => Promise<T>) => withWriteTransaction(db, (trx) => fn(createDeskRepository(trx)));

  /** What a desk's values refer to exists in the company: the floor, the neighbourhood on that floor, the owner. */
  async function checkReferences(repo: DeskRepository, companyId: number, body: SaveDeskBody): Promise<void> {
    if (!(await repo.floorExists(companyId, body.floorId))) throw notFound('deskFloorNotFound');
    if (body.neighbourhoodId !== null) {
      const neighbourhood = await repo.findNeighbourhood(companyId, body.neighbourhoodId);
      if (neighbourhood?.floorId !== body.floorId) throw notFound('neighbourhoodNotFound');
    }
    if (body.assignedUserId !== null && (await repo.activeUserName(companyId, body.assignedUserId)) === undefined) throw notFound('deskOwnerNotFound');
    if (body.assignedDepartmentId !== null && (await repo.departmentName(companyId, body.assignedDepartmentId)) === undefined) throw notFound('deskOwnerNotFound');
  }

  const valuesOf = (body: SaveDeskBody): DeskValues => ({
    floorId: body.floorId,
    number: body.number,
    mode: body.mode,
    equipment: [...new Set(body.equipment)],
    neighbourhoodId: body.neighbourhoodId,
    assignedUserId: body.assignedUserId,
    assignedDepartmentId: body.assignedDepartmentId,
  });

  return {
    owners(companyId: number, keyword: string): Promise<DeskOwners> {
      return desks.owners(companyId, keyword, OWNERS_MAX);
    },

    /**
     * A desk's check-in QR code as a PNG to print on the desk: it opens the booking page, which checks
     * the person in to their booking of the desk (`?checkIn=<id>`). Named for the desk's number.
     */
    async qr(companyId: number, deskId: number): Promise<{ data: Buffer; filename: string }> {
      const desk = await desks.findDesk(companyId, deskId);
      if (!desk) throw notFound('deskNotFound');
      return { data: await checkInCode(desk.id), filename: `desk-${fileSafe(desk.number)}-qr.png` };
    },

    /** A floor's desks' check-in codes as an A4 PDF, several a page, each with its desk's number. */
    async qrSheet(companyId: number, floorId: number, lang: Lang): Promise<{ data: Buffer; filename: string }> {
      const floor = (await desks.listFloors(companyId)).find((candidate) => candidate.floorId === floorId);
      if (!floor) throw notFound('deskFloorNotFound');
      const list = await desks.listDesks(companyId, floorId);
      const codes = await Promise.all(list.map(async (desk) => ({ number: desk.number, qrPng: await checkInCode(desk.id) })));
      const title = [floor.buildingName, floor.floorName].filter(Boolean).join(' · ');
      return { data: await renderQrSheet({ title, desks: codes, lang }), filename: `desks-${floorId}-qr.pdf` };
    },

    listFloors(companyId: number): Promise<DeskFloor[]> {
      return desks.listFloors(companyId);
    },

    async listDesks(companyId: number, floorId: number): Promise<Desk[]> {
      if (!(await desks.floorExists(companyId, floorId))) throw notFound('deskFloorNotFound');
      return desks.listDesks(companyId, floorId);
    },

    /** Adds a desk (no id) or changes one; a number already on the floor is refused, also when two saves race. */
    async save(actor: Actor, body: SaveDeskBody): Promise<Desk> {
      const previous = body.id === undefined ? undefined : await desks.findDesk(actor.companyId, body.id);
      if (body.id !== undefined && !previous) throw notFound('deskNotFound');
      const action = previous ? 'desk.update' : 'desk.create';
      const id = await operationLog.track(
        actor,
        (savedId) => ({
          action,
          targetType: 'desk',
          targetId: savedId ?? body.id ?? null,
          targetName: body.number,
          detail: previous ? { floorId: body.floorId, previousNumber: previous.number } : { floorId: body.floorId },
        }),
        async () => {
          try {
            return await transact(async (repo) => {
              await checkReferences(repo, actor.companyId, body);
              if (await repo.numberTaken(actor.companyId, body.floorId, body.number, previous?.id)) throw refused('deskNumberTaken', { number: body.number });
              const now = clock.now();
              let deskId: number;
              if (previous) {
                deskId = previous.id;
                await repo.updateDesk(actor.companyId, deskId, valuesOf(body), now);
                // Another floor's map does not hold this desk's place.
                if (previous.floorId !== body.floorId && body.position === undefined) await repo.setPosition(actor.companyId, deskId, null, now);
              } else {
                deskId = await repo.insertDesk(actor.companyId, valuesOf(body), now);
              }
              if (body.position !== undefined) await repo.setPosition(actor.companyId, deskId, body.position, now);
              return deskId;
            });
          } catch (error) {
            throw isUniqueViolation(error) ? refused('deskNumberTaken', { number: body.number }) : error;
          }
        },
      );
      const saved = (await desks.findDesk(actor.companyId, id))!;
      // A desk that became someone's (a new owner): they are told after the commit.
      const isNewOwner = saved.mode === 'assigned' && (previous?.mode !== 'assigned' || previous.assignedUserId !== saved.assignedUserId || previous.assignedDepartmentId !== saved.assignedDepartmentId);
      if (isNewOwner && tellOwners) await tellOwners(actor.companyId, actor.userId, [saved.id]);
      return saved;
    },

    /** A floor's rooms with their places on its map, for the map editor. */
    async listRooms(companyId: number, floorId: number): Promise<FloorRoom[]> {
      if (!(await desks.floorExists(companyId, floorId))) throw notFound('deskFloorNotFound');
      return (await floorRooms.listOnFloor(companyId, floorId)).map(({ isAvailable: _, ...room }) => room);
    },

    /**
     * Moves desks and rooms on their floor's map at once (or takes them off it). With a room or a
     * `floorId` among them, all must be on one floor (the body's when given): a map holds its own floor's.
     */
    async place(actor: Actor, body: PlaceDesksBody): Promise<Desk[]> {
      const idsOf = (kind: 'desk' | 'room') => [...new Set(body.places.filter((place) => place.kind === kind).map((place) => place.id))];
      const ids = idsOf('desk');
      const roomIds = idsOf('room');
      const [found, rooms] = await Promise.all([desks.findDesks(actor.companyId, ids), floorRooms.findRooms(actor.companyId, roomIds)]);
      if (found.length !== ids.length) throw notFound('deskNotFound');
      if (rooms.length !== roomIds.length) throw notFound('roomNotFound');
      if (body.floorId !== undefined && !(await desks.floorExists(actor.companyId, body.floorId))) throw notFound('deskFloorNotFound');
      const floors = new Set([...found.map((desk) => desk.floorId), ...rooms.map((room) => room.floorId), ...(body.floorId === undefined ? [] : [body.floorId])]);
      if ((roomIds.length > 0 || body.floorId !== undefined) && floors.size > 1) throw refused('mapItemsOtherFloor');
      const detail = roomIds.length > 0 ? { desks: ids, rooms: roomIds } : { desks: ids };
      await operationLog.track(actor, { action: 'desk.place', targetType: 'desk', targetId: null, targetName: null, detail }, () =>
        transact(async (repo) => {
          const now = clock.now();
          for (const place of body.places) await repo.setPosition(actor.companyId, place.id, place.position, now);
        }),
      );
      return desks.findDesks(actor.companyId, ids);
    },

    /** Deletes desks with no booking still to come (their past bookings stay as history). */
    async delete(actor: Actor, body: DeleteDesksBody): Promise<{ count: number }> {
      const ids = [...new Set(body.ids)];
      const found = await desks.findDesks(actor.companyId, ids);
      if (found.length !== ids.length) throw notFound('deskNotFound');
      await operationLog.track(actor, { action: 'desk.delete', targetType: 'desk', targetId: ids.length === 1 ? ids[0]! : null, targetName: found.map((d) => d.number).join(', '), detail: { desks: ids } }, () =>
        transact(async (repo) => {
          const now = clock.now();
          const booked = await repo.desksWithBookingsAfter(actor.companyId, ids, now);
          if (booked.length > 0) throw refused('deskHasBookings', { number: found.find((d) => d.id === booked[0])!.number });
          await repo.softDeleteDesks(actor.companyId, ids, now);
        }),
      );
      return { count: ids.length };
    },

    async listNeighbourhoods(companyId: number, floorId: number): Promise<Neighbourhood[]> {
      if (!(await desks.floorExists(companyId, floorId))) throw notFound('deskFloorNotFound');
      return desks.listNeighbourhoods(companyId, { floorId });
    },

    /** Adds a neighbourhood (no id) or changes one; it stays on its floor. */
    async saveNeighbourhood(actor: Actor, body: SaveNeighbourhoodBody): Promise<Neighbourhood> {
      const previous = body.id === undefined ? undefined : await desks.findNeighbourhood(actor.companyId, body.id);
      if (body.id !== undefined && previous?.floorId !== body.floorId) throw notFound('neighbourhoodNotFound');
      const id = await operationLog.track(
        actor,
        (savedId) => ({
          action: previous ? 'neighbourhood.update' : 'neighbourhood.create',
          targetType: 'neighbourhood',
          targetId: savedId ?? body.id ?? null,
          targetName: body.name,
          detail: previous ? { floorId: body.floorId, previousName: previous.name } : { floorId: body.floorId },
        }),
        async () => {
          try {
            return await transact(async (repo) => {
              if (!(await repo.floorExists(actor.companyId, body.floorId))) throw notFound('deskFloorNotFound');
              if (body.departmentId !== null && (await repo.departmentName(actor.companyId, body.departmentId)) === undefined) throw notFound('deskOwnerNotFound');
              if (await repo.neighbourhoodNameTaken(actor.companyId, body.floorId, body.name, previous?.id)) throw refused('neighbourhoodNameTaken', { name: body.name });
              const values = { floorId: body.floorId, name: body.name, color: body.color, departmentId: body.departmentId };
              const now = clock.now();
              if (previous) {
                await repo.updateNeighbourhood(actor.companyId, previous.id, values, now);
                return previous.id;
              }
              return repo.insertNeighbourhood(actor.companyId, values, now);
            });
          } catch (error) {
            throw isUniqueViolation(error) ? refused('neighbourhoodNameTaken', { name: body.name }) : error;
          }
        },
      );
      return (await desks.findNeighbourhood(actor.companyId, id))!;
    },

    async deleteNeighbourhood(actor: Actor, id: number): Promise<void> {
      const neighbourhood = await desks.findNeighbourhood(actor.companyId, id);
      if (!neighbourhood) throw notFound('neighbourhoodNotFound');
      await operationLog.track(actor, { action: 'neighbourhood.delete', targetType: 'neighbourhood', targetId: id, targetName: neighbourhood.name, detail: { floorId: neighbourhood.floorId } }, () =>
        transact((repo) => repo.deleteNeighbourhood(actor.companyId, id)),
      );
    },
  };
}
