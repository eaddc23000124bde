import { normalizeSwatchColor, type DEFAULT_SWATCHES, type Permission } from '@atrium/contract';
import { provisionCompany, STANDARD_ROLES } from '../../modules/company/company.provisioning.js';
import { LOCATION_LEVEL } from '../../modules/location/location.repository.js';
import type { Clock } from '../../platform/clock.js';
import { createPasswordHasher, type PasswordHasher } from '../../platform/password.js';
import { withTransaction, type Database } from '../database.js';
import type { Gender } from '../schema.js';
import {
  createDepartment,
  createLocation,
  createRole,
  createUser,
  generatePassword,
  seedContext,
  type SeedContext,
} from './factories.js';

/** Role permission sets of the demo company; the repository normalises them (edit implies view and users:edit). */
export const DEMO_ROLE_PERMISSIONS = {
  administrator: STANDARD_ROLES.administrator.permissions,
  officeManager: [
    'roomsLocations:edit',
    'reports:view',
    'broadcast:edit',
    'reservationScreens:edit',
    'liveMeetings:view',
    'calendarRoomUse:edit',
    'personalSchedule:edit',
    'profile:edit',
  ],
  // View is enough to use an area (book a room, greet a visitor); edit administers it and, by the
  // spec's rule, carries users:edit, so everyday roles hold view permissions only.
  receptionist: ['visitorDisplay:view', 'records:view', 'events:view', 'liveMeetings:view', 'personalSchedule:view', 'profile:view'],
  staff: STANDARD_ROLES.staff.permissions,
} satisfies Record<string, readonly Permission[]>;

export const DEMO_COMPANY = { name: 'Harbourview Technologies', domain: 'harbourview', mailDomain: 'harbourview.example' };

export interface SeedDemoOptions {
  /** The admin's password; null to generate one that start-up prints once. */
  adminPassword: string | null;
  clock: Clock;
  hasher?: PasswordHasher;
}

export interface SeedDemoResult {
  /** Whether this call created the company (false: the installation already had one). */
  created: boolean;
  /** The generated admin password, to print once; null when given or when nothing was created. */
  adminPasswordGenerated: string | null;
}

type RoleKey = keyof typeof DEMO_ROLE_PERMISSIONS;
type DepartmentKey = 'executive' | 'engineering' | 'platform' | 'productDesign' | 'quality' | 'sales' | 'facilities' | 'people';

interface DemoPerson {
  firstName: string;
  lastName: string;
  gender: Gender;
  role: RoleKey;
  department: DepartmentKey;
  phone: string;
  /** Key of the location the person sits at (a floor, or a room for the receptionist). */
  location: string;
}

const PEOPLE: DemoPerson[] = [
  { firstName: 'Eleanor', lastName: 'Whitfield', gender: 'female', role: 'administrator', department: 'executive', phone: '+44 20 7946 0101', location: 'floor2' },
  { firstName: 'Marcus', lastName: 'Okafor', gender: 'male', role: 'staff', department: 'engineering', phone: '+44 20 7946 0112', location: 'floor1' },
  { firstName: 'Priya', lastName: 'Raman', gender: 'female', role: 'staff', department: 'platform', phone: '+44 20 7946 0123', location: 'floor1' },
  { firstName: 'Tomasz', lastName: 'Nowak', gender: 'male', role: 'staff', department: 'quality', phone: '+44 20 7946 0134', location: 'floor1' },
  { firstName: 'Hannah', lastName: 'Cole', gender: 'female', role: 'staff', department: 'productDesign', phone: '+44 20 7946 0145', location: 'floor1' },
  { firstName: 'Liang', lastName: 'Chen', gender: 'male', role: 'staff', department: 'sales', phone: '+44 20 7946 0156', location: 'floor2' },
  { firstName: 'Sophie', lastName: 'Martin', gender: 'female', role: 'staff', department: 'sales', phone: '+44 20 7946 0167', location: 'floor2' },
  { firstName: 'Jack', lastName: 'Thornton', gender: 'male', role: 'staff', department: 'sales', phone: '+44 20 7946 0178', location: 'floor2' },
  { firstName: 'Daniel', lastName: 'Hughes', gender: 'male', role: 'officeManager', department: 'facilities', phone: '+44 20 7946 0189', location: 'ground' },
  { firstName: 'Grace', lastName: 'Adeyemi', gender: 'female', role: 'receptionist', department: 'facilities', phone: '+44 20 7946 0190', location: 'reception' },
  { firstName: 'Oliver', lastName: 'Bennett', gender: 'male', role: 'staff', department: 'people', phone: '+44 20 7946 0102', location: 'ground' },
  { firstName: 'Amira', lastName: 'Haddad', gender: 'female', role: 'staff', department: 'people', phone: '+44 20 7946 0103', location: 'ground' },
];

/** Floors of Riverside House and their rooms, in display order. */
const FLOORS: Array<{ key: string; name: string; rooms: Array<{ key?: string; name: string }> }> = [
  {
    key: 'ground',
    name: 'Ground floor',
    rooms: [{ key: 'reception', name: 'Reception Lounge' }, { name: 'Thames' }, { name: 'Southwark' }, { name: 'Wellbeing Room' }],
  },
  { key: 'floor1', name: '1st floor', rooms: [{ name: 'Kew' }, { name: 'Richmond' }, { name: 'Greenwich' }, { name: 'Focus Pod 1' }] },
  { key: 'floor2', name: '2nd floor', rooms: [{ name: 'Boardroom' }, { name: 'Hampstead' }, { name: 'Camden' }, { name: 'Focus Pod 2' }] },
];

async function buildDemoCompany(ctx: SeedContext, adminPassword: string): Promise<void> {
  // The company page and global settings look real: an address, contacts, a size band (no logo:
  // the shell shows its default mark) and a password policy the generated passwords meet.
  const standard = await provisionCompany(
    ctx.repositories,
    {
      name: DEMO_COMPANY.name,
      domain: DEMO_COMPANY.domain,
      details: {
        address: 'Riverside House, 2 Southwark Bridge Road, London',
        postal_code: 'SE1 9HA',
        country: 'United Kingdom',
        industry: 'Software and IT services',
        size_band: '21-50',
        billing_email: `billing@${DEMO_COMPANY.mailDomain}`,
        support_email: `it-support@${DEMO_COMPANY.mailDomain}`,
        emergency_email: `facilities@${DEMO_COMPANY.mailDomain}`,
      },
    },
    ctx.now,
  );
  const { companyId } = standard;
  await ctx.repositories.settings.putSetting(
    companyId,
    'passwordPolicy',
    { minLength: 10, expiryDays: 180, needsUppercase: true, needsLowercase: true, needsNumber: true, needsSpecial: false },
    ctx.now,
  );

  // Every company starts with Administrator and Staff; the demo adds an office manager between
  // them, with the receptionists under it. The tree only arranges roles: nothing is inherited.
  const roles = { administrator: standard.administratorRoleId, staff: standard.staffRoleId } as Record<RoleKey, number>;
  roles.officeManager = await createRole(ctx, {
    companyId,
    name: 'Office manager',
    description: 'Runs the offices: rooms and locations, reservation screens, broadcasts and use reports',
    sortOrder: 1,
    permissions: DEMO_ROLE_PERMISSIONS.officeManager,
  });
  roles.receptionist = await createRole(ctx, {
    companyId,
    name: 'Receptionist',
    description: 'The front desk: welcomes visitors and keeps their records and events',
    parentId: roles.officeManager,
    sortOrder: 0,
    permissions: DEMO_ROLE_PERMISSIONS.receptionist,
  });
  await ctx.repositories.roles.setSortOrder(companyId, roles.staff, 2, ctx.now);

  // The palette holds the default swatches (provisionCompany); each department is painted with one.
  const palette = new Map((await ctx.repositories.departmentStyles.listStyles(companyId)).map((style) => [style.color, style.id]));

  const departments = {} as Record<DepartmentKey, number>;
  const addDepartment = async (key: DepartmentKey, name: string, code: string, color: (typeof DEFAULT_SWATCHES)[number], sortOrder: number, parent?: DepartmentKey) => {
    departments[key] = await createDepartment(ctx, {
      companyId,
      name,
      groupCode: code,
      styleId: palette.get(normalizeSwatchColor(color)) ?? null,
      styleColor: normalizeSwatchColor(color),
      sortOrder,
      parentId: parent ? departments[parent] : null,
    });
  };
  await addDepartment('executive', 'Executive', 'EXEC', '#7A5AF8', 0);
  await addDepartment('engineering', 'Engineering', 'ENG', '#409EFF', 1);
  await addDepartment('platform', 'Platform', 'ENG-PLT', '#36CFC9', 0, 'engineering');
  await addDepartment('productDesign', 'Product & Design', 'ENG-PD', '#F759AB', 1, 'engineering');
  await addDepartment('quality', 'Quality', 'ENG-QA', '#73D13D', 2, 'engineering');
  await addDepartment('sales', 'Sales', 'SALES', '#FFA940', 2);
  await addDepartment('facilities', 'Facilities & Reception', 'FAC', '#13C2C2', 3);
  await addDepartment('people', 'People & Culture', 'PEOPLE', '#EB2F96', 4);

  const places: Record<string, number> = {};
  const country = await createLocation(ctx, { companyId, level: LOCATION_LEVEL.country, name: 'United Kingdom' });
  const city = await createLocation(ctx, { companyId, parentId: country, level: LOCATION_LEVEL.city, name: 'London' });
  const park = await createLocation(ctx, { companyId, parentId: city, level: LOCATION_LEVEL.park, name: 'Riverside Park' });
  const building = await createLocation(ctx, {
    companyId,
    parentId: park,
    level: LOCATION_LEVEL.building,
    name: 'Riverside House',
    timeZone: 'Europe/London',
    address: '12 Riverside Walk, London SE1 9PP, United Kingdom',
  });
  for (const [floorIndex, floor] of FLOORS.entries()) {
    const floorId = await createLocation(ctx, { companyId, parentId: building, level: LOCATION_LEVEL.floor, name: floor.name, sortOrder: floorIndex });
    places[floor.key] = floorId;
    for (const [roomIndex, room] of floor.rooms.entries()) {
      const roomId = await createLocation(ctx, { companyId, parentId: floorId, level: LOCATION_LEVEL.room, name: room.name, sortOrder: roomIndex });
      if (room.key) places[room.key] = roomId;
    }
  }

  await createUser(ctx, {
    companyId,
    userName: 'admin',
    email: `admin@${DEMO_COMPANY.mailDomain}`,
    firstName: 'Atrium',
    lastName: 'Administrator',
    usercode: 'HV0001',
    roleId: roles.administrator,
    departmentId: departments.executive,
    password: adminPassword,
    mustChangePassword: true,
  });
  for (const [index, person] of PEOPLE.entries()) {
    const userName = `${person.firstName}.${person.lastName}`.toLowerCase();
    await createUser(ctx, {
      companyId,
      userName,
      email: `${userName}@${DEMO_COMPANY.mailDomain}`,
      firstName: person.firstName,
      lastName: person.lastName,
      usercode: `HV${String(index + 2).padStart(4, '0')}`,
      phone: person.phone,
      gender: person.gender,
      roleId: roles[person.role],
      departmentId: departments[person.department],
      locationId: places[person.location] ?? null,
      mustChangePassword: true,
    });
  }
}

/**
 * Creates the demo company (Harbourview Technologies, Riverside House in London, departments,
 * roles, an `admin` and twelve colleagues) when the installation has no company yet. Safe to run
 * on every start: it does nothing once a company exists. Everything is one transaction, so a
 * failure leaves no half-built company behind.
 */
export async function seedDemo(db: Database, { adminPassword, clock, hasher = createPasswordHasher() }: SeedDemoOptions): Promise<SeedDemoResult> {
  const nothing: SeedDemoResult = { created: false, adminPasswordGenerated: null };
  const password = adminPassword ?? generatePassword();
  try {
    return await withTransaction(db.kysely, async (trx) => {
      const ctx = seedContext(trx, hasher, clock.now());
      if (await ctx.repositories.companies.hasAnyCompany()) return nothing;
      await buildDemoCompany(ctx, password);
      return { created: true, adminPasswordGenerated: adminPassword === null ? password : null };
    });
  } catch (error) {
    // Another process seeding the same database at the same moment wins; this one has nothing to do.
    if (await seedContext(db.kysely, hasher, clock.now()).repositories.companies.hasAnyCompany()) return nothing;
    throw error;
  }
}
