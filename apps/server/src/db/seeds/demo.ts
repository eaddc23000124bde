import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ACTIVATION_HOURS, LICENSED_MODULES, normalizePermissions, normalizeSwatchColor, type DEFAULT_SWATCHES, type Permission } from '@atrium/contract';
import { provisionCompany, STANDARD_ROLES } from '../../modules/company/company.provisioning.js';
import { DAY_MS, HOUR_MS, type Clock } from '../../platform/clock.js';
import { createLicenceRepository } from '../../modules/licence/licence.repository.js';
import { createPasswordHasher, type PasswordHasher } from '../../platform/password.js';
import { hashSessionToken, newSessionToken } from '../../platform/session-token.js';
import { withTransaction, type Database } from '../database.js';
import { analyzeAll } from '../statistics.js';
import type { DB, Gender } from '../schema.js';
import { seedDemoBookings } from './demo-bookings.js';
import { seedDemoReceptionDevices, seedDemoVisits } from './demo-visits.js';
import { seedDemoRooms, type DemoRooms } from './demo-rooms.js';
import { seedDemoDesks } from './demo-desks.js';
import { seedDemoAssets } from './demo-assets.js';
import { seedDemoSmartDevices } from './demo-smart-devices.js';
import { seedDeviceThemes } from './device-themes.js';
import { seedDoorDisplays } from '../../modules/door-display/door-display.seed.js';
import {
  createDepartment,
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
  // Approves bookings of rooms that need approval (using event management is its view right, so
  // approvers are not administrators) and follows their use.
  meetingApprover: ['calendarRoomUse:view', 'reports:view', 'records:view', 'events:view', 'liveMeetings:view', 'personalSchedule:view', 'profile:view'],
  // Looks after people: the directory, departments, who holds which role, and the log of changes.
  peoplePartner: ['users:edit', 'departments:edit', 'roles:view', 'operationLog:view', 'calendarRoomUse:view', 'personalSchedule:view', 'profile:view'],
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
  /** The seeded rooms (empty when nothing was created), for modules that seed devices on them. */
  rooms: DemoRooms['rooms'];
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
  /** For Chinese names: the family name first, without a space (`lastName` is the family name). */
  fullName?: string;
  /** Defaults to `first.last` in lower case; Chinese names use their pinyin, family name first. */
  userName?: string;
  /**
   * `pending`: created, the activation link not used yet; `sso`: signs in through single sign-on,
   * so no activation; `inactive`: an account switched off (someone who has left).
   */
  state?: 'pending' | 'sso' | 'inactive';
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
  { firstName: 'Oliver', lastName: 'Bennett', gender: 'male', role: 'peoplePartner', department: 'people', phone: '+44 20 7946 0102', location: 'ground' },
  { firstName: 'Amira', lastName: 'Haddad', gender: 'female', role: 'peoplePartner', department: 'people', phone: '+44 20 7946 0103', location: 'ground' },
  { firstName: '芳', lastName: '王', fullName: '王芳', userName: 'wang.fang', gender: 'female', role: 'staff', department: 'platform', phone: '+44 7700 900201', location: 'floor1' },
  { firstName: '伟', lastName: '张', fullName: '张伟', userName: 'zhang.wei', gender: 'male', role: 'staff', department: 'platform', phone: '+44 7700 900202', location: 'floor1', state: 'sso' },
  { firstName: '洋', lastName: '刘', fullName: '刘洋', userName: 'liu.yang', gender: 'male', role: 'staff', department: 'platform', phone: '+44 7700 900203', location: 'floor1' },
  { firstName: '静', lastName: '陈', fullName: '陈静', userName: 'chen.jing', gender: 'female', role: 'staff', department: 'productDesign', phone: '+44 7700 900204', location: 'floor1' },
  { firstName: '娜', lastName: '李', fullName: '李娜', userName: 'li.na', gender: 'female', role: 'receptionist', department: 'facilities', phone: '+44 20 7946 0191', location: 'reception' },
  { firstName: '磊', lastName: '赵', fullName: '赵磊', userName: 'zhao.lei', gender: 'male', role: 'staff', department: 'quality', phone: '+44 7700 900206', location: 'floor1', state: 'pending' },
  { firstName: '敏', lastName: '黄', fullName: '黄敏', userName: 'huang.min', gender: 'female', role: 'staff', department: 'sales', phone: '+44 7700 900207', location: 'floor2' },
  { firstName: '杰', lastName: '周', fullName: '周杰', userName: 'zhou.jie', gender: 'male', role: 'meetingApprover', department: 'executive', phone: '+44 20 7946 0104', location: 'floor2' },
  { firstName: '晓玲', lastName: '吴', fullName: '吴晓玲', userName: 'wu.xiaoling', gender: 'female', role: 'staff', department: 'people', phone: '+44 7700 900209', location: 'ground' },
  { firstName: '浩', lastName: '孙', fullName: '孙浩', userName: 'sun.hao', gender: 'male', role: 'staff', department: 'engineering', phone: '+44 7700 900210', location: 'floor1', state: 'pending' },
  { firstName: '琳', lastName: '马', fullName: '马琳', userName: 'ma.lin', gender: 'female', role: 'staff', department: 'sales', phone: '+44 7700 900211', location: 'floor2', state: 'sso' },
  { firstName: '明', lastName: '徐', fullName: '徐明', userName: 'xu.ming', gender: 'male', role: 'staff', department: 'quality', phone: '+44 7700 900212', location: 'floor1' },
  { firstName: 'Emily', lastName: 'Carter', gender: 'female', role: 'meetingApprover', department: 'executive', phone: '+44 20 7946 0105', location: 'floor2' },
  { firstName: 'Samuel', lastName: 'Osei', gender: 'male', role: 'staff', department: 'platform', phone: '+44 7700 900214', location: 'floor1' },
  { firstName: 'Chloé', lastName: 'Dubois', userName: 'chloe.dubois', gender: 'female', role: 'staff', department: 'productDesign', phone: '+44 7700 900215', location: 'floor1' },
  { firstName: 'Rahul', lastName: 'Mehta', gender: 'male', role: 'staff', department: 'engineering', phone: '+44 7700 900216', location: 'floor1' },
  { firstName: 'Isabella', lastName: 'Rossi', gender: 'female', role: 'staff', department: 'sales', phone: '+44 7700 900217', location: 'floor2', state: 'pending' },
  { firstName: 'Noah', lastName: 'Fischer', gender: 'male', role: 'staff', department: 'platform', phone: '+44 7700 900218', location: 'floor1', state: 'sso' },
  { firstName: 'Fatima', lastName: 'Khan', gender: 'female', role: 'staff', department: 'people', phone: '+44 7700 900219', location: 'ground' },
  { firstName: 'George', lastName: 'Murray', gender: 'male', role: 'staff', department: 'facilities', phone: '+44 7700 900220', location: 'ground' },
  { firstName: 'Ava', lastName: 'Thompson', gender: 'female', role: 'staff', department: 'productDesign', phone: '+44 7700 900221', location: 'floor1', state: 'pending' },
  { firstName: 'Lucas', lastName: 'Silva', gender: 'male', role: 'staff', department: 'sales', phone: '+44 7700 900222', location: 'floor2' },
  { firstName: 'Mei', lastName: 'Tanaka', gender: 'female', role: 'staff', department: 'quality', phone: '+44 7700 900223', location: 'floor1' },
  { firstName: 'Ethan', lastName: 'Brooks', gender: 'male', role: 'staff', department: 'sales', phone: '+44 7700 900224', location: 'floor2', state: 'inactive' },
  { firstName: 'Zara', lastName: 'Ahmed', gender: 'female', role: 'staff', department: 'facilities', phone: '+44 7700 900225', location: 'ground', state: 'pending' },
  { firstName: 'James', lastName: "O'Connor", userName: 'james.oconnor', gender: 'male', role: 'staff', department: 'engineering', phone: '+44 7700 900226', location: 'floor1' },
  { firstName: '晓雨', lastName: '林', fullName: '林晓雨', userName: 'lin.xiaoyu', gender: 'female', role: 'staff', department: 'productDesign', phone: '+44 7700 900227', location: 'floor1' },
];

/** Floors of Riverside House and their rooms, in display order. */

async function buildDemoCompany(ctx: SeedContext, adminPassword: string): Promise<{ companyId: number; rooms: DemoRooms['rooms'] }> {
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

  // Every company starts with Administrator and Staff (provisionCompany); the demo adds the others
  // around them. The tree only arranges roles (the receptionists report to the office manager);
  // nothing is inherited.
  const roles = { administrator: standard.administratorRoleId, staff: standard.staffRoleId } as Record<RoleKey, number>;
  const roleDefinitions: Array<{ key: Exclude<RoleKey, 'administrator' | 'staff'>; name: string; description: string; parent?: RoleKey }> = [
    { key: 'officeManager', name: 'Office manager', description: 'Runs the offices: rooms and locations, reservation screens, broadcasts and use reports' },
    { key: 'peoplePartner', name: 'People partner', parent: 'administrator', description: 'Looks after people: the directory, departments and who holds which role' },
    { key: 'receptionist', name: 'Receptionist', parent: 'officeManager', description: 'The front desk: welcomes visitors and keeps their records and events' },
    { key: 'meetingApprover', name: 'Meeting approver', parent: 'officeManager', description: 'Approves bookings of rooms that need approval, and follows how rooms are used' },
  ];
  // Among the top-level roles the Administrator stays first and Staff goes last.
  const siblingsSoFar = new Map<RoleKey | undefined, number>([[undefined, 1]]);
  for (const { key, name, description, parent } of roleDefinitions) {
    const sortOrder = siblingsSoFar.get(parent) ?? 0;
    siblingsSoFar.set(parent, sortOrder + 1);
    roles[key] = await createRole(ctx, {
      companyId,
      name,
      description,
      parentId: parent ? roles[parent] : null,
      sortOrder,
      permissions: DEMO_ROLE_PERMISSIONS[key],
    });
  }
  await ctx.repositories.roles.setSortOrder(companyId, roles.staff, siblingsSoFar.get(undefined) ?? 2, ctx.now);

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

  const { places, rooms } = await seedDemoRooms(ctx, companyId);

  const adminId = await createUser(ctx, {
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
  // Nobody knows the colleagues' password: one random secret, hashed once, keeps seeding fast.
  // They get in by activation (pending ones), single sign-on, or a reset by the administrator.
  const lockedHash = await ctx.hasher.hash(randomBytes(32).toString('base64url'));
  const people = new Map<string, { id: number; fullName: string }>();
  // The demo admin owns the company's account (Managers page).
  await ctx.repositories.companies.setOwner(companyId, adminId);
  for (const [index, person] of PEOPLE.entries()) {
    const userName = person.userName ?? `${person.firstName}.${person.lastName}`.toLowerCase();
    const id = await ctx.repositories.users.insertUser(
      {
        companyId,
        userName,
        email: `${userName}@${DEMO_COMPANY.mailDomain}`,
        firstName: person.firstName,
        lastName: person.lastName,
        ...(person.fullName ? { fullName: person.fullName } : {}),
        usercode: `HV${String(index + 2).padStart(4, '0')}`,
        phone: person.phone,
        gender: person.gender,
        roleId: roles[person.role],
        departmentId: departments[person.department],
        locationId: places[person.location] ?? null,
        passwordHash: lockedHash,
        mustChangePassword: true,
        isActive: person.state !== 'inactive',
        isSso: person.state === 'sso',
      },
      ctx.now,
    );
    people.set(userName, { id, fullName: person.fullName ?? `${person.firstName} ${person.lastName}` });
    if (person.state === 'pending') {
      // A link nobody holds: the directory shows "not activated" and the administrator can resend it.
      await ctx.repositories.directory.replaceActivation(companyId, id, hashSessionToken(newSessionToken()), ctx.now + ACTIVATION_HOURS * HOUR_MS, ctx.now);
    }
  }

  await recordDemoHistory(ctx, companyId, { admin: { id: adminId, fullName: 'Atrium Administrator' }, people, roles, departments });
  // A week of meetings, booked by the colleagues who can sign in (and the administrator, so the
  // calendar of whoever explores the demo is not empty).
  const bookers = new Map<string, number>([['admin', adminId]]);
  for (const person of PEOPLE) {
    const userName = person.userName ?? `${person.firstName}.${person.lastName}`.toLowerCase();
    if (person.state === undefined || person.state === 'sso') bookers.set(userName, people.get(userName)!.id);
  }
  const approverIds = PEOPLE.filter((person) => person.role === 'meetingApprover').map((person) => people.get(person.userName ?? `${person.firstName}.${person.lastName}`.toLowerCase())!.id);
  const approvers = approverIds.length > 0 ? approverIds : [adminId];
  await seedDemoBookings(ctx, companyId, rooms, { people: bookers, approverIds: approvers });
  await seedDemoVisits(ctx, companyId, { hosts: bookers, places: { london: places.ground!, shanghai: places.shanghai8f! } });
  await seedDemoReceptionDevices(ctx, companyId, { london: places.ground!, shanghai: places.shanghai8f! });
  // Who books desks: the colleagues who can sign in, by department.
  const members: Record<string, number[]> = {};
  for (const person of PEOPLE) {
    const userName = person.userName ?? `${person.firstName}.${person.lastName}`.toLowerCase();
    if (person.state === undefined || person.state === 'sso') members[person.department] = [...(members[person.department] ?? []), people.get(userName)!.id];
  }
  await seedDemoDesks(ctx, companyId, { floors: { floor1: places.floor1!, floor2: places.floor2! }, departments, owners: approvers, members });
  // The London office's equipment: monitors on desks, laptops with the platform and product teams.
  await seedDemoAssets(ctx, companyId, { floors: [places.floor1!, places.floor2!], people: [...(members.platform ?? []), ...(members.productDesign ?? [])] });
  // The smart rooms the device simulator plays, set up by someone from facilities.
  const facilities = PEOPLE.find((person) => person.department === 'facilities' && person.state === undefined);
  const deployerId = facilities ? people.get(facilities.userName ?? `${facilities.firstName}.${facilities.lastName}`.toLowerCase())!.id : adminId;
  await seedDemoSmartDevices(ctx, companyId, { rooms, deployerId });
  return { companyId, rooms };
}

/** A few days of administration, so the operation log does not open empty. */
async function recordDemoHistory(
  ctx: SeedContext,
  companyId: number,
  { admin, people, roles, departments }: {
    admin: { id: number; fullName: string };
    people: Map<string, { id: number; fullName: string }>;
    roles: Record<RoleKey, number>;
    departments: Record<DepartmentKey, number>;
  },
): Promise<void> {
  const eleanor = people.get('eleanor.whitfield')!;
  const oliver = people.get('oliver.bennett')!;
  const user = (userName: string) => ({ targetType: 'user', targetId: people.get(userName)!.id, targetName: userName });
  const entries: Array<{
    hoursAgo: number;
    actor: { id: number; fullName: string };
    action: string;
    target: { targetType: string; targetId: number | null; targetName: string | null };
    detail?: Record<string, unknown>;
    result?: 'success' | 'failure';
  }> = [
    { hoursAgo: 220, actor: admin, action: 'company.update', target: { targetType: 'company', targetId: companyId, targetName: DEMO_COMPANY.name }, detail: { sizeBand: '21-50' } },
    { hoursAgo: 219, actor: admin, action: 'settings.updatePasswordPolicy', target: { targetType: 'settings', targetId: null, targetName: 'passwordPolicy' }, detail: { minLength: 10, expiryDays: 180 } },
    { hoursAgo: 197, actor: eleanor, action: 'role.create', target: { targetType: 'role', targetId: roles.meetingApprover, targetName: 'Meeting approver' }, detail: { parentId: roles.officeManager } },
    {
      hoursAgo: 196,
      actor: eleanor,
      action: 'role.setPermissions',
      target: { targetType: 'role', targetId: roles.meetingApprover, targetName: 'Meeting approver' },
      detail: { added: normalizePermissions(DEMO_ROLE_PERMISSIONS.meetingApprover), removed: [] },
    },
    { hoursAgo: 195, actor: eleanor, action: 'role.addMembers', target: { targetType: 'role', targetId: roles.meetingApprover, targetName: 'Meeting approver' }, detail: { userIds: [people.get('zhou.jie')!.id, people.get('emily.carter')!.id], moved: 2 } },
    { hoursAgo: 150, actor: oliver, action: 'group.create', target: { targetType: 'group', targetId: departments.quality, targetName: 'Quality' }, detail: { parentId: departments.engineering, groupCode: 'ENG-QA' } },
    { hoursAgo: 149, actor: oliver, action: 'user.move', target: user('mei.tanaka'), detail: { ids: [people.get('mei.tanaka')!.id], departmentId: departments.quality } },
    { hoursAgo: 122, actor: oliver, action: 'group.delete', target: { targetType: 'group', targetId: departments.sales, targetName: 'Sales' }, result: 'failure' },
    { hoursAgo: 98, actor: oliver, action: 'user.update', target: user('ethan.brooks'), detail: { status: 'inactive' } },
    { hoursAgo: 75, actor: oliver, action: 'user.create', target: user('isabella.rossi'), detail: { email: `isabella.rossi@${DEMO_COMPANY.mailDomain}`, departmentId: departments.sales } },
    { hoursAgo: 52, actor: oliver, action: 'user.create', target: user('ava.thompson'), detail: { email: `ava.thompson@${DEMO_COMPANY.mailDomain}`, departmentId: departments.productDesign } },
    { hoursAgo: 50, actor: oliver, action: 'user.create', target: user('zhao.lei'), detail: { email: `zhao.lei@${DEMO_COMPANY.mailDomain}`, departmentId: departments.quality } },
    { hoursAgo: 26, actor: oliver, action: 'user.resendActivation', target: user('sun.hao') },
    { hoursAgo: 5, actor: eleanor, action: 'role.update', target: { targetType: 'role', targetId: roles.receptionist, targetName: 'Receptionist' } },
    { hoursAgo: 2, actor: oliver, action: 'user.create', target: user('zara.ahmed'), detail: { email: `zara.ahmed@${DEMO_COMPANY.mailDomain}`, departmentId: departments.facilities } },
  ];
  for (const entry of entries) {
    await ctx.repositories.operationLogs.insert({
      company_id: companyId,
      actor_id: entry.actor.id,
      actor_name: entry.actor.fullName,
      action: entry.action,
      target_type: entry.target.targetType,
      target_id: entry.target.targetId,
      target_name: entry.target.targetName,
      result: entry.result ?? 'success',
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
      ip: entry.actor === admin ? '10.20.0.5' : '10.20.1.' + String(20 + (entry.actor.id % 50)),
      at: ctx.now - entry.hoursAgo * HOUR_MS,
    });
  }
}

/** How long the embedded demo's trial lasts from the day the demo company is made. */
export const DEMO_TRIAL_DAYS = 30;

/**
 * The demo's trial (docs/decisions/0021-platform.md, "Licences"): every licensed module for DEMO_TRIAL_DAYS from
 * the seeding, then the same grace and read-only states as a bought licence. It is a row without a token, which
 * only this seed writes: the API installs signed tokens only, and a trial signed by a key whose private half
 * ships with the code would be a licence anyone could make.
 */
async function seedDemoTrial(trx: Kysely<DB>, companyId: number, now: number) {
  await createLicenceRepository(trx).saveLicence(companyId, {
    serial: 'demo-trial',
    number: 'TRIAL',
    licensee: DEMO_COMPANY.name,
    isTrial: true,
    token: null,
    keyId: null,
    modules: [...LICENSED_MODULES],
    seats: null,
    validUntil: now + DEMO_TRIAL_DAYS * DAY_MS,
    installedAt: now,
    installedBy: null,
  });
}

/**
 * Creates the demo company (Harbourview Technologies, Riverside House in London, departments,
 * roles, an `admin` and 39 colleagues, a few days of operation log) when the installation has no company yet. Safe to run
 * on every start: it does nothing once a company exists. Everything is one transaction, so a
 * failure leaves no half-built company behind.
 */
export async function seedDemo(db: Database, { adminPassword, clock, hasher = createPasswordHasher() }: SeedDemoOptions): Promise<SeedDemoResult> {
  const nothing: SeedDemoResult = { created: false, adminPasswordGenerated: null, rooms: [] };
  const password = adminPassword ?? generatePassword();
  let seeded: SeedDemoResult;
  try {
    seeded = await withTransaction(db.kysely, async (trx) => {
      const ctx = seedContext(trx, hasher, clock.now());
      if (await ctx.repositories.companies.hasAnyCompany()) return nothing;
      const { companyId, rooms } = await buildDemoCompany(ctx, password);
      // Door displays on the rooms that have one, each with a theme.
      await seedDoorDisplays(trx, companyId, rooms.filter((room) => room.hasDoorDisplay).map((room) => room.id), clock);
      await seedDeviceThemes(trx, companyId, clock.now());
      await seedDemoTrial(trx, companyId, clock.now());
      return { created: true, adminPasswordGenerated: adminPassword === null ? password : null, rooms };
    });
  } catch (error) {
    // Another process seeding the same database at the same moment wins; this one has nothing to do.
    if (await seedContext(db.kysely, hasher, clock.now()).repositories.companies.hasAnyCompany()) return nothing;
    throw error;
  }
  // Thousands of rows arrived at once: the planner's statistics follow them before the first request.
  if (seeded.created) await analyzeAll(db);
  return seeded;
}
