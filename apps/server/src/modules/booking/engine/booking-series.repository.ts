import type { Kysely } from 'kysely';
import { RepeatRule } from '@atrium/contract';
import type { DB } from '../../../db/schema.js';

/** A repeating meeting's pattern: its rule and the wall-clock times it repeats in the room's zone. */
export interface SeriesRecord {
  id: number;
  companyId: number;
  roomId: number;
  hostUserId: number | null;
  rule: RepeatRule;
  firstDate: string;
  startTime: string;
  endTime: string;
  timeZone: string;
}

export type NewSeries = Omit<SeriesRecord, 'id'>;

export type BookingSeriesRepository = ReturnType<typeof createBookingSeriesRepository>;

/** Rows of `reservation_series`; every query names the company. */
export function createBookingSeriesRepository(db: Kysely<DB>) {
  return {
    async find(companyId: number, id: number): Promise<SeriesRecord | undefined> {
      const row = await db.selectFrom('reservation_series').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        companyId: row.company_id,
        roomId: row.resource_id,
        hostUserId: row.host_user_id,
        rule: RepeatRule.parse(JSON.parse(row.rule)),
        firstDate: row.first_date,
        startTime: row.start_time,
        endTime: row.end_time,
        timeZone: row.time_zone,
      };
    },

    async insert(series: NewSeries, now: number): Promise<number> {
      const row = await db
        .insertInto('reservation_series')
        .values({
          company_id: series.companyId,
          resource_id: series.roomId,
          host_user_id: series.hostUserId,
          rule: JSON.stringify(series.rule),
          first_date: series.firstDate,
          start_time: series.startTime,
          end_time: series.endTime,
          time_zone: series.timeZone,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(companyId: number, id: number, patch: Partial<Omit<NewSeries, 'companyId' | 'hostUserId'>>, now: number): Promise<void> {
      await db
        .updateTable('reservation_series')
        .set({
          ...(patch.roomId !== undefined ? { resource_id: patch.roomId } : {}),
          ...(patch.rule !== undefined ? { rule: JSON.stringify(patch.rule) } : {}),
          ...(patch.firstDate !== undefined ? { first_date: patch.firstDate } : {}),
          ...(patch.startTime !== undefined ? { start_time: patch.startTime } : {}),
          ...(patch.endTime !== undefined ? { end_time: patch.endTime } : {}),
          ...(patch.timeZone !== undefined ? { time_zone: patch.timeZone } : {}),
          updated_at: now,
        })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    },
  };
}
