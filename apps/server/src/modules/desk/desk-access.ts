import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { refused } from '../../platform/errors.js';
import { createDeskAccessRepository } from './desk-access.repository.js';

/**
 * The refusals of desk access (decision 0019, "Desk access and closures"), called where a desk is
 * booked (inside its write transaction, so a closure committed meanwhile is seen) and checked in to:
 * the caller's department has desk booking off, or `date` is a closure day of the floor's building.
 */
export async function checkDeskAccess(db: Kysely<DB>, input: { companyId: number; userId: number; floorId: number; date?: string }): Promise<void> {
  const access = createDeskAccessRepository(db);
  if (!(await access.mayBookDesks(input.companyId, input.userId))) throw refused('deskBookingNotForDepartment');
  if (input.date === undefined) return;
  const [closure] = await access.closuresOf(input.companyId, await access.buildingOf(input.companyId, input.floorId), input.date);
  if (closure) throw refused('deskClosedDay', { date: input.date, name: closure.name });
}
