import { LOCATION_LEVEL } from '../../modules/location/location.repository.js';
import type { RoomValues } from '../../modules/room/room.repository.js';
import { createLocation, type SeedContext } from './factories.js';

/**
 * The demo company's offices: Riverside House in London (Europe/London) and Pudong Innovation Tower
 * on the Zhangjiang campus in Shanghai (Asia/Shanghai), their floors and 40 rooms of five types.
 */

export type TypeKey = 'meeting' | 'boardroom' | 'focus' | 'training' | 'zoom';
const ROOM_TYPES: Array<{ key: TypeKey; name: string; typeCode: string; kind: 'standard' | 'zoom'; description: string }> = [
  { key: 'meeting', name: 'Meeting room', typeCode: 'MEET', kind: 'standard', description: 'Everyday rooms for team meetings' },
  { key: 'boardroom', name: 'Boardroom', typeCode: 'BOARD', kind: 'standard', description: 'Large formal rooms; bookings need approval' },
  { key: 'focus', name: 'Focus pod', typeCode: 'POD', kind: 'standard', description: 'One or two people, calls and focused work' },
  { key: 'training', name: 'Training room', typeCode: 'TRAIN', kind: 'standard', description: 'Classroom layout for workshops and onboarding' },
  { key: 'zoom', name: 'Zoom Room', typeCode: 'ZOOM', kind: 'zoom', description: 'Rooms with a Zoom Rooms console and a video link' },
];

interface DemoRoom {
  key?: string;
  name: string;
  type: TypeKey;
  capacity: number;
  equipment: string[];
  /** Fields that differ from a plain bookable room; `hasDoorDisplay`: the demo puts a door display at its door. */
  extra?: Partial<RoomValues> & { hasDoorDisplay?: boolean };
}
interface DemoFloor {
  key?: string;
  name: string;
  rooms: DemoRoom[];
}

const TV = ['tv', 'whiteboard'];
const VIDEO = ['screen', 'videoConference', 'camera', 'microphone', 'speaker'];
const signIn = (way: 'manual' | 'qr'): Partial<RoomValues> => ({ signInEnabled: true, signInWay: way, signInBeforeMinutes: 10, signInAfterMinutes: 15 });
const zoomLink = (slug: string): Partial<RoomValues> => ({ videoLink: `https://zoom.example.com/j/${slug}`, calendarResource: `${slug}@rooms.harbourview.example` });

/** Riverside House keeps the keys people sit at (ground, floor1, floor2, reception). */
const LONDON_FLOORS: DemoFloor[] = [
  {
    key: 'ground',
    name: 'Ground floor',
    rooms: [
      { key: 'reception', name: 'Reception Lounge', type: 'meeting', capacity: 8, equipment: ['tv'], extra: { isAvailable: false } },
      { name: 'Thames', type: 'training', capacity: 24, equipment: ['projector', 'screen', 'whiteboard', 'microphone', 'speaker'], extra: signIn('qr') },
      { name: 'Southwark', type: 'meeting', capacity: 8, equipment: TV, extra: { hasDoorDisplay: true, ...signIn('manual') } },
      { name: 'Wellbeing Room', type: 'focus', capacity: 1, equipment: [] },
    ],
  },
  {
    key: 'floor1',
    name: '1st floor',
    rooms: [
      { name: 'Kew', type: 'meeting', capacity: 6, equipment: TV, extra: { hasDoorDisplay: true } },
      { name: 'Richmond', type: 'zoom', capacity: 10, equipment: VIDEO, extra: { hasDoorDisplay: true, oneClickStart: true, oneClickEnd: true, ...zoomLink('richmond') } },
      { name: 'Greenwich', type: 'meeting', capacity: 4, equipment: ['tv'] },
      { name: 'Focus Pod 1', type: 'focus', capacity: 2, equipment: ['phone'] },
    ],
  },
  {
    key: 'floor2',
    name: '2nd floor',
    rooms: [
      { name: 'Boardroom', type: 'boardroom', capacity: 20, equipment: ['screen', 'videoConference', 'microphone', 'speaker', 'airConditioning'], extra: { needsApproval: true, hasDoorDisplay: true, ...signIn('qr') } },
      { name: 'Hampstead', type: 'zoom', capacity: 12, equipment: VIDEO, extra: { hasDoorDisplay: true, ...zoomLink('hampstead') } },
      { name: 'Camden', type: 'meeting', capacity: 6, equipment: TV },
      { name: 'Focus Pod 2', type: 'focus', capacity: 2, equipment: ['phone'] },
    ],
  },
  {
    name: '3rd floor',
    rooms: [
      { name: 'Westminster', type: 'training', capacity: 60, equipment: ['projector', 'screen', 'microphone', 'speaker', 'airConditioning'], extra: { needsApproval: true } },
      { name: 'Chelsea', type: 'meeting', capacity: 8, equipment: TV, extra: { hasDoorDisplay: true } },
      { name: 'Brixton', type: 'meeting', capacity: 5, equipment: ['tv'] },
      { name: 'Focus Pod 3', type: 'focus', capacity: 1, equipment: [] },
    ],
  },
];

const SHANGHAI_FLOORS: DemoFloor[] = [
  {
    key: 'shanghai8f',
    name: '8F',
    rooms: [
      { name: 'Huangpu 黄浦', type: 'boardroom', capacity: 30, equipment: ['screen', 'videoConference', 'microphone', 'speaker', 'airConditioning'], extra: { needsApproval: true, hasDoorDisplay: true, ...signIn('qr') } },
      { name: 'Jing’an 静安', type: 'meeting', capacity: 10, equipment: TV, extra: { hasDoorDisplay: true } },
      { name: 'Xuhui 徐汇', type: 'meeting', capacity: 8, equipment: TV },
      { name: 'Changning 长宁', type: 'meeting', capacity: 6, equipment: ['tv'] },
      { name: 'Putuo 普陀', type: 'zoom', capacity: 12, equipment: VIDEO, extra: { hasDoorDisplay: true, oneClickStart: true, ...zoomLink('putuo') } },
      { name: 'Phone Booth 8A', type: 'focus', capacity: 1, equipment: ['phone'] },
      { name: 'Phone Booth 8B', type: 'focus', capacity: 1, equipment: ['phone'] },
      { name: 'Hongkou 虹口', type: 'meeting', capacity: 4, equipment: ['whiteboard'] },
    ],
  },
  {
    name: '9F',
    rooms: [
      { name: 'Yangpu 杨浦', type: 'training', capacity: 40, equipment: ['projector', 'screen', 'microphone', 'speaker'], extra: signIn('manual') },
      { name: 'Minhang 闵行', type: 'meeting', capacity: 12, equipment: TV, extra: { hasDoorDisplay: true } },
      { name: 'Baoshan 宝山', type: 'meeting', capacity: 8, equipment: TV },
      { name: 'Jiading 嘉定', type: 'zoom', capacity: 16, equipment: VIDEO, extra: { hasDoorDisplay: true, ...zoomLink('jiading') } },
      { name: 'Songjiang 松江', type: 'meeting', capacity: 6, equipment: ['tv'] },
      { name: 'Qingpu 青浦', type: 'meeting', capacity: 5, equipment: ['whiteboard'] },
      { name: 'Focus 9-1', type: 'focus', capacity: 2, equipment: [] },
      { name: 'Focus 9-2', type: 'focus', capacity: 2, equipment: [] },
    ],
  },
  {
    name: '10F',
    rooms: [
      { name: 'Pudong Hall 浦东厅', type: 'training', capacity: 120, equipment: ['projector', 'screen', 'microphone', 'speaker', 'camera', 'airConditioning'], extra: { needsApproval: true, ...signIn('qr') } },
      { name: 'Fengxian 奉贤', type: 'boardroom', capacity: 24, equipment: ['screen', 'videoConference', 'microphone', 'speaker'], extra: { needsApproval: true, hasDoorDisplay: true } },
      { name: 'Jinshan 金山', type: 'meeting', capacity: 10, equipment: TV },
      { name: 'Chongming 崇明', type: 'zoom', capacity: 20, equipment: VIDEO, extra: { ...zoomLink('chongming') } },
      { name: 'Lingang 临港', type: 'meeting', capacity: 6, equipment: ['tv'], extra: { isAvailable: false } },
      { name: 'Studio 10', type: 'focus', capacity: 3, equipment: ['camera', 'microphone'] },
      { name: 'Nanhui 南汇', type: 'meeting', capacity: 8, equipment: TV },
      { name: 'Zhangjiang 张江', type: 'meeting', capacity: 14, equipment: ['tv', 'whiteboard', 'videoConference'] },
    ],
  },
];

const PLAIN_ROOM: RoomValues = {
  roomTypeId: null,
  capacity: 1,
  backgroundImage: null,
  equipment: [],
  isAvailable: true,
  needsApproval: false,
  signInEnabled: false,
  signInWay: 'manual',
  signInBeforeMinutes: 10,
  signInAfterMinutes: 15,
  oneClickStart: false,
  oneClickEnd: false,
  videoLink: null,
  calendarResource: null,
  bindExternalRooms: false,
};

export interface DemoRooms {
  /** Floors and rooms by the keys people sit at. */
  places: Record<string, number>;
  /** Every seeded room, in tree order, with whether it is meant to have a door display. */
  rooms: Array<{
    id: number;
    name: string;
    hasDoorDisplay: boolean;
    timeZone: string;
    type: TypeKey;
    capacity: number;
    isAvailable: boolean;
    needsApproval: boolean;
    signInEnabled: boolean;
    signInAfterMinutes: number;
  }>;
}

/** Builds the offices, room types and rooms of the demo company. */
export async function seedDemoRooms(ctx: SeedContext, companyId: number): Promise<DemoRooms> {
  const typeIds = {} as Record<TypeKey, number>;
  for (const type of ROOM_TYPES) {
    typeIds[type.key] = await ctx.repositories.roomTypes.insertType(companyId, { name: type.name, typeCode: type.typeCode, kind: type.kind, isEnabled: true, description: type.description }, ctx.now);
  }
  await ctx.repositories.roomTypes.insertType(companyId, { name: 'Project room (retired)', typeCode: 'PROJ', kind: 'standard', isEnabled: false, description: 'No longer offered' }, ctx.now);

  const places: Record<string, number> = {};
  const rooms: DemoRooms['rooms'] = [];
  const addFloors = async (buildingId: number, timeZone: string, floors: DemoFloor[]) => {
    for (const [floorIndex, floor] of floors.entries()) {
      const floorId = await createLocation(ctx, { companyId, parentId: buildingId, level: LOCATION_LEVEL.floor, name: floor.name, sortOrder: floorIndex });
      if (floor.key) places[floor.key] = floorId;
      for (const [roomIndex, room] of floor.rooms.entries()) {
        const id = await createLocation(ctx, { companyId, parentId: floorId, level: LOCATION_LEVEL.room, name: room.name, sortOrder: roomIndex });
        const { hasDoorDisplay = false, ...extra } = room.extra ?? {};
        const values: RoomValues = { ...PLAIN_ROOM, roomTypeId: typeIds[room.type], capacity: room.capacity, equipment: room.equipment, ...extra };
        await ctx.repositories.rooms.insertRoom(companyId, id, values, ctx.now);
        if (room.key) places[room.key] = id;
        rooms.push({
          id,
          name: room.name,
          hasDoorDisplay,
          timeZone,
          type: room.type,
          capacity: room.capacity,
          isAvailable: values.isAvailable,
          needsApproval: values.needsApproval,
          signInEnabled: values.signInEnabled,
          signInAfterMinutes: values.signInAfterMinutes,
        });
      }
    }
  };

  const uk = await createLocation(ctx, { companyId, level: LOCATION_LEVEL.country, name: 'United Kingdom', sortOrder: 0 });
  const london = await createLocation(ctx, { companyId, parentId: uk, level: LOCATION_LEVEL.city, name: 'London' });
  const riverside = await createLocation(ctx, { companyId, parentId: london, level: LOCATION_LEVEL.park, name: 'Riverside Park', description: 'Offices on the south bank of the Thames' });
  const riversideHouse = await createLocation(ctx, {
    companyId,
    parentId: riverside,
    level: LOCATION_LEVEL.building,
    name: 'Riverside House',
    timeZone: 'Europe/London',
    address: '12 Riverside Walk, London SE1 9PP, United Kingdom',
  });
  await addFloors(riversideHouse, 'Europe/London', LONDON_FLOORS);

  const china = await createLocation(ctx, { companyId, level: LOCATION_LEVEL.country, name: 'China', sortOrder: 1 });
  const shanghai = await createLocation(ctx, { companyId, parentId: china, level: LOCATION_LEVEL.city, name: 'Shanghai' });
  const zhangjiang = await createLocation(ctx, { companyId, parentId: shanghai, level: LOCATION_LEVEL.park, name: 'Zhangjiang Hi-Tech Park', description: 'The Shanghai engineering hub' });
  const tower = await createLocation(ctx, {
    companyId,
    parentId: zhangjiang,
    level: LOCATION_LEVEL.building,
    name: 'Pudong Innovation Tower',
    timeZone: 'Asia/Shanghai',
    address: '88 Keyuan Road, Pudong New Area, Shanghai 201203, China',
  });
  await addFloors(tower, 'Asia/Shanghai', SHANGHAI_FLOORS);
  return { places, rooms };
}
