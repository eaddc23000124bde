import { sql, type Kysely } from 'kysely';
import { LICENSED_MODULES, type DeskEquipment } from '@atrium/contract';
import { provisionCompany } from '../modules/company/company.provisioning.js';
import { createDeskRepository } from '../modules/desk/desk.repository.js';
import { createLicenceRepository } from '../modules/licence/licence.repository.js';
import { withTransaction, type Database } from '../db/database.js';
import { createRepositories } from '../db/repositories.js';
import { analyzeAll } from '../db/statistics.js';
import type { DB } from '../db/schema.js';
import type { PasswordHasher } from '../platform/password.js';

/**
 * The scale seed (issue 24, "Beyond one machine"; docs/performance.md "At scale"): many companies of
 * many people, rooms, desks and bookings in one database, to measure the console where a large
 * installation would be. Structure goes through the repositories as the application writes it (so
 * triggers, layout versions and the shared resource id space hold); the bookings, which no API could
 * write in reasonable time, are inserted by the database itself from a numbers series, one statement
 * per company and kind, through the same overlap guard as every booking.
 */

export interface ScaleShape {
  companies: number;
  /** People per company (one of them its administrator). */
  people: number;
  rooms: number;
  desks: number;
  /** Room bookings per company. */
  roomBookings: number;
  /** Desk bookings per company. */
  deskBookings: number;
}

/** The scale of the issue (and of Seatsurfing's own load tests): 100 companies x 1,000 people x 500 rooms and desks x 200,000 bookings. */
export const FULL_SCALE: ScaleShape = { companies: 100, people: 1000, rooms: 500, desks: 500, roomBookings: 200_000, deskBookings: 50_000 };

/** Everyone's password in a seeded company: the hash is computed once (argon2id costs about 50 ms a hash). */
export const SCALE_PASSWORD = 'Scale-pass-2026!';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const FLOORS = 10;
const DEPARTMENTS = 20;
/** How long before `now` the seeded buildings, rooms, desks and people were made. */
const STRUCTURE_AGE_DAYS = 400;
/** Buildings' zones in turn, with their standard offset in hours (the seed places working hours by it; daylight saving is ignored). */
const ZONES = [
  { zone: 'Europe/London', offsetHours: 0 },
  { zone: 'Asia/Shanghai', offsetHours: 8 },
  { zone: 'America/New_York', offsetHours: -5 },
] as const;
const ROOM_EQUIPMENT = [[], ['projector'], ['whiteboard'], ['projector', 'whiteboard'], ['videoConference']];
const DESK_EQUIPMENT: DeskEquipment[][] = [['monitor'], ['dualMonitor', 'dockingStation'], ['monitor', 'standingDesk'], []];

/** A seeded company's names: its domain, and its administrator's user name (`<domain>.admin`). */
export const scaleDomain = (index: number) => `scale-${String(index + 1).padStart(3, '0')}`;

export interface SeededCompany {
  companyId: number;
  domain: string;
  adminUserName: string;
  roomIds: number[];
  deskIds: number[];
}

export interface ScaleSeedOptions {
  shape: ScaleShape;
  hasher: PasswordHasher;
  now: number;
  /** Told of each company once it is in. */
  onCompany?: (company: SeededCompany, index: number, elapsedMs: number) => void;
}

/**
 * Seeds `shape.companies` companies into a migrated database. Refuses a database that already holds the
 * first of them (the seed is for a new database; run it again on a fresh one). Each company is one
 * transaction: a failure leaves the companies before it whole.
 */
export async function seedScale(db: Database, options: ScaleSeedOptions): Promise<SeededCompany[]> {
  const { shape, now } = options;
  const taken = await db.kysely.selectFrom('companies').select('id').where('domain', '=', scaleDomain(0)).executeTakeFirst();
  if (taken) throw new Error(`this database already holds ${scaleDomain(0)}: the scale seed is for a new database`);
  const passwordHash = await options.hasher.hash(SCALE_PASSWORD);
  const started = Date.now();
  const seeded: SeededCompany[] = [];
  for (let index = 0; index < shape.companies; index++) {
    const company = await withTransaction(db.kysely, (trx) => seedCompany(trx, db.dialect, index, shape, passwordHash, now));
    seeded.push(company);
    options.onCompany?.(company, index, Date.now() - started);
  }
  // After a bulk load PostgreSQL needs a VACUUM as well as statistics: until the visibility map is set, an
  // index-only scan visits the table for every row (the 180-day report read 25 million rows' pages: 0.8 s against
  // 0.16 s; docs/performance.md "At scale"), and autovacuum would do it later, during use.
  if (db.dialect === 'postgres') await sql`vacuum analyze`.execute(db.kysely);
  else await analyzeAll(db);
  return seeded;
}

async function seedCompany(trx: Kysely<DB>, dialect: Database['dialect'], index: number, shape: ScaleShape, passwordHash: string, now: number): Promise<SeededCompany> {
  const repos = createRepositories(trx);
  const domain = scaleDomain(index);
  // The structure dates from before the oldest booking, so reports count the rooms' bookable hours over all of it.
  const built = now - STRUCTURE_AGE_DAYS * DAY;
  const { companyId, administratorRoleId, staffRoleId } = await provisionCompany(repos, { name: `Scale company ${index + 1}`, domain }, now);
  await createLicenceRepository(trx).saveLicence(companyId, {
    serial: `scale-${companyId}`,
    number: 'SCALE',
    licensee: `Scale company ${index + 1}`,
    isTrial: true,
    token: null,
    keyId: null,
    modules: [...LICENSED_MODULES],
    seats: null,
    validUntil: now + 365 * DAY,
    installedAt: now,
    installedBy: null,
  });

  const { zone, offsetHours } = ZONES[index % ZONES.length]!;
  const location = (parentId: number | null, level: number, name: string, timeZone?: string) =>
    repos.locations.insertLocation({ companyId, parentId, level, name, ...(timeZone ? { timeZone } : {}) }, built);
  const country = await location(null, 1, 'Scale country');
  const city = await location(country, 2, 'Scale city');
  const building = await location(city, 5, 'Scale tower', zone);
  const floors: number[] = [];
  for (let f = 0; f < FLOORS; f++) floors.push(await location(building, 6, `Floor ${f + 1}`));

  const departments: number[] = [];
  for (let d = 0; d < DEPARTMENTS; d++) departments.push(await repos.departments.insertDepartment({ companyId, name: `Team ${d + 1}` }, built));

  const roomIds: number[] = [];
  for (let r = 0; r < shape.rooms; r++) {
    const floorId = floors[r % FLOORS]!;
    const id = await location(floorId, 7, `Room ${(r % FLOORS) + 1}.${String(Math.floor(r / FLOORS) + 1).padStart(2, '0')}`);
    await repos.rooms.insertRoom(
      companyId,
      id,
      {
        roomTypeId: null,
        capacity: [4, 6, 8, 12, 20, 40][r % 6]!,
        backgroundImage: null,
        equipment: ROOM_EQUIPMENT[r % ROOM_EQUIPMENT.length]!,
        isAvailable: true,
        needsApproval: false,
        signInEnabled: false,
        signInWay: 'manual',
        signInBeforeMinutes: 10,
        signInAfterMinutes: 10,
        oneClickStart: false,
        oneClickEnd: false,
        videoLink: null,
        calendarResource: null,
        bindExternalRooms: false,
      },
      built,
    );
    roomIds.push(id);
  }

  const desks = createDeskRepository(trx);
  const deskIds: number[] = [];
  for (let d = 0; d < shape.desks; d++) {
    const floorId = floors[d % FLOORS]!;
    deskIds.push(
      await desks.insertDesk(
        companyId,
        { floorId, number: `${(d % FLOORS) + 1}-${String(Math.floor(d / FLOORS) + 1).padStart(3, '0')}`, mode: 'bookable', equipment: DESK_EQUIPMENT[d % DESK_EQUIPMENT.length]!, neighbourhoodId: null, assignedUserId: null, assignedDepartmentId: null },
        built,
      ),
    );
  }

  const adminUserName = `${domain}.admin`;
  const person = (p: number) => ({
    companyId,
    userName: p === 0 ? adminUserName : `${domain}.p${String(p).padStart(4, '0')}`,
    email: p === 0 ? `admin@${domain}.example` : `p${p}@${domain}.example`,
    firstName: `Person ${p}`,
    lastName: `Scale ${index + 1}`,
    roleId: p === 0 ? administratorRoleId : staffRoleId,
    departmentId: departments[p % DEPARTMENTS]!,
    locationId: floors[p % FLOORS]!,
    passwordHash,
    mustChangePassword: false,
    passwordChangedAt: now,
  });
  for (let p = 0; p < shape.people; p++) await repos.users.insertUser(person(p), built);

  await insertBookings(trx, dialect, { companyId, kind: 'room', count: shape.roomBookings, offsetHours, now });
  await insertBookings(trx, dialect, { companyId, kind: 'desk', count: shape.deskBookings, offsetHours, now });
  return { companyId, domain, adminUserName, roomIds, deskIds };
}

interface BookingBatch {
  companyId: number;
  kind: 'room' | 'desk';
  count: number;
  offsetHours: number;
  now: number;
}

/**
 * `count` bookings of the company's rooms or desks, written by one INSERT ... SELECT over a numbers series.
 * Booking i takes resource i mod n on day i div n, counted from a day chosen so that about 55 % of them lie in
 * the past (the report and history pages) and the rest ahead (search, board, the booking window):
 * - rooms: one meeting a room a day, 30 to 120 minutes starting between 08:00 and 17:00 local time (never 19:00,
 *   where the booking benchmark books); one in 17 ahead cancelled; hosts spread over the company's people;
 * - desks: a working day (09:00 to 17:00 local) per desk per day, each day's desks held by different people (the
 *   one-desk-a-person rule holds).
 * Times are placed by the zone's standard offset: a few hours a year are an hour off in zones with daylight saving.
 */
async function insertBookings(trx: Kysely<DB>, dialect: Database['dialect'], batch: BookingBatch): Promise<void> {
  if (batch.count === 0) return;
  const { companyId, kind, count, offsetHours, now } = batch;
  const resourceCount = Number(
    (await trx.selectFrom('resources').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).where('kind', '=', kind).executeTakeFirstOrThrow()).n,
  );
  if (resourceCount === 0) return;
  const perResource = Math.ceil(count / resourceCount);
  const firstDay = Math.floor(now / DAY) - Math.floor(perResource * 0.55);
  const today = Math.floor(now / DAY);
  // Numbers 0..count-1: PostgreSQL's generate_series; SQLite has no table-valued series built in, so a recursive CTE.
  const numbers =
    dialect === 'postgres'
      ? sql`select g.i from generate_series(0, ${count - 1}) as g(i)`
      : sql`select i from (with recursive n(i) as (select 0 union all select i + 1 from n where i < ${count - 1}) select i from n)`;
  const day = sql`(${firstDay} + n.i / ${resourceCount})`;
  const resourceIndex = sql`(n.i % ${resourceCount})`;
  const localHour =
    kind === 'room' ? sql`(8 + ((${resourceIndex} * 7 + n.i / ${resourceCount} * 3) % 10))` : sql`9`;
  const minutes = kind === 'room' ? sql`(30 + ((${resourceIndex} + n.i / ${resourceCount}) % 4) * 30)` : sql`480`;
  const startAt = sql`(cast(${day} as bigint) * ${DAY} + (${localHour} - ${offsetHours}) * ${HOUR})`;
  const status =
    kind === 'room'
      ? sql`case when ${day} >= ${today} and (${resourceIndex} + n.i / ${resourceCount}) % 17 = 0 then 'cancelled' else 'confirmed' end`
      : sql`'confirmed'`;
  const peopleCount = sql`(select count(*) from users where company_id = ${companyId})`;
  // Desks: on one day, desk k is held by person (k + day * 37) mod people, distinct for every desk while desks <= people.
  const personIndex = kind === 'room' ? sql`((n.i * 7) % ${peopleCount})` : sql`((${resourceIndex} + ${day} * 37) % ${peopleCount})`;
  const title = kind === 'room' ? sql`'Scale meeting ' || cast(n.i as text)` : sql`'Desk booking'`;
  await sql`
    insert into reservations (company_id, resource_id, host_user_id, title, start_at, end_at, status, privacy, channel, created_at, updated_at, cancelled_at)
    select ${companyId}, r.id, u.id, ${title}, ${startAt}, ${startAt} + ${minutes} * 60000, ${status}, 'public', 'console', ${now}, ${now},
      case when ${status} = 'cancelled' then cast(${now} as bigint) else null end
    from (${numbers}) as n
    join (select id, row_number() over (order by id) - 1 as idx from resources where company_id = ${companyId} and kind = ${kind}) as r on r.idx = ${resourceIndex}
    join (select id, row_number() over (order by id) - 1 as idx from users where company_id = ${companyId}) as u on u.idx = ${personIndex}
  `.execute(trx);
}
