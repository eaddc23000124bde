import { z } from 'zod';
import { BADGE_OFFSET_MAX_MM, BadgeStockName } from './visitor-devices.js';

/**
 * A visitor's badge as a PDF (issue 20; decision 0018, "Badges"): printed from the reception pages on
 * one of the label stocks (BADGE_STOCKS), with the printer's calibration offset.
 */

/** The stock a badge prints on when none is asked for: the Brother QL's 62x100 mm label. */
export const DEFAULT_BADGE_STOCK = 'ql62x100' satisfies BadgeStockName;

/** A query's offset in millimetres (empty: none): a printer's calibration, BADGE_OFFSET_MAX_MM either way. */
const OffsetMm = z.coerce
  .number()
  .min(-BADGE_OFFSET_MAX_MM, `At least -${BADGE_OFFSET_MAX_MM} mm`)
  .max(BADGE_OFFSET_MAX_MM, `At most ${BADGE_OFFSET_MAX_MM} mm`)
  .default(0);

/** `GET /visitor/badge`: a visit's badge on a stock, everything printed moved right by `offsetX` and down by `offsetY` mm. */
export const VisitBadgeQuery = z.object({
  id: z.coerce.number().int().positive(),
  stock: BadgeStockName.default(DEFAULT_BADGE_STOCK),
  offsetX: OffsetMm.describe('Moves the print right (negative: left), in mm'),
  offsetY: OffsetMm.describe('Moves the print down (negative: up), in mm'),
  printerId: z.coerce.number().int().positive().optional().describe("A badge printer's id: its stock and offset are used, the query's are ignored"),
});
export type VisitBadgeQuery = z.infer<typeof VisitBadgeQuery>;
