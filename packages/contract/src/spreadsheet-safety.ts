/**
 * What every CSV file the console hands out (server exports, chart data saved in the browser) does so
 * that no spreadsheet program runs a cell as a formula (OWASP, "CSV injection"). xlsx exports need
 * none of it: their text cells are typed text, which never runs (server platform/spreadsheet/export.ts).
 */

/** Text starting with = + - @, a tab or a carriage return gets a leading single quote; anything else is kept. */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV field: neutralised text, quoted when it holds a comma, a quote or a line break. Numbers are written as they are. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = neutraliseFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * A CSV document (RFC 4180, CRLF line ends) with a byte-order mark, so spreadsheet programs read
 * Chinese text right; every text cell neutralised.
 */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
