import { addDays, DEFAULT_DESK_RULES, fromZoned, toZoned, weekdayOf, type DeskEquipment, type DeskMode } from '@atrium/contract';
import { createDeskRepository } from '../../modules/desk/desk.repository.js';
import { createInspectionRepository } from '../../modules/inspection/inspection.repository.js';
import { createRepairRepository } from '../../modules/repair/repair.repository.js';
import { seedDemoFloorPlans } from './demo-floor-plans.js';
import type { SeedContext } from './factories.js';

/** The London office's zone: the demo's desk bookings are on its clock. */
const LONDON = 'Europe/London';

interface DemoArea {
  name: string;
  color: string;
  /** The department it is kept for; absent: free for all. */
  department?: string;
  /** Rows of desks, each row's numbers left to right. */
  rows: Array<{ numbers: string[]; mode?: DeskMode; equipment: DeskEquipment[] }>;
}

/** Riverside House's two office floors (decision 0019): neighbourhoods by team, a quiet zone, drop-in desks by the windows. */
const FLOORS: Record<'floor1' | 'floor2', DemoArea[]> = {
  floor1: [
    {
      name: 'Platform',
      color: '#13a8a8',
      department: 'platform',
      rows: [
        { numbers: ['1-A-01', '1-A-02', '1-A-03', '1-A-04'], equipment: ['dualMonitor', 'dockingStation'] },
        { numbers: ['1-A-05', '1-A-06', '1-A-07', '1-A-08'], equipment: ['monitor', 'dockingStation'] },
      ],
    },
    {
      name: 'Product & Design',
      color: '#c41d7f',
      department: 'productDesign',
      rows: [{ numbers: ['1-B-01', '1-B-02', '1-B-03', '1-B-04'], equipment: ['dualMonitor', 'standingDesk'] }],
    },
    {
      name: 'Quiet zone',
      color: '#1677ff',
      rows: [
        { numbers: ['1-Q-01', '1-Q-02', '1-Q-03'], equipment: ['monitor', 'window'] },
        { numbers: ['1-Q-04'], mode: 'unavailable', equipment: ['monitor'] },
      ],
    },
  ],
  floor2: [
    {
      name: 'Sales',
      color: '#d48806',
      department: 'sales',
      rows: [
        { numbers: ['2-S-01', '2-S-02', '2-S-03', '2-S-04', '2-S-05'], equipment: ['monitor', 'phone'] },
        { numbers: ['2-S-06', '2-S-07', '2-S-08'], mode: 'drop_in', equipment: ['monitor'] },
      ],
    },
    {
      name: 'Executive',
      color: '#531dab',
      department: 'executive',
      rows: [{ numbers: ['2-E-01', '2-E-02'], mode: 'assigned', equipment: ['dualMonitor', 'webcam', 'window'] }],
    },
    {
      name: 'Touchdown',
      color: '#389e0d',
      rows: [{ numbers: ['2-T-01', '2-T-02', '2-T-03', '2-T-04'], mode: 'drop_in', equipment: ['dockingStation', 'accessible'] }],
    },
  ],
};

/** A desk's size on the map (units of the floor map, 1000 x 600 for the demo: demo-floor-plans.ts draws it, desks in its west wing). */
const DESK = { width: 60, height: 40 };

/**
 * Desks and neighbourhoods on the London office's two floors; the executive desks belong to the two
 * approvers (`owners`, in order). Each desk is placed on its floor's map in rows by neighbourhood.
 * The colleagues of `members` (by department) book desks of their neighbourhood for this working week.
 */
export async function seedDemoDesks(
  ctx: SeedContext,
  companyId: number,
  {
    floors,
    departments,
    owners,
    members,
  }: { floors: Record<'floor1' | 'floor2', number>; departments: Record<string, number>; owners: number[]; members: Record<string, number[]> },
): Promise<void> {
  const desks = createDeskRepository(ctx.db);
  /** Each neighbourhood's bookable desks, by its name. */
  const bookable = new Map<string, number[]>();
  const byNumber = new Map<string, number>();
  for (const [key, areas] of Object.entries(FLOORS) as Array<[keyof typeof FLOORS, DemoArea[]]>) {
    const floorId = floors[key];
    let y = 40;
    let owner = 0;
    for (const area of areas) {
      const neighbourhoodId = await desks.insertNeighbourhood(companyId, { floorId, name: area.name, color: area.color, departmentId: area.department ? (departments[area.department] ?? null) : null }, ctx.now);
      for (const row of area.rows) {
        for (const [index, number] of row.numbers.entries()) {
          const mode = row.mode ?? 'bookable';
          const assignedUserId = mode === 'assigned' ? owners[owner++ % owners.length]! : null;
          const id = await desks.insertDesk(companyId, { floorId, number, mode, equipment: row.equipment, neighbourhoodId, assignedUserId, assignedDepartmentId: null }, ctx.now);
          byNumber.set(number, id);
          await desks.setPosition(companyId, id, { x: 40 + index * (DESK.width + 20), y, width: DESK.width, height: DESK.height, rotation: 0 }, ctx.now);
          if (mode === 'bookable') bookable.set(area.name, [...(bookable.get(area.name) ?? []), id]);
        }
        y += DESK.height + 30;
      }
      y += 30;
    }
  }
  await seedDemoDeskBookings(ctx, companyId, [
    { people: members.platform ?? [], desks: bookable.get('Platform') ?? [] },
    { people: members.productDesign ?? [], desks: bookable.get('Product & Design') ?? [] },
    // One salesperson likes the quiet zone; its other desks stay free for whoever explores the demo.
    { people: (members.sales ?? []).slice(0, 1), desks: bookable.get('Quiet zone') ?? [] },
  ]);
  await seedDemoRepairs(ctx, companyId, byNumber, { reporters: [...(members.platform ?? []), ...(members.sales ?? [])], fixer: owners[0] ?? null });
  await seedDemoInspections(ctx, companyId, floors.floor1, owners[0] ?? null);
  await seedDemoFloorPlans(ctx, companyId, [
    { floorId: floors.floor1, label: 'Riverside House · 1st floor' },
    { floorId: floors.floor2, label: 'Riverside House · 2nd floor' },
  ]);
}

/**
 * Two checklists (decision 0019, "Inspections"): the first floor's daily walk, done yesterday with
 * everything in order and due again today, and a weekly round of the kitchen for the whole company.
 */
async function seedDemoInspections(ctx: SeedContext, companyId: number, floorId: number, inspector: number | null): Promise<void> {
  const inspections = createInspectionRepository(ctx.db);
  const walk = [
    { key: 'a', text: 'Monitors and docking stations work' },
    { key: 'b', text: 'Desks are clear and clean' },
    { key: 'c', text: 'Chairs are adjusted back to default' },
    { key: 'd', text: 'Fire exits are free' },
  ];
  const assignees = inspector === null ? [] : [inspector];
  const daily = await inspections.save(companyId, undefined, { name: 'Daily floor walk, 1st floor', interval: 'daily', locationId: floorId, items: walk, isActive: true }, assignees, ctx.now);
  await inspections.save(
    companyId,
    undefined,
    { name: 'Weekly kitchen check', interval: 'weekly', locationId: null, items: [{ key: 'a', text: 'Coffee machine descaled' }, { key: 'b', text: 'Fridge emptied of old food' }], isActive: true },
    assignees,
    ctx.now,
  );
  if (inspector === null) return;
  const yesterday = addDays(toZoned(ctx.now, LONDON).date, -1);
  await inspections.insertRun({ companyId, checklistId: daily, period: yesterday, userId: inspector, now: fromZoned(yesterday, '08:40', LONDON), items: walk.map((item) => ({ ...item, ok: true, note: null, repairReportId: null })) });
}

/**
 * A few problems reported in the repair centre (decision 0019, "The repair centre"): a touchdown desk
 * out of use (a drop-in desk, so no booking had to move), one being fixed, one just reported and one
 * resolved, each with its history.
 */
async function seedDemoRepairs(ctx: SeedContext, companyId: number, desks: Map<string, number>, { reporters, fixer }: { reporters: number[]; fixer: number | null }): Promise<void> {
  const repairs = createRepairRepository(ctx.db);
  const HOUR = 3_600_000;
  const reports: Array<{ desk: string; title: string; description: string; blocksUse: boolean; status: 'open' | 'in_progress' | 'resolved'; hoursAgo: number; note?: string }> = [
    { desk: '2-T-04', title: 'Docking station does not charge', description: 'The laptop is not charged and no screen is detected.', blocksUse: true, status: 'open', hoursAgo: 3 },
    { desk: '1-B-03', title: 'Standing desk motor stuck', description: 'It stays at sitting height and hums when the button is pressed.', blocksUse: false, status: 'in_progress', hoursAgo: 26, note: 'Spare motor ordered' },
    { desk: '2-S-03', title: 'Phone has no dial tone', description: '', blocksUse: false, status: 'open', hoursAgo: 1 },
    { desk: '1-A-02', title: 'Second monitor flickers', description: 'Flickers every few seconds, worse in the afternoon.', blocksUse: false, status: 'resolved', hoursAgo: 75, note: 'Cable replaced' },
  ];
  for (const [index, report] of reports.entries()) {
    const deskId = desks.get(report.desk);
    const reportedBy = reporters[index % Math.max(reporters.length, 1)];
    if (deskId === undefined || reportedBy === undefined) continue;
    const at = ctx.now - report.hoursAgo * HOUR;
    const id = await repairs.insert({ companyId, resourceId: deskId, assetId: null, title: report.title, description: report.description || null, blocksUse: report.blocksUse, reportedBy, now: at });
    await repairs.addEvent({ companyId, reportId: id, status: 'open', note: report.description || null, userId: reportedBy, at });
    if (report.status !== 'open') {
      await repairs.update(companyId, id, { assigneeId: fixer }, at + HOUR);
      await repairs.setStatus(companyId, id, 'in_progress', 'open', at + HOUR);
      await repairs.addEvent({ companyId, reportId: id, status: 'in_progress', note: report.status === 'in_progress' ? (report.note ?? null) : null, userId: fixer, at: at + HOUR });
    }
    if (report.status === 'resolved') {
      await repairs.setStatus(companyId, id, 'resolved', 'in_progress', at + 2 * HOUR);
      await repairs.addEvent({ companyId, reportId: id, status: 'resolved', note: report.note ?? null, userId: fixer, at: at + 2 * HOUR });
    }
    if (report.blocksUse) await repairs.setDeskOutOfUse(companyId, deskId, id, at);
  }
}

/**
 * The four weeks before today and the next five working days on the London clock: each team's people
 * book desks of their neighbourhood, most for the day, some for a morning or an afternoon, each person
 * one desk a day and no desk twice at a time. What has started by now was checked in to, but for a few
 * past no-shows released after the grace period, so the monitoring pages open on a month with figures.
 */
async function seedDemoDeskBookings(ctx: SeedContext, companyId: number, teams: Array<{ people: number[]; desks: number[] }>): Promise<void> {
  const rules = DEFAULT_DESK_RULES;
  const today = toZoned(ctx.now, LONDON).date;
  const days: string[] = [];
  for (let offset = -28; days.length < 25 && offset < 28; offset++) {
    const date = addDays(today, offset);
    if (weekdayOf(date) === 0 || weekdayOf(date) === 6) continue;
    if (offset >= 0 || days.length < 20) days.push(date);
  }
  const rows = [];
  for (const [dayIndex, date] of days.entries()) {
    for (const team of teams) {
      for (const [index, userId] of team.people.entries()) {
        // Not everyone comes in every day; desks turn over between days.
        if ((index + dayIndex) % 4 === 3 || team.desks.length === 0) continue;
        const deskId = team.desks[(index + dayIndex) % team.desks.length]!;
        const [start, end] = index % 5 === 4 ? [rules.dayStart, rules.midday] : index % 5 === 2 && dayIndex % 2 === 1 ? [rules.midday, rules.dayEnd] : [rules.dayStart, rules.dayEnd];
        const startAt = fromZoned(date, start, LONDON);
        const endAt = fromZoned(date, end, LONDON);
        // Now and then someone booked and did not come: released when the grace period ended.
        const noShow = endAt <= ctx.now && (index * 7 + dayIndex * 3) % 11 === 0;
        const released = noShow ? startAt + (rules.checkInGraceMinutes ?? 30) * 60_000 : null;
        const arrived = !noShow && startAt + 10 * 60_000 <= ctx.now;
        rows.push({
          company_id: companyId,
          resource_id: deskId,
          host_user_id: userId,
          title: '',
          start_at: startAt,
          end_at: endAt,
          status: noShow ? ('released' as const) : ('confirmed' as const),
          privacy: 'public' as const,
          created_at: Math.min(ctx.now, startAt - 86_400_000),
          updated_at: released ?? ctx.now,
          no_show_at: released,
          checked_in_at: arrived ? startAt + 10 * 60_000 : null,
          check_in_channel: arrived ? ('qr' as const) : null,
        });
      }
    }
  }
  // Two teams never share a desk and a team's people take distinct desks each day: no overlap.
  if (rows.length > 0) await ctx.db.insertInto('reservations').values(rows).execute();
}
