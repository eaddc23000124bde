import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface RoomTypeRecord {
  id: number;
  name: string;
  typeCode: string;
  kind: 'standard' | 'zoom';
  isEnabled: boolean;
  description: string | null;
  /** Live rooms of this type. */
  roomCount: number;
  updatedAt: number;
}

export interface RoomTypeValues {
  name: string;
  typeCode: string;
  kind: 'standard' | 'zoom';
  isEnabled: boolean;
  description: string | null;
}

export type RoomTypeRepository = ReturnType<typeof createRoomTypeRepository>;

export function createRoomTypeRepository(db: Kysely<DB>) {
  function selectTypes(companyId: number) {
    return db
      .selectFrom('room_types as t')
      .select(['t.id', 't.name', 't.type_code', 't.kind', 't.is_enabled', 't.description', 't.updated_at'])
      .select((eb) =>
        eb
          .selectFrom('rooms as r')
          .innerJoin('locations as l', (join) => join.onRef('l.id', '=', 'r.id').onRef('l.company_id', '=', 'r.company_id'))
          .select((inner) => inner.fn.countAll<string | number>().as('count'))
          .whereRef('r.room_type_id', '=', 't.id')
          .whereRef('r.company_id', '=', 't.company_id')
          .where('l.deleted_at', 'is', null)
          .as('room_count'),
      )
      .where('t.company_id', '=', companyId);
  }
  type Row = Awaited<ReturnType<ReturnType<typeof selectTypes>['executeTakeFirstOrThrow']>>;
  const present = (row: Row): RoomTypeRecord => ({
    id: row.id,
    name: row.name,
    typeCode: row.type_code,
    kind: row.kind,
    isEnabled: row.is_enabled === 1,
    description: row.description,
    roomCount: Number(row.room_count ?? 0),
    updatedAt: Number(row.updated_at),
  });

  return {
    async listTypes(companyId: number): Promise<RoomTypeRecord[]> {
      return (await selectTypes(companyId).orderBy('t.name').orderBy('t.id').execute()).map(present);
    },

    async findType(companyId: number, id: number): Promise<RoomTypeRecord | undefined> {
      const row = await selectTypes(companyId).where('t.id', '=', id).executeTakeFirst();
      return row ? present(row) : undefined;
    },

    /** The id of the type holding this code (ignoring case), other than `exceptId`. */
    async findIdByCode(companyId: number, code: string, exceptId?: number): Promise<number | undefined> {
      let query = db
        .selectFrom('room_types')
        .select('id')
        .where('company_id', '=', companyId)
        .where((eb) => eb(eb.fn('lower', ['type_code']), '=', code.toLowerCase()));
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst())?.id;
    },

    async insertType(companyId: number, values: RoomTypeValues, now: number): Promise<number> {
      const row = await db
        .insertInto('room_types')
        .values({
          company_id: companyId,
          name: values.name,
          type_code: values.typeCode,
          kind: values.kind,
          is_enabled: values.isEnabled ? 1 : 0,
          description: values.description,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateType(companyId: number, id: number, values: Partial<RoomTypeValues>, now: number): Promise<void> {
      await db
        .updateTable('room_types')
        .set({
          ...(values.name !== undefined ? { name: values.name } : {}),
          ...(values.typeCode !== undefined ? { type_code: values.typeCode } : {}),
          ...(values.kind !== undefined ? { kind: values.kind } : {}),
          ...(values.isEnabled !== undefined ? { is_enabled: values.isEnabled ? 1 : 0 } : {}),
          ...(values.description !== undefined ? { description: values.description } : {}),
          updated_at: now,
        })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    },

    /** Deletes the type; rooms of deleted locations that still name it lose it (set null by the key). */
    async deleteType(companyId: number, id: number): Promise<void> {
      await db.deleteFrom('room_types').where('company_id', '=', companyId).where('id', '=', id).execute();
    },
  };
}
