import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import type { PlainMessageKey } from '@atrium/contract';
import { refused } from '../errors.js';
import { COMPOUND_FILE_SIGNATURE } from './compound-file.js';
import { SpreadsheetError, type SpreadsheetProblem } from './spreadsheet-error.js';
import { readXlsWorkbook, type XlsCellValue } from './xls-workbook.js';

/** One row of an uploaded sheet: its number in the file (1-based, as the spreadsheet shows it) and its text cells. */
export interface SheetRow {
  number: number;
  cells: string[];
}

/**
 * One sheet of an uploaded file: its name and its rows that hold a value (the first is the header).
 * Rows keep their own numbers, so a report names the row the user sees even after blank rows.
 */
export interface Sheet {
  name: string;
  rows: SheetRow[];
}

export type SpreadsheetKind = 'xlsx' | 'xls' | 'csv';

/**
 * What an upload is, by its content: an xlsx file is a zip archive, a legacy .xls file a compound
 * document; anything else must be UTF-8 text to count as CSV.
 */
export function detectSpreadsheet(data: Buffer): SpreadsheetKind | null {
  if (data.length >= 4 && data.readUInt32BE(0) === 0x504b0304) return 'xlsx';
  if (data.length >= 8 && data.subarray(0, 8).equals(COMPOUND_FILE_SIGNATURE)) return 'xls';
  const text = data.toString('utf8');
  if (text.includes('\uFFFD') || text.includes('\u0000')) return null;
  return 'csv';
}

/** The text of a cell value: rich text joined, hyperlinks' text, formulas' results, dates as ISO, errors empty. */
function cellText(value: ExcelJS.CellValue | XlsCellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return value.result === undefined || value.result === null ? '' : cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

/**
 * Every worksheet of a legacy .xls workbook, hidden ones included as exceljs does for xlsx, as
 * rows of trimmed text; rows without a value are left out, as exceljs leaves them out.
 * Throws SpreadsheetError.
 */
function readXlsSheets(data: Buffer): Sheet[] {
  return readXlsWorkbook(data).map((sheet) => ({
    name: sheet.name,
    rows: sheet.rows.flatMap((row, index) =>
      row.some((cell) => cell !== null) ? [{ number: index + 1, cells: row.map((cell) => cellText(cell).trim()) }] : [],
    ),
  }));
}

/** Every sheet of a workbook, or the one sheet of a CSV file, as rows of trimmed text. */
export async function readSheets(data: Buffer, kind: SpreadsheetKind): Promise<Sheet[]> {
  if (kind === 'xls') return readXlsSheets(data);
  if (kind === 'csv') {
    const records = parse(data.toString('utf8').replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as Array<{
      record: string[];
      info: { lines: number };
    }>;
    // `lines` counts the lines read up to the end of the record: a record's own last line.
    return [{ name: 'csv', rows: records.map(({ record, info }) => ({ number: info.lines, cells: record.map((cell) => cell.trim()) })) }];
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  return workbook.worksheets.map((worksheet) => {
    const rows: SheetRow[] = [];
    worksheet.eachRow({ includeEmpty: false }, (row) => {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      // Array.from fills the holes exceljs leaves for missing cells, so they read as ''.
      rows.push({ number: row.number, cells: Array.from(values, (value) => cellText(value as ExcelJS.CellValue).trim()) });
    });
    return { name: worksheet.name, rows };
  });
}

/** Why a workbook could not be read, as an import says it. */
const UNREADABLE_WORKBOOK: Record<SpreadsheetProblem, PlainMessageKey> = {
  oldVersion: 'importXlsOldVersion',
  encrypted: 'importPasswordProtected',
  damaged: 'importXlsDamaged',
  notWorkbook: 'importUnsupportedFile',
};

/**
 * An uploaded import file's sheets (xlsx, xls or csv by its content), refused with the reason the
 * user reads: not a spreadsheet, a workbook that cannot be read, or more than `maxRows` data rows
 * (the first row of each sheet is its header).
 */
export async function readImportSheets(data: Buffer, maxRows: number): Promise<Sheet[]> {
  const kind = detectSpreadsheet(data);
  if (kind === null) throw refused('importUnsupportedFile');
  let sheets: Sheet[];
  try {
    sheets = await readSheets(data, kind);
  } catch (error) {
    throw refused(error instanceof SpreadsheetError ? UNREADABLE_WORKBOOK[error.problem] : 'importUnsupportedFile');
  }
  const total = sheets.reduce((sum, sheet) => sum + Math.max(0, sheet.rows.length - 1), 0);
  if (total > maxRows) throw refused('importTooManyRows', { max: maxRows });
  return sheets;
}
