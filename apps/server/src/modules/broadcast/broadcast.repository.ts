import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { BroadcastListQuery, BroadcastRepeat, BroadcastStatus, Page } from '@atrium/contract';
import { withWriteTransaction } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { containsIgnoringCase } from '../../db/like.js';
import { fetchPage } from '../../db/paging.js';

export type BroadcastRepository = ReturnType<typeof createBroadcastRepository>;

/** A notice as stored, with its targets' ids. */
export interface BroadcastRecord {
  id: number;
  title: string;
  defaultImage: string | null;
  imageId: number | null;
  imageUrl: string | null;
  startAt: number;
  endAt: number;
  repeat: BroadcastRepeat;
  repeatUntil: number | null;
  finalEndAt: number;
  timeZone: string;
  endedAt: number | null;
  endedByName: string | null;
  createdByName: string | null;
  createdAt: number;
  deviceIds: number[];
  locationIds: number[];
}

/** The fields a create or update writes. */
export interface BroadcastValues {
  title: string;
  defaultImage: string | null;
  imageId: number | null;
  startAt: number;
  endAt: number;
  repeat: BroadcastRepeat;
  repeatUntil: number | null;
  finalEndAt: number;
  timeZone: string;
  deviceIds: number[];
  locationIds: number[];
}

export interface BroadcastImageRecord {
  id: number;
  fileUrl: string;
  fileName: string;
  size: number;
  createdAt: number;
}

type Eb = ExpressionBuilder<DB & { b: DB['broadcasts'] }, 'b'>;

/** A notice's status at `now`, as a condition on the row (alias `b`); the same rule as the contract's broadcastStatus. */
function inStatus(eb: Eb, status: BroadcastStatus, now: number) {
  const ended = eb.or([eb.and([eb('b.ended_at', 'is not', null), eb('b.ended_at', '<=', now)]), eb('b.final_ends_at', '<=', now)]);
  switch (status) {
    case 'ended':
      return ended;
    case 'not_started':
      return eb.and([eb.not(ended), eb('b.starts_at', '>', now)]);
    case 'ongoing':
      return eb.and([eb.not(ended), eb('b.starts_at', '<=', now)]);
  }
}

const num = (value: number | string | bigint) => Number(value);
const numOrNull = (value: number | string | bigint | null) => (value === null ? null : Number(value));

export function createBroadcastRepository(db: Kysely<DB>) {
  const select = (companyId: number) =>
    db
      .selectFrom('broadcasts as b')
      .leftJoin('broadcast_images as i', (join) => join.onRef('i.id', '=', 'b.image_id').onRef('i.company_id', '=', 'b.company_id'))
      .leftJoin('users as c', (join) => join.onRef('c.id', '=', 'b.created_by').onRef('c.company_id', '=', 'b.company_id'))
      .leftJoin('users as e', (join) => join.onRef('e.id', '=', 'b.ended_by').onRef('e.company_id', '=', 'b.company_id'))
      .where('b.company_id', '=', companyId);

  const columns = [
    'b.id', 'b.title', 'b.default_image', 'b.image_id', 'i.file_url', 'b.starts_at', 'b.ends_at', 'b.repeat', 'b.repeat_until', 'b.final_ends_at',
    'b.time_zone', 'b.ended_at', 'e.full_name as ended_by_name', 'c.full_name as created_by_name', 'b.created_at',
  ] as const;

  type Row = {
    id: number;
    title: string;
    default_image: string | null;
    image_id: number | null;
    file_url: string | null;
    starts_at: number;
    ends_at: number;
    repeat: BroadcastRepeat;
    repeat_until: number | null;
    final_ends_at: number;
    time_zone: string;
    ended_at: number | null;
    ended_by_name: string | null;
    created_by_name: string | null;
    created_at: number;
  };

  /** The rows with their targets, in one more query. */
  async function withTargets(companyId: number, rows: Row[]): Promise<BroadcastRecord[]> {
    if (rows.length === 0) return [];
    const targets = await db
      .selectFrom('broadcast_targets')
      .select(['broadcast_id', 'device_id', 'location_id'])
      .where('company_id', '=', companyId)
      .where('broadcast_id', 'in', rows.map((row) => row.id))
      .orderBy('broadcast_id')
      .execute();
    return rows.map((row) => {
      const own = targets.filter((target) => target.broadcast_id === row.id);
      return {
        id: row.id,
        title: row.title,
        defaultImage: row.default_image,
        imageId: row.image_id,
        imageUrl: row.file_url,
        startAt: num(row.starts_at),
        endAt: num(row.ends_at),
        repeat: row.repeat,
        repeatUntil: numOrNull(row.repeat_until),
        finalEndAt: num(row.final_ends_at),
        timeZone: row.time_zone,
        endedAt: numOrNull(row.ended_at),
        endedByName: row.ended_by_name,
        createdByName: row.created_by_name,
        createdAt: num(row.created_at),
        deviceIds: own.flatMap((target) => (target.device_id === null ? [] : [target.device_id])).sort((a, b) => a - b),
        locationIds: own.flatMap((target) => (target.location_id === null ? [] : [target.location_id])).sort((a, b) => a - b),
      };
    });
  }

  async function writeTargets(trx: Kysely<DB>, companyId: number, broadcastId: number, values: Pick<BroadcastValues, 'deviceIds' | 'locationIds'>) {
    await trx.deleteFrom('broadcast_targets').where('company_id', '=', companyId).where('broadcast_id', '=', broadcastId).execute();
    const rows = [
      ...values.deviceIds.map((deviceId) => ({ broadcast_id: broadcastId, company_id: companyId, device_id: deviceId, location_id: null })),
      ...values.locationIds.map((locationId) => ({ broadcast_id: broadcastId, company_id: companyId, device_id: null, location_id: locationId })),
    ];
    if (rows.length > 0) await trx.insertInto('broadcast_targets').values(rows).execute();
  }

  const rowValues = (values: BroadcastValues) => ({
    title: values.title,
    default_image: values.defaultImage,
    image_id: values.imageId,
    starts_at: values.startAt,
    ends_at: values.endAt,
    repeat: values.repeat,
    repeat_until: values.repeatUntil,
    final_ends_at: values.finalEndAt,
    time_zone: values.timeZone,
  });

  return {
    /** A page of notices, newest first, with their status filter applied in the query. */
    async list(companyId: number, query: BroadcastListQuery, now: number): Promise<Page<BroadcastRecord>> {
      let base = select(companyId);
      if (query.keyword) base = base.where(containsIgnoringCase('b.title', query.keyword));
      if (query.status) {
        const status = query.status;
        base = base.where((eb) => inStatus(eb as unknown as Eb, status, now));
      }
      const page = await fetchPage(
        query,
        () => base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        (limit, offset) => base.select(columns).orderBy('b.created_at', 'desc').orderBy('b.id', 'desc').limit(limit).offset(offset).execute() as Promise<Row[]>,
        (row) => row,
      );
      return { ...page, list: await withTargets(companyId, page.list) };
    },

    async find(companyId: number, id: number): Promise<BroadcastRecord | undefined> {
      const row = (await select(companyId).select(columns).where('b.id', '=', id).executeTakeFirst()) as Row | undefined;
      return row ? (await withTargets(companyId, [row]))[0] : undefined;
    },

    /**
     * The notices that may show on a display between `now` and `until`: not ended, starting before
     * `until`, aimed at the device or at one of `locationIds` (its room and the locations above it).
     */
    async forDisplay(companyId: number, deviceId: number, locationIds: number[], now: number, until: number): Promise<BroadcastRecord[]> {
      const rows = (await select(companyId)
        .select(columns)
        .where('b.starts_at', '<', until)
        .where('b.final_ends_at', '>', now)
        .where((eb) => eb.or([eb('b.ended_at', 'is', null), eb('b.ended_at', '>', now)]))
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('broadcast_targets as t')
              .select('t.broadcast_id')
              .whereRef('t.broadcast_id', '=', 'b.id')
              .where('t.company_id', '=', companyId)
              .where((inner) =>
                inner.or([inner('t.device_id', '=', deviceId), ...(locationIds.length > 0 ? [inner('t.location_id', 'in', locationIds)] : [])]),
              ),
          ),
        )
        .orderBy('b.id')
        .execute()) as Row[];
      return withTargets(companyId, rows);
    },

    async insert(companyId: number, values: BroadcastValues, createdBy: number, now: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('broadcasts')
          .values({ company_id: companyId, ...rowValues(values), created_by: createdBy, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeTargets(trx, companyId, row.id, values);
        return row.id;
      });
    },

    /** Rewrites a notice that has not ended; false when it ended (or went) meanwhile. */
    async update(companyId: number, id: number, values: BroadcastValues, now: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('broadcasts')
          .set({ ...rowValues(values), updated_at: now })
          .where('company_id', '=', companyId)
          .where('id', '=', id)
          .where('ended_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await writeTargets(trx, companyId, id, values);
        return true;
      });
    },

    /** Ends a notice now; false when it had already ended early. */
    async end(companyId: number, id: number, by: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('broadcasts')
        .set({ ended_at: now, ended_by: by, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async remove(companyId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom('broadcasts').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The company's door displays not cancelled, among `ids`. */
    async existingDevices(companyId: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('devices')
        .select('id')
        .where('company_id', '=', companyId)
        .where('kind', '=', 'door-display')
        .where('state', '!=', 'cancelled')
        .where('id', 'in', ids)
        .execute();
      return rows.map((row) => row.id);
    },

    /** The company's door displays with their rooms (cancelled ones too when asked: a notice's history names them). */
    async listDevices(companyId: number, options: { includeCancelled: boolean }): Promise<Array<{ id: number; name: string; roomId: number; isActivated: boolean }>> {
      let query = db
        .selectFrom('devices as d')
        .select(['d.id', 'd.name', 'd.room_id', 'd.state'])
        .where('d.company_id', '=', companyId)
        .where('d.kind', '=', 'door-display');
      if (!options.includeCancelled) query = query.where('d.state', '!=', 'cancelled');
      const rows = await query.orderBy('d.name').orderBy('d.id').execute();
      return rows.map((row) => ({ id: row.id, name: row.name, roomId: row.room_id, isActivated: row.state === 'activated' }));
    },

    async listImages(companyId: number): Promise<BroadcastImageRecord[]> {
      const rows = await db
        .selectFrom('broadcast_images')
        .select(['id', 'file_url', 'file_name', 'size', 'created_at'])
        .where('company_id', '=', companyId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ id: row.id, fileUrl: row.file_url, fileName: row.file_name, size: row.size, createdAt: num(row.created_at) }));
    },

    async findImage(companyId: number, id: number): Promise<BroadcastImageRecord | undefined> {
      const row = await db
        .selectFrom('broadcast_images')
        .select(['id', 'file_url', 'file_name', 'size', 'created_at'])
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { id: row.id, fileUrl: row.file_url, fileName: row.file_name, size: row.size, createdAt: num(row.created_at) } : undefined;
    },

    async isImageFile(companyId: number, fileUrl: string): Promise<boolean> {
      const row = await db.selectFrom('broadcast_images').select('id').where('company_id', '=', companyId).where('file_url', '=', fileUrl).executeTakeFirst();
      return row !== undefined;
    },

    /** How many notices not ended at `now` show each custom image. */
    async imagesInUse(companyId: number, now: number): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('broadcasts as b')
        .select(['b.image_id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('b.company_id', '=', companyId)
        .where('b.image_id', 'is not', null)
        .where((eb) => eb.not(inStatus(eb as unknown as Eb, 'ended', now)))
        .groupBy('b.image_id')
        .execute();
      return new Map(rows.map((row) => [row.image_id!, Number(row.count)]));
    },

    /**
     * Adds a custom image unless the company has `max` already. The company's row is locked first
     * (a no-op update), so two uploads at once cannot both take the last place, on either engine.
     */
    async insertImageWithin(companyId: number, image: { fileUrl: string; fileName: string; size: number; createdBy: number }, max: number, now: number): Promise<number | null> {
      return withWriteTransaction(db, async (trx) => {
        await sql`update companies set id = id where id = ${companyId}`.execute(trx);
        const { count } = await trx
          .selectFrom('broadcast_images')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= max) return null;
        const row = await trx
          .insertInto('broadcast_images')
          .values({ company_id: companyId, file_url: image.fileUrl, file_name: image.fileName, size: image.size, created_by: image.createdBy, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
    },

    /**
     * Deletes a custom image unless a notice not ended at `now` shows it; answers the number of such
     * notices (0: deleted). Ended notices that showed it keep their history without an image.
     */
    async deleteImageUnused(companyId: number, id: number, now: number): Promise<number> {
      return withWriteTransaction(db, async (trx) => {
        const { count } = await trx
          .selectFrom('broadcasts as b')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('b.company_id', '=', companyId)
          .where('b.image_id', '=', id)
          .where((eb) => eb.not(inStatus(eb as unknown as Eb, 'ended', now)))
          .executeTakeFirstOrThrow();
        if (Number(count) > 0) return Number(count);
        await trx.updateTable('broadcasts').set({ image_id: null }).where('company_id', '=', companyId).where('image_id', '=', id).execute();
        await trx.deleteFrom('broadcast_images').where('company_id', '=', companyId).where('id', '=', id).execute();
        return 0;
      });
    },
  };
}
