import { z } from 'zod';
import { DESK_EQUIPMENT, DESK_MODES, type DeskEquipment, type DeskMode } from './desk.js';
import type { Lang } from './lang.js';

/**
 * Desks to and from a spreadsheet (/deskeeper-station-setting; spec 001 section 7, decision 0019 "Desk
 * import and export"): the export writes a sheet named for the station numbers, a row per desk; the
 * import reads every sheet of a file with the same headers, in either language.
 */

/** The sheet's columns, in order; the import matches each by its header in either language. */
export const DESK_SHEET_COLUMNS = ['building', 'floor', 'number', 'mode', 'neighbourhood', 'owner', 'equipment'] as const;
export type DeskSheetColumn = (typeof DESK_SHEET_COLUMNS)[number];
/** The columns a sheet with data must have: they say which desk a row is. */
export const DESK_SHEET_REQUIRED: readonly DeskSheetColumn[] = ['building', 'floor', 'number'];

/** Rows one import reads at most (all sheets together). */
export const DESK_IMPORT_MAX_ROWS = 2000;
/** The largest import file, in bytes. */
export const DESK_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export interface DeskSheetTexts {
  /** The sheet's name: the station numbers. */
  sheet: string;
  headers: Record<DeskSheetColumn, string>;
  modes: Record<DeskMode, string>;
  equipment: Record<DeskEquipment, string>;
}

/** The words of the sheet in each language (the console's desk.json uses the same words for modes and equipment). */
export const DESK_SHEET_TEXTS: Record<Lang, DeskSheetTexts> = {
  'en-US': {
    sheet: 'Station numbers',
    headers: { building: 'Building', floor: 'Floor', number: 'Desk number', mode: 'Use', neighbourhood: 'Neighbourhood', owner: 'Owner', equipment: 'Equipment' },
    modes: { bookable: 'Bookable', drop_in: 'Drop-in', assigned: 'Assigned', unavailable: 'Unavailable' },
    equipment: {
      monitor: 'Monitor',
      dualMonitor: 'Two monitors',
      dockingStation: 'Docking station',
      standingDesk: 'Standing desk',
      webcam: 'Webcam',
      phone: 'Phone',
      accessible: 'Accessible',
      window: 'By a window',
    },
  },
  'zh-CN': {
    sheet: '工位编号',
    headers: { building: '楼宇', floor: '楼层', number: '工位编号', mode: '使用方式', neighbourhood: '工位分区', owner: '使用人', equipment: '设备' },
    modes: { bookable: '可预订', drop_in: '随到随用', assigned: '固定工位', unavailable: '不可用' },
    equipment: {
      monitor: '显示器',
      dualMonitor: '双显示器',
      dockingStation: '扩展坞',
      standingDesk: '升降桌',
      webcam: '摄像头',
      phone: '电话',
      accessible: '无障碍',
      window: '靠窗',
    },
  },
};

/** A word as the import compares it: trimmed, in lower case, inner spaces and dashes ignored. */
export const deskSheetKey = (text: string) => text.trim().toLowerCase().replace(/[\s_-]+/g, '');

function lookup<T extends string>(keys: readonly T[], words: (texts: DeskSheetTexts) => Record<T, string>): Map<string, T> {
  const found = new Map<string, T>();
  for (const key of keys) {
    found.set(deskSheetKey(key), key);
    for (const texts of Object.values(DESK_SHEET_TEXTS)) found.set(deskSheetKey(words(texts)[key]), key);
  }
  return found;
}

const COLUMN_WORDS = lookup(DESK_SHEET_COLUMNS, (texts) => texts.headers);
const MODE_WORDS = lookup(DESK_MODES, (texts) => texts.modes);
const EQUIPMENT_WORDS = lookup(DESK_EQUIPMENT, (texts) => texts.equipment);

/** The column a header names, in either language (or the column's own key), or undefined. */
export const deskSheetColumn = (header: string): DeskSheetColumn | undefined => COLUMN_WORDS.get(deskSheetKey(header));
/** The mode a cell names, in either language (or its key), or undefined. */
export const deskSheetMode = (text: string): DeskMode | undefined => MODE_WORDS.get(deskSheetKey(text));
/** The equipment a name means, in either language (or its key), or undefined. */
export const deskSheetEquipment = (text: string): DeskEquipment | undefined => EQUIPMENT_WORDS.get(deskSheetKey(text));
/** A cell's equipment names: separated by commas (either width), 、 or semicolons. */
export const splitDeskEquipment = (text: string) =>
  text
    .split(/[,，、;；]/)
    .map((part) => part.trim())
    .filter(Boolean);

/** `GET /desk/export`: every desk of the company, or of one floor. */
export const DeskExportQuery = z.object({ floorId: z.coerce.number().int().positive().optional() });
export type DeskExportQuery = z.infer<typeof DeskExportQuery>;

/** `POST /desk/import?dryRun=true`: reports what the file would do, writing nothing. */
export const DeskImportQuery = z.object({ dryRun: z.enum(['true', 'false']).default('false').transform((value) => value === 'true') });
export type DeskImportQuery = z.infer<typeof DeskImportQuery>;

/** What became of a row: a new desk, a desk changed, a desk already as the row says, or refused with its reasons. */
export const DESK_IMPORT_RESULTS = ['created', 'updated', 'unchanged', 'refused'] as const;
export const DeskImportResult = z.enum(DESK_IMPORT_RESULTS);
export type DeskImportResult = z.infer<typeof DeskImportResult>;

/** What became of an import, row by row in the file's order, with the counts. */
export const DeskImportReport = z.object({
  dryRun: z.boolean(),
  counts: z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), refused: z.number().int() }),
  rows: z.array(
    z.object({
      sheet: z.string(),
      row: z.number().int().describe('Row number in the sheet, from 1 (the header)'),
      number: z.string().nullable().describe("The row's desk number"),
      result: DeskImportResult,
      /** Why a row was refused, in the caller's language; empty otherwise. */
      reasons: z.array(z.string()),
    }),
  ),
  /** Neighbourhoods the import added (free for all), as `floor / name`. */
  neighbourhoodsCreated: z.array(z.string()),
});
export type DeskImportReport = z.infer<typeof DeskImportReport>;
