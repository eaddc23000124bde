import type { Kysely } from 'kysely';
import { DEFAULT_INFO_FIELDS, InfoFields, InfoItem, type InfoShowSetting } from '@atrium/contract';
import { z } from 'zod';
import type { DB } from '../../db/schema.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';

const StoredItems = z.array(InfoItem);

/** Reads a JSON column; a row that no longer parses shows the defaults rather than failing the page. */
function parseJson<T>(text: string, schema: z.ZodType<T>, fallback: T): T {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

interface EntryRow {
  id: number;
  room_id: number | null;
  room_name: string | null;
  fields: string;
  items: string;
  updated_at: number;
}

const present = (row: EntryRow): InfoShowSetting => ({
  id: row.id,
  roomId: row.room_id,
  roomName: row.room_name,
  fields: { ...DEFAULT_INFO_FIELDS, ...parseJson(row.fields, InfoFields.partial(), {}) },
  items: parseJson(row.items, StoredItems, []),
  updatedAt: Number(row.updated_at),
});

/** The entry to write for a scope. */
export interface InfoShowWrite {
  roomId: number | null;
  fields: InfoFields;
  items: InfoItem[];
}

export type DisplayInfoRepository = ReturnType<typeof createDisplayInfoRepository>;

/** Info show entries, always within one company; a room entry's room is a live level-7 location. */
export function createDisplayInfoRepository(db: Kysely<DB>) {
  const entries = (companyId: number) =>
    db
      .selectFrom('info_show_settings as s')
      .leftJoin('locations as l', (join) => join.onRef('l.id', '=', 's.room_id').onRef('l.company_id', '=', 's.company_id'))
      .select(['s.id', 's.room_id', 'l.name as room_name', 's.fields', 's.items', 's.updated_at'])
      .where('s.company_id', '=', companyId)
      // A deleted room's entry stays for its history but is not shown.
      .where((eb) => eb.or([eb('s.room_id', 'is', null), eb('l.deleted_at', 'is', null)]));

  return {
    /** Every entry of the company: the default first, then rooms by name. */
    async listEntries(companyId: number): Promise<InfoShowSetting[]> {
      const rows = await entries(companyId).orderBy('s.scope_key').execute();
      return rows
        .map(present)
        .sort((a, b) => (a.roomId === null ? -1 : b.roomId === null ? 1 : (a.roomName ?? '').localeCompare(b.roomName ?? '') || a.roomId - b.roomId));
    },

    async findEntry(companyId: number, id: number): Promise<InfoShowSetting | undefined> {
      const row = await entries(companyId).where('s.id', '=', id).executeTakeFirst();
      return row && present(row);
    },

    /** The entry of one scope (room id, or null for the company default). */
    async findScope(companyId: number, roomId: number | null): Promise<InfoShowSetting | undefined> {
      const row = await entries(companyId).where('s.scope_key', '=', roomId ?? 0).executeTakeFirst();
      return row && present(row);
    },

    /** Writes the entry of a scope, making it when missing; answers its id. */
    async upsert(companyId: number, entry: InfoShowWrite, now: number): Promise<number> {
      const fields = JSON.stringify(entry.fields);
      const items = JSON.stringify(entry.items);
      const row = await db
        .insertInto('info_show_settings')
        .values({ company_id: companyId, room_id: entry.roomId, scope_key: entry.roomId ?? 0, fields, items, created_at: now, updated_at: now })
        .onConflict((conflict) => conflict.columns(['company_id', 'scope_key']).doUpdateSet({ fields, items, updated_at: now }))
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async deleteEntry(companyId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom('info_show_settings').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** A live room (level-7 location) of the company, or undefined. */
    async findRoom(companyId: number, roomId: number): Promise<{ id: number; name: string } | undefined> {
      return db
        .selectFrom('locations')
        .select(['id', 'name'])
        .where('company_id', '=', companyId)
        .where('id', '=', roomId)
        .where('level', '=', LOCATION_LEVEL.room)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** The company's live rooms by name, for choosing one. */
    listRooms(companyId: number): Promise<{ id: number; name: string }[]> {
      return db
        .selectFrom('locations')
        .select(['id', 'name'])
        .where('company_id', '=', companyId)
        .where('level', '=', LOCATION_LEVEL.room)
        .where('deleted_at', 'is', null)
        .orderBy('name')
        .orderBy('id')
        .execute();
    },
  };
}
