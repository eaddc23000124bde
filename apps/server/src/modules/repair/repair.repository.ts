import { REPAIR_TARGET_KINDS, type RepairListQuery, type RepairStatus, type RepairTargetKind } from '@atrium/contract';
import type { Kysely, Selectable } from 'kysely';
import { containsIgnoringCase } from '../../db/like.js';
import type { DB, RepairReportTable } from '../../db/schema.js';

export type RepairRepository = ReturnType<typeof createRepairRepository>;

/** A report's row with what it is about and the names of its people. */
export interface RepairRow extends Selectable<RepairReportTable> {
  kind: RepairTargetKind;
  /** The desk's, room's or asset's id (the report's `resource_id` or `asset_id`). */
  target_id: number;
  reporter_name: string | null;
  assignee_name: string | null;
}

/** A desk, room or asset a report may name, with the location node that places it (a desk's floor, a room's own node, an asset's location). */
export interface RepairTargetRow {
  kind: RepairTargetKind;
  id: number;
  name: string;
  /** The desk's floor, the room's node or the asset's location (null: none): where the place's path starts. */
  nodeId: number | null;
}

/** A report's target as one key (a desk's, a room's and an asset's ids come from different sequences). */
export const targetKey = (kind: RepairTargetKind, id: number) => `${kind}:${id}`;

/** The repair centre's reads and writes (repair_reports, _photos, _events, _moves; migration 0060). */
export function createRepairRepository(db: Kysely<DB>) {
  const reports = () =>
    db
      .selectFrom('repair_reports as r')
      .leftJoin('resources as res', 'res.id', 'r.resource_id')
      .leftJoin('users as rb', 'rb.id', 'r.reported_by')
      .leftJoin('users as a', 'a.id', 'r.assignee_id')
      .selectAll('r')
      .select(['res.kind as resource_kind', 'rb.full_name as reporter_name', 'a.full_name as assignee_name']);

  type Selected = Selectable<RepairReportTable> & { resource_kind: 'room' | 'desk' | null; reporter_name: string | null; assignee_name: string | null };
  const rowOf = (row: Selected): RepairRow => {
    const { resource_kind: resourceKind, ...rest } = row;
    return { ...rest, kind: row.asset_id !== null ? 'asset' : (resourceKind ?? 'desk'), target_id: row.asset_id ?? row.resource_id! };
  };

  /** A kind of target of the company (only those of `ids` when given): desks not deleted, rooms, assets not retired. */
  async function targetsOf(companyId: number, kind: RepairTargetKind, ids?: readonly number[]): Promise<RepairTargetRow[]> {
    if (ids?.length === 0) return [];
    if (kind === 'desk') {
      const desks = await db
        .selectFrom('desks')
        .select(['id', 'number', 'floor_id'])
        .where('company_id', '=', companyId)
        .where('deleted_at', 'is', null)
        .$if(ids !== undefined, (q) => q.where('id', 'in', ids!))
        .execute();
      return desks.map((desk) => ({ kind, id: desk.id, name: desk.number, nodeId: desk.floor_id }));
    }
    if (kind === 'room') {
      const rooms = await db
        .selectFrom('rooms as rm')
        .innerJoin('locations as l', 'l.id', 'rm.id')
        .select(['rm.id', 'l.name'])
        .where('rm.company_id', '=', companyId)
        .where('l.deleted_at', 'is', null)
        .$if(ids !== undefined, (q) => q.where('rm.id', 'in', ids!))
        .execute();
      return rooms.map((room) => ({ kind, id: room.id, name: room.name, nodeId: room.id }));
    }
    const assets = await db
      .selectFrom('assets as a')
      .innerJoin('asset_models as m', 'm.id', 'a.model_id')
      .select(['a.id', 'a.tag', 'a.location_id', 'm.name as model_name'])
      .where('a.company_id', '=', companyId)
      .where('a.status', '!=', 'retired')
      .$if(ids !== undefined, (q) => q.where('a.id', 'in', ids!))
      .execute();
    return assets.map((asset) => ({ kind, id: asset.id, name: `${asset.tag} · ${asset.model_name}`, nodeId: asset.location_id }));
  }

  return {
    async insert(values: { companyId: number; resourceId: number | null; assetId: number | null; title: string; description: string | null; blocksUse: boolean; reportedBy: number; now: number }): Promise<number> {
      const row = await db
        .insertInto('repair_reports')
        .values({
          company_id: values.companyId,
          resource_id: values.resourceId,
          asset_id: values.assetId,
          title: values.title,
          description: values.description,
          blocks_use: values.blocksUse ? 1 : 0,
          status: 'open',
          reported_by: values.reportedBy,
          created_at: values.now,
          updated_at: values.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async find(companyId: number, id: number): Promise<RepairRow | undefined> {
      const row = await reports().where('r.company_id', '=', companyId).where('r.id', '=', id).executeTakeFirst();
      return row ? rowOf(row as Selected) : undefined;
    },

    /** A page of the company's reports, newest first; `keyword` in the title or the resource's ids given. */
    async list(companyId: number, query: RepairListQuery, keywordTargets: { resourceIds: number[]; assetIds: number[] } | null): Promise<{ rows: RepairRow[]; total: number }> {
      const filtered = (base: ReturnType<typeof reports>) =>
        base
          .where('r.company_id', '=', companyId)
          .$if(query.status !== undefined, (q) => q.where('r.status', '=', query.status!))
          .$if(query.kind === 'asset', (q) => q.where('r.asset_id', 'is not', null))
          .$if(query.kind === 'desk' || query.kind === 'room', (q) => q.where('res.kind', '=', query.kind as 'desk' | 'room'))
          .$if(query.blocking !== undefined, (q) => q.where('r.blocks_use', '=', query.blocking === 'true' ? 1 : 0))
          .$if(query.keyword !== undefined && query.keyword !== '', (q) =>
            q.where((eb) =>
              eb.or([
                containsIgnoringCase('r.title', query.keyword!),
                ...(keywordTargets && keywordTargets.resourceIds.length > 0 ? [eb('r.resource_id', 'in', keywordTargets.resourceIds)] : []),
                ...(keywordTargets && keywordTargets.assetIds.length > 0 ? [eb('r.asset_id', 'in', keywordTargets.assetIds)] : []),
              ]),
            ),
          );
      const [rows, count] = await Promise.all([
        filtered(reports())
          .orderBy('r.created_at', 'desc')
          .orderBy('r.id', 'desc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        filtered(reports())
          .clearSelect()
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: (rows as Selected[]).map(rowOf), total: Number(count.n) };
    },

    async photoIds(companyId: number, reportIds: number[]): Promise<Map<number, number[]>> {
      const map = new Map<number, number[]>();
      if (reportIds.length === 0) return map;
      const rows = await db.selectFrom('repair_photos').select(['id', 'report_id']).where('company_id', '=', companyId).where('report_id', 'in', reportIds).orderBy('id').execute();
      for (const row of rows) map.set(row.report_id, [...(map.get(row.report_id) ?? []), row.id]);
      return map;
    },

    async addPhoto(values: { companyId: number; reportId: number; contentType: string; content: Buffer; userId: number; now: number }): Promise<number> {
      const row = await db
        .insertInto('repair_photos')
        .values({ company_id: values.companyId, report_id: values.reportId, content_type: values.contentType, content: values.content, created_by: values.userId, created_at: values.now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async photo(companyId: number, id: number) {
      return db.selectFrom('repair_photos').select(['id', 'report_id', 'content_type', 'content']).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
    },

    async addEvent(values: { companyId: number; reportId: number; status: RepairStatus | null; note: string | null; userId: number | null; at: number }): Promise<void> {
      await db
        .insertInto('repair_events')
        .values({ company_id: values.companyId, report_id: values.reportId, status: values.status, note: values.note, by_user_id: values.userId, at: values.at })
        .execute();
    },

    async events(companyId: number, reportId: number) {
      return db
        .selectFrom('repair_events as e')
        .leftJoin('users as u', 'u.id', 'e.by_user_id')
        .select(['e.at', 'e.status', 'e.note', 'u.full_name as by_name'])
        .where('e.company_id', '=', companyId)
        .where('e.report_id', '=', reportId)
        .orderBy('e.at')
        .orderBy('e.id')
        .execute();
    },

    async setStatus(companyId: number, id: number, status: RepairStatus, from: RepairStatus, now: number): Promise<boolean> {
      const resolvedAt = status === 'resolved' || status === 'closed' ? now : null;
      const result = await db
        .updateTable('repair_reports')
        .set((eb) => ({ status, updated_at: now, resolved_at: status === 'open' || status === 'in_progress' ? null : eb.fn.coalesce('resolved_at', eb.val(resolvedAt)) }))
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async update(companyId: number, id: number, patch: { assigneeId?: number | null; blocksUse?: boolean; roomDisablePeriodId?: number | null }, now: number): Promise<void> {
      await db
        .updateTable('repair_reports')
        .set({
          ...(patch.assigneeId !== undefined ? { assignee_id: patch.assigneeId } : {}),
          ...(patch.blocksUse !== undefined ? { blocks_use: patch.blocksUse ? 1 : 0 } : {}),
          ...(patch.roomDisablePeriodId !== undefined ? { room_disable_period_id: patch.roomDisablePeriodId } : {}),
          updated_at: now,
        })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    },

    async isActiveColleague(companyId: number, userId: number): Promise<boolean> {
      const row = await db.selectFrom('users').select('id').where('company_id', '=', companyId).where('id', '=', userId).where('is_active', '=', 1).executeTakeFirst();
      return row !== undefined;
    },

    /** The company's desks (not deleted), rooms and assets (not retired), each with the node its place is read from. */
    async targets(companyId: number): Promise<RepairTargetRow[]> {
      const lists = await Promise.all(REPAIR_TARGET_KINDS.map((kind) => targetsOf(companyId, kind)));
      return lists.flat();
    },

    /** The targets named by `keys` (a query per kind asked about), as `targets` answers them. */
    async findTargets(companyId: number, keys: ReadonlyArray<{ kind: RepairTargetKind; id: number }>): Promise<RepairTargetRow[]> {
      const lists = await Promise.all(REPAIR_TARGET_KINDS.map((kind) => targetsOf(companyId, kind, [...new Set(keys.filter((key) => key.kind === kind).map((key) => key.id))])));
      return lists.flat();
    },

    /** One desk (not deleted), room or asset (not retired) of the company, as `targets` answers it; undefined: none. */
    async findTarget(companyId: number, kind: RepairTargetKind, id: number): Promise<RepairTargetRow | undefined> {
      return (await targetsOf(companyId, kind, [id]))[0];
    },

    /** The open reports that block use of the desk, room or asset other than `exceptId`, oldest first. */
    async otherBlocking(companyId: number, target: { resourceId: number } | { assetId: number }, exceptId: number) {
      return db
        .selectFrom('repair_reports')
        .select(['id', 'room_disable_period_id'])
        .where('company_id', '=', companyId)
        .$if('resourceId' in target, (q) => q.where('resource_id', '=', (target as { resourceId: number }).resourceId))
        .$if('assetId' in target, (q) => q.where('asset_id', '=', (target as { assetId: number }).assetId))
        .where('id', '!=', exceptId)
        .where('blocks_use', '=', 1)
        .where('status', 'in', ['open', 'in_progress'])
        .orderBy('id')
        .execute();
    },

    async setDeskOutOfUse(companyId: number, deskId: number, reportId: number | null, now: number): Promise<void> {
      await db.updateTable('desks').set({ out_of_use_report_id: reportId, updated_at: now }).where('company_id', '=', companyId).where('id', '=', deskId).execute();
    },

    async insertRoomDisablePeriod(values: { companyId: number; roomId: number; startAt: number; endAt: number; reason: string; userId: number; now: number }): Promise<number> {
      const row = await db
        .insertInto('room_disable_periods')
        .values({ company_id: values.companyId, room_id: values.roomId, start_at: values.startAt, end_at: values.endAt, reason: values.reason, created_by: values.userId, created_at: values.now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Ends a disable period at `now` (one that has not started yet goes). */
    async endRoomDisablePeriod(companyId: number, id: number, now: number): Promise<void> {
      await db.deleteFrom('room_disable_periods').where('company_id', '=', companyId).where('id', '=', id).where('start_at', '>=', now).execute();
      await db.updateTable('room_disable_periods').set({ end_at: now }).where('company_id', '=', companyId).where('id', '=', id).where('end_at', '>', now).execute();
    },

    async addMove(values: { companyId: number; reportId: number; reservationId: number; fromId: number; toId: number | null; at: number }): Promise<void> {
      await db
        .insertInto('repair_moves')
        .values({ company_id: values.companyId, report_id: values.reportId, reservation_id: values.reservationId, from_resource_id: values.fromId, to_resource_id: values.toId, at: values.at })
        .execute();
    },

    async moves(companyId: number, reportId: number) {
      return db
        .selectFrom('repair_moves as m')
        .innerJoin('reservations as r', 'r.id', 'm.reservation_id')
        .leftJoin('users as u', 'u.id', 'r.host_user_id')
        .select(['m.reservation_id', 'm.from_resource_id', 'm.to_resource_id', 'm.at', 'r.start_at', 'r.end_at', 'u.full_name as person_name'])
        .where('m.company_id', '=', companyId)
        .where('m.report_id', '=', reportId)
        .orderBy('r.start_at')
        .execute();
    },

    /** Bookings of `resourceId` holding time after `now` (confirmed or waiting for approval), earliest first. */
    async upcoming(companyId: number, resourceId: number, now: number) {
      return db
        .selectFrom('reservations')
        .select(['id', 'host_user_id', 'start_at', 'end_at', 'status', 'title', 'series_id'])
        .where('company_id', '=', companyId)
        .where('resource_id', '=', resourceId)
        .where('status', 'in', ['confirmed', 'pending'])
        .where('end_at', '>', now)
        .orderBy('start_at')
        .execute();
    },

    /** Which of `resourceIds` hold a booking overlapping [startAt, endAt). */
    async busy(companyId: number, resourceIds: number[], startAt: number, endAt: number): Promise<Set<number>> {
      if (resourceIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('reservations')
        .select('resource_id')
        .where('company_id', '=', companyId)
        .where('resource_id', 'in', resourceIds)
        .where('status', 'in', ['confirmed', 'pending'])
        .where('start_at', '<', endAt)
        .where('end_at', '>', startAt)
        .execute();
      const disabled = await db
        .selectFrom('room_disable_periods')
        .select('room_id')
        .where('company_id', '=', companyId)
        .where('room_id', 'in', resourceIds)
        .where('start_at', '<', endAt)
        .where('end_at', '>', startAt)
        .execute();
      return new Set([...rows.map((row) => row.resource_id), ...disabled.map((row) => row.room_id)]);
    },

    /** Participants per meeting (a moved meeting must fit its people). */
    async participantCount(companyId: number, reservationId: number): Promise<number> {
      const row = await db
        .selectFrom('reservation_participants')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('company_id', '=', companyId)
        .where('reservation_id', '=', reservationId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
