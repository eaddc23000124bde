import {
  CHILD_LEVELS,
  LOCATION_LEVELS,
  ReturnCode,
  type AddLocationBody,
  type LocationLevel,
  type LocationNode,
  type LocationRegionInfo,
  type LocationTreeQuery,
  type MoveLocationBody,
  type UpdateLocationBaseBody,
  type UpdateLocationV2Body,
} from '@atrium/contract';
import type { Transact } from '../../db/repositories.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, notFound, refused } from '../../platform/errors.js';
import { createVersionedCache } from '../../platform/versioned-cache.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { UploadService } from '../upload/upload.service.js';
import { filterNodes, indexLocations, presentNode, presentRegionInfo, type LocationIndex } from './location.presenter.js';
import type { LocationRecord, LocationRepository } from './location.repository.js';

export interface LocationServiceDeps {
  locations: LocationRepository;
  uploads: Pick<UploadService, 'isOwnImage'>;
  operationLog: OperationLog;
  transact: Transact;
  clock: Clock;
}

export type LocationService = ReturnType<typeof createLocationService>;

/** Companies whose tree a process keeps in memory at once. */
const COMPANIES_CACHED = 500;

/** The location tree: reading it, adding, editing, moving and deleting nodes (spec 000 sections 2, 4, 7). */
export function createLocationService({ locations, uploads, operationLog, transact, clock }: LocationServiceDeps) {
  const indexes = createVersionedCache<number, LocationIndex>(COMPANIES_CACHED);

  /**
   * The company's tree with the layout version it was read at. Outside transactions the tree is
   * kept in memory until the version (raised by triggers on every location or room write, from
   * any process) changes: one primary-key read per call instead of the whole tree.
   */
  async function loadLayout(companyId: number): Promise<{ version: number; index: LocationIndex }> {
    const version = await locations.layoutVersion(companyId);
    const index = await indexes.get(companyId, version, async () => indexLocations(await locations.listLocations(companyId)));
    return { version, index };
  }

  /** The tree; inside a transaction (`repository` bound to it) always read afresh. */
  async function loadIndex(companyId: number, repository: LocationRepository = locations): Promise<LocationIndex> {
    if (repository !== locations) return indexLocations(await repository.listLocations(companyId));
    return (await loadLayout(companyId)).index;
  }

  function getNode(index: LocationIndex, id: number): LocationRecord {
    const record = index.byId.get(id);
    if (!record) throw notFound('locationNotFound');
    return record;
  }

  const nextSortOrder = (index: LocationIndex, parentId: number | null) =>
    index.childrenOf(parentId).reduce((max, sibling) => Math.max(max, sibling.sortOrder), -1) + 1;

  return {
    loadIndex,
    loadLayout,

    /** One level under `parentId` (lazy loading), or the whole tree down to `level`, filtered by keyword. */
    async tree(companyId: number, query: Partial<LocationTreeQuery> = {}): Promise<LocationNode[]> {
      const index = await loadIndex(companyId);
      const maxLevel = query.level ?? LOCATION_LEVELS.room;
      if (query.parentId !== undefined) {
        getNode(index, query.parentId);
        const nodes = index.childrenOf(query.parentId).filter((child) => child.level <= maxLevel);
        return filterNodes(nodes.map((child) => presentNode(index, child, { withChildren: false, maxLevel })), query.keyword);
      }
      const top = index.childrenOf(null).filter((node) => node.level <= maxLevel);
      return filterNodes(top.map((node) => presentNode(index, node, { withChildren: true, maxLevel })), query.keyword);
    },

    async regionInfo(companyId: number, id: number): Promise<LocationRegionInfo> {
      const index = await loadIndex(companyId);
      return presentRegionInfo(index, getNode(index, id));
    },

    async maxDisplayOrder(companyId: number, parentId: number | undefined): Promise<{ maxDisplayOrder: number }> {
      const index = await loadIndex(companyId);
      if (parentId !== undefined) getNode(index, parentId);
      return { maxDisplayOrder: nextSortOrder(index, parentId ?? null) - 1 };
    },

    /** Adds a country, or a child of the level its parent allows (rooms come through the room form). */
    async add(actor: Actor, body: AddLocationBody): Promise<{ id: number }> {
      return operationLog.track(
        actor,
        (result) => ({ action: 'location.create', targetType: 'location', targetId: result?.id ?? null, targetName: body.locationName, detail: { level: body.level, parentId: body.parentId ?? null } }),
        () =>
          transact(async (repos) => {
            const index = await loadIndex(actor.companyId, repos.locations);
            const parentId = body.parentId ?? null;
            const parentLevel = (parentId === null ? LOCATION_LEVELS.root : getParent(index, parentId).level) as LocationLevel;
            if (body.level === LOCATION_LEVELS.room) throw refused('locationRoomUseRoomCall');
            if (!CHILD_LEVELS[parentLevel].includes(body.level)) throw refused('locationLevelNotAllowed');
            const isBuilding = body.level === LOCATION_LEVELS.building;
            if (isBuilding && !body.timeZone) throw refused('locationTimeZoneRequired');
            if (!isBuilding && (body.timeZone || body.address)) throw refused('locationTimeZoneOnlyBuilding');
            const id = await repos.locations.insertLocation(
              {
                companyId: actor.companyId,
                parentId,
                level: body.level,
                name: body.locationName,
                sortOrder: nextSortOrder(index, parentId),
                timeZone: body.timeZone ?? null,
                address: body.address || null,
                description: body.description || null,
              },
              clock.now(),
            );
            return { id };
          }),
      );
    },

    /** Renames a node. */
    async updateBase(actor: Actor, body: UpdateLocationBaseBody): Promise<{ id: number }> {
      const index = await loadIndex(actor.companyId);
      const before = getNode(index, body.id);
      return operationLog.track(
        actor,
        { action: 'location.update', targetType: 'location', targetId: body.id, targetName: body.locationName, detail: { name: { from: before.name, to: body.locationName } } },
        async () => {
          await locations.updateLocation(actor.companyId, body.id, { name: body.locationName });
          return { id: body.id };
        },
      );
    },

    /** The name, a building's zone and address, and any node's attributes (region icon, description). */
    async updateV2(actor: Actor, body: UpdateLocationV2Body): Promise<{ id: number }> {
      const index = await loadIndex(actor.companyId);
      const before = getNode(index, body.id);
      const isBuilding = before.level === LOCATION_LEVELS.building;
      return operationLog.track(
        actor,
        { action: 'location.update', targetType: 'location', targetId: body.id, targetName: body.locationName ?? before.name, detail: changedFields(before, body) },
        async () => {
          if (!isBuilding && (body.timeZone !== undefined || (body.address !== undefined && body.address !== null && body.address !== ''))) {
            throw refused('locationTimeZoneOnlyBuilding');
          }
          const icon = body.regionIconUrl === '' ? null : body.regionIconUrl;
          if (icon && icon !== before.regionIcon && !(await uploads.isOwnImage(actor.companyId, icon))) throw notFound('locationIconNotOwn');
          await locations.updateLocation(actor.companyId, body.id, {
            ...(body.locationName !== undefined ? { name: body.locationName } : {}),
            ...(body.timeZone !== undefined ? { timeZone: body.timeZone } : {}),
            ...(body.address !== undefined && isBuilding ? { address: body.address || null } : {}),
            ...(body.description !== undefined ? { description: body.description || null } : {}),
            ...(icon !== undefined ? { regionIcon: icon } : {}),
          });
          return { id: body.id };
        },
      );
    },

    /** One step up or down among the siblings; the first cannot go up, the last cannot go down. */
    async move(actor: Actor, body: MoveLocationBody): Promise<{ id: number }> {
      const index = await loadIndex(actor.companyId);
      const node = getNode(index, body.id);
      return operationLog.track(
        actor,
        { action: 'location.move', targetType: 'location', targetId: node.id, targetName: node.name, detail: { direction: body.direction } },
        () =>
          transact(async (repos) => {
            const siblings = [...(await loadIndex(actor.companyId, repos.locations)).childrenOf(node.parentId)];
            const at = siblings.findIndex((sibling) => sibling.id === node.id);
            const to = body.direction === 'up' ? at - 1 : at + 1;
            if (to < 0) throw refused('locationMoveFirst');
            if (to >= siblings.length) throw refused('locationMoveLast');
            [siblings[at], siblings[to]] = [siblings[to]!, siblings[at]!];
            // Renumbered 0..n-1, so equal orders from older data cannot keep two nodes in place.
            for (const [order, sibling] of siblings.entries()) {
              if (sibling.sortOrder !== order) await repos.locations.setSortOrder(actor.companyId, sibling.id, order);
            }
            return { id: node.id };
          }),
      );
    },

    /** Soft-deletes a node and its subtree, unless a room or desk under it has an upcoming booking (409). */
    async remove(actor: Actor, id: number): Promise<void> {
      const index = await loadIndex(actor.companyId);
      const node = getNode(index, id);
      await operationLog.track(actor, { action: 'location.delete', targetType: 'location', targetId: node.id, targetName: node.name, detail: { level: node.level } }, () =>
        transact(async (repos) => {
          const subtree = (await loadIndex(actor.companyId, repos.locations)).subtreeOf(id);
          const idsAt = (level: number) => subtree.filter((record) => record.level === level).map((record) => record.id);
          // Rooms' meetings and the floors' desk bookings (decision 0019).
          const upcoming = await repos.locations.countUpcomingReservations(actor.companyId, { roomIds: idsAt(LOCATION_LEVELS.room), floorIds: idsAt(LOCATION_LEVELS.floor) }, clock.now());
          if (upcoming > 0) throw new AppError(ReturnCode.CONFLICT, 'locationHasReservations', { count: upcoming });
          await repos.locations.softDelete(actor.companyId, subtree.map((record) => record.id), clock.now());
        }),
      );
    },
  };

  function getParent(index: LocationIndex, parentId: number): LocationRecord {
    const parent = index.byId.get(parentId);
    if (!parent) throw notFound('locationParentNotFound');
    return parent;
  }
}

/** What an update changes, for the operation log. */
function changedFields(before: LocationRecord, body: UpdateLocationV2Body): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  const compare = (field: string, from: string | null, to: string | null | undefined) => {
    if (to !== undefined && (to || null) !== from) changes[field] = { from, to: to || null };
  };
  compare('name', before.name, body.locationName);
  compare('timeZone', before.timeZone, body.timeZone);
  compare('address', before.address, body.address);
  compare('description', before.description, body.description);
  compare('regionIcon', before.regionIcon, body.regionIconUrl);
  return changes;
}
