import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { refused } from '../../platform/errors.js';
import { createDeskAccessRepository } from './desk-access.repository.js';

/**
 * The refusals of desk access (decision 0019, "Desk access and closures"), called where a desk is
 * booked (inside its write transaction, so a closure committed meanwhile is seen) and checked in to:
 * the caller's department has desk booking off (`mayBookDesks`, read with the booking's other checks),
 * or `date` is a closure day of the desk's building (one read, only when a date is given).
 */
export async function checkDeskAccess(db: Kysely<DB>, input: { companyId: number; mayBookDesks: boolean; buildingId: number | null; date?: string }): Promise<void> {
  if (!input.mayBookDesks) throw refused('deskBookingNotForDepartment');
  if (input.date === undefined) return;
  const [closure] = await createDeskAccessRepository(db).closuresOf(input.companyId, input.buildingId, input.date);
  if (closure) throw refused('deskClosedDay', { date: input.date, name: closure.name });
}
