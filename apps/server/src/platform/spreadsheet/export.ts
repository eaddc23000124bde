import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { neutraliseFormula } from '@atrium/contract';

/**
 * Files the console hands out (user, room and report exports). CSV has no cell types, so every text
 * cell goes through the contract's `neutraliseFormula` (a leading apostrophe) and no spreadsheet
 * program runs it as a formula (OWASP, CSV injection). In xlsx a text cell is typed text (a shared
 * string), which Excel, LibreOffice and Numbers show as written and never evaluate, so it keeps its
 * value unchanged (issue 16): an apostrophe there would be part of the text.
 */

export type ExportCell = string | number | null;

const safe = (cell: ExportCell) => (typeof cell === 'string' ? neutraliseFormula(cell) : cell);

/** A CSV file (UTF-8 with a byte-order mark, so spreadsheet programs read the Chinese right). */
export function writeCsv(header: readonly string[], rows: ExportCell[][]): Buffer {
  const text = stringify([header.map(neutraliseFormula), ...rows.map((row) => row.map((cell) => (cell === null ? '' : safe(cell))))]);
  return Buffer.concat([Buffer.from('\uFEFF'), Buffer.from(text)]);
}

/**
 * Text as an xlsx string holds it (ECMA-376 ST_Xstring): a carriage return or another control
 * character as `_xHHHH_`, since XML would turn a raw CR into a line feed and drop the others, and a
 * literal `_xHHHH_` with its underscore escaped, so every text reads back exactly as written.
 */
export function xlsxText(value: string): string {
  let text = '';
  for (const char of value.replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1')) {
    const code = char.charCodeAt(0);
    // Tab and line feed are fine in XML; every other control character is escaped.
    text += code < 0x20 && code !== 0x09 && code !== 0x0a ? `_x${code.toString(16).toUpperCase().padStart(4, '0')}_` : char;
  }
  return text;
}

const typed = (cell: ExportCell) => (typeof cell === 'string' ? xlsxText(cell) : cell);

/** An xlsx workbook with one sheet: a bold header row, text cells as typed text (never formulas), numbers as numbers. */
export async function writeXlsx(sheetName: string, header: readonly string[], rows: ExportCell[][]): Promise<Buffer> {
  return writeXlsxSheets([{ name: sheetName, header, rows }]);
}

/** An xlsx workbook with several sheets, each as `writeXlsx` writes its one. */
export async function writeXlsxSheets(sheets: ReadonlyArray<{ name: string; header: readonly string[]; rows: ExportCell[][] }>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const { name, header, rows } of sheets) {
    const sheet = workbook.addWorksheet(name);
    // exceljs writes a JavaScript string as a string cell; only a { formula } value would become one.
    sheet.addRow(header.map(xlsxText));
    for (const row of rows) sheet.addRow(row.map(typed));
    sheet.getRow(1).font = { bold: true };
    sheet.columns.forEach((column) => {
      column.width = 20;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
