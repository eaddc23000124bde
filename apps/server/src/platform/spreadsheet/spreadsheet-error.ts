/**
 * Why a legacy workbook could not be read:
 * - `damaged`: the bytes break the compound-file or BIFF8 layout (truncated, out of range, cyclic);
 * - `oldVersion`: an Excel 5/95 or older workbook (BIFF5 and before), which we do not read;
 * - `encrypted`: the workbook is protected by a password to open (FILEPASS, or an encrypted xlsx);
 * - `notWorkbook`: a valid compound file without a workbook stream (a .doc, an .msg, ...).
 */
export type SpreadsheetProblem = 'damaged' | 'oldVersion' | 'encrypted' | 'notWorkbook';

/** A legacy workbook the readers refuse, with the reason and a detail for the logs. */
export class SpreadsheetError extends Error {
  override name = 'SpreadsheetError';

  constructor(
    readonly problem: SpreadsheetProblem,
    detail: string,
  ) {
    super(`${problem}: ${detail}`);
  }
}

/** A damaged-file error: the shorthand every bounds check uses. */
export const damaged = (detail: string) => new SpreadsheetError('damaged', detail);
