import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeCsv, writeXlsx } from './export.js';

/** Text a spreadsheet program would run as a formula if it were typed in (OWASP, CSV injection). */
const FORMULA_LIKE = ['=1+1', '+1+1', '-1+1', '@SUM(A1)', '\t=1+1', '\r=1+1', '=HYPERLINK("http://evil.example","Click")'];

describe('spreadsheet exports', () => {
  it('writes xlsx text cells as typed text, exactly as given: never a formula, no apostrophe', async () => {
    const data = await writeXlsx('sheet', ['=Header', 'n'], [...FORMULA_LIKE.map((text) => [text, 7]), ['plain', null]]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('sheet')!;
    expect([sheet.getCell('A1').type, sheet.getCell('A1').value]).toEqual([ExcelJS.ValueType.String, '=Header']);
    FORMULA_LIKE.forEach((text, index) => {
      const cell = sheet.getCell(`A${index + 2}`);
      expect([cell.type, cell.value, cell.formula], JSON.stringify(text)).toEqual([ExcelJS.ValueType.String, text, undefined]);
      expect(sheet.getCell(`B${index + 2}`).value).toBe(7);
    });
    expect(sheet.getCell(`A${FORMULA_LIKE.length + 2}`).value).toBe('plain');
    // Control characters and text that looks like the format's own escapes read back as written too.
    const odd = await writeXlsx('odd', ['x'], [['a\u0001b\u001fc'], ['_x0041_ and _x000d_'], ['line\r\nbreak']]);
    const again = new ExcelJS.Workbook();
    await again.xlsx.load(odd as unknown as ArrayBuffer);
    expect(['A2', 'A3', 'A4'].map((address) => again.getWorksheet('odd')!.getCell(address).value)).toEqual(['a\u0001b\u001fc', '_x0041_ and _x000d_', 'line\r\nbreak']);
    // No cell of the workbook holds a formula.
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it('keeps the leading apostrophe in CSV, which has no cell types', () => {
    const rows = parse(writeCsv(['=Header'], FORMULA_LIKE.map((text) => [text])).toString('utf8').replace(/^\uFEFF/, '')) as string[][];
    expect(rows.map((row) => row[0])).toEqual(['=Header', ...FORMULA_LIKE].map((text) => `'${text}`));
  });
});
