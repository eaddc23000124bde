import type { DeskPosition } from '@atrium/contract';
import { createDeskRepository } from '../../modules/desk/desk.repository.js';
import { createFloorMapRepository } from '../../modules/desk/floor-map.repository.js';
import { createFloorRoomRepository } from '../../modules/desk/floor-room.repository.js';
import type { SeedContext } from './factories.js';

/** The demo plan's units: the desks' rows (demo-desks.ts) fill the open-plan west wing, the rooms the east. */
export const DEMO_PLAN = { width: 1000, height: 600 } as const;

/** The outer wall's inside edge, the corridor between the wings, and the service core at the east end. */
const WALL = { left: 16, top: 16, right: 984, bottom: 584 };
const CORRIDOR = { x: 470, width: 70 };
const CORE = { y: 450 };

/** The east wing's cross corridor, between its two rows of rooms. */
const CROSS = { y: 210, height: 60 };

/** Where a floor's rooms stand (at most four, in the location tree's order): two by two east of the corridor, either side of the cross corridor. */
const ROOM_CELLS: DeskPosition[] = [
  { x: 560, y: 30, width: 205, height: 180, rotation: 0 },
  { x: 775, y: 30, width: 200, height: 180, rotation: 0 },
  { x: 560, y: 270, width: 205, height: 170, rotation: 0 },
  { x: 775, y: 270, width: 200, height: 170, rotation: 0 },
];
/** A room's shape on the map sits just inside its walls. */
const INSET = 6;

/** Text content escaped as the sanitiser writes it (a quote needs no escape outside an attribute). */
const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

/**
 * A clean plan of one demo floor as an SVG file (walls, windows, the corridor, the service core and the rooms'
 * walls), drawn in code so the demo needs no image file; `label` names the floor in its corner. It is written
 * exactly as the uploads' sanitiser writes what it keeps (declaration, closed elements, text escaped), so that
 * sanitising it changes nothing: the demo's test holds it to that, and a start need not load the sanitiser.
 */
export function demoFloorPlanSvg(label: string): string {
  const { width, height } = DEMO_PLAN;
  const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, strokeWidth: number) =>
    `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${strokeWidth}"></line>`;
  const windows: string[] = [];
  // Windows along the north and south fronts of the open plan and of the rooms, and the west gable.
  for (let x = 60; x < CORRIDOR.x - 40; x += 100) windows.push(line(x, WALL.top - 8, x + 70, WALL.top - 8, '#69b1ff', 6), line(x, WALL.bottom + 8, x + 70, WALL.bottom + 8, '#69b1ff', 6));
  for (const cell of ROOM_CELLS.slice(0, 2)) windows.push(line(cell.x + 40, WALL.top - 8, cell.x + cell.width - 40, WALL.top - 8, '#69b1ff', 6));
  for (let y = 80; y < height - 80; y += 120) windows.push(line(WALL.left - 8, y, WALL.left - 8, y + 70, '#69b1ff', 6));
  const rooms = ROOM_CELLS.map((cell) => `<rect x="${cell.x}" y="${cell.y}" width="${cell.width}" height="${cell.height}" fill="#fafafa" stroke="#595959" stroke-width="4"></rect>`);
  // A door into each room from the cross corridor: a gap in its wall, drawn in the corridor's colour.
  const doors = ROOM_CELLS.map((cell) => {
    const y = cell.y + cell.height <= CROSS.y ? cell.y + cell.height : cell.y;
    return line(cell.x + 30, y, cell.x + 80, y, '#f0f0f0', 6);
  });
  const core = [
    `<rect x="${CORRIDOR.x + CORRIDOR.width + 20}" y="${CORE.y}" width="${WALL.right - CORRIDOR.x - CORRIDOR.width - 20}" height="${WALL.bottom - CORE.y}" fill="#e8e8e8" stroke="#595959" stroke-width="4"></rect>`,
    line(770, CORE.y, 770, WALL.bottom, '#595959', 3),
    line(880, CORE.y, 880, WALL.bottom, '#595959', 3),
  ];
  const text = (x: number, y: number, content: string, size = 16) =>
    `<text x="${x}" y="${y}" font-family="sans-serif" font-size="${size}" fill="#8c8c8c" text-anchor="middle">${escapeText(content)}</text>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"></rect>`,
    `<rect x="${WALL.left}" y="${WALL.top}" width="${WALL.right - WALL.left}" height="${WALL.bottom - WALL.top}" fill="#fafafa" stroke="#262626" stroke-width="10"></rect>`,
    `<rect x="${CORRIDOR.x}" y="${WALL.top + 5}" width="${CORRIDOR.width}" height="${WALL.bottom - WALL.top - 10}" fill="#f0f0f0"></rect>`,
    `<rect x="${CORRIDOR.x + CORRIDOR.width}" y="${CROSS.y}" width="${WALL.right - 5 - CORRIDOR.x - CORRIDOR.width}" height="${CROSS.height}" fill="#f0f0f0"></rect>`,
    line(CORRIDOR.x, WALL.top + 5, CORRIDOR.x, WALL.bottom - 5, '#bfbfbf', 2),
    line(CORRIDOR.x + CORRIDOR.width, WALL.top + 5, CORRIDOR.x + CORRIDOR.width, WALL.bottom - 5, '#bfbfbf', 2),
    ...windows,
    ...rooms,
    ...doors,
    ...core,
    `<g transform="rotate(-90 ${CORRIDOR.x + CORRIDOR.width / 2} ${height / 2})">${text(CORRIDOR.x + CORRIDOR.width / 2, height / 2 + 6, 'Corridor')}</g>`,
    text((CORRIDOR.x + CORRIDOR.width + 20 + 770) / 2, CORE.y + 72, 'Kitchen'),
    text(825, CORE.y + 72, 'Lifts'),
    text(930, CORE.y + 72, 'WC'),
    text(240, WALL.bottom - 24, label, 18),
    '</svg>\n',
  ].join('');
}

/**
 * The two furnished floors' plans (decision 0019, "The demo's floors"): each an SVG drawn in code and
 * stored only once the uploads' sanitiser has passed it, as an upload would be; the floor's rooms are
 * placed in their walls. The desks keep the rows demo-desks.ts gave them, in the open-plan wing.
 */
export async function seedDemoFloorPlans(ctx: SeedContext, companyId: number, floors: Array<{ floorId: number; label: string }>): Promise<void> {
  const floorMaps = createFloorMapRepository(ctx.db);
  const floorRooms = createFloorRoomRepository(ctx.db);
  const desks = createDeskRepository(ctx.db);
  for (const { floorId, label } of floors) {
    await floorMaps.save(companyId, floorId, { contentType: 'image/svg+xml', bytes: Buffer.from(demoFloorPlanSvg(label)), ...DEMO_PLAN }, ctx.now);
    const rooms = await floorRooms.listOnFloor(companyId, floorId);
    for (const [index, room] of rooms.slice(0, ROOM_CELLS.length).entries()) {
      const cell = ROOM_CELLS[index]!;
      await desks.setPosition(companyId, room.id, { x: cell.x + INSET, y: cell.y + INSET, width: cell.width - 2 * INSET, height: cell.height - 2 * INSET, rotation: 0 }, ctx.now);
    }
  }
}
