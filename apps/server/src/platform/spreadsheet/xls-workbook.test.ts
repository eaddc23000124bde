import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSheets } from './import.js';
import { buildCompoundFile } from '../../test/compound-file.js';
import { SpreadsheetError } from './spreadsheet-error.js';
import { decodeRk, readXlsWorkbook, type XlsCellValue, type XlsSheet } from './xls-workbook.js';

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/xls/${name}`, import.meta.url));

/**
 * An exceljs cell value as the xls reader shapes it: formulas by their result (exceljs leaves an
 * empty text result undefined; the cell still holds a formula, so it reads as ''), rich text joined.
 */
function plainValue(value: ExcelJS.CellValue | undefined): XlsCellValue {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return plainValue(((value as ExcelJS.CellFormulaValue).result ?? '') as ExcelJS.CellValue);
  if ('error' in value) return { error: value.error };
  if ('text' in value) return String(value.text);
  throw new Error(`unexpected cell value ${JSON.stringify(value)}`);
}

/** The xlsx source of a fixture read by exceljs, the path the import already trusts. */
async function readWithExceljs(name: string): Promise<XlsSheet[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(fixture(name) as unknown as ArrayBuffer);
  return book.worksheets.map((sheet) => {
    const rows: XlsCellValue[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row, number) => {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      rows[number - 1] = Array.from(values, (value) => plainValue(value as ExcelJS.CellValue));
    });
    return { name: sheet.name, isHidden: sheet.state !== 'visible', rows: Array.from(rows, (row) => row ?? []) };
  });
}

function problemOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof SpreadsheetError) return error.message;
    throw error;
  }
  throw new Error('expected a SpreadsheetError');
}

// A few BIFF8 records written by hand, to reach what LibreOffice does not write.
const record = (type: number, ...parts: Buffer[]) => {
  const data = Buffer.concat(parts);
  const header = Buffer.alloc(4);
  header.writeUInt16LE(type, 0);
  header.writeUInt16LE(data.length, 2);
  return Buffer.concat([header, data]);
};
const u8 = (...values: number[]) => Buffer.from(values);
const u16 = (...values: number[]) => Buffer.concat(values.map((value) => { const b = Buffer.alloc(2); b.writeUInt16LE(value); return b; }));
const u32 = (...values: number[]) => Buffer.concat(values.map((value) => { const b = Buffer.alloc(4); b.writeUInt32LE(value >>> 0); return b; }));
const f64 = (value: number) => { const b = Buffer.alloc(8); b.writeDoubleLE(value); return b; };
const latin1 = (text: string) => Buffer.from(text, 'latin1');
const utf16 = (text: string) => Buffer.from(text, 'utf16le');
const bof = (kind: number, version = 0x0600) => record(0x0809, u16(version, kind), Buffer.alloc(12));
const eof = () => record(0x000a);
const cell = (row: number, column: number, xf = 0) => u16(row, column, xf);
const rk = (encoded: number) => u32(encoded);

/** A workbook stream: globals (strings split across CONTINUE records, a date format) and one worksheet. */
function handWrittenWorkbook(): Buffer {
  const globalsBeforeSheets = [
    bof(0x0005),
    record(0x0022, u16(0)),
    record(0x041e, u16(164), u16(10), u8(0), latin1('yyyy-mm-dd')),
    record(0x00e0, u16(0, 0), Buffer.alloc(16)),
    record(0x00e0, u16(0, 164), Buffer.alloc(16)),
    record(0x00e0, u16(0, 14), Buffer.alloc(16)),
    // SST: "plain"; then "中文ab" in UTF-16 with one rich-text run and 6 bytes of phonetic data,
    // split inside the run; then "abcж😀xyz" starting 8-bit, going on in UTF-16 (the emoji's two
    // halves in two records) and back to 8-bit, each CONTINUE opening with its option byte.
    record(0x00fc, u32(4, 3), u16(5), u8(0), latin1('plain'), u16(4), u8(0x0d), u16(1), u32(6), utf16('中文ab'), u8(1, 0)),
    record(0x003c, u8(0, 0), u8(1, 2, 3, 4, 5, 6), u16(9), u8(0), latin1('abc')),
    record(0x003c, u8(1), utf16('ж\uD83D')),
    record(0x003c, u8(1), utf16('\uDE00')),
    record(0x003c, u8(0), latin1('xyz')),
  ];
  const sheetName = (name: string) => Buffer.concat([u8(name.length, 0), latin1(name)]);
  const boundSheet = (offset: number, hidden: number, type: number, name: string) => record(0x0085, u32(offset), u8(hidden, type), sheetName(name));
  const globalsLength = Buffer.concat(globalsBeforeSheets).length + boundSheet(0, 0, 0, 'Sheet1').length + boundSheet(0, 0, 2, 'Chart1').length + eof().length;
  const chart = Buffer.concat([bof(0x0020), record(0x00fd, cell(9, 9), u32(0)), eof()]);
  const worksheet = Buffer.concat([
    bof(0x0010),
    record(0x00fd, cell(0, 0), u32(1)),
    record(0x027e, cell(0, 1), rk((-123 << 2) | 0x02)),
    record(0x027e, cell(0, 2), rk((1234 << 2) | 0x03)),
    record(0x00bd, u16(1, 0), u16(0), rk((7 << 2) | 0x02), u16(0), rk(f64(0.5).readUInt32LE(4)), u16(1)),
    record(0x0203, cell(2, 0, 1), f64(45356.5)),
    record(0x0203, cell(2, 1, 2), f64(59)),
    record(0x0205, cell(3, 0), u8(1, 0)),
    record(0x0205, cell(3, 1), u8(0x2a, 1)),
    chart,
    record(0x0201, cell(4, 0)),
    record(0x0006, cell(5, 0), u8(0, 0, 0, 0, 0, 0), u16(0xffff), u16(0), u32(0), u16(0)),
    record(0x04bc, Buffer.alloc(10)),
    record(0x0207, u16(6), u8(0), latin1('tex')),
    record(0x003c, u8(1), utf16('t✓!')),
    record(0x0006, cell(5, 1), u8(1, 0, 1, 0, 0, 0), u16(0xffff), u16(0), u32(0), u16(0)),
    record(0x0006, cell(5, 2), u8(3, 0, 0, 0, 0, 0), u16(0xffff), u16(0), u32(0), u16(0)),
    record(0x0204, cell(6, 3), u16(5), u8(1), utf16('label')),
    record(0x00d6, cell(6, 4), u16(4), u8(0), latin1('rich'), u16(1), u16(0, 1)),
    eof(),
  ]);
  return Buffer.concat([...globalsBeforeSheets, boundSheet(globalsLength, 1, 0, 'Sheet1'), boundSheet(globalsLength + worksheet.length, 0, 2, 'Chart1'), eof(), worksheet]);
}

const asXls = (workbook: Buffer, streamName = 'Workbook') => buildCompoundFile([{ name: streamName, data: workbook }]).bytes;

describe('xls workbook reader', () => {
  it.each(['mixed', 'strings', 'import', 'date-1904'])('reads %s.xls as exceljs reads the xlsx it was converted from', async (name) => {
    const fromXls = readXlsWorkbook(fixture(`${name}.xls`));
    expect(fromXls).toEqual(await readWithExceljs(`${name}.xlsx`));
    expect(await readSheets(fixture(`${name}.xls`), 'xls')).toEqual(await readSheets(fixture(`${name}.xlsx`), 'xlsx'));
  });

  it('gives each cell the type the xlsx path gives it', () => {
    const [numbers, text, dates, formulas, hidden] = readXlsWorkbook(fixture('mixed.xls'));
    expect(numbers!.rows.slice(5, 9).map((row) => row[1])).toEqual([536870911, 536870912, -536870912, -536870913]);
    expect(text!.name).toBe('文本 Text');
    expect(text!.rows[2]).toEqual(['emoji', 'party 🎉 and 👩‍💻 work']);
    expect(text!.rows[3]).toEqual([]);
    expect(text!.rows[6]).toEqual(['after an empty row, with a gap', null, null, 'column D']);
    expect(dates!.rows[2]![1]).toEqual(new Date('2024-03-05T14:30:15Z'));
    expect(dates!.rows[8]![1]).toBe(17);
    expect(formulas!.rows.slice(1, 7).map((row) => row[2])).toEqual([42, 'abcd', true, { error: '#DIV/0!' }, '', new Date('2024-01-02T00:00:00Z')]);
    expect(hidden).toMatchObject({ name: 'Hidden', isHidden: true });
  });

  it('reads shared strings that cross CONTINUE records, long formula strings, RK, MULRK, LABEL and RSTRING cells, skipping charts', () => {
    const [sheet, ...others] = readXlsWorkbook(asXls(handWrittenWorkbook()));
    expect(others).toEqual([]);
    expect(sheet).toEqual({
      name: 'Sheet1',
      isHidden: true,
      rows: [
        ['中文ab', -123, 12.34],
        [7, 0.5],
        [new Date('2024-03-05T12:00:00Z'), new Date('1900-02-28T00:00:00Z')],
        [true, { error: '#N/A' }],
        [],
        ['text✓!', true, ''],
        [null, null, null, 'label', 'rich'],
      ],
    });
  });

  it('reads every shared string of the hand-written table', () => {
    const workbook = handWrittenWorkbook();
    // Point the first cell at each shared string in turn.
    const labelAt = workbook.indexOf(Buffer.concat([u16(0x00fd, 10), cell(0, 0), u32(1)]));
    const texts = [0, 1, 2].map((index) => {
      const copy = Buffer.from(workbook);
      copy.writeUInt32LE(index, labelAt + 10);
      return readXlsWorkbook(asXls(copy))[0]!.rows[0]![0];
    });
    expect(texts).toEqual(['plain', '中文ab', 'abcж😀xyz']);
  });

  it('decodes RK numbers: integers, hundredths and truncated doubles', () => {
    expect(decodeRk((5 << 2) | 0x02)).toBe(5);
    expect(decodeRk((-5 << 2) | 0x02)).toBe(-5);
    expect(decodeRk((-1234 << 2) | 0x03)).toBe(-12.34);
    expect(decodeRk(f64(-2.5).readInt32LE(4))).toBe(-2.5);
    expect(decodeRk(f64(1e-10).readInt32LE(4) & ~0x03)).toBeCloseTo(1e-10, 15);
  });

  it('refuses password-protected and old workbooks, and files that are no workbook', () => {
    expect(problemOf(() => readXlsWorkbook(fixture('password.xls')))).toBe('encrypted: FILEPASS record');
    const biff5 = Buffer.concat([bof(0x0005, 0x0500), eof()]);
    expect(problemOf(() => readXlsWorkbook(asXls(biff5)))).toBe('oldVersion: BIFF version 0x500');
    expect(problemOf(() => readXlsWorkbook(asXls(biff5, 'Book')))).toBe('oldVersion: a "Book" stream (Excel 5/95 or older)');
    expect(problemOf(() => readXlsWorkbook(asXls(record(0x0409, u16(0, 0x0100)))))).toBe('oldVersion: BOF record 0x409');
    expect(problemOf(() => readXlsWorkbook(asXls(Buffer.alloc(100), 'EncryptedPackage')))).toBe('encrypted: an encrypted Office Open XML package');
    expect(problemOf(() => readXlsWorkbook(asXls(Buffer.alloc(100), 'WordDocument')))).toBe('notWorkbook: no Workbook stream');
  });

  it('refuses damaged workbooks: truncated, records past the end, strings and sheets out of range', () => {
    const strings = fixture('strings.xls');
    expect(problemOf(() => readXlsWorkbook(strings.subarray(0, strings.length / 2)))).toMatch(/^damaged: /);
    const workbook = handWrittenWorkbook();
    expect(problemOf(() => readXlsWorkbook(asXls(workbook.subarray(0, workbook.length - 3))))).toMatch(/^damaged: record header at \d+ is past the end/);
    const labelAt = workbook.indexOf(Buffer.concat([u16(0x00fd, 10), cell(0, 0), u32(1)]));
    const badIndex = Buffer.from(workbook);
    badIndex.writeUInt32LE(3, labelAt + 10);
    expect(problemOf(() => readXlsWorkbook(asXls(badIndex)))).toBe('damaged: shared string 3 of 3');
    const sheetAt = workbook.indexOf(u16(0x0085, 14));
    const badOffset = Buffer.from(workbook);
    badOffset.writeUInt32LE(workbook.length + 100, sheetAt + 4);
    expect(problemOf(() => readXlsWorkbook(asXls(badOffset)))).toMatch(/^damaged: record header at \d+ is past the end/);
    const noEof = Buffer.concat([bof(0x0005), record(0x0022, u16(0))]);
    expect(problemOf(() => readXlsWorkbook(asXls(noEof)))).toMatch(/^damaged: record header at \d+ is past the end/);
  });
});
