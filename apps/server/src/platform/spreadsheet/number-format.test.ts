import { describe, expect, it } from 'vitest';
import { excelSerialToDate, isDateFormat, isDateFormatId } from './number-format.js';

describe('number formats', () => {
  it('finds date and time tokens outside quotes, escapes, padding and brackets', () => {
    const dates = ['yyyy-mm-dd', 'd-mmm-yy', 'h:mm AM/PM', 'mm:ss.0', 'DD/MM/YYYY', '[$-409]d-mmm-yyyy;@', 'yyyy"年"m"月"d"日"', '[h]', '[mm]:ss', '[Red]yyyy-mm-dd'];
    const notDates = ['General', '0.00', '#,##0 "days"', '0.00E+00', '[Red]0.00', '[$€-2] #,##0.00', '\\d0', '_m0', '*s0', '@', '0 "h"', '[>100]0'];
    expect(dates.filter((format) => !isDateFormat(format))).toEqual([]);
    expect(notDates.filter(isDateFormat)).toEqual([]);
  });

  it('knows the built-in date ids when the workbook has no FORMAT record for them', () => {
    expect([14, 15, 22, 27, 36, 45, 47, 50, 58].every((id) => isDateFormatId(id, undefined))).toBe(true);
    expect([0, 1, 2, 9, 11, 13, 23, 37, 44, 48, 49, 59, 164].some((id) => isDateFormatId(id, undefined))).toBe(false);
    // A workbook's own string for an id wins over the built-in meaning.
    expect(isDateFormatId(14, '0.00')).toBe(false);
    expect(isDateFormatId(164, 'yyyy')).toBe(true);
  });

  it('converts 1900-system serials, around the fictional 29 February 1900', () => {
    const iso = (serial: number) => excelSerialToDate(serial, false).toISOString();
    expect(iso(1)).toBe('1900-01-01T00:00:00.000Z');
    expect(iso(59)).toBe('1900-02-28T00:00:00.000Z');
    expect(iso(60)).toBe('1900-03-01T00:00:00.000Z');
    expect(iso(61)).toBe('1900-03-01T00:00:00.000Z');
    expect(iso(0.75)).toBe('1899-12-31T18:00:00.000Z');
    expect(iso(25569)).toBe('1970-01-01T00:00:00.000Z');
    expect(iso(45356.604166666664)).toBe('2024-03-05T14:30:00.000Z');
    expect(iso(2958465.9999999884)).toBe('9999-12-31T23:59:59.999Z');
  });

  it('converts 1904-system serials', () => {
    expect(excelSerialToDate(0, true).toISOString()).toBe('1904-01-01T00:00:00.000Z');
    expect(excelSerialToDate(1, true).toISOString()).toBe('1904-01-02T00:00:00.000Z');
    expect(excelSerialToDate(38882.5, true).toISOString()).toBe('2010-06-15T12:00:00.000Z');
  });
});
