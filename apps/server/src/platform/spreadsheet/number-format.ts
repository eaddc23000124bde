// Which number formats show a date or a time, and the date an Excel serial number stands for.

/**
 * Built-in format ids that show dates or times when a workbook stores no FORMAT record for them
 * ([MS-XLS] "Format", the ifmt table): 14–22 and 45–47 in every locale, and 27–36 and
 * 50–58, the East Asian date formats (年/月/日 in a Chinese Excel).
 */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** Elapsed-time tokens in brackets ([h], [mm], [ss]): a duration, still shown as a time. */
const ELAPSED_TOKEN = /^(h+|m+|s+)$/i;
const DATE_TOKEN = /[dmyhs]/i;

/**
 * Whether a format string shows a date or time: a d, m, y, h or s outside quoted text, escaped
 * characters (\x), padding (_x, *x) and brackets, or an elapsed-time bracket like [h].
 */
export function isDateFormat(format: string): boolean {
  for (let index = 0; index < format.length; index++) {
    const char = format[index]!;
    if (char === '"') {
      const end = format.indexOf('"', index + 1);
      index = end === -1 ? format.length : end;
    } else if (char === '\\' || char === '_' || char === '*') {
      index++;
    } else if (char === '[') {
      const end = format.indexOf(']', index + 1);
      if (end === -1) return false;
      if (ELAPSED_TOKEN.test(format.slice(index + 1, end))) return true;
      index = end;
    } else if (DATE_TOKEN.test(char)) {
      return true;
    }
  }
  return false;
}

/** Whether a format id, with the workbook's own format string for it if any, shows a date. */
export function isDateFormatId(id: number, format: string | undefined): boolean {
  return format === undefined ? BUILT_IN_DATE_FORMATS.has(id) : isDateFormat(format);
}

const MS_PER_DAY = 24 * 60 * 60 * 1000;
/** Serial of 1970-01-01 in the 1900 date system (counted from 1899-12-30, valid from 1 March 1900). */
const UNIX_EPOCH_1900 = 25569;
/** Days between the 1900 and 1904 systems' day zero. */
const DAYS_1904_AFTER_1900 = 1462;
/** Serial 60 is 29 February 1900, a day that never was (Lotus 1-2-3 took 1900 for a leap year). */
const FICTIONAL_LEAP_DAY = 60;

/**
 * The UTC instant an Excel serial date stands for. In the 1900 system, serials from 61 on count
 * from 1899-12-30; up to 60 they count from 1899-12-31, because the fictional 29 February 1900
 * (serial 60) sits between them and is read as 1 March 1900. Serials below 1 are times of day on
 * Excel's "1900-01-00", that is 1899-12-31. The 1904 system counts from 1904-01-01.
 * Rounded to the millisecond as exceljs does, so the same serial gives the same instant.
 */
export function excelSerialToDate(serial: number, is1904: boolean): Date {
  if (is1904) return new Date(Math.round((serial - UNIX_EPOCH_1900 + DAYS_1904_AFTER_1900) * MS_PER_DAY));
  const days = serial >= FICTIONAL_LEAP_DAY + 1 ? serial : serial + 1;
  return new Date(Math.round((days - UNIX_EPOCH_1900) * MS_PER_DAY));
}
