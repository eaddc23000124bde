import {
  DESK_IMPORT_MAX_ROWS,
  DESK_NUMBER_MAX,
  DESK_SHEET_COLUMNS,
  DESK_SHEET_REQUIRED,
  DESK_SHEET_TEXTS,
  NEIGHBOURHOOD_NAME_MAX,
  deskSheetColumn,
  deskSheetEquipment,
  deskSheetMode,
  formatMessage,
  isAcceptableText,
  splitDeskEquipment,
  type Desk,
  type DeskEquipment,
  type DeskFloor,
  type DeskImportReport,
  type DeskImportResult,
  type DeskSheetColumn,
  type Lang,
  type MessageKey,
  type MessageParamsArg,
  type Neighbourhood,
} from '@atrium/contract';
import type { Kysely } from 'kysely';
import { withKeyLocks } from '../../db/database.js';
import { nameKey } from '../../db/name-key.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { notFound, refused } from '../../platform/errors.js';
import { writeXlsx, type ExportCell } from '../../platform/spreadsheet/export.js';
import { readImportSheets, type Sheet } from '../../platform/spreadsheet/import.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import { createDeskRepository, type DeskRepository, type DeskValues } from './desk.repository.js';
import type { DeskSheetRepository, DeskSheetRow } from './desk-sheet.repository.js';

export interface DeskSheetDeps {
  db: Kysely<DB>;
  desks: DeskRepository;
  sheets: DeskSheetRepository;
  operationLog: OperationLog;
  clock: Clock;
}

export type DeskSheetService = ReturnType<typeof createDeskSheet>;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The colours a neighbourhood the import adds takes in turn (the console's neighbourhood dialog offers the same). */
const NEIGHBOURHOOD_COLORS = ['#1677ff', '#13a8a8', '#389e0d', '#d48806', '#d4380d', '#c41d7f', '#531dab', '#595959'];

/** A sheet with data, its header read: the position of each column it has. */
interface ReadSheet {
  sheet: Sheet;
  columns: Map<DeskSheetColumn, number>;
}

/**
 * The sheets with data rows, their headers matched in either language. A header the import does not
 * know, or a missing building, floor or number column, refuses the whole file (nothing is written).
 */
function readHeaders(sheets: Sheet[]): ReadSheet[] {
  const read: ReadSheet[] = [];
  for (const sheet of sheets) {
    const [header, ...rows] = sheet.rows;
    if (!header || rows.length === 0) continue;
    const columns = new Map<DeskSheetColumn, number>();
    const unknown: string[] = [];
    header.cells.forEach((cell, position) => {
      if (!cell) return;
      const column = deskSheetColumn(cell);
      if (!column) unknown.push(cell);
      else if (!columns.has(column)) columns.set(column, position);
    });
    if (unknown.length) throw refused('deskImportUnknownColumns', { sheet: sheet.name, columns: unknown.join(', ') });
    const missing = DESK_SHEET_REQUIRED.filter((column) => !columns.has(column));
    if (missing.length) throw refused('importMissingColumns', { sheet: sheet.name, columns: missing.join(', ') });
    read.push({ sheet, columns });
  }
  if (read.length === 0) throw refused('deskImportEmpty');
  return read;
}

const sameEquipment = (a: DeskEquipment[], b: DeskEquipment[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
const isUnchanged = (previous: Desk, values: DeskValues) =>
  previous.mode === values.mode &&
  previous.neighbourhoodId === values.neighbourhoodId &&
  previous.assignedUserId === values.assignedUserId &&
  previous.assignedDepartmentId === values.assignedDepartmentId &&
  previous.number === values.number &&
  sameEquipment(previous.equipment, values.equipment);

/** Thrown inside a dry run's transaction to roll it back with its report. */
class DryRunDone extends Error {
  constructor(readonly report: DeskImportReport) {
    super('dry run');
  }
}

/**
 * The desks to and from a spreadsheet (decision 0019, "Desk import and export"): the export writes a
 * sheet named for the station numbers in the reader's language, a row per desk (text cells typed text,
 * never formulas); the import reads every sheet of an xlsx, xls or csv file with the same headers in
 * either language, and creates, updates or leaves each desk by its building, floor and number, or
 * refuses the row with its reasons. All rows run in one transaction, as the asset import does: a
 * refused row writes nothing, the others are written together; a file-level problem writes nothing.
 */
export function createDeskSheet({ db, desks, sheets, operationLog, clock }: DeskSheetDeps) {
  /** One desk as a row of the sheet, in the order of DESK_SHEET_COLUMNS. */
  function exportRow(desk: DeskSheetRow, lang: Lang): ExportCell[] {
    const texts = DESK_SHEET_TEXTS[lang];
    const cells: Record<DeskSheetColumn, ExportCell> = {
      building: desk.buildingName,
      floor: desk.floorName,
      number: desk.number,
      mode: texts.modes[desk.mode],
      neighbourhood: desk.neighbourhoodName,
      owner: desk.mode === 'assigned' ? (desk.ownerEmail ?? desk.ownerDepartment) : null,
      equipment: desk.equipment.map((key) => texts.equipment[key]).join(', ') || null,
    };
    return DESK_SHEET_COLUMNS.map((column) => cells[column]);
  }

  return {
    /** Every desk of the company (or of one floor) as an xlsx workbook of one sheet named for the station numbers. */
    async exportDesks(companyId: number, floorId: number | undefined, lang: Lang): Promise<{ filename: string; contentType: string; data: Buffer }> {
      if (floorId !== undefined && !(await desks.floorExists(companyId, floorId))) throw notFound('deskFloorNotFound');
      const texts = DESK_SHEET_TEXTS[lang];
      const rows = (await sheets.exportRows(companyId, floorId)).map((desk) => exportRow(desk, lang));
      const data = await writeXlsx(texts.sheet, DESK_SHEET_COLUMNS.map((column) => texts.headers[column]), rows);
      return { filename: floorId === undefined ? 'desks.xlsx' : `desks-${floorId}.xlsx`, contentType: XLSX, data };
    },

    async importDesks(actor: Actor, data: Buffer, dryRun: boolean, lang: Lang): Promise<DeskImportReport> {
      const read = readHeaders(await readImportSheets(data, DESK_IMPORT_MAX_ROWS));
      const say = <K extends MessageKey>(key: K, ...params: MessageParamsArg<K>) => formatMessage(key, lang, ...params);
      const headerOf = (column: DeskSheetColumn) => DESK_SHEET_TEXTS[lang].headers[column];
      const [floors, owners] = await Promise.all([desks.listFloors(actor.companyId), sheets.owners(actor.companyId)]);
      const findFloor = (building: string, floor: string): DeskFloor | undefined =>
        floors.find((candidate) => nameKey(candidate.buildingName ?? '') === nameKey(building) && nameKey(candidate.floorName) === nameKey(floor));
      const findOwner = (text: string): { userId: number | null; departmentId: number | null } | undefined => {
        const person = owners.people.find((candidate) => candidate.email.toLowerCase() === text.toLowerCase());
        if (person) return { userId: person.id, departmentId: null };
        const department = owners.departments.find((candidate) => nameKey(candidate.name) === nameKey(text));
        return department ? { userId: null, departmentId: department.id } : undefined;
      };

      const run = () =>
        // One import of a company at a time (PostgreSQL; SQLite's write lock already serialises them).
        withKeyLocks(db, [`desk-import:${actor.companyId}`], async (trx) => {
          const repo = createDeskRepository(trx);
          const report: DeskImportReport = { dryRun, counts: { created: 0, updated: 0, unchanged: 0, refused: 0 }, rows: [], neighbourhoodsCreated: [] };
          // Each floor's desks and neighbourhoods, read once and kept current as rows write them.
          const floorDesks = new Map<number, Desk[]>();
          const floorAreas = new Map<number, Neighbourhood[]>();
          const desksOf = async (floorId: number) => floorDesks.get(floorId) ?? floorDesks.set(floorId, await repo.listDesks(actor.companyId, floorId)).get(floorId)!;
          const areasOf = async (floorId: number) => floorAreas.get(floorId) ?? floorAreas.set(floorId, await repo.listNeighbourhoods(actor.companyId, { floorId })).get(floorId)!;
          const seen = new Set<string>();
          const now = clock.now();

          for (const { sheet, columns } of read) {
            for (const { number: row, cells } of sheet.rows.slice(1)) {
              const has = (column: DeskSheetColumn) => columns.has(column);
              const cell = (column: DeskSheetColumn) => {
                const position = columns.get(column);
                return position === undefined ? '' : (cells[position] ?? '');
              };
              const number = cell('number') || null;
              const settle = (result: DeskImportResult, reasons: string[] = []) => {
                report.rows.push({ sheet: sheet.name, row, number, result, reasons });
                report.counts[result]++;
              };
              const unacceptable = DESK_SHEET_COLUMNS.filter((column) => has(column) && !isAcceptableText(cell(column)));
              if (unacceptable.length) {
                settle('refused', unacceptable.map((column) => say('textNotAllowed', { field: headerOf(column) })));
                continue;
              }
              const reasons: string[] = [];
              const floor = findFloor(cell('building'), cell('floor'));
              if (!floor) reasons.push(say('deskImportUnknownFloor', { building: cell('building') || '—', floor: cell('floor') || '—' }));
              if (!number || number.length > DESK_NUMBER_MAX) reasons.push(say('importInvalidField', { field: headerOf('number') }));
              if (floor && number) {
                const key = `${floor.floorId}:${nameKey(number)}`;
                if (seen.has(key)) reasons.push(say('importDuplicateInFile', { value: number }));
                seen.add(key);
              }
              const previous = floor && number ? (await desksOf(floor.floorId)).find((desk) => nameKey(desk.number) === nameKey(number)) : undefined;

              // A column left out keeps what an existing desk has; a blank cell clears it (a blank use keeps it).
              const modeText = cell('mode');
              const mode = modeText ? deskSheetMode(modeText) : (previous?.mode ?? 'bookable');
              if (!mode) reasons.push(say('deskImportUnknownMode', { value: modeText }));

              let owner = previous && !has('owner') ? { userId: previous.assignedUserId, departmentId: previous.assignedDepartmentId } : { userId: null as number | null, departmentId: null as number | null };
              if (has('owner') && cell('owner')) {
                const found = findOwner(cell('owner'));
                if (found) owner = found;
                else reasons.push(say('deskImportUnknownOwner', { name: cell('owner') }));
              }
              // A desk that stops being assigned loses the owner it kept when the file leaves the column out.
              if (!has('owner') && mode !== 'assigned') owner = { userId: null, departmentId: null };
              const hasOwner = owner.userId !== null || owner.departmentId !== null || (has('owner') && cell('owner') !== '');
              if (mode === 'assigned' && !hasOwner) reasons.push(say('deskImportOwnerNeeded'));
              if (mode && mode !== 'assigned' && hasOwner) reasons.push(say('deskImportOwnerNotAssigned'));

              let equipment: DeskEquipment[] = previous?.equipment ?? [];
              if (has('equipment')) {
                equipment = [];
                for (const name of splitDeskEquipment(cell('equipment'))) {
                  const key = deskSheetEquipment(name);
                  if (!key) reasons.push(say('deskImportUnknownEquipment', { name }));
                  else if (!equipment.includes(key)) equipment.push(key);
                }
              }

              const areaName = cell('neighbourhood');
              if (areaName.length > NEIGHBOURHOOD_NAME_MAX) reasons.push(say('importInvalidField', { field: headerOf('neighbourhood') }));
              if (reasons.length || !floor || !number || !mode) {
                settle('refused', reasons);
                continue;
              }

              let neighbourhoodId = has('neighbourhood') ? null : (previous?.neighbourhoodId ?? null);
              if (areaName) {
                const areas = await areasOf(floor.floorId);
                let area = areas.find((candidate) => nameKey(candidate.name) === nameKey(areaName));
                if (!area) {
                  // A neighbourhood the floor lacks is added, free for all (decision 0019), and named in the report.
                  const color = NEIGHBOURHOOD_COLORS[areas.length % NEIGHBOURHOOD_COLORS.length]!;
                  const id = await repo.insertNeighbourhood(actor.companyId, { floorId: floor.floorId, name: areaName, color, departmentId: null }, now);
                  area = { id, floorId: floor.floorId, name: areaName, color, departmentId: null, departmentName: null, deskCount: 0 };
                  areas.push(area);
                  report.neighbourhoodsCreated.push(`${floor.floorName} / ${areaName}`);
                }
                neighbourhoodId = area.id;
              }

              const values: DeskValues = {
                floorId: floor.floorId,
                number,
                mode,
                equipment,
                neighbourhoodId,
                assignedUserId: mode === 'assigned' ? owner.userId : null,
                assignedDepartmentId: mode === 'assigned' ? owner.departmentId : null,
              };
              if (previous && isUnchanged(previous, values)) {
                settle('unchanged');
                continue;
              }
              if (previous) {
                await repo.updateDesk(actor.companyId, previous.id, values, now);
                settle('updated');
              } else {
                const id = await repo.insertDesk(actor.companyId, values, now);
                (await desksOf(floor.floorId)).push({ ...values, id, assignedUserName: null, assignedDepartmentName: null, position: null, updatedAt: now });
                settle('created');
              }
            }
          }
          if (dryRun) throw new DryRunDone(report);
          return report;
        });

      if (dryRun) {
        try {
          await run();
        } catch (error) {
          if (error instanceof DryRunDone) return error.report;
          throw error;
        }
      }
      let detail: Record<string, number> = {};
      return operationLog.track(
        actor,
        () => ({ action: 'desk.import', targetType: 'desk', targetId: null, targetName: null, detail }),
        async () => {
          const done = await run();
          detail = { ...done.counts, neighbourhoods: done.neighbourhoodsCreated.length };
          return done;
        },
      );
    },
  };
}
