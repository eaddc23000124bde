import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { neutraliseFormula } from '@atrium/contract';

/**
 * Files the console hands out (user, room and report exports): every text cell goes through the
 * contract's `neutraliseFormula`, so no spreadsheet program runs it as a formula (OWASP, CSV injection).
 */

export type ExportCell = string | number | null;

const safe = (cell: ExportCell) => (typeof cell === 'string' ? neutraliseFormula(cell) : cell);

/** A CSV file (UTF-8 with a byte-order mark, so spreadsheet programs read the Chinese right). */
export function writeCsv(header: readonly string[], rows: ExportCell[][]): Buffer {
  const text = stringify([header.map(neutraliseFormula), ...rows.map((row) => row.map((cell) => (cell === null ? '' : safe(cell))))]);
  return Buffer.concat([Buffer.from('\uFEFF'), Buffer.from(text)]);
}

/** An xlsx workbook with one sheet: a bold header row, text cells as plain text, numbers as numbers. */
export async function writeXlsx(sheetName: string, header: readonly string[], rows: ExportCell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(header.map(neutraliseFormula));
  for (const row of rows) sheet.addRow(row.map(safe));
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column) => {
    column.width = 20;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
