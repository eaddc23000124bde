import { randomBytes } from 'node:crypto';
import { DESK_LIVE_SCREEN_PATH, type CreatedDeskLiveLink, type DeskFloor, type DeskLive, type DeskLiveLinkState } from '@atrium/contract';
import type { Kysely } from 'kysely';
import { withWriteTransaction } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { DAY_MS, type Clock } from '../../platform/clock.js';
import { sha256Hex } from '../../platform/digest.js';
import { notFound } from '../../platform/errors.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { DeskBookingRepository } from './desk-booking.repository.js';
import { createDeskLiveLinkRepository, type DeskLiveLinkRepository } from './desk-live.repository.js';
import type { DeskRepository } from './desk.repository.js';
import type { FloorMapRepository } from './floor-map.repository.js';
import type { FloorRoomRepository, RoomSpan } from './floor-room.repository.js';

export interface DeskLiveServiceDeps {
  db: Kysely<DB>;
  desks: Pick<DeskRepository, 'listFloors' | 'listDesks'>;
  deskBookings: Pick<DeskBookingRepository, 'listOnFloor' | 'listDeskRecords'>;
  floorMaps: Pick<FloorMapRepository, 'findImage'>;
  floorRooms: Pick<FloorRoomRepository, 'listOnFloor' | 'spans' | 'disabledAt'>;
  links: DeskLiveLinkRepository;
  operationLog: OperationLog;
  clock: Clock;
  /** A link stopped opening (revoked, or replaced by a new one): its open streams end. */
  onLinkRevoked(linkId: number): void;
}

export type DeskLiveService = ReturnType<typeof createDeskLiveService>;


/**
 * A room now from its meetings' spans (from now on, by start): busy until the end of the meetings
 * that follow on without a gap, or free until the next one's start (null: none within the read).
 */
export function roomNow(spans: readonly RoomSpan[], at: number): { state: 'busy' | 'free'; until: number | null } {
  if (spans.length === 0) return { state: 'free', until: null };
  if (spans[0]!.startAt > at) return { state: 'free', until: spans[0]!.startAt };
  let until = at;
  for (const span of spans) if (span.startAt <= until) until = Math.max(until, span.endAt);
  return { state: 'busy', until };
}

/**
 * The live view (decision 0019, "The live view"): each desk of a floor as it stands now, with the name
 * of whoever has checked in; for signed-in colleagues, and for a lobby screen by a secret link per
 * floor (only its SHA-256 is stored; a new link revokes the previous; the screen sees this floor and
 * nothing else).
 */
export function createDeskLiveService({ db, desks, deskBookings, floorMaps, floorRooms, links, operationLog, clock, onLinkRevoked }: DeskLiveServiceDeps) {
  async function floorOf(companyId: number, floorId: number) {
    const floor = (await desks.listFloors(companyId)).find((candidate) => candidate.floorId === floorId);
    if (!floor) throw notFound('deskFloorNotFound');
    return floor;
  }

  async function liveOf(companyId: number, floorId: number): Promise<DeskLive> {
    const floor = await floorOf(companyId, floorId);
    const at = clock.now();
    const [list, holding, records, rooms] = await Promise.all([
      desks.listDesks(companyId, floorId),
      deskBookings.listOnFloor(companyId, floorId, at, at + 1),
      deskBookings.listDeskRecords(companyId),
      floorRooms.listOnFloor(companyId, floorId),
    ]);
    const roomIds = rooms.map((room) => room.id);
    // Only the meetings' spans are read: a title, private or not, never reaches this view.
    const [spans, disabled] = await Promise.all([floorRooms.spans(companyId, roomIds, at, at + DAY_MS), floorRooms.disabledAt(companyId, roomIds, at)]);
    const now = new Map(holding.map((row) => [row.resource_id, row]));
    // A desk a repair report keeps out of use is out of use on the screen too (decision 0019, "The repair centre").
    const underRepair = new Set(records.filter((record) => record.outOfUseReportId !== null).map((record) => record.id));
    return {
      floorId,
      floorName: floor.floorName,
      buildingName: floor.buildingName,
      timeZone: floor.timeZone ?? 'UTC',
      at,
      map: floor.map,
      desks: list.map((desk) => {
        const booking = now.get(desk.id);
        const state = desk.mode === 'unavailable' || underRepair.has(desk.id) ? 'closed' : !booking ? 'free' : booking.checked_in_at !== null ? 'checkedIn' : 'booked';
        return { id: desk.id, number: desk.number, position: desk.position, state, personName: state === 'checkedIn' ? booking!.user_name : null };
      }),
      rooms: rooms.map(({ isAvailable, ...room }) => {
        if (!isAvailable || disabled.has(room.id)) return { ...room, state: 'closed' as const, until: null };
        return { ...room, ...roomNow(spans.filter((span) => span.roomId === room.id), at) };
      }),
    };
  }

  /** What a floor's stream hears of: its desks and rooms (ids of one space: booking events name either). */
  async function streamIdsOf(companyId: number, floorId: number): Promise<number[]> {
    await floorOf(companyId, floorId);
    const [list, rooms] = await Promise.all([desks.listDesks(companyId, floorId), floorRooms.listOnFloor(companyId, floorId)]);
    return [...list.map((desk) => desk.id), ...rooms.map((room) => room.id)];
  }

  /** The link a secret names, while in force; 404 otherwise. */
  async function linkOf(token: string) {
    const link = await links.byHash(sha256Hex(token));
    if (!link) throw notFound('deskLiveLinkNotFound');
    return link;
  }

  return {
    live: liveOf,

    /** The floors that have desks, for the live view's floor picker. */
    async floors(companyId: number): Promise<DeskFloor[]> {
      return (await desks.listFloors(companyId)).filter((floor) => floor.deskCount > 0);
    },

    async linkState(companyId: number, floorId: number): Promise<DeskLiveLinkState> {
      await floorOf(companyId, floorId);
      const link = await links.active(companyId, floorId);
      return { active: link !== undefined, createdAt: link?.createdAt ?? null, createdByName: link?.createdByName ?? null };
    },

    /** A new secret link for the floor's lobby screen, shown this once; the previous one stops opening. */
    async createLink(actor: Actor, floorId: number): Promise<CreatedDeskLiveLink> {
      const floor = await floorOf(actor.companyId, floorId);
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const previous = await operationLog.track(actor, { action: 'deskLiveLink.create', targetType: 'location', targetId: floorId, targetName: floor.floorName }, () =>
        withWriteTransaction(db, async (trx) => {
          const repo = createDeskLiveLinkRepository(trx);
          const replaced = await repo.active(actor.companyId, floorId);
          await repo.revoke(actor.companyId, floorId, now);
          await repo.insert({ companyId: actor.companyId, floorId, tokenHash: sha256Hex(token), createdBy: actor.userId }, now);
          return replaced;
        }),
      );
      if (previous) onLinkRevoked(previous.id);
      return { path: `${DESK_LIVE_SCREEN_PATH}?token=${token}`, createdAt: now };
    },

    async revokeLink(actor: Actor, floorId: number): Promise<void> {
      const floor = await floorOf(actor.companyId, floorId);
      const link = await links.active(actor.companyId, floorId);
      await operationLog.track(actor, { action: 'deskLiveLink.revoke', targetType: 'location', targetId: floorId, targetName: floor.floorName }, async () => {
        if (!link || !(await links.revoke(actor.companyId, floorId, clock.now()))) throw notFound('deskLiveLinkNotFound');
      });
      onLinkRevoked(link!.id);
    },

    /** What a signed-in colleague's stream of a floor hears of (404 for another company's floor). */
    streamIds: streamIdsOf,

    /** The lobby screen's stream: its link (to end the stream when revoked) and what it hears of, that floor's alone. */
    async screenStream(token: string): Promise<{ companyId: number; linkId: number; ids: number[] }> {
      const link = await linkOf(token);
      return { companyId: link.companyId, linkId: link.id, ids: await streamIdsOf(link.companyId, link.floorId) };
    },

    /** The lobby screen's read: the link's floor now, in its company. */
    async screen(token: string): Promise<DeskLive> {
      const link = await linkOf(token);
      return liveOf(link.companyId, link.floorId);
    },

    /** The lobby screen's floor plan. */
    async screenPlan(token: string) {
      const link = await linkOf(token);
      const image = await floorMaps.findImage(link.companyId, link.floorId);
      if (!image) throw notFound('floorMapNotFound');
      return image;
    },
  };
}
