import type { InspectionInterval, InspectionItem } from '@atrium/contract';
import type { Kysely } from 'kysely';
import { nameKey } from '../../db/name-key.js';
import type { DB } from '../../db/schema.js';

export type InspectionRepository = ReturnType<typeof createInspectionRepository>;

export interface ChecklistRecord {
  id: number;
  name: string;
  interval: InspectionInterval;
  locationId: number | null;
  items: InspectionItem[];
  isActive: boolean;
  updatedAt: number;
  assignees: Array<{ id: number; name: string }>;
}

/** A completed round's item as kept: its text then, and the repair report it filed. */
export interface RunItem {
  key: string;
  text: string;
  ok: boolean;
  note: string | null;
  repairReportId: number | null;
}

export interface ChecklistValues {
  name: string;
  interval: InspectionInterval;
  locationId: number | null;
  items: InspectionItem[];
  isActive: boolean;
}

/** Inspections' reads and writes (inspection_checklists, _assignees, _runs; migration 0062). */
export function createInspectionRepository(db: Kysely<DB>) {
  async function assigneesOf(companyId: number, checklistIds: number[]): Promise<Map<number, Array<{ id: number; name: string }>>> {
    const map = new Map<number, Array<{ id: number; name: string }>>();
    if (checklistIds.length === 0) return map;
    const rows = await db
      .selectFrom('inspection_assignees as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.checklist_id', 'u.id', 'u.full_name'])
      .where('a.company_id', '=', companyId)
      .where('a.checklist_id', 'in', checklistIds)
      .orderBy('u.full_name')
      .execute();
    for (const row of rows) map.set(row.checklist_id, [...(map.get(row.checklist_id) ?? []), { id: row.id, name: row.full_name }]);
    return map;
  }

  async function list(companyId: number, filter: { id?: number; assigneeId?: number; activeOnly?: boolean } = {}): Promise<ChecklistRecord[]> {
    const rows = await db
      .selectFrom('inspection_checklists as c')
      .selectAll('c')
      .where('c.company_id', '=', companyId)
      .$if(filter.id !== undefined, (q) => q.where('c.id', '=', filter.id!))
      .$if(filter.activeOnly === true, (q) => q.where('c.is_active', '=', 1))
      .$if(filter.assigneeId !== undefined, (q) =>
        q.where((eb) => eb.exists(eb.selectFrom('inspection_assignees as a').select('a.user_id').whereRef('a.checklist_id', '=', 'c.id').where('a.user_id', '=', filter.assigneeId!))),
      )
      .orderBy('c.name_key')
      .execute();
    const assignees = await assigneesOf(
      companyId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      interval: row.frequency,
      locationId: row.location_id,
      items: JSON.parse(row.items) as InspectionItem[],
      isActive: row.is_active === 1,
      updatedAt: Number(row.updated_at),
      assignees: assignees.get(row.id) ?? [],
    }));
  }

  return {
    list,

    async find(companyId: number, id: number): Promise<ChecklistRecord | undefined> {
      return (await list(companyId, { id }))[0];
    },

    async nameTaken(companyId: number, name: string, exceptId: number | undefined): Promise<boolean> {
      const row = await db
        .selectFrom('inspection_checklists')
        .select('id')
        .where('company_id', '=', companyId)
        .where('name_key', '=', nameKey(name))
        .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Saves a checklist and its assignees (a new one without `id`); answers its id. */
    async save(companyId: number, id: number | undefined, values: ChecklistValues, assigneeIds: number[], now: number): Promise<number> {
      const columns = { name: values.name, name_key: nameKey(values.name), frequency: values.interval, location_id: values.locationId, items: JSON.stringify(values.items), is_active: values.isActive ? (1 as const) : (0 as const), updated_at: now };
      let checklistId = id;
      if (checklistId === undefined) {
        checklistId = (await db.insertInto('inspection_checklists').values({ company_id: companyId, created_at: now, ...columns }).returning('id').executeTakeFirstOrThrow()).id;
      } else {
        await db.updateTable('inspection_checklists').set(columns).where('company_id', '=', companyId).where('id', '=', checklistId).execute();
        await db.deleteFrom('inspection_assignees').where('company_id', '=', companyId).where('checklist_id', '=', checklistId).execute();
      }
      if (assigneeIds.length > 0) {
        await db
          .insertInto('inspection_assignees')
          .values([...new Set(assigneeIds)].map((userId) => ({ checklist_id: checklistId!, user_id: userId, company_id: companyId })))
          .execute();
      }
      return checklistId;
    },

    async remove(companyId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom('inspection_checklists').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async activeColleagues(companyId: number, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('users').select('id').where('company_id', '=', companyId).where('id', 'in', ids).where('is_active', '=', 1).execute();
      return new Set(rows.map((row) => row.id));
    },

    /** The rounds done of `checklistIds` in `periods` (checklist id → run id). */
    async runsIn(companyId: number, keys: Array<{ checklistId: number; period: string }>): Promise<Map<string, number>> {
      const map = new Map<string, number>();
      if (keys.length === 0) return map;
      const rows = await db
        .selectFrom('inspection_runs')
        .select(['id', 'checklist_id', 'period'])
        .where('company_id', '=', companyId)
        .where('checklist_id', 'in', keys.map((key) => key.checklistId))
        .where('period', 'in', [...new Set(keys.map((key) => key.period))])
        .execute();
      for (const row of rows) map.set(`${row.checklist_id}:${row.period}`, row.id);
      return map;
    },

    /** Records a round; undefined when the period's round was recorded already. */
    async insertRun(values: { companyId: number; checklistId: number; period: string; userId: number; now: number; items: RunItem[] }): Promise<number | undefined> {
      const row = await db
        .insertInto('inspection_runs')
        .values({ company_id: values.companyId, checklist_id: values.checklistId, period: values.period, completed_by: values.userId, completed_at: values.now, results: JSON.stringify(values.items) })
        .onConflict((conflict) => conflict.columns(['checklist_id', 'period']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    async setRunItems(companyId: number, id: number, items: RunItem[]): Promise<void> {
      await db.updateTable('inspection_runs').set({ results: JSON.stringify(items) }).where('company_id', '=', companyId).where('id', '=', id).execute();
    },

    async runs(companyId: number, query: { checklistId?: number; id?: number; page: number; pageSize: number }) {
      const base = db
        .selectFrom('inspection_runs as r')
        .innerJoin('inspection_checklists as c', 'c.id', 'r.checklist_id')
        .leftJoin('users as u', 'u.id', 'r.completed_by')
        .where('r.company_id', '=', companyId)
        .$if(query.checklistId !== undefined, (q) => q.where('r.checklist_id', '=', query.checklistId!))
        .$if(query.id !== undefined, (q) => q.where('r.id', '=', query.id!));
      const [rows, count] = await Promise.all([
        base
          .select(['r.id', 'r.checklist_id', 'c.name', 'r.period', 'r.completed_at', 'r.results', 'u.full_name'])
          .orderBy('r.completed_at', 'desc')
          .orderBy('r.id', 'desc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        total: Number(count.n),
        rows: rows.map((row) => ({
          id: row.id,
          checklistId: row.checklist_id,
          checklistName: row.name,
          period: row.period,
          completedAt: Number(row.completed_at),
          completedByName: row.full_name,
          items: JSON.parse(row.results) as RunItem[],
        })),
      };
    },
  };
}
