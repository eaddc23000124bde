import {
  addDays,
  hasPermission,
  REPAIR_TITLE_MAX,
  ReturnCode,
  toZoned,
  weekdayOf,
  type CompleteInspectionBody,
  type InspectionChecklist,
  type InspectionDue,
  type InspectionInterval,
  type InspectionRun,
  type InspectionRunPage,
  type InspectionRunQuery,
  type LocalDate,
  type SaveInspectionChecklistBody,
} from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import { AppError, notFound, refused } from '../../platform/errors.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';
import { effectiveTimeZone, pathName, type LocationIndex } from '../location/location.presenter.js';
import type { Actor } from '../operation-log/operation-log.service.js';
import type { RepairService } from '../repair/repair.service.js';
import type { ChecklistRecord, InspectionRepository, RunItem } from './inspection.repository.js';

export interface InspectionServiceDeps {
  inspections: InspectionRepository;
  repairs: Pick<RepairService, 'create'>;
  locations: (companyId: number) => Promise<LocationIndex>;
  clock: Clock;
}

export type InspectionService = ReturnType<typeof createInspectionService>;

type Caller = Pick<Actor, 'companyId' | 'userId' | 'permissions'>;

const AREA_LEVELS: readonly number[] = [LOCATION_LEVEL.building, LOCATION_LEVEL.floor];

/** The first day of the period `date` falls in: the day itself, its week's Monday, its month's first. */
export function periodOf(interval: InspectionInterval, date: LocalDate): LocalDate {
  if (interval === 'daily') return date;
  if (interval === 'weekly') return addDays(date, -((weekdayOf(date) + 6) % 7));
  return `${date.slice(0, 8)}01`;
}

/**
 * Inspections (decision 0019, "Inspections"): checklists for an area, due each day, week or month on
 * the area's clock, walked through by the people assigned to them (or the repair area's editors);
 * each round is recorded once per period, and a failed item may file a repair report about a desk or
 * room through the repair centre.
 */
export function createInspectionService({ inspections, repairs, locations, clock }: InspectionServiceDeps) {
  /** The zone a checklist's days are on: its area's, else the company's first building with one, else UTC. */
  function zoneOf(index: LocationIndex, locationId: number | null): string {
    if (locationId !== null) return effectiveTimeZone(index, locationId) ?? 'UTC';
    return index.inTreeOrder().find((node) => node.level === LOCATION_LEVEL.building && node.timeZone)?.timeZone ?? 'UTC';
  }

  const areaName = (index: LocationIndex, id: number | null) => {
    const node = id === null ? undefined : index.byId.get(id);
    return node ? [pathName(index, node.id), node.name].filter(Boolean).join(' / ') : null;
  };

  const present = (index: LocationIndex, record: ChecklistRecord): InspectionChecklist => ({ ...record, locationName: areaName(index, record.locationId) });

  const presentRun = (row: Awaited<ReturnType<InspectionRepository['runs']>>['rows'][number]): InspectionRun => ({
    ...row,
    passed: row.items.filter((item) => item.ok).length,
    failed: row.items.filter((item) => !item.ok).length,
  });

  return {
    async list(companyId: number): Promise<InspectionChecklist[]> {
      const [records, index] = await Promise.all([inspections.list(companyId), locations(companyId)]);
      return records.map((record) => present(index, record));
    },

    /** The buildings and floors a checklist may cover, by their path. */
    async areas(companyId: number): Promise<Array<{ id: number; name: string }>> {
      const index = await locations(companyId);
      return index
        .inTreeOrder()
        .filter((node) => AREA_LEVELS.includes(node.level))
        .map((node) => ({ id: node.id, name: areaName(index, node.id)! }));
    },

    async save(companyId: number, body: SaveInspectionChecklistBody): Promise<InspectionChecklist> {
      if (body.id !== undefined && !(await inspections.find(companyId, body.id))) throw notFound('inspectionNotFound');
      const index = await locations(companyId);
      if (body.locationId !== null && !AREA_LEVELS.includes(index.byId.get(body.locationId)?.level ?? -1)) throw notFound('inspectionAreaNotFound');
      const active = await inspections.activeColleagues(companyId, body.assigneeIds);
      if (body.assigneeIds.some((id) => !active.has(id))) throw notFound('inspectionAssigneeNotFound');
      if (await inspections.nameTaken(companyId, body.name, body.id)) throw refused('inspectionNameTaken', { name: body.name });
      const id = await inspections.save(companyId, body.id, body, body.assigneeIds, clock.now());
      return present(index, (await inspections.find(companyId, id))!);
    },

    async remove(companyId: number, id: number): Promise<void> {
      if (!(await inspections.remove(companyId, id))) throw notFound('inspectionNotFound');
    },

    /** The caller's active checklists (all of them for the repair area's editors) and the round due in the period now. */
    async due(caller: Caller): Promise<InspectionDue[]> {
      const everyone = hasPermission(caller.permissions, 'events:edit');
      const [records, index] = await Promise.all([inspections.list(caller.companyId, { activeOnly: true, ...(everyone ? {} : { assigneeId: caller.userId }) }), locations(caller.companyId)]);
      const now = clock.now();
      const due = records.map((record) => {
        const timeZone = zoneOf(index, record.locationId);
        return { record, timeZone, period: periodOf(record.interval, toZoned(now, timeZone).date) };
      });
      const done = await inspections.runsIn(
        caller.companyId,
        due.map(({ record, period }) => ({ checklistId: record.id, period })),
      );
      return due.map(({ record, timeZone, period }) => ({ checklist: present(index, record), period, timeZone, runId: done.get(`${record.id}:${period}`) ?? null }));
    },

    /**
     * Records the round of the period due now: every item once, passed or failed; a failed item with
     * a desk or room files a repair report (title: the checklist and the item; description: the note).
     * A second round in the same period is refused.
     */
    async complete(caller: Caller, body: CompleteInspectionBody): Promise<InspectionRun> {
      const record = await inspections.find(caller.companyId, body.checklistId);
      if (!record || !record.isActive) throw notFound('inspectionNotFound');
      if (!hasPermission(caller.permissions, 'events:edit') && !record.assignees.some((person) => person.id === caller.userId)) {
        throw new AppError(ReturnCode.NO_PERMISSION, 'inspectionNotAssigned');
      }
      const keys = record.items.map((item) => item.key);
      const given = body.results.map((result) => result.key);
      if (given.length !== keys.length || new Set(given).size !== given.length || given.some((key) => !keys.includes(key))) throw refused('inspectionResultsIncomplete');
      const index = await locations(caller.companyId);
      const now = clock.now();
      const period = periodOf(record.interval, toZoned(now, zoneOf(index, record.locationId)).date);
      const items: RunItem[] = record.items.map((item) => {
        const result = body.results.find((candidate) => candidate.key === item.key)!;
        return { key: item.key, text: item.text, ok: result.ok, note: result.note || null, repairReportId: null };
      });
      const runId = await inspections.insertRun({ companyId: caller.companyId, checklistId: record.id, period, userId: caller.userId, now, items });
      if (runId === undefined) throw refused('inspectionDone');
      // Findings become repair reports once the round is recorded (a refused report leaves the round and the others).
      let filed = false;
      for (const item of items) {
        const report = body.results.find((result) => result.key === item.key)?.report;
        if (item.ok || !report) continue;
        const title = `${record.name}: ${item.text}`.slice(0, REPAIR_TITLE_MAX);
        const created = await repairs.create(caller, { kind: report.kind, targetId: report.targetId, title, description: item.note, blocksUse: false }).catch(() => null);
        if (created) {
          item.repairReportId = created.id;
          filed = true;
        }
      }
      if (filed) await inspections.setRunItems(caller.companyId, runId, items);
      const { rows } = await inspections.runs(caller.companyId, { id: runId, page: 1, pageSize: 1 });
      return presentRun(rows[0]!);
    },

    async runs(companyId: number, query: InspectionRunQuery): Promise<InspectionRunPage> {
      const { rows, total } = await inspections.runs(companyId, query);
      return { list: rows.map(presentRun), total, page: query.page, pageSize: query.pageSize };
    },

    async run(companyId: number, id: number): Promise<InspectionRun> {
      const { rows } = await inspections.runs(companyId, { id, page: 1, pageSize: 1 });
      if (!rows[0]) throw notFound('inspectionNotFound');
      return presentRun(rows[0]);
    },
  };
}
