/**
 * Entry of `npm run seed:scale`: seeds the scale companies (scale-seed.ts) into the database DATABASE_URL names
 * (as the server reads it; the default is the embedded SQLite file of ./data), migrating it first.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atrium_scale npm run seed:scale
 *   npm run seed:scale -- --companies 2 --people 50 --rooms 20 --desks 20 --room-bookings 2000 --desk-bookings 500
 */
import { parseArgs } from 'node:util';
import { parseConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrations/index.js';
import { createPasswordHasher } from '../platform/password.js';
import { FULL_SCALE, seedScale, type ScaleShape } from './scale-seed.js';

const { values } = parseArgs({
  options: {
    companies: { type: 'string' },
    people: { type: 'string' },
    rooms: { type: 'string' },
    desks: { type: 'string' },
    'room-bookings': { type: 'string' },
    'desk-bookings': { type: 'string' },
  },
});

function count(name: keyof typeof values, fallback: number): number {
  const given = values[name];
  if (given === undefined) return fallback;
  const number = Number(given);
  if (!Number.isInteger(number) || number < 0) throw new Error(`--${name} is "${given}": expected a whole number`);
  return number;
}

const shape: ScaleShape = {
  companies: count('companies', FULL_SCALE.companies),
  people: count('people', FULL_SCALE.people),
  rooms: count('rooms', FULL_SCALE.rooms),
  desks: count('desks', FULL_SCALE.desks),
  roomBookings: count('room-bookings', FULL_SCALE.roomBookings),
  deskBookings: count('desk-bookings', FULL_SCALE.deskBookings),
};
if (shape.people < 1) throw new Error('--people must be at least 1 (the administrator)');
if (shape.desks > shape.people) throw new Error('--desks must not exceed --people: each day every desk is held by a different person');

const config = parseConfig();
const db = openDatabase(config.database);
try {
  await migrateToLatest(db);
  console.log(`seeding ${JSON.stringify(shape)} into ${db.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}`);
  const seeded = await seedScale(db, {
    shape,
    hasher: createPasswordHasher(),
    now: Date.now(),
    onCompany: (company, index, elapsedMs) => console.log(`${index + 1}/${shape.companies} ${company.domain} (id ${company.companyId}) in ${(elapsedMs / 1000).toFixed(1)} s`),
  });
  console.log(`done: ${seeded.length} companies; sign in as <domain>.admin (e.g. ${seeded[0]?.adminUserName ?? '-'}) with SCALE_PASSWORD of apps/server/src/cli/scale-seed.ts`);
} finally {
  await db.destroy();
}
