import { openCompoundFile } from './compound-file.js';
import { readRichExtendedString, readShortUnicodeString, readUnicodeString, recordAt, SegmentCursor, withContinues, type BiffRecord } from './biff-records.js';
import { excelSerialToDate, isDateFormatId } from './number-format.js';
import { damaged, SpreadsheetError } from './spreadsheet-error.js';

// A reader for Excel 97-2003 workbooks ([MS-XLS], BIFF8) that keeps only what an import needs:
// every worksheet's cell values. Formatting, formulas' expressions, charts, drawings and macros
// are skipped. Cached formula results are read, so no formula is ever evaluated.

/** A cell's value, shaped as exceljs gives xlsx cells: errors as { error }, dates as Date. */
export type XlsCellValue = string | number | boolean | Date | { error: string } | null;

/** One worksheet: its name, whether it is hidden, and its rows from the first (empty rows as []). */
export interface XlsSheet {
  name: string;
  isHidden: boolean;
  /** rows[r][c] is the cell in row r + 1, column c + 1; missing cells are null. */
  rows: XlsCellValue[][];
}

// Record types ([MS-XLS] "Record Enumeration").
const RECORD = {
  BOF: 0x0809,
  EOF: 0x000a,
  FILEPASS: 0x002f,
  DATEMODE: 0x0022,
  SST: 0x00fc,
  FORMAT: 0x041e,
  XF: 0x00e0,
  BOUNDSHEET8: 0x0085,
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  RSTRING: 0x00d6,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  BOOLERR: 0x0205,
  FORMULA: 0x0006,
  STRING: 0x0207,
} as const;

/** BOF records of BIFF2, BIFF3 and BIFF4, whose type differs from BIFF5/8's 0x0809. */
const OLD_BOF_TYPES = new Set([0x0009, 0x0209, 0x0409]);
const BIFF8_VERSION = 0x0600;
// [MS-XLS] "BOF" dt: the kind of substream.
const SUBSTREAM_GLOBALS = 0x0005;
const SUBSTREAM_WORKSHEET = 0x0010;
// [MS-XLS] "BoundSheet8" dt: 0 is a worksheet (or dialog sheet); charts, macros, VBA are not.
const SHEET_TYPE_WORKSHEET = 0;
/** BIFF8 worksheets have 256 columns. */
const MAX_COLUMNS = 256;

/** [MS-XLS] "BErr": the error codes a cell can hold. */
const ERROR_CODES: Record<number, string> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
  0x2b: '#GETTING_DATA',
};

/** What the workbook globals substream tells the sheets. */
interface Globals {
  is1904: boolean;
  sharedStrings: string[];
  /** For each XF (cell format) index, whether its number format shows a date. */
  isDateXf: boolean[];
  sheets: { name: string; isHidden: boolean; offset: number }[];
}

/**
 * The workbook stream of a compound file: "Workbook" for BIFF8, "Book" for Excel 5/95 and older.
 * A password-protected xlsx is a compound file too, holding an "EncryptedPackage" stream
 * ([MS-OFFCRYPTO] "EncryptedPackage Stream").
 */
function findWorkbookStream(data: Buffer): Buffer {
  const file = openCompoundFile(data);
  const workbook = file.findRootStream('Workbook');
  if (workbook) return workbook;
  if (file.findRootStream('Book')) throw new SpreadsheetError('oldVersion', 'a "Book" stream (Excel 5/95 or older)');
  if (file.findRootStream('EncryptedPackage')) throw new SpreadsheetError('encrypted', 'an encrypted Office Open XML package');
  throw new SpreadsheetError('notWorkbook', 'no Workbook stream');
}

/** Checks a substream's BOF record ([MS-XLS] "BOF"): BIFF8 and the expected kind of substream. */
function checkBof(record: BiffRecord, kind: number): void {
  if (OLD_BOF_TYPES.has(record.type)) throw new SpreadsheetError('oldVersion', `BOF record 0x${record.type.toString(16)}`);
  if (record.type !== RECORD.BOF || record.data.length < 4) throw damaged('the substream does not start with a BOF record');
  const version = record.data.readUInt16LE(0);
  if (version !== BIFF8_VERSION) throw new SpreadsheetError('oldVersion', `BIFF version 0x${version.toString(16)}`);
  const dt = record.data.readUInt16LE(2);
  if (dt !== kind) throw damaged(`substream kind 0x${dt.toString(16)} where 0x${kind.toString(16)} was expected`);
}

/** [MS-XLS] "SST": total and unique counts, then the unique strings across CONTINUE records. */
function readSharedStrings(segments: Buffer[]): string[] {
  const cursor = new SegmentCursor(segments);
  cursor.skip(4);
  const uniqueCount = cursor.uint32();
  const strings: string[] = [];
  // The unique count is a claim of the file: stop where the data ends, whatever it says.
  while (strings.length < uniqueCount && !cursor.isAtEnd) strings.push(readRichExtendedString(cursor));
  return strings;
}

/** [MS-XLS] "BoundSheet8": the sheet's BOF position, visibility, type and name. */
function readBoundSheet(data: Buffer): { name: string; isHidden: boolean; offset: number; type: number } {
  if (data.length < 8) throw damaged('BoundSheet8 record is too short');
  const name = readShortUnicodeString(new SegmentCursor([data.subarray(6)]));
  return { name, offset: data.readUInt32LE(0), isHidden: (data[4]! & 0x03) !== 0, type: data[5]! };
}

/** Reads the workbook globals substream ([MS-XLS] "Globals Substream"): date system, strings, formats, sheets. */
function readGlobals(stream: Buffer): Globals {
  let record = recordAt(stream, 0);
  checkBof(record, SUBSTREAM_GLOBALS);
  const globals: Globals = { is1904: false, sharedStrings: [], isDateXf: [], sheets: [] };
  const formats = new Map<number, string>();
  const xfFormats: number[] = [];
  for (let offset = record.next; ; ) {
    record = recordAt(stream, offset);
    offset = record.next;
    switch (record.type) {
      case RECORD.EOF:
        globals.isDateXf = xfFormats.map((id) => isDateFormatId(id, formats.get(id)));
        return globals;
      case RECORD.FILEPASS:
        throw new SpreadsheetError('encrypted', 'FILEPASS record');
      case RECORD.DATEMODE:
        globals.is1904 = record.data.length >= 2 && record.data.readUInt16LE(0) === 1;
        break;
      case RECORD.SST: {
        const continued = withContinues(stream, record);
        globals.sharedStrings = readSharedStrings(continued.segments);
        offset = continued.next;
        break;
      }
      case RECORD.FORMAT:
        // [MS-XLS] "Format": the format id, then its format string.
        if (record.data.length < 5) throw damaged('Format record is too short');
        formats.set(record.data.readUInt16LE(0), readUnicodeString(new SegmentCursor([record.data.subarray(2)])));
        break;
      case RECORD.XF:
        // [MS-XLS] "XF": the font index, then the number format id.
        if (record.data.length < 4) throw damaged('XF record is too short');
        xfFormats.push(record.data.readUInt16LE(2));
        break;
      case RECORD.BOUNDSHEET8: {
        const sheet = readBoundSheet(record.data);
        if (sheet.type === SHEET_TYPE_WORKSHEET) globals.sheets.push({ name: sheet.name, isHidden: sheet.isHidden, offset: sheet.offset });
        break;
      }
    }
  }
}

/** [MS-XLS] "RkNumber": a 30-bit integer or the high 30 bits of a double, maybe divided by 100. */
export function decodeRk(rk: number): number {
  const value = rk & 0x02 ? rk >> 2 : Buffer.from([0, 0, 0, 0, rk & 0xfc, (rk >>> 8) & 0xff, (rk >>> 16) & 0xff, rk >>> 24]).readDoubleLE(0);
  return rk & 0x01 ? value / 100 : value;
}

/** The cells of one sheet as they are read, row by row; numbers in a date format become dates. */
class SheetBuilder {
  readonly rows: XlsCellValue[][] = [];

  constructor(private readonly globals: Globals) {}

  set(row: number, column: number, value: XlsCellValue): void {
    if (column >= MAX_COLUMNS) throw damaged(`cell in column ${column + 1}, beyond BIFF8's ${MAX_COLUMNS}`);
    (this.rows[row] ??= [])[column] = value;
  }

  setNumber(row: number, column: number, xf: number, value: number): void {
    this.set(row, column, this.globals.isDateXf[xf] ? excelSerialToDate(value, this.globals.is1904) : value);
  }

  sharedString(index: number): string {
    const text = this.globals.sharedStrings[index];
    if (text === undefined) throw damaged(`shared string ${index} of ${this.globals.sharedStrings.length}`);
    return text;
  }

  /** Every row from the first to the last that has a cell, each filled with null up to its last cell. */
  finish(): XlsCellValue[][] {
    return Array.from(this.rows, (row) => Array.from(row ?? [], (cell) => cell ?? null));
  }
}

/** The fixed start of every cell record ([MS-XLS] "Cell"): row, column, XF index. */
function cellAt(data: Buffer, minimumSize: number, name: string): { row: number; column: number; xf: number } {
  if (data.length < minimumSize) throw damaged(`${name} record is too short`);
  return { row: data.readUInt16LE(0), column: data.readUInt16LE(2), xf: data.readUInt16LE(4) };
}

/** [MS-XLS] "MulRk": one row, a first column, then (XF, RK) pairs, then the last column. */
function readMulRk(data: Buffer, sheet: SheetBuilder): void {
  if (data.length < 6 || (data.length - 6) % 6 !== 0) throw damaged('MulRk record has a bad size');
  const row = data.readUInt16LE(0);
  const first = data.readUInt16LE(2);
  for (let index = 0; index < (data.length - 6) / 6; index++) {
    const at = 4 + index * 6;
    sheet.setNumber(row, first + index, data.readUInt16LE(at), decodeRk(data.readInt32LE(at + 2)));
  }
}

/**
 * [MS-XLS] "Formula": the cell, then the cached result (FormulaValue): a double,
 * or when its last two bytes are 0xFFFF, a tag byte (0 string in the STRING record that follows,
 * 1 boolean, 2 error, 3 empty string). Answers true when the result is in the next STRING record.
 */
function readFormula(data: Buffer, sheet: SheetBuilder): boolean {
  const { row, column, xf } = cellAt(data, 20, 'Formula');
  if (data.readUInt16LE(12) !== 0xffff) {
    sheet.setNumber(row, column, xf, data.readDoubleLE(6));
    return false;
  }
  const tag = data[6]!;
  if (tag === 0) return true;
  if (tag === 1) sheet.set(row, column, data[8] !== 0);
  else if (tag === 2) sheet.set(row, column, { error: ERROR_CODES[data[8]!] ?? '#VALUE!' });
  else sheet.set(row, column, '');
  return false;
}

/** [MS-XLS] "BoolErr": the cell, a value byte and whether that value is an error code. */
function readBoolErr(data: Buffer, sheet: SheetBuilder): void {
  const { row, column } = cellAt(data, 8, 'BoolErr');
  sheet.set(row, column, data[7] ? { error: ERROR_CODES[data[6]!] ?? '#VALUE!' } : data[6] !== 0);
}

/** [MS-XLS] "LabelSst": the cell and an index into the shared-string table. */
function readLabelSst(data: Buffer, sheet: SheetBuilder): void {
  const { row, column } = cellAt(data, 10, 'LabelSst');
  sheet.set(row, column, sheet.sharedString(data.readUInt32LE(6)));
}

/** [MS-XLS] "Label" and "RString": the cell and its text (RString's runs follow, unread). */
function readLabel(data: Buffer, sheet: SheetBuilder): void {
  const { row, column } = cellAt(data, 9, 'Label');
  sheet.set(row, column, readUnicodeString(new SegmentCursor([data.subarray(6)])));
}

/** [MS-XLS] "Number": the cell and a double. */
function readNumber(data: Buffer, sheet: SheetBuilder): void {
  const { row, column, xf } = cellAt(data, 14, 'Number');
  sheet.setNumber(row, column, xf, data.readDoubleLE(6));
}

/** [MS-XLS] "RK": the cell and an RK number. */
function readRk(data: Buffer, sheet: SheetBuilder): void {
  const { row, column, xf } = cellAt(data, 10, 'RK');
  sheet.setNumber(row, column, xf, decodeRk(data.readInt32LE(6)));
}

/** The records that hold a cell value on their own, by record type (FORMULA and STRING go together). */
const CELL_READERS: Partial<Record<number, (data: Buffer, sheet: SheetBuilder) => void>> = {
  [RECORD.LABELSST]: readLabelSst,
  [RECORD.LABEL]: readLabel,
  [RECORD.RSTRING]: readLabel,
  [RECORD.NUMBER]: readNumber,
  [RECORD.RK]: readRk,
  [RECORD.MULRK]: readMulRk,
  [RECORD.BOOLERR]: readBoolErr,
};

/** Reads the cell records of one worksheet substream ([MS-XLS] "Worksheet Substream"), skipping embedded charts. */
function readWorksheet(stream: Buffer, offset: number, globals: Globals): XlsCellValue[][] {
  checkBof(recordAt(stream, offset), SUBSTREAM_WORKSHEET);
  const sheet = new SheetBuilder(globals);
  let next = recordAt(stream, offset).next;
  let nestedDepth = 0;
  let pendingString: { row: number; column: number } | undefined;
  for (;;) {
    const record = recordAt(stream, next);
    next = record.next;
    const { type, data } = record;
    // An embedded chart is a whole BOF..EOF substream inside the worksheet's.
    if (type === RECORD.BOF) nestedDepth++;
    if (nestedDepth > 0) {
      if (type === RECORD.EOF) nestedDepth--;
      continue;
    }
    if (type === RECORD.EOF) return sheet.finish();
    if (type === RECORD.STRING && pendingString) {
      // [MS-XLS] "String": the cached text result of the formula before it.
      const continued = withContinues(stream, record);
      sheet.set(pendingString.row, pendingString.column, readUnicodeString(new SegmentCursor(continued.segments)));
      next = continued.next;
      pendingString = undefined;
    } else if (type === RECORD.FORMULA) {
      const isStringResult = readFormula(data, sheet);
      pendingString = isStringResult ? { row: data.readUInt16LE(0), column: data.readUInt16LE(2) } : undefined;
    } else {
      // Records without a reader (BLANK, MULBLANK, formatting, drawings, SHRFMLA and ARRAY
      // between a FORMULA and its STRING) carry no value.
      CELL_READERS[type]?.(data, sheet);
    }
  }
}

/**
 * Every worksheet of an Excel 97-2003 (.xls) file, hidden ones included, in workbook order;
 * chart sheets, macro sheets and VBA modules are left out. Throws SpreadsheetError.
 */
export function readXlsWorkbook(data: Buffer): XlsSheet[] {
  const stream = findWorkbookStream(data);
  const globals = readGlobals(stream);
  return globals.sheets.map((sheet) => ({ name: sheet.name, isHidden: sheet.isHidden, rows: readWorksheet(stream, sheet.offset, globals) }));
}
