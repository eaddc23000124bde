import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Asset, AssetAssignment, AssetHolder, AssetStatus, AssetTarget, AssetTargetKind } from '@atrium/contract';
import type { DB } from '../../db/schema.js';
import { containsIgnoringCase, userMatches } from '../../db/like.js';
import { nameKey } from '../../db/name-key.js';

export type AssetRepository = ReturnType<typeof createAssetRepository>;

/** An asset's own values, as a save or an import writes them. */
export interface AssetValues {
  tag: string;
  serial: string | null;
  modelId: number;
  locationId: number | null;
  purchaseDate: string | null;
  warrantyEnd: string | null;
  nextAuditAt: number | null;
  notes: string | null;
}

/** A list's filters with the category and location widened to their subtrees. */
export interface AssetQuery {
  keyword: string;
  status?: AssetStatus;
  categoryIds?: number[];
  locationIds?: number[];
  ids?: number[];
}

const HOLDER_COLUMN = { user: 'assigned_user_id', desk: 'assigned_desk_id', room: 'assigned_room_id' } as const;

/** The assets and their check-outs; the only code querying them. */
export function createAssetRepository(db: Kysely<DB>) {
  const selectAssets = (companyId: number) =>
    db
      .selectFrom('assets as a')
      .innerJoin('asset_models as m', 'm.id', 'a.model_id')
      .innerJoin('asset_categories as c', 'c.id', 'm.category_id')
      .leftJoin('locations as l', 'l.id', 'a.location_id')
      .leftJoin('users as u', 'u.id', 'a.assigned_user_id')
      .leftJoin('desks as d', 'd.id', 'a.assigned_desk_id')
      .leftJoin('locations as r', 'r.id', 'a.assigned_room_id')
      .select([
        'a.id', 'a.tag', 'a.serial', 'a.model_id', 'm.name as model_name', 'm.manufacturer', 'm.category_id', 'c.name as category_name', 'a.status',
        'a.location_id', 'l.name as location_name', 'a.assigned_user_id', 'u.full_name as user_name', 'a.assigned_desk_id', 'd.number as desk_number',
        'a.assigned_room_id', 'r.name as room_name', 'a.purchase_date', 'a.warranty_end', 'a.last_audit_at', 'a.next_audit_at', 'a.notes', 'a.created_at', 'a.updated_at',
      ])
      .where('a.company_id', '=', companyId)
      .where('a.deleted_at', 'is', null);

  type AssetRow = Awaited<ReturnType<ReturnType<typeof selectAssets>['execute']>>[number];
  const holderOf = (row: AssetRow): AssetHolder | null => {
    if (row.assigned_user_id !== null) return { kind: 'user', id: row.assigned_user_id, name: row.user_name ?? '' };
    if (row.assigned_desk_id !== null) return { kind: 'desk', id: row.assigned_desk_id, name: row.desk_number ?? '' };
    if (row.assigned_room_id !== null) return { kind: 'room', id: row.assigned_room_id, name: row.room_name ?? '' };
    return null;
  };
  const present = (row: AssetRow): Asset => ({
    id: row.id,
    tag: row.tag,
    serial: row.serial,
    modelId: row.model_id,
    modelName: row.model_name,
    manufacturer: row.manufacturer,
    categoryId: row.category_id,
    categoryName: row.category_name,
    status: row.status,
    locationId: row.location_id,
    locationName: row.location_name,
    holder: holderOf(row),
    purchaseDate: row.purchase_date,
    warrantyEnd: row.warranty_end,
    lastAuditAt: row.last_audit_at === null ? null : Number(row.last_audit_at),
    nextAuditAt: row.next_audit_at === null ? null : Number(row.next_audit_at),
    notes: row.notes,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  });

  const filtered = (companyId: number, query: AssetQuery) => {
    let select = selectAssets(companyId);
    if (query.status) select = select.where('a.status', '=', query.status);
    if (query.categoryIds) select = select.where('m.category_id', 'in', query.categoryIds.length ? query.categoryIds : [0]);
    if (query.locationIds) select = select.where('a.location_id', 'in', query.locationIds.length ? query.locationIds : [0]);
    if (query.ids) select = select.where('a.id', 'in', query.ids.length ? query.ids : [0]);
    if (query.keyword) {
      const keyword = query.keyword;
      select = select.where((eb) =>
        eb.or([
          containsIgnoringCase('a.tag', keyword),
          containsIgnoringCase('a.serial', keyword),
          containsIgnoringCase('m.name', keyword),
          containsIgnoringCase('u.full_name', keyword),
          containsIgnoringCase('d.number', keyword),
          containsIgnoringCase('r.name', keyword),
        ]),
      );
    }
    return select;
  };

  const columnsOf = (values: AssetValues) => ({
    tag: values.tag,
    tag_key: nameKey(values.tag),
    serial: values.serial,
    serial_key: values.serial === null ? null : nameKey(values.serial),
    model_id: values.modelId,
    location_id: values.locationId,
    purchase_date: values.purchaseDate,
    warranty_end: values.warrantyEnd,
    next_audit_at: values.nextAuditAt,
    notes: values.notes,
  });

  return {
    /** A page of the assets matching the query, by tag. */
    async listAssets(companyId: number, query: AssetQuery, page: { offset: number; limit: number }): Promise<{ list: Asset[]; total: number }> {
      const [rows, count] = await Promise.all([
        filtered(companyId, query).orderBy('a.tag_key').orderBy('a.id').offset(page.offset).limit(page.limit).execute(),
        filtered(companyId, query).clearSelect().select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list: rows.map(present), total: Number(count.n) };
    },

    /** Every asset matching the query, by tag, at most `limit`. */
    async allAssets(companyId: number, query: AssetQuery, limit: number): Promise<Asset[]> {
      return (await filtered(companyId, query).orderBy('a.tag_key').orderBy('a.id').limit(limit).execute()).map(present);
    },

    async findAsset(companyId: number, id: number): Promise<Asset | undefined> {
      const row = await selectAssets(companyId).where('a.id', '=', id).executeTakeFirst();
      return row ? present(row) : undefined;
    },

    async findAssets(companyId: number, ids: number[]): Promise<Asset[]> {
      if (ids.length === 0) return [];
      return (await selectAssets(companyId).where('a.id', 'in', ids).execute()).map(present);
    },

    /** The asset not deleted with this tag, regardless of case. */
    async findByTag(companyId: number, tag: string): Promise<Asset | undefined> {
      const row = await selectAssets(companyId).where('a.tag_key', '=', nameKey(tag)).executeTakeFirst();
      return row ? present(row) : undefined;
    },

    async serialTaken(companyId: number, modelId: number, serial: string, exceptId?: number): Promise<boolean> {
      let query = db.selectFrom('assets').select('id').where('company_id', '=', companyId).where('model_id', '=', modelId).where('serial_key', '=', nameKey(serial)).where('deleted_at', 'is', null);
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insertAsset(companyId: number, values: AssetValues, status: AssetStatus, now: number): Promise<number> {
      const row = await db
        .insertInto('assets')
        .values({ company_id: companyId, ...columnsOf(values), status, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateAsset(companyId: number, id: number, values: AssetValues, status: AssetStatus, now: number): Promise<void> {
      await db.updateTable('assets').set({ ...columnsOf(values), status, updated_at: now }).where('company_id', '=', companyId).where('id', '=', id).where('deleted_at', 'is', null).execute();
    },

    /** Sets the status of an asset that has no holder (ready, in repair, retired); false when it has one or is gone. */
    async setStatus(companyId: number, id: number, status: Exclude<AssetStatus, 'deployed'>, now: number): Promise<boolean> {
      const result = await db
        .updateTable('assets')
        .set({ status, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .where('status', '<>', 'deployed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async softDeleteAssets(companyId: number, ids: number[], now: number): Promise<void> {
      await db.updateTable('assets').set({ deleted_at: now, updated_at: now }).where('company_id', '=', companyId).where('id', 'in', ids).where('deleted_at', 'is', null).execute();
    },

    /**
     * Hands a ready asset to its holder and opens the history's entry; false when it was no longer
     * ready (another check-out won the race).
     */
    async checkout(companyId: number, assetId: number, target: { kind: AssetTargetKind; id: number }, byUserId: number | null, now: number): Promise<boolean> {
      // An asset on a desk stands on the desk's floor, one in a room in the room (as Snipe-IT moves an asset checked out to a location).
      const location =
        target.kind === 'desk'
          ? { location_id: (eb: ExpressionBuilder<DB, 'assets'>) => eb.selectFrom('desks').select('floor_id').where('id', '=', target.id) }
          : target.kind === 'room'
            ? { location_id: target.id }
            : {};
      const result = await db
        .updateTable('assets')
        .set({ status: 'deployed', [HOLDER_COLUMN[target.kind]]: target.id, assigned_at: now, updated_at: now, ...location })
        .where('company_id', '=', companyId)
        .where('id', '=', assetId)
        .where('status', '=', 'ready')
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await db
        .insertInto('asset_assignments')
        .values({ company_id: companyId, asset_id: assetId, target_kind: target.kind, target_id: target.id, assigned_at: now, assigned_by: byUserId })
        .execute();
      return true;
    },

    /** Takes a deployed asset back into stock with `status` and closes the history's open entry; false when it was not deployed. */
    async checkin(companyId: number, assetId: number, status: Exclude<AssetStatus, 'deployed'>, now: number): Promise<boolean> {
      const result = await db
        .updateTable('assets')
        .set({ status, assigned_user_id: null, assigned_desk_id: null, assigned_room_id: null, assigned_at: null, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', assetId)
        .where('status', '=', 'deployed')
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await db.updateTable('asset_assignments').set({ returned_at: now }).where('company_id', '=', companyId).where('asset_id', '=', assetId).where('returned_at', 'is', null).execute();
      return true;
    },

    async markAudited(companyId: number, id: number, at: number, nextAuditAt: number | null): Promise<void> {
      await db.updateTable('assets').set({ last_audit_at: at, next_audit_at: nextAuditAt, updated_at: at }).where('company_id', '=', companyId).where('id', '=', id).where('deleted_at', 'is', null).execute();
    },

    /** An asset's holders, the latest first, each named as it is now. */
    async history(companyId: number, assetId: number): Promise<AssetAssignment[]> {
      const rows = await db
        .selectFrom('asset_assignments as h')
        .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'h.target_id').on('h.target_kind', '=', 'user'))
        .leftJoin('desks as d', (join) => join.onRef('d.id', '=', 'h.target_id').on('h.target_kind', '=', 'desk'))
        .leftJoin('locations as r', (join) => join.onRef('r.id', '=', 'h.target_id').on('h.target_kind', '=', 'room'))
        .leftJoin('users as b', 'b.id', 'h.assigned_by')
        .select(['h.id', 'h.target_kind', 'h.target_id', 'u.full_name', 'd.number', 'r.name', 'h.assigned_at', 'h.returned_at', 'b.full_name as by_name'])
        .where('h.company_id', '=', companyId)
        .where('h.asset_id', '=', assetId)
        .orderBy('h.assigned_at', 'desc')
        .orderBy('h.id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        targetKind: row.target_kind,
        targetId: row.target_id,
        targetName: row.full_name ?? row.number ?? row.name ?? null,
        assignedAt: Number(row.assigned_at),
        returnedAt: row.returned_at === null ? null : Number(row.returned_at),
        assignedByName: row.by_name,
      }));
    },

    /** The name of a check-out's target in the company: an active colleague, a desk not deleted, a room. */
    async targetName(companyId: number, kind: AssetTargetKind, id: number): Promise<string | undefined> {
      if (kind === 'user') {
        return (await db.selectFrom('users').select('full_name').where('company_id', '=', companyId).where('id', '=', id).where('is_active', '=', 1).executeTakeFirst())?.full_name;
      }
      if (kind === 'desk') {
        return (await db.selectFrom('desks').select('number').where('company_id', '=', companyId).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst())?.number;
      }
      const room = await db
        .selectFrom('rooms')
        .innerJoin('locations as l', 'l.id', 'rooms.id')
        .select('l.name')
        .where('rooms.company_id', '=', companyId)
        .where('rooms.id', '=', id)
        .where('l.deleted_at', 'is', null)
        .executeTakeFirst();
      return room?.name;
    },

    /** Who or what matching `keyword` an asset may be checked out to, by name. */
    async targets(companyId: number, kind: AssetTargetKind, keyword: string, limit: number): Promise<AssetTarget[]> {
      if (kind === 'user') {
        let query = db.selectFrom('users as u').select(['u.id', 'u.full_name', 'u.email']).where('u.company_id', '=', companyId).where('u.is_active', '=', 1);
        if (keyword) query = query.where(userMatches(keyword));
        return (await query.orderBy('u.full_name').limit(limit).execute()).map((row) => ({ id: row.id, name: row.full_name, detail: row.email }));
      }
      if (kind === 'desk') {
        let query = db
          .selectFrom('desks as d')
          .innerJoin('locations as f', 'f.id', 'd.floor_id')
          .select(['d.id', 'd.number', 'f.name as floor_name'])
          .where('d.company_id', '=', companyId)
          .where('d.deleted_at', 'is', null);
        if (keyword) query = query.where(containsIgnoringCase('d.number', keyword));
        return (await query.orderBy('d.number_key').limit(limit).execute()).map((row) => ({ id: row.id, name: row.number, detail: row.floor_name }));
      }
      let query = db
        .selectFrom('rooms')
        .innerJoin('locations as l', 'l.id', 'rooms.id')
        .leftJoin('locations as f', 'f.id', 'l.parent_id')
        .select(['rooms.id', 'l.name', 'f.name as floor_name'])
        .where('rooms.company_id', '=', companyId)
        .where('l.deleted_at', 'is', null);
      if (keyword) query = query.where(containsIgnoringCase('l.name', keyword));
      return (await query.orderBy('l.name').limit(limit).execute()).map((row) => ({ id: row.id, name: row.name, detail: row.floor_name }));
    },

    /** The company's location nodes not deleted: the filter's subtree and the import's names. */
    async locations(companyId: number): Promise<Array<{ id: number; parentId: number | null; name: string; level: number }>> {
      const rows = await db.selectFrom('locations').select(['id', 'parent_id', 'name', 'level']).where('company_id', '=', companyId).where('deleted_at', 'is', null).execute();
      return rows.map((row) => ({ id: row.id, parentId: row.parent_id, name: row.name, level: row.level }));
    },

    /** Whether a location node of the company (a building, a floor, a room...) exists. */
    async locationExists(companyId: number, id: number): Promise<boolean> {
      const row = await db
        .selectFrom('locations')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
