import {
  hasPermission,
  REPAIR_BLOCKING_STATUSES,
  REPAIR_PHOTO_MAX_BYTES,
  REPAIR_PHOTO_SIZE,
  REPAIR_PHOTOS_MAX,
  ReturnCode,
  type CreateRepairBody,
  type RepairListQuery,
  type RepairPage,
  type RepairReport,
  type RepairReportDetail,
  type RepairStatus,
  type RepairStatusBody,
  type RepairTarget,
  type RepairUpdateBody,
} from '@atrium/contract';
import { fileTypeFromBuffer } from 'file-type';
import type { Clock } from '../../platform/clock.js';
import { AppError, noPermission, notFound, refused } from '../../platform/errors.js';
import { ImageRefused, thumbnail } from '../../platform/images.js';
import { tooManyPixels, wrongFormat } from '../upload/upload.service.js';
import type { Actor } from '../operation-log/operation-log.service.js';
import type { LocationIndex } from '../location/location.presenter.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';
import type { BlockingReport, RepairBlocking } from './repair-blocking.js';
import { targetKey, type RepairRepository, type RepairRow, type RepairTargetRow } from './repair.repository.js';

export interface RepairServiceDeps {
  repairs: RepairRepository;
  blocking: RepairBlocking;
  /** The company's location tree (places of desks and rooms). */
  locations: (companyId: number) => Promise<LocationIndex>;
  clock: Clock;
}

export type RepairService = ReturnType<typeof createRepairService>;

/** The caller as the repair centre judges them: who, in which company, allowed what. */
type Caller = Pick<Actor, 'companyId' | 'userId' | 'permissions'>;

/** The number of targets a search answers at most. */
const TARGETS_MAX = 20;

const isManager = (caller: Caller) => hasPermission(caller.permissions, 'events:edit');
const isReader = (caller: Caller) => hasPermission(caller.permissions, 'events:view');
const blocking = (status: RepairStatus) => (REPAIR_BLOCKING_STATUSES as readonly RepairStatus[]).includes(status);

export const photoTooLarge = () => new AppError(ReturnCode.PAYLOAD_TOO_LARGE, 'uploadTooLarge', { limit: `${REPAIR_PHOTO_MAX_BYTES / 1024 / 1024} MB` });

/**
 * The repair centre (decision 0019, "The repair centre"): anyone reports a problem with a desk or
 * room; the `events` area's readers see every report and its editors take it through open, in
 * progress, resolved and closed, assign it, and say whether it blocks use. A report that blocks use
 * keeps its desk or room out of booking while it is open or in progress (repair-blocking.ts moves
 * or cancels the bookings ahead); resolving or closing it gives the desk or room back, reopening
 * takes it out again.
 */
export function createRepairService({ repairs, blocking: block, locations, clock }: RepairServiceDeps) {
  /** The desks, rooms and assets a report may name (those of `keys` when given), by `targetKey`. */
  async function targetsOf(companyId: number, keys?: ReadonlyArray<{ kind: RepairTarget['kind']; id: number }>): Promise<Map<string, RepairTarget>> {
    const [rows, index] = await Promise.all([keys ? repairs.findTargets(companyId, keys) : repairs.targets(companyId), locations(companyId)]);
    return new Map(rows.map((row) => [targetKey(row.kind, row.id), present(index, row)]));
  }

  const present = (index: LocationIndex, row: RepairTargetRow): RepairTarget => ({
    kind: row.kind,
    id: row.id,
    name: row.name,
    // Where it is in the building: "Riverside House / 1st floor" (a desk's floor is its node; a room's floor is above it).
    place: (row.nodeId === null ? [] : index.pathOf(row.nodeId))
      .filter((step) => step.level >= LOCATION_LEVEL.building && step.level <= LOCATION_LEVEL.floor)
      .map((step) => step.name)
      .join(' / '),
  });

  function presentReport(row: RepairRow, targets: Map<string, RepairTarget>, photoIds: number[]): RepairReport {
    return {
      id: row.id,
      target: targets.get(targetKey(row.kind, row.target_id)) ?? { kind: row.kind, id: row.target_id, name: `#${row.target_id}`, place: '' },
      title: row.title,
      description: row.description,
      blocksUse: row.blocks_use === 1,
      status: row.status,
      reportedBy: row.reported_by !== null ? { id: row.reported_by, name: row.reporter_name ?? '' } : null,
      assignee: row.assignee_id !== null ? { id: row.assignee_id, name: row.assignee_name ?? '' } : null,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      resolvedAt: row.resolved_at === null ? null : Number(row.resolved_at),
      photoIds,
    };
  }

  const blockingReport = (row: RepairRow): BlockingReport => ({
    id: row.id,
    companyId: row.company_id,
    targetId: row.target_id,
    kind: row.kind,
    title: row.title,
    roomDisablePeriodId: row.room_disable_period_id,
  });

  /** The report, if the caller may read it: the `events` area's readers, or whoever reported it. */
  async function readable(caller: Caller, id: number): Promise<RepairRow> {
    const row = await repairs.find(caller.companyId, id);
    if (!row || (!isReader(caller) && row.reported_by !== caller.userId)) throw notFound('repairNotFound');
    return row;
  }

  async function detail(caller: Caller, id: number): Promise<RepairReportDetail> {
    const row = await readable(caller, id);
    const [photos, events, moves] = await Promise.all([repairs.photoIds(caller.companyId, [id]), repairs.events(caller.companyId, id), repairs.moves(caller.companyId, id)]);
    // The report's own target and the desks or rooms its bookings moved to: its kind for all.
    const targets = await targetsOf(caller.companyId, [row.target_id, ...moves.flatMap((move) => (move.to_resource_id === null ? [] : [move.to_resource_id]))].map((targetId) => ({ kind: row.kind, id: targetId })));
    return {
      ...presentReport(row, targets, photos.get(id) ?? []),
      events: events.map((event) => ({ at: Number(event.at), status: event.status, note: event.note, byName: event.by_name })),
      moves: moves.map((move) => ({
        reservationId: move.reservation_id,
        startAt: Number(move.start_at),
        endAt: Number(move.end_at),
        personName: move.person_name,
        fromName: targets.get(targetKey(row.kind, move.from_resource_id))?.name ?? `#${move.from_resource_id}`,
        toName: move.to_resource_id === null ? null : (targets.get(targetKey(row.kind, move.to_resource_id))?.name ?? `#${move.to_resource_id}`),
        at: Number(move.at),
      })),
    };
  }

  return {
    detail,

    /** Desks and rooms whose name or place holds `keyword`, desks first, the first 20. */
    async targets(companyId: number, keyword: string | undefined): Promise<RepairTarget[]> {
      const wanted = keyword?.toLocaleLowerCase();
      const all = [...(await targetsOf(companyId)).values()];
      return all
        .filter((target) => !wanted || target.name.toLocaleLowerCase().includes(wanted) || target.place.toLocaleLowerCase().includes(wanted))
        .sort((a, b) => a.kind.localeCompare(b.kind) || a.place.localeCompare(b.place) || a.name.localeCompare(b.name, undefined, { numeric: true }))
        .slice(0, TARGETS_MAX);
    },

    async list(companyId: number, query: RepairListQuery): Promise<RepairPage> {
      const wanted = query.keyword?.toLocaleLowerCase();
      // A keyword is looked for in every target's name and place; without one only the page's targets are read.
      const everything = wanted ? await targetsOf(companyId) : null;
      const found = everything && wanted ? [...everything.values()].filter((target) => target.name.toLocaleLowerCase().includes(wanted) || target.place.toLocaleLowerCase().includes(wanted)) : null;
      const matching = found && { resourceIds: found.filter((target) => target.kind !== 'asset').map((target) => target.id), assetIds: found.filter((target) => target.kind === 'asset').map((target) => target.id) };
      const { rows, total } = await repairs.list(companyId, query, matching);
      const [targets, photos] = await Promise.all([
        everything ?? targetsOf(companyId, rows.map((row) => ({ kind: row.kind, id: row.target_id }))),
        repairs.photoIds(companyId, rows.map((row) => row.id)),
      ]);
      return { list: rows.map((row) => presentReport(row, targets, photos.get(row.id) ?? [])), total, page: query.page, pageSize: query.pageSize };
    },

    /** Files a report; one that blocks use (the `events` area's editors only) takes its desk or room out of use at once. */
    async create(caller: Caller, body: CreateRepairBody): Promise<RepairReportDetail> {
      if (body.blocksUse && !isManager(caller)) throw new AppError(ReturnCode.NO_PERMISSION, 'repairBlockNotAllowed');
      const target = await repairs.findTarget(caller.companyId, body.kind, body.targetId);
      if (!target) throw notFound('repairTargetNotFound');
      const now = clock.now();
      const isAsset = target.kind === 'asset';
      const id = await repairs.insert({ companyId: caller.companyId, resourceId: isAsset ? null : target.id, assetId: isAsset ? target.id : null, title: body.title, description: body.description ?? null, blocksUse: body.blocksUse, reportedBy: caller.userId, now });
      await repairs.addEvent({ companyId: caller.companyId, reportId: id, status: 'open', note: body.description ?? null, userId: caller.userId, at: now });
      if (body.blocksUse) await block.block(blockingReport((await repairs.find(caller.companyId, id))!), caller.userId);
      return detail(caller, id);
    },

    /** A new status: resolving or closing gives a blocked desk or room back, reopening takes it out again. */
    async setStatus(caller: Caller, body: RepairStatusBody): Promise<RepairReportDetail> {
      const row = await repairs.find(caller.companyId, body.id);
      if (!row) throw notFound('repairNotFound');
      if (row.status === 'closed') throw refused('repairClosed');
      if (row.status === body.status) throw refused('repairStatusUnchanged');
      const now = clock.now();
      if (!(await repairs.setStatus(caller.companyId, row.id, body.status, row.status, now))) throw refused('repairStatusUnchanged');
      await repairs.addEvent({ companyId: caller.companyId, reportId: row.id, status: body.status, note: body.note ?? null, userId: caller.userId, at: now });
      if (row.blocks_use === 1 && blocking(row.status) && !blocking(body.status)) await block.unblock(blockingReport(row));
      if (row.blocks_use === 1 && !blocking(row.status) && blocking(body.status)) await block.block(blockingReport(row), caller.userId);
      return detail(caller, row.id);
    },

    /** Who fixes it, and whether it blocks use (taken out of use, or given back, at once while it is open). */
    async update(caller: Caller, body: RepairUpdateBody): Promise<RepairReportDetail> {
      const row = await repairs.find(caller.companyId, body.id);
      if (!row) throw notFound('repairNotFound');
      if (row.status === 'closed') throw refused('repairClosed');
      if (body.assigneeId !== undefined && body.assigneeId !== null && !(await repairs.isActiveColleague(caller.companyId, body.assigneeId))) throw notFound('repairAssigneeNotFound');
      const now = clock.now();
      await repairs.update(caller.companyId, row.id, { assigneeId: body.assigneeId, blocksUse: body.blocksUse }, now);
      const wasBlocking = row.blocks_use === 1 && blocking(row.status);
      const nowBlocking = (body.blocksUse ?? row.blocks_use === 1) && blocking(row.status);
      if (!wasBlocking && nowBlocking) await block.block(blockingReport(row), caller.userId);
      if (wasBlocking && !nowBlocking) await block.unblock(blockingReport(row));
      return detail(caller, row.id);
    },

    /**
     * Adds a photo (the reporter, or the `events` area's editors; not to a closed report): a JPEG or
     * PNG by its content (anything else 415), kept upright, without its metadata, within
     * REPAIR_PHOTO_SIZE pixels a side.
     */
    async addPhoto(caller: Caller, reportId: number, content: Buffer): Promise<RepairReportDetail> {
      const row = await readable(caller, reportId);
      if (!isManager(caller) && row.reported_by !== caller.userId) throw new AppError(ReturnCode.NO_PERMISSION, 'repairPhotoNotAllowed');
      if (row.status === 'closed') throw refused('repairClosed');
      if (content.length > REPAIR_PHOTO_MAX_BYTES) throw photoTooLarge();
      const kept = await repairs.photoIds(caller.companyId, [reportId]);
      if ((kept.get(reportId)?.length ?? 0) >= REPAIR_PHOTOS_MAX) throw refused('repairPhotosFull', { count: REPAIR_PHOTOS_MAX });
      const type = await fileTypeFromBuffer(content);
      if (!type || (type.mime !== 'image/jpeg' && type.mime !== 'image/png')) throw wrongFormat();
      let photo;
      try {
        photo = await thumbnail(content, { width: REPAIR_PHOTO_SIZE, height: REPAIR_PHOTO_SIZE });
      } catch (error) {
        if (!(error instanceof ImageRefused)) throw error;
        throw error.reason === 'tooManyPixels' ? tooManyPixels() : wrongFormat();
      }
      await repairs.addPhoto({ companyId: caller.companyId, reportId, contentType: photo.format === 'png' ? 'image/png' : 'image/jpeg', content: photo.content, userId: caller.userId, now: clock.now() });
      return detail(caller, reportId);
    },

    /** A photo's bytes, for whoever may read its report. */
    async photo(caller: Caller, id: number): Promise<{ content: Buffer; contentType: string }> {
      const photo = await repairs.photo(caller.companyId, id);
      if (!photo) throw notFound();
      await readable(caller, photo.report_id).catch(() => {
        throw notFound();
      });
      return { content: photo.content, contentType: photo.content_type };
    },

    /** Refuses a caller who is neither a reader of every report nor asking for their own (used by the list route). */
    assertReader(caller: Caller): void {
      if (!isReader(caller)) throw noPermission();
    },
  };
}
