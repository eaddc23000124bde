import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { normalizePermissions, visitStatusAt } from '@atrium/contract';
import { createFakeClock, type FakeClock } from '../../test/clock.js';
import { createMigratedTestDatabase, TEST_DIALECT, type TestDatabase } from '../../test/database.js';
import { createCachingHasher } from '../../test/factories.js';
import { DEMO_ROLE_PERMISSIONS, seedDemo } from './demo.js';
import { generatePassword } from './factories.js';
import { LOCATION_LEVEL } from '../../modules/location/location.repository.js';
import { sanitiseSvg } from '../../platform/svg.js';

describe(`demo seed (${TEST_DIALECT})`, () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('builds the office once and does nothing the second time', async () => {
    database = await createMigratedTestDatabase();
    const clock = createFakeClock();
    const hasher = createCachingHasher();
    const first = await seedDemo(database.db, { adminPassword: null, clock, hasher });
    expect(first.created).toBe(true);
    expect(first.adminPasswordGenerated).toMatch(/^[A-Za-z0-9]{16}$/);
    const second = await seedDemo(database.db, { adminPassword: null, clock, hasher });
    expect(second).toEqual({ created: false, adminPasswordGenerated: null, rooms: [] });

    const db = database.db.kysely;
    expect(await db.selectFrom('companies').selectAll().execute()).toHaveLength(1);
    const users = await db.selectFrom('users').selectAll().execute();
    expect(users.length).toBe(40);
    expect(new Set(users.map((user) => user.usercode)).size).toBe(users.length);
    expect(users.every((user) => user.must_change_password === 1 && user.email?.endsWith('@harbourview.example'))).toBe(true);
    const admin = users.find((user) => user.user_name === 'admin')!;
    expect(await hasher.verify(admin.password_hash, first.adminPasswordGenerated!)).toBe(true);
    // The admin owns the company's account (Managers page).
    const company = await database.db.kysely.selectFrom('companies').select('owner_user_id').where('id', '=', admin.company_id).executeTakeFirstOrThrow();
    expect(company.owner_user_id).toBe(admin.id);
    // Colleagues cannot sign in until activated: their password is random and not the admin's.
    const colleague = users.find((user) => user.user_name === 'priya.raman')!;
    expect(await hasher.verify(colleague.password_hash, first.adminPasswordGenerated!)).toBe(false);

    // Mixed English and Chinese names; some not activated yet, some on single sign-on, one switched off.
    expect(users.find((user) => user.user_name === 'wang.fang')).toMatchObject({ full_name: '王芳', first_name: '芳', last_name: '王' });
    const pending = await db.selectFrom('user_activations').select('user_id').execute();
    expect(pending.length).toBeGreaterThanOrEqual(5);
    expect(new Set(pending.map((row) => row.user_id)).size).toBe(pending.length);
    expect(users.filter((user) => user.is_sso === 1).length).toBeGreaterThanOrEqual(3);
    expect(users.filter((user) => user.is_active === 0).map((user) => user.user_name)).toEqual(['ethan.brooks']);
    // Colleagues share one hash of a secret nobody knows (one argon2 run, not forty).
    expect(new Set(users.filter((user) => user.user_name !== 'admin').map((user) => user.password_hash)).size).toBe(1);

    // The operation log opens with a few days of history, by people of the company.
    const log = await db.selectFrom('operation_logs').selectAll().orderBy('at').execute();
    expect(log.length).toBeGreaterThanOrEqual(10);
    expect(log.every((entry) => entry.at < clock.now() && users.some((user) => user.id === entry.actor_id && user.full_name === entry.actor_name))).toBe(true);
    expect(log.some((entry) => entry.result === 'failure')).toBe(true);

    const roles = await db.selectFrom('roles').selectAll().orderBy('sort_order').orderBy('id').execute();
    const named = (name: string) => roles.find((role) => role.name === name)!;
    expect(roles.filter((role) => role.parent_id === null).map((role) => role.name)).toEqual(['Administrator', 'Office manager', 'Staff']);
    expect(named('Receptionist').parent_id).toBe(named('Office manager').id);
    expect(named('Meeting approver').parent_id).toBe(named('Office manager').id);
    expect(named('People partner').parent_id).toBe(named('Administrator').id);
    // Every role has members, so the role pages show counts.
    for (const role of roles) expect(users.some((user) => user.role_id === role.id), role.name).toBe(true);
    expect(roles.every((role) => role.description && role.description.length > 20)).toBe(true);
    expect(roles.filter((role) => role.is_default === 1).map((role) => role.name)).toEqual(['Staff']);
    const staff = roles.find((role) => role.name === 'Staff')!;
    expect(JSON.parse(staff.permissions)).toEqual(normalizePermissions(DEMO_ROLE_PERMISSIONS.staff));

    const locations = await db.selectFrom('locations').selectAll().execute();
    const buildings = locations.filter((location) => location.level === 5).map((location) => [location.name, location.time_zone]);
    expect(buildings).toEqual([['Riverside House', 'Europe/London'], ['Pudong Innovation Tower', 'Asia/Shanghai']]);
    expect(locations.filter((location) => location.level === 6)).toHaveLength(7);
    // Every room node has its room row, and the seed hands the rooms to modules that add devices.
    const roomNodes = locations.filter((location) => location.level === 7);
    const rooms = await db.selectFrom('rooms as r').innerJoin('room_types as t', 't.id', 'r.room_type_id').select(['r.id', 'r.capacity', 't.kind']).execute();
    expect(rooms.map((room) => room.id).sort()).toEqual(roomNodes.map((room) => room.id).sort());
    expect(rooms).toHaveLength(40);
    expect(first.rooms.map((room) => room.id).sort()).toEqual(rooms.map((room) => room.id).sort());
    expect(first.rooms.filter((room) => room.hasDoorDisplay).length).toBeGreaterThanOrEqual(10);
    expect(rooms.some((room) => room.kind === 'zoom')).toBe(true);
    expect(new Set(rooms.map((room) => (room.capacity <= 5 ? 1 : room.capacity <= 10 ? 2 : room.capacity <= 20 ? 3 : room.capacity <= 50 ? 4 : 5))).size).toBe(5);
    // People still sit at the London floors and the reception.
    const seated = new Set(users.map((user) => user.location_id));
    for (const name of ['Ground floor', '1st floor', '2nd floor', 'Reception Lounge']) expect(seated.has(locations.find((location) => location.name === name)!.id), name).toBe(true);
    const departments = await db.selectFrom('departments').select('name').execute();
    expect(departments.map((department) => department.name)).toEqual(
      expect.arrayContaining(['Executive', 'Engineering', 'Sales', 'Facilities & Reception', 'People & Culture']),
    );
    // Departments carry group codes and a colour from the company's palette.
    const painted = await db.selectFrom('departments as d').innerJoin('department_styles as s', 's.id', 'd.style_id').select(['d.group_code', 'd.style_color', 's.color']).execute();
    expect(painted).toHaveLength(departments.length);
    expect(painted.every((row) => row.group_code && row.style_color === row.color)).toBe(true);
  });

  // The tests below only read the demo (the last one seeds it again, which must add nothing): one seed for all of
  // them, as a seed costs seconds on PostgreSQL.
  describe('the seeded demo', () => {
    let seeded: TestDatabase;
    let clock: FakeClock;
    beforeAll(async () => {
      seeded = await createMigratedTestDatabase();
      clock = createFakeClock();
      await seedDemo(seeded.db, { adminPassword: null, clock, hasher: createCachingHasher() });
    });
    afterAll(() => seeded?.cleanup());

    it('books a believable week of meetings that never overlap', async () => {
      const db = seeded.db.kysely;
      // The rooms' meetings (the desks' bookings are read by the test below).
      const meetings = await db.selectFrom('reservations').innerJoin('rooms', 'rooms.id', 'reservations.resource_id').selectAll('reservations').execute();
      const now = clock.now();
      const active = meetings.filter((meeting) => meeting.status === 'pending' || meeting.status === 'confirmed');
      // Rooms are used on both sides of today, in both buildings.
      expect(active.filter((meeting) => meeting.start_at < now).length).toBeGreaterThan(50);
      expect(active.filter((meeting) => meeting.start_at > now).length).toBeGreaterThan(50);
      const rooms = await db.selectFrom('rooms').select(['id', 'needs_approval', 'sign_in_enabled', 'is_available']).execute();
      const roomOf = new Map(rooms.map((room) => [room.id, room]));
      expect(meetings.some((meeting) => roomOf.get(meeting.resource_id)!.is_available === 0)).toBe(false);
      // No two active meetings of a room overlap (the database would have refused them; checked again here).
      const byRoom = new Map<number, typeof active>();
      for (const meeting of active) byRoom.set(meeting.resource_id, [...(byRoom.get(meeting.resource_id) ?? []), meeting]);
      for (const list of byRoom.values()) {
        list.sort((a, b) => a.start_at - b.start_at);
        for (let i = 1; i < list.length; i++) expect(list[i]!.start_at).toBeGreaterThanOrEqual(list[i - 1]!.end_at);
      }
      // Every life stage shows: requests waiting in rooms with approval, check-ins, a released no-show, cancellations, series.
      expect(meetings.some((meeting) => meeting.status === 'pending' && roomOf.get(meeting.resource_id)!.needs_approval === 1 && meeting.approval_deadline_at! > now)).toBe(true);
      expect(meetings.every((meeting) => meeting.status !== 'pending' || roomOf.get(meeting.resource_id)!.needs_approval === 1)).toBe(true);
      expect(meetings.some((meeting) => meeting.checked_in_at !== null && roomOf.get(meeting.resource_id)!.sign_in_enabled === 1)).toBe(true);
      expect(meetings.some((meeting) => meeting.status === 'released' && meeting.no_show_at !== null)).toBe(true);
      expect(meetings.some((meeting) => meeting.status === 'cancelled')).toBe(true);
      const series = await db.selectFrom('reservation_series').selectAll().execute();
      expect(series).toHaveLength(2);
      for (const one of series) expect(meetings.filter((meeting) => meeting.series_id === one.id).length).toBeGreaterThan(5);
      expect(new Set(meetings.map((meeting) => meeting.privacy))).toEqual(new Set(['public', 'busy', 'private']));
      // Four more weeks of history give the reports something to say: every channel the console records, in both zones.
      const history = meetings.filter((meeting) => meeting.start_at < now - 7 * 86_400_000);
      expect(history.length).toBeGreaterThan(400);
      expect(new Set(history.map((meeting) => meeting.channel))).toEqual(new Set(['console', 'display', 'api']));
      expect(history.some((meeting) => meeting.status === 'released')).toBe(true);
      expect(Math.min(...meetings.map((meeting) => meeting.start_at))).toBeLessThan(now - 28 * 86_400_000);
      // The administrator who explores the demo has meetings of their own this week.
      const admin = await db.selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow();
      const attended = await db.selectFrom('reservation_participants').select('reservation_id').where('user_id', '=', admin.id).execute();
      expect(active.filter((meeting) => meeting.host_user_id === admin.id).length + attended.length).toBeGreaterThan(3);
    });

    it('receives a believable week of visitors: every status a visit passes through, at both offices, nothing impossible by now', async () => {
      const db = seeded.db.kysely;
      const now = clock.now();
      const visits = await db.selectFrom('visits').selectAll().execute();
      const statuses = visits.map((visit) =>
        visitStatusAt({ expectedEndAt: visit.expected_end_at, respondedAt: visit.responded_at, checkedInAt: visit.checked_in_at, checkedOutAt: visit.checked_out_at, cancelledAt: visit.cancelled_at }, now),
      );
      for (const status of ['checkedOut', 'cancelled', 'responded', 'notResponded', 'noShow'] as const) expect(statuses, status).toContain(status);
      expect(new Set(visits.map((visit) => visit.location_id)).size).toBe(2);
      expect(visits.some((visit) => visit.visit_at < now) && visits.some((visit) => visit.visit_at > now + 86_400_000)).toBe(true);
      // Nothing has happened after now, nor before the visit could: the seed runs at any hour.
      for (const visit of visits) {
        for (const at of [visit.responded_at, visit.checked_in_at, visit.checked_out_at, visit.cancelled_at, visit.created_at]) if (at !== null) expect(at).toBeLessThanOrEqual(now);
        if (visit.checked_out_at !== null) expect(visit.checked_out_at).toBeGreaterThan(visit.checked_in_at!);
      }
      // Walk-ins: one waits for approval now, one was approved before checking in, one rejected (and so cancelled).
      const walkIns = visits.filter((visit) => visit.approval !== null);
      expect(walkIns.map((visit) => visit.approval).sort()).toEqual(['approved', 'pending', 'rejected']);
      for (const visit of walkIns) {
        expect(visit.method).toBe('selfRegistration');
        if (visit.approved_at !== null) expect(visit.approved_at).toBeLessThanOrEqual(visit.checked_in_at ?? now);
        expect(visit.cancelled_at !== null).toBe(visit.approval === 'rejected');
      }
      expect((await db.selectFrom('visit_rules').select(['walk_ins', 'approval']).execute()).map((rule) => [rule.walk_ins, rule.approval]).sort()).toEqual([
        [0, 1],
        [1, 0],
        [1, 1],
      ]);
      // Contractors sign an agreement, give a photo and answer questions before check-in.
      const asking = await db.selectFrom('visit_rules').select(['nda_text', 'photo', 'questions']).where('nda_text', 'is not', null).execute();
      expect(asking.map((rule) => [rule.photo, (JSON.parse(rule.questions!) as unknown[]).length])).toEqual([[1, 2]]);
      expect(await db.selectFrom('visit_companions').selectAll().execute()).not.toHaveLength(0);
      expect((await db.selectFrom('visit_reasons').select('name').execute()).length).toBeGreaterThanOrEqual(5);
      // Each reception has its devices: London a kiosk waiting for its code that prints to a printer there.
      const devices = await db.selectFrom('visitor_devices').selectAll().execute();
      expect(new Set(devices.map((device) => device.location_id))).toEqual(new Set(visits.map((visit) => visit.location_id)));
      const waiting = devices.find((device) => device.kind === 'pad' && device.activation_code !== null);
      expect(waiting?.activation_code).toMatch(/^\d{5}$/);
      expect(devices.find((device) => device.id === waiting?.printer_id)).toMatchObject({ kind: 'printer', location_id: waiting?.location_id });
    });

    it('furnishes two floors of the London office with neighbourhoods and desks, each a resource placed on its floor map, on a drawn plan with its rooms placed', async () => {
      const db = seeded.db.kysely;
      const desks = await db.selectFrom('desks').selectAll().execute();
      const floors = new Set(desks.map((desk) => desk.floor_id));
      expect(floors.size).toBe(2);
      expect(desks.length).toBe(30);
      expect(new Set(desks.map((desk) => desk.mode))).toEqual(new Set(['bookable', 'drop_in', 'assigned', 'unavailable']));
      expect(desks.filter((desk) => desk.mode === 'assigned').every((desk) => desk.assigned_user_id !== null)).toBe(true);
      const areas = await db.selectFrom('desk_neighbourhoods').select(['floor_id', 'department_id']).execute();
      expect(areas.length).toBe(6);
      expect(areas.some((area) => area.department_id === null) && areas.some((area) => area.department_id !== null)).toBe(true);
      const kinds = await db.selectFrom('resources').select(['id', 'kind']).where('kind', '=', 'desk').execute();
      expect(kinds.map((row) => row.id).sort()).toEqual(desks.map((desk) => desk.id).sort());
      // Every desk is placed, and the two floors' rooms too, each inside the plan the demo draws for its floor.
      const positions = await db.selectFrom('resource_positions').selectAll().execute();
      const floorRooms = await db.selectFrom('locations').select(['id', 'parent_id']).where('parent_id', 'in', [...floors]).where('level', '=', LOCATION_LEVEL.room).execute();
      expect(floorRooms).toHaveLength(8);
      expect(positions.map((row) => row.resource_id).sort()).toEqual([...desks.map((desk) => desk.id), ...floorRooms.map((room) => room.id)].sort());
      expect(positions.every((row) => row.x >= 0 && row.y >= 0 && row.x + row.width <= 1000 && row.y + row.height <= 600)).toBe(true);
      const plans = await db.selectFrom('floor_maps').select(['floor_id', 'content_type', 'bytes', 'width', 'height']).execute();
      expect(plans.map((plan) => [plan.floor_id, plan.content_type, plan.width, plan.height]).sort()).toEqual([...floors].sort().map((floor) => [floor, 'image/svg+xml', 1000, 600]));
      // Drawn clean: the seed stores the plan as drawn, and the uploads' sanitiser finds nothing in it to change.
      for (const plan of plans) expect(sanitiseSvg(Buffer.from(plan.bytes))?.toString()).toBe(Buffer.from(plan.bytes).toString());
      // No desk took the id of a location (a room's resource id is its node's).
      const clash = await db.selectFrom('locations').select('id').where('id', 'in', desks.map((desk) => desk.id)).execute();
      expect(clash).toEqual([]);

      // Desk bookings on the four weeks' weekdays before today and the next five, each by someone the desk's
      // neighbourhood admits, nobody at two desks at once (the rules' one desk per person); a few past
      // no-shows were released, nothing to come was.
      const bookings = await db
        .selectFrom('reservations as r')
        .innerJoin('desks as d', 'd.id', 'r.resource_id')
        .leftJoin('desk_neighbourhoods as n', 'n.id', 'd.neighbourhood_id')
        .innerJoin('users as u', 'u.id', 'r.host_user_id')
        .select(['r.host_user_id', 'r.resource_id', 'r.start_at', 'r.end_at', 'r.status', 'd.mode', 'n.department_id as kept_for', 'u.department_id'])
        .execute();
      expect(bookings.length).toBeGreaterThan(40);
      const days = new Set(bookings.map((booking) => new Date(Number(booking.start_at)).toISOString().slice(0, 10)));
      expect(days.size).toBe(25);
      expect([...days].every((day) => ![0, 6].includes(new Date(day).getUTCDay()))).toBe(true);
      expect(bookings.every((booking) => booking.mode === 'bookable' && (booking.kept_for === null || booking.kept_for === booking.department_id))).toBe(true);
      const released = bookings.filter((booking) => booking.status === 'released');
      expect(released.length).toBeGreaterThan(0);
      expect(released.every((booking) => Number(booking.end_at) <= Date.now())).toBe(true);
      expect(bookings.every((booking) => booking.status === 'released' || booking.status === 'confirmed')).toBe(true);
      const overlapping = bookings.filter((a, i) => bookings.some((b, j) => i !== j && a.host_user_id === b.host_user_id && a.start_at < b.end_at && b.start_at < a.end_at));
      expect(overlapping).toEqual([]);

      // A few problems in the repair centre: open ones, one being fixed, one resolved; the one that
      // blocks use keeps its desk out of use, and no booking is left on it.
      const repairs = await db.selectFrom('repair_reports').select(['id', 'resource_id', 'status', 'blocks_use']).execute();
      expect(repairs.map((report) => report.status).sort()).toEqual(['in_progress', 'open', 'open', 'resolved']);
      const blocking = repairs.filter((report) => report.blocks_use === 1);
      expect(blocking).toHaveLength(1);
      const outOfUse = desks.filter((desk) => desk.out_of_use_report_id !== null);
      expect(outOfUse.map((desk) => [desk.id, desk.out_of_use_report_id])).toEqual([[blocking[0]!.resource_id, blocking[0]!.id]]);
      expect(bookings.filter((booking) => outOfUse.some((desk) => desk.id === booking.resource_id))).toEqual([]);
      const history = await db.selectFrom('repair_events').select(['report_id', 'status']).execute();
      expect(history.filter((event) => event.status === 'resolved')).toHaveLength(1);
      // Two inspection checklists; the daily walk was done yesterday.
      const checklists = await db.selectFrom('inspection_checklists').select(['id', 'frequency']).orderBy('id').execute();
      expect(checklists.map((list) => list.frequency)).toEqual(['daily', 'weekly']);
      const rounds = await db.selectFrom('inspection_runs').select(['checklist_id', 'period']).execute();
      expect(rounds.map((round) => round.checklist_id)).toEqual([checklists[0]!.id]);
    });

    it('equips the London office: a category tree, models and 40 assets, some on desks or with people, one or two in repair', async () => {
      const db = seeded.db.kysely;
      const categories = await db.selectFrom('asset_categories as c').leftJoin('asset_categories as p', 'p.id', 'c.parent_id').select(['c.name', 'p.name as parent']).execute();
      expect(categories.map((row) => `${row.parent ?? ''}/${row.name}`).sort()).toEqual(['/Furniture', '/IT', 'Furniture/Chairs', 'Furniture/Desks', 'IT/Docking stations', 'IT/Laptops', 'IT/Monitors']);
      const assets = await db.selectFrom('assets').selectAll().execute();
      expect(assets).toHaveLength(40);
      expect(new Set(assets.map((asset) => asset.tag_key)).size).toBe(40);
      const deployed = assets.filter((asset) => asset.status === 'deployed');
      expect(deployed.some((asset) => asset.assigned_desk_id !== null) && deployed.some((asset) => asset.assigned_user_id !== null)).toBe(true);
      expect(assets.filter((asset) => asset.status === 'in_repair').length).toBeGreaterThanOrEqual(1);
      const floors = await db.selectFrom('desks').select('floor_id').distinct().execute();
      expect(assets.every((asset) => floors.some((floor) => floor.floor_id === asset.location_id))).toBe(true);
      // A monitor on a desk stands on that desk's floor.
      const deskFloors = new Map((await db.selectFrom('desks').select(['id', 'floor_id']).execute()).map((desk) => [desk.id, desk.floor_id]));
      expect(deployed.filter((asset) => asset.assigned_desk_id !== null).every((asset) => deskFloors.get(asset.assigned_desk_id!) === asset.location_id)).toBe(true);
      // Each holder has its open history entry.
      const open = await db.selectFrom('asset_assignments').select('asset_id').where('returned_at', 'is', null).execute();
      expect(open.map((row) => row.asset_id).sort()).toEqual(deployed.map((asset) => asset.id).sort());
    });

    it("sets up the smart rooms the device simulator plays: eight devices with the simulator's Homie ids in each of four rooms, once", async () => {
      // Run again: the demo exists, nothing is added.
      await seedDemo(seeded.db, { adminPassword: null, clock: createFakeClock(), hasher: createCachingHasher() });
      const db = seeded.db.kysely;
      const devices = await db
        .selectFrom('smart_devices as d')
        .innerJoin('locations as room', 'room.id', 'd.room_id')
        .select(['d.id', 'd.homie_id', 'd.kind', 'room.name as room', 'd.location_id', 'd.room_id', 'd.ip_address', 'd.mac_address', 'd.serial_number', 'd.brand', 'd.state', 'd.activated_at'])
        .execute();
      // tools/device-simulator/devices.ts, demoDevices(): `<slug of the room>-<suffix>` with the suffix's kind.
      const suffixes = { presence: 'sensor', lights: 'light', ac: 'air_conditioner', curtains: 'curtain', projector: 'projector', power: 'power_unit', host: 'central_host', air: 'air_monitor' };
      const expected = ['Kew', 'Southwark', 'Boardroom', 'Huangpu 黄浦'].flatMap((room) => Object.entries(suffixes).map(([suffix, kind]) => `${room.split(' ')[0]!.toLowerCase()}-${suffix} ${kind} ${room}`));
      expect(devices.map((device) => `${device.homie_id} ${device.kind} ${device.room}`).sort()).toEqual(expected.sort());
      expect(devices.every((device) => device.location_id === device.room_id && device.brand && device.serial_number && device.state === null && device.activated_at === null)).toBe(true);
      expect(devices.every((device) => /^10\.40\.\d+\.\d+$/.test(device.ip_address ?? '') && /^([0-9A-F]{2}:){5}[0-9A-F]{2}$/.test(device.mac_address ?? ''))).toBe(true);
      expect(new Set(devices.map((device) => device.ip_address)).size).toBe(32);
      expect(new Set(devices.map((device) => device.serial_number)).size).toBe(32);
      const deployers = await db.selectFrom('smart_device_deployers').select(['device_id', 'user_id']).execute();
      expect(deployers).toHaveLength(32);
      expect(new Set(deployers.map((row) => row.user_id)).size).toBe(1);
    });
  });

  it('uses the configured admin password and then reports none generated', async () => {
    database = await createMigratedTestDatabase();
    const hasher = createCachingHasher();
    const result = await seedDemo(database.db, { adminPassword: 'Given-Password-1', clock: createFakeClock(), hasher });
    expect(result).toMatchObject({ created: true, adminPasswordGenerated: null });
    const admin = await database.db.kysely.selectFrom('users').selectAll().where('user_name', '=', 'admin').executeTakeFirstOrThrow();
    expect(await hasher.verify(admin.password_hash, 'Given-Password-1')).toBe(true);
  });
});

describe('generatePassword', () => {
  it('makes 16 unambiguous characters with an upper, a lower and a digit', () => {
    for (let i = 0; i < 200; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(16);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).not.toMatch(/[0O1lI]/);
    }
  });
});
