import type { Database } from '../db/database.js';
import { LOCATION_LEVEL } from '../modules/location/location.repository.js';
import type { Clock } from '../platform/clock.js';
import type { Factories } from './factories.js';

/** A room made directly in the tables: a country > city > building (with its zone) > floor > room chain. */
export async function createTestRoom(
  db: Database,
  factories: Factories,
  clock: Clock,
  companyId: number,
  options: { name?: string; floorId?: number; timeZone?: string } = {},
): Promise<{ roomId: number; floorId: number; buildingId: number }> {
  let floorId = options.floorId;
  let buildingId = 0;
  if (floorId === undefined) {
    const country = await factories.location({ companyId, level: LOCATION_LEVEL.country, name: 'Testland' });
    const city = await factories.location({ companyId, parentId: country, level: LOCATION_LEVEL.city, name: 'Test City' });
    buildingId = await factories.location({ companyId, parentId: city, level: LOCATION_LEVEL.building, name: 'Tower A', timeZone: options.timeZone ?? 'Europe/Paris' });
    floorId = await factories.location({ companyId, parentId: buildingId, level: LOCATION_LEVEL.floor, name: 'Floor 3' });
  }
  const roomId = await factories.location({ companyId, parentId: floorId, level: LOCATION_LEVEL.room, name: options.name ?? 'Room' });
  const now = clock.now();
  await db.kysely.insertInto('resources').values({ id: roomId, company_id: companyId, kind: 'room', created_at: now }).execute();
  await db.kysely.insertInto('rooms').values({ id: roomId, company_id: companyId, capacity: 8, created_at: now, updated_at: now }).execute();
  return { roomId, floorId, buildingId };
}
