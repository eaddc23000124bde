import type { Kysely, Selectable } from 'kysely';
import { operationDetailRef, type Lang, type OperationDetailRef, type OperationLogEntry, type OperationLogQuery, type Page } from '@atrium/contract';
import { containsIgnoringCase } from '../../db/like.js';
import type { DB, OperationLogTable } from '../../db/schema.js';
import { fetchPage } from '../../db/paging.js';

export type NewOperationLog = Omit<OperationLogTable, 'id'>;

export type OperationLogRepository = ReturnType<typeof createOperationLogRepository>;

/** The list's filters without paging. */
export type OperationLogFilters = Omit<OperationLogQuery, 'page' | 'pageSize'>;

const presentEntry = (row: Selectable<OperationLogTable>): OperationLogEntry => ({
  id: row.id,
  at: Number(row.at),
  actorId: row.actor_id,
  actorName: row.actor_name,
  action: row.action,
  targetType: row.target_type,
  targetId: row.target_id,
  targetName: row.target_name,
  result: row.result,
  detail: row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : null,
  names: {},
  ip: row.ip,
});

export function createOperationLogRepository(db: Kysely<DB>) {
  function filteredEntries(companyId: number, query: OperationLogFilters) {
    let filtered = db.selectFrom('operation_logs').where('company_id', '=', companyId);
    if (query.action) filtered = filtered.where('action', '=', query.action);
    if (query.result) filtered = filtered.where('result', '=', query.result);
    if (query.actor) filtered = filtered.where(containsIgnoringCase('actor_name', query.actor));
    if (query.from !== undefined) filtered = filtered.where('at', '>=', query.from);
    if (query.to !== undefined) filtered = filtered.where('at', '<=', query.to);
    return filtered;
  }

  return {
    /** The display name recorded for an actor (copied, so the entry outlives the user). */
    async findActorName(companyId: number, userId: number): Promise<string | undefined> {
      const row = await db.selectFrom('users').select('full_name').where('company_id', '=', companyId).where('id', '=', userId).executeTakeFirst();
      return row?.full_name;
    },

    async insert(entry: NewOperationLog): Promise<void> {
      await db.insertInto('operation_logs').values(entry).execute();
    },

    /**
     * The names of records referred to by id, keyed `<kind>:<id>`: one query per kind, each limited
     * to the company (themes are the installation's, named in the reader's language).
     */
    async findNames(companyId: number, ids: ReadonlyMap<OperationDetailRef, ReadonlySet<number>>, lang: Lang): Promise<Record<string, string>> {
      const names: Record<string, string> = {};
      const put = (ref: OperationDetailRef, rows: Array<{ id: number; name: string }>) => {
        for (const row of rows) names[operationDetailRef(ref, row.id)] = row.name;
      };
      const byId = async (ref: OperationDetailRef, query: (list: number[]) => Promise<Array<{ id: number; name: string }>>) => {
        const list = [...(ids.get(ref) ?? [])];
        if (list.length) put(ref, await query(list));
      };
      await Promise.all([
        byId('role', (list) => db.selectFrom('roles').select(['id', 'name']).where('company_id', '=', companyId).where('id', 'in', list).execute()),
        byId('department', (list) => db.selectFrom('departments').select(['id', 'name']).where('company_id', '=', companyId).where('id', 'in', list).execute()),
        byId('location', (list) => db.selectFrom('locations').select(['id', 'name']).where('company_id', '=', companyId).where('id', 'in', list).execute()),
        byId('roomType', (list) => db.selectFrom('room_types').select(['id', 'name']).where('company_id', '=', companyId).where('id', 'in', list).execute()),
        byId('device', (list) => db.selectFrom('devices').select(['id', 'name']).where('company_id', '=', companyId).where('id', 'in', list).execute()),
        byId('user', (list) => db.selectFrom('users').select(['id', 'full_name as name']).where('company_id', '=', companyId).where('id', 'in', list).execute()),
        byId('theme', (list) =>
          db
            .selectFrom('device_themes')
            .select(['id', lang === 'zh-CN' ? 'name_zh as name' : 'name'])
            .where('id', 'in', list)
            .execute() as Promise<Array<{ id: number; name: string }>>,
        ),
      ]);
      return names;
    },

    /** Newest first, filtered; always within one company. */
    async list(companyId: number, query: OperationLogQuery): Promise<Page<OperationLogEntry>> {
      const filtered = filteredEntries(companyId, query);
      return fetchPage(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        (limit, offset) =>
          filtered
            .selectAll()
            .orderBy('at', 'desc')
            .orderBy('id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
        presentEntry,
      );
    },

    /** The entries an export writes: the list's filters, newest first, at most `limit`. */
    async listForExport(companyId: number, filters: OperationLogFilters, limit: number): Promise<OperationLogEntry[]> {
      const rows = await filteredEntries(companyId, filters).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(presentEntry);
    },
  };
}
