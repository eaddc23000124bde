import type { DeskEquipment, DeskMode } from '@atrium/contract';
import { createDeskRepository } from '../../modules/desk/desk.repository.js';
import type { SeedContext } from './factories.js';

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

/** A desk's size on the map (units of the floor map, 1000 x 600 for the demo). */
const DESK = { width: 60, height: 40 };

/**
 * Desks and neighbourhoods on the London office's two floors; the executive desks belong to the two
 * approvers (`owners`, in order). Each desk is placed on its floor's map in rows by neighbourhood.
 */
export async function seedDemoDesks(
  ctx: SeedContext,
  companyId: number,
  { floors, departments, owners }: { floors: Record<'floor1' | 'floor2', number>; departments: Record<string, number>; owners: number[] },
): Promise<void> {
  const desks = createDeskRepository(ctx.db);
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
          await desks.setPosition(companyId, id, { x: 40 + index * (DESK.width + 20), y, width: DESK.width, height: DESK.height, rotation: 0 }, ctx.now);
        }
        y += DESK.height + 30;
      }
      y += 30;
    }
  }
}
