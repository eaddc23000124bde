import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROADCAST_IMAGE_MAX_BYTES,
  formatMessage,
  fromZoned,
  ReturnCode,
  type BroadcastImages,
  type BroadcastPage,
  type BroadcastTargetOptions,
  type DoorDisplay,
  type Lang,
  type OperationLogEntry,
  type PadBroadcasts,
  type Page,
} from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';
import { openStream } from '../../test/sse.js';
import { JPEG_BYTES, MULTIPART_HEADERS, multipartImage, PNG_BYTES } from '../../test/uploads.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Sessions that outlive the days the clock jumps. */
const LONG = { absoluteMs: 365 * DAY };

describe(`broadcast notices (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let adminToken: string;
  let viewerToken: string;
  let outsiderToken: string;
  let buildingId: number;
  let roomId: number;
  let otherRoomId: number;
  let otherBuildingRoomId: number;
  let deviceId: number;
  let deviceToken: string;
  let otherDeviceToken: string;
  let foreign: { deviceId: number; locationId: number; imageId: number; noticeId: number; token: string; adminToken: string };

  beforeAll(async () => {
    const config = { sessionIdleMinutes: 1_000_000, sessionAbsoluteHours: 100_000 };
    t = await createTestApp({ config });
    const a = await t.factories.companyWithAdmin('Notice Co');
    companyId = a.company.id;
    adminToken = await t.factories.session(a.admin, LONG);
    viewerToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['broadcast:view'] }), LONG);
    outsiderToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['reservationScreens:edit'] }), LONG);
    // Two rooms on a Paris floor, one in a Shanghai building.
    const first = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Seine', timeZone: 'Europe/Paris' });
    buildingId = first.buildingId;
    roomId = first.roomId;
    otherRoomId = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Loire', floorId: first.floorId })).roomId;
    otherBuildingRoomId = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Huangpu', timeZone: 'Asia/Shanghai' })).roomId;
    ({ deviceId, token: deviceToken } = await display(roomId, adminToken));
    otherDeviceToken = (await display(otherBuildingRoomId, adminToken)).token;

    // Another company with a display, a location, an image and a notice of its own.
    const b = await t.factories.companyWithAdmin('Far Notice Co');
    const bToken = await t.factories.session(b.admin, LONG);
    const bRoom = await createTestRoom(t.db, t.factories, t.clock, b.company.id, { name: 'Far room' });
    const bDisplay = await display(bRoom.roomId, bToken);
    const bImage = await upload(bToken);
    expect(bImage.status, bImage.body.message).toBe(200);
    const bNotice = await post('create', { ...notice(), title: 'Far notice', deviceIds: [bDisplay.deviceId] }, bToken);
    expect(bNotice.status, bNotice.body.message).toBe(200);
    foreign = { deviceId: bDisplay.deviceId, locationId: bRoom.floorId, imageId: bImage.body.result.id, noticeId: bNotice.body.result.id, token: bDisplay.token, adminToken: bToken };
  });
  afterAll(() => t.cleanup());

  async function display(room: number, token: string) {
    const issued = await call<{ list: DoorDisplay[] }>(t.app, { method: 'POST', url: '/api/deviceActivation/addDeviceActivationCode', headers: { token }, payload: { roomId: room } });
    expect(issued.status, issued.body.message).toBe(200);
    const activated = await call<{ deviceToken: string; deviceId: number }>(t.app, {
      method: 'POST',
      url: '/api/device/activate',
      payload: { code: issued.body.result.list[0]!.activationCode, platform: 'web', appVersion: '1.0.0' },
    });
    expect(activated.status, activated.body.message).toBe(200);
    return { deviceId: activated.body.result.deviceId, token: activated.body.result.deviceToken };
  }

  /** A one-off notice from now for two hours on the first display. */
  const notice = (extra: Record<string, unknown> = {}) => ({
    title: 'Fire drill at 3 pm',
    image: 'default:safety',
    deviceIds: [deviceId],
    startAt: t.clock.now(),
    endAt: t.clock.now() + 2 * HOUR,
    timeZone: 'Europe/Paris',
    ...extra,
  });
  const post = <T = { id: number }>(url: string, payload: Record<string, unknown>, token = adminToken, lang: Lang = 'en-US') =>
    call<T>(t.app, { method: 'POST', url: `/api/broadcast/${url}`, headers: { token, lang }, payload });
  const list = (query = '', token = adminToken) => call<BroadcastPage>(t.app, { method: 'GET', url: `/api/broadcast/list?pageSize=50${query}`, headers: { token } });
  const padList = (token = deviceToken) => call<PadBroadcasts>(t.app, { method: 'GET', url: '/api/device/pad/broadcasts', headers: { 'device-token': token } });
  const images = (token = adminToken) => call<BroadcastImages>(t.app, { method: 'GET', url: '/api/broadcast/images', headers: { token } });
  async function upload(token = adminToken, options: Parameters<typeof multipartImage>[0] = {}) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/broadcast/image-upload',
      headers: { token, lang: 'en-US', ...MULTIPART_HEADERS },
      payload: multipartImage({ kind: 'image', fileName: 'notice.png', ...options }),
    });
    return { status: response.statusCode, body: response.json() as { returncode: number; message: string; result: { id: number; url: string } } };
  }

  it('publishes a notice to a display: the list shows it ongoing with its targets, the display shows it', async () => {
    const created = await post('create', notice({ locationIds: [buildingId] }));
    expect([created.status, created.body.message]).toEqual([200, formatMessage('broadcastCreated', 'en-US')]);
    const [row] = (await list()).body.result.list;
    expect(row).toMatchObject({
      id: created.body.result.id,
      title: 'Fire drill at 3 pm',
      image: 'default:safety',
      imageUrl: '/api/broadcast/builtin/safety.png',
      status: 'ongoing',
      repeat: 'none',
      repeatUntil: null,
      endedAt: null,
      timeZone: 'Europe/Paris',
    });
    expect(row!.devices.map((device) => device.id)).toEqual([deviceId]);
    expect(row!.devices[0]!.path).toContain('Seine');
    expect(row!.locations).toEqual([{ id: buildingId, name: 'Tower A', path: 'Testland / Test City' }]);
    expect(row!.createdByName).not.toBeNull();
    const shown = (await padList()).body.result;
    expect(shown.list).toEqual([{ id: created.body.result.id, title: 'Fire drill at 3 pm', imageUrl: '/api/broadcast/builtin/safety.png', startAt: t.clock.now(), endAt: t.clock.now() + 2 * HOUR }]);
    // The Shanghai display is not targeted.
    expect((await padList(otherDeviceToken)).body.result.list).toEqual([]);
    // Clean up for the next tests.
    expect((await post('delete', { id: created.body.result.id })).status).toBe(200);
  });

  it('reaches displays through their room or a location above it, not others', async () => {
    const otherDisplay = await display(otherRoomId, adminToken);
    const byFloor = await post('create', notice({ deviceIds: [], locationIds: [(await t.db.kysely.selectFrom('locations').select('parent_id').where('id', '=', roomId).executeTakeFirstOrThrow()).parent_id!] }));
    expect(byFloor.status, byFloor.body.message).toBe(200);
    const byRoom = await post('create', notice({ deviceIds: [], locationIds: [otherRoomId], title: 'Loire only' }));
    expect((await padList()).body.result.list.map((window) => window.title)).toEqual(['Fire drill at 3 pm']);
    expect((await padList(otherDisplay.token)).body.result.list.map((window) => window.title)).toEqual(['Fire drill at 3 pm', 'Loire only']);
    expect((await padList(otherDeviceToken)).body.result.list).toEqual([]);
    for (const id of [byFloor.body.result.id, byRoom.body.result.id]) expect((await post('delete', { id })).status).toBe(200);
  });

  it('refuses with clear messages in both languages', async () => {
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const past = await post('create', notice({ startAt: t.clock.now() - 3 * HOUR, endAt: t.clock.now() - HOUR }), adminToken, lang);
      expect([past.status, past.body.returncode, past.body.message]).toEqual([422, ReturnCode.REFUSED, formatMessage('broadcastEndInPast', lang)]);
      const window = await post('create', notice({ repeat: 'daily', endAt: t.clock.now() + DAY }), adminToken, lang);
      expect([window.status, window.body.message]).toEqual([422, formatMessage('broadcastRepeatWindow', lang)]);
      const far = await post('create', notice({ repeat: 'weekly', repeatUntil: t.clock.now() + 200 * DAY }), adminToken, lang);
      expect([far.status, far.body.message]).toEqual([422, formatMessage('broadcastRepeatTooFar', lang, { days: 180 })]);
      const before = await post('create', notice({ repeat: 'weekly', repeatUntil: t.clock.now() - HOUR }), adminToken, lang);
      expect([before.status, before.body.message]).toEqual([422, formatMessage('broadcastRepeatUntilBeforeStart', lang)]);
      const tooLong = await post('create', notice({ endAt: t.clock.now() + 400 * DAY }), adminToken, lang);
      expect([tooLong.status, tooLong.body.message]).toEqual([422, formatMessage('broadcastTooLong', lang, { days: 366 })]);
    }
    // Required: title, image, start, end, a display or location; the end after the start.
    for (const broken of [{ title: ' ' }, { image: '' }, { image: 'default:nothing' }, { deviceIds: [] }, { endAt: t.clock.now() }, { startAt: undefined }, { timeZone: 'Nowhere/Town' }]) {
      const answer = await post('create', notice(broken));
      expect([answer.status, answer.body.returncode], JSON.stringify(broken)).toEqual([400, ReturnCode.BAD_REQUEST]);
    }
    // Another company's display, location or image is as unknown as a missing one.
    const foreignDevice = await post('create', notice({ deviceIds: [foreign.deviceId] }));
    expect([foreignDevice.status, foreignDevice.body.message]).toEqual([404, formatMessage('broadcastDeviceNotFound', 'en-US')]);
    const foreignLocation = await post('create', notice({ locationIds: [foreign.locationId] }));
    expect([foreignLocation.status, foreignLocation.body.message]).toEqual([404, formatMessage('broadcastLocationNotFound', 'en-US')]);
    const foreignImage = await post('create', notice({ image: `custom:${foreign.imageId}` }));
    expect([foreignImage.status, foreignImage.body.message]).toEqual([404, formatMessage('broadcastImageNotFound', 'en-US')]);
    for (const url of ['update', 'end', 'delete']) {
      const answer = await post(url, url === 'update' ? { ...notice(), id: foreign.noticeId } : { id: foreign.noticeId });
      expect([url, answer.status, answer.body.message]).toEqual([url, 404, formatMessage('broadcastNotFound', 'en-US')]);
    }
    expect((await list()).body.result.total).toBe(0);
  });

  it('follows the clock: not started, ongoing, ended; filters by status; a repeating notice shows daily in the room zone', async () => {
    const start = t.clock.now() + HOUR;
    const later = await post('create', notice({ title: 'Later', startAt: start, endAt: start + HOUR }));
    // 08:00-08:30 Paris every day for three days, written in Paris.
    const firstDay = '2026-11-24';
    const daily = await post('create', notice({
      title: 'Breakfast',
      startAt: fromZoned(firstDay, '08:00', 'Europe/Paris'),
      endAt: fromZoned(firstDay, '08:30', 'Europe/Paris'),
      repeat: 'daily',
      repeatUntil: fromZoned('2026-11-27', '00:00', 'Europe/Paris'),
    }));
    expect(daily.status, daily.body.message).toBe(200);
    const statusOf = async (id: number) => (await list()).body.result.list.find((row) => row.id === id)!.status;
    expect(await statusOf(later.body.result.id)).toBe('not_started');
    expect((await list('&status=not_started')).body.result.list.map((row) => row.title).sort()).toEqual(['Breakfast', 'Later']);
    // The display holds the upcoming window with its times and switches by itself.
    expect((await padList()).body.result.list.map((window) => [window.title, window.startAt])).toEqual([
      ['Later', start],
      ['Breakfast', fromZoned(firstDay, '08:00', 'Europe/Paris')],
    ]);
    t.clock.set(start);
    expect(await statusOf(later.body.result.id)).toBe('ongoing');
    expect((await list('&status=ongoing')).body.result.list.map((row) => row.title)).toEqual(['Later']);
    t.clock.set(start + HOUR);
    expect(await statusOf(later.body.result.id)).toBe('ended');
    expect((await list('&status=ended')).body.result.list.map((row) => row.title)).toEqual(['Later']);
    // Between two daily windows the repeating notice is ongoing; the display has the next window only.
    t.clock.set(fromZoned('2026-11-25', '12:00', 'Europe/Paris'));
    expect(await statusOf(daily.body.result.id)).toBe('ongoing');
    expect((await padList()).body.result.list).toEqual([
      { id: daily.body.result.id, title: 'Breakfast', imageUrl: '/api/broadcast/builtin/safety.png', startAt: fromZoned('2026-11-26', '08:00', 'Europe/Paris'), endAt: fromZoned('2026-11-26', '08:30', 'Europe/Paris') },
    ]);
    t.clock.set(fromZoned('2026-11-26', '08:30', 'Europe/Paris'));
    expect(await statusOf(daily.body.result.id)).toBe('ended');
    expect((await padList()).body.result.list).toEqual([]);
    // An ended notice is history: it cannot be changed or ended again, only deleted.
    const changed = await post('update', { ...notice(), id: later.body.result.id });
    expect([changed.status, changed.body.message]).toEqual([422, formatMessage('broadcastAlreadyEnded', 'en-US')]);
    expect((await post('end', { id: later.body.result.id })).status).toBe(422);
    for (const id of [later.body.result.id, daily.body.result.id]) expect((await post('delete', { id })).status).toBe(200);
  });

  it('ends a notice early and deletes one; the display hears each change on its stream at once', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(`${base}/api/device/pad/stream`, { 'device-token': deviceToken });
    try {
      expect(await stream.next()).toEqual({ event: 'ready', data: {} });
      const created = await post('create', notice());
      expect(await stream.next()).toEqual({ event: 'broadcast', data: {} });
      expect((await padList()).body.result.list).toHaveLength(1);
      const changed = await post('update', { ...notice({ title: 'Fire drill moved to 4 pm', image: 'default:maintenance' }), id: created.body.result.id });
      expect([changed.status, changed.body.message]).toEqual([200, formatMessage('broadcastUpdated', 'en-US')]);
      expect(await stream.next()).toEqual({ event: 'broadcast', data: {} });
      expect((await padList()).body.result.list.map((window) => [window.title, window.imageUrl])).toEqual([['Fire drill moved to 4 pm', '/api/broadcast/builtin/maintenance.png']]);
      t.clock.advance(10 * MINUTE);
      const ended = await post('end', { id: created.body.result.id }, adminToken, 'zh-CN');
      expect([ended.status, ended.body.message]).toEqual([200, formatMessage('broadcastEnded', 'zh-CN')]);
      expect(await stream.next()).toEqual({ event: 'broadcast', data: {} });
      expect((await padList()).body.result.list).toEqual([]);
      const [row] = (await list()).body.result.list;
      expect(row).toMatchObject({ status: 'ended', endedAt: t.clock.now() });
      expect(row!.endedByName).not.toBeNull();
      const again = await post('end', { id: created.body.result.id });
      expect([again.status, again.body.message]).toEqual([422, formatMessage('broadcastAlreadyEnded', 'en-US')]);
      const deleted = await post('delete', { id: created.body.result.id });
      expect([deleted.status, deleted.body.message]).toEqual([200, formatMessage('broadcastDeleted', 'en-US')]);
      expect(await stream.next()).toEqual({ event: 'broadcast', data: {} });
      expect((await list()).body.result.total).toBe(0);
      // Another company's change says nothing to this display.
      await post('create', { ...notice(), deviceIds: [foreign.deviceId], title: 'Far again' }, foreign.adminToken);
      expect(await stream.quiet()).toBe(true);
    } finally {
      stream.close();
    }
  });

  it("reaches a display connected to another server process: through NOTIFY on PostgreSQL, by its next read on SQLite's single process", async () => {
    const second = await createTestApp({ database: t.database, clock: t.clock, config: { sessionIdleMinutes: 1_000_000, sessionAbsoluteHours: 100_000 } });
    try {
      const base = await second.app.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openStream(`${base}/api/device/pad/stream`, { 'device-token': deviceToken });
      try {
        expect(await stream.next()).toEqual({ event: 'ready', data: {} });
        const created = await post('create', notice({ title: 'From the first process' }));
        if (TEST_DIALECT === 'postgres') expect(await stream.next()).toEqual({ event: 'broadcast', data: {} });
        const read = await call<PadBroadcasts>(second.app, { method: 'GET', url: '/api/device/pad/broadcasts', headers: { 'device-token': deviceToken } });
        expect(read.body.result.list.map((window) => window.title)).toEqual(['From the first process']);
        expect((await post('delete', { id: created.body.result.id })).status).toBe(200);
        if (TEST_DIALECT === 'postgres') expect(await stream.next()).toEqual({ event: 'broadcast', data: {} });
      } finally {
        stream.close();
      }
    } finally {
      await second.cleanup();
    }
  });

  it('keeps custom images: JPEG or PNG by content, 1.5 MB at most, 10 at most, beside undeletable defaults', async () => {
    const before = (await images()).body.result;
    expect(before.list.filter((image) => image.kind === 'default').map((image) => [image.key, image.isDeletable])).toEqual([
      ['default:welcome', false],
      ['default:maintenance', false],
      ['default:safety', false],
      ['default:celebration', false],
    ]);
    const png = await upload();
    expect([png.status, png.body.message]).toEqual([200, formatMessage('broadcastImageUploaded', 'en-US')]);
    expect(png.body.result.url).toMatch(new RegExp(`^/api/upload/files/${companyId}/.+\\.png$`));
    expect((await upload(adminToken, { content: JPEG_BYTES, fileName: 'photo.jpeg', contentType: 'image/jpeg' })).status).toBe(200);
    // By content: a GIF or text named .png is refused with the formats.
    for (const content of [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'), Buffer.from('hello')]) {
      const refused = await upload(adminToken, { content });
      expect([refused.status, refused.body.returncode, refused.body.message]).toEqual([415, ReturnCode.UNSUPPORTED_MEDIA_TYPE, 'Please upload png, jpeg, jpg format file']);
    }
    const big = await upload(adminToken, { content: Buffer.concat([PNG_BYTES, Buffer.alloc(BROADCAST_IMAGE_MAX_BYTES, 0)]) });
    expect([big.status, big.body.returncode, big.body.message]).toEqual([413, ReturnCode.PAYLOAD_TOO_LARGE, 'The file must not exceed 1.5 MB']);
    const exact = await upload(adminToken, { content: Buffer.concat([PNG_BYTES, Buffer.alloc(BROADCAST_IMAGE_MAX_BYTES - PNG_BYTES.length, 0)]) });
    expect(exact.status, exact.body.message).toBe(200);
    for (let n = 3; n < 10; n++) expect((await upload()).status).toBe(200);
    const eleventh = await upload(adminToken);
    expect([eleventh.status, eleventh.body.message]).toEqual([422, formatMessage('broadcastImagesFull', 'en-US', { max: 10 })]);
    const after = (await images()).body.result;
    expect(after.list.filter((image) => image.kind === 'custom')).toHaveLength(10);
    expect(after.list.find((image) => image.id === png.body.result.id)).toMatchObject({ key: `custom:${png.body.result.id}`, isDeletable: true, inUse: 0, name: 'notice.png' });
    // Someone with view only sees them and cannot upload or delete.
    expect((await images(viewerToken)).body.result.list).toHaveLength(14);
    expect((await upload(viewerToken)).status).toBe(403);
    expect((await post('image-delete', { id: png.body.result.id }, viewerToken)).status).toBe(403);
    // Deleting one makes room again.
    const deleted = await post('image-delete', { id: after.list.at(-1)!.id });
    expect([deleted.status, deleted.body.message]).toEqual([200, formatMessage('broadcastImageDeleted', 'en-US')]);
    expect((await upload()).status).toBe(200);
    expect((await post('image-delete', { id: foreign.imageId })).status).toBe(404);
  });

  it('shows a custom image on the display, refuses to delete it while a notice not ended shows it, then lets it go', async () => {
    const custom = (await images()).body.result.list.find((image) => image.kind === 'custom')!;
    const created = await post('create', notice({ image: custom.key, title: 'With our own picture' }));
    expect(created.status, created.body.message).toBe(200);
    const [window] = (await padList()).body.result.list;
    expect(window!.imageUrl).toMatch(/^\/api\/device\/pad\/broadcast-images\/.+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: window!.imageUrl!, headers: { 'device-token': deviceToken } });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
    // Without its token, or another company's display: refused.
    expect((await t.app.inject({ method: 'GET', url: window!.imageUrl! })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: window!.imageUrl!, headers: { 'device-token': foreign.token } })).statusCode).toBe(404);
    expect((await images()).body.result.list.find((image) => image.id === custom.id)!.inUse).toBe(1);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const refused = await post('image-delete', { id: custom.id }, adminToken, lang);
      expect([refused.status, refused.body.message]).toEqual([422, formatMessage('broadcastImageInUse', lang, { count: 1 })]);
    }
    expect((await post('end', { id: created.body.result.id })).status).toBe(200);
    expect((await post('image-delete', { id: custom.id })).status).toBe(200);
    // The ended notice keeps its history without the image; the file is gone.
    expect((await list()).body.result.list.find((row) => row.id === created.body.result.id)).toMatchObject({ image: null, imageUrl: null, status: 'ended' });
    expect((await t.app.inject({ method: 'GET', url: custom.url, headers: { token: adminToken } })).statusCode).toBe(404);
    expect((await post('delete', { id: created.body.result.id })).status).toBe(200);
  });

  it('serves the built-in images as PNGs to anyone', async () => {
    for (const name of ['welcome', 'maintenance', 'safety', 'celebration']) {
      const answer = await t.app.inject({ method: 'GET', url: `/api/broadcast/builtin/${name}.png` });
      expect([answer.statusCode, answer.headers['content-type']]).toEqual([200, 'image/png']);
      expect(answer.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/broadcast/builtin/other.png' })).statusCode).toBe(404);
  });

  it('guards every route: no session 401, no broadcast area 403, view reads only; a display needs its token', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/broadcast/list' })).status).toBe(401);
    for (const url of ['list', 'images', 'targets']) {
      expect((await call(t.app, { method: 'GET', url: `/api/broadcast/${url}`, headers: { token: outsiderToken } })).status).toBe(403);
      expect((await call(t.app, { method: 'GET', url: `/api/broadcast/${url}`, headers: { token: viewerToken } })).status).toBe(200);
    }
    for (const url of ['create', 'update', 'end', 'delete']) {
      const answer = await post(url, { ...notice(), id: 1 }, viewerToken);
      expect([answer.status, answer.body.returncode]).toEqual([403, ReturnCode.NO_PERMISSION]);
    }
    expect((await call(t.app, { method: 'GET', url: '/api/device/pad/broadcasts', headers: { 'device-token': 'not-a-device' } })).status).toBe(401);
    const targets = (await call<BroadcastTargetOptions>(t.app, { method: 'GET', url: '/api/broadcast/targets', headers: { token: viewerToken } })).body.result;
    expect(targets.devices.map((device) => device.id)).toContain(deviceId);
    expect(targets.devices.every((device) => device.isActivated)).toBe(true);
    expect(targets.locations.map((node) => node.name)).toEqual(expect.arrayContaining(['Tower A', 'Seine', 'Huangpu']));
    expect(JSON.stringify(targets)).not.toContain('Far room');
    expect(JSON.stringify((await list('', viewerToken)).body.result)).not.toContain('Far notice');
  });

  it('records every change in the operation log', async () => {
    const log = await call<Page<OperationLogEntry>>(t.app, { method: 'GET', url: '/api/operation-log/list?pageSize=100', headers: { token: adminToken } });
    const actions = new Set(log.body.result.list.filter((row) => row.action.startsWith('broadcast.') && row.result === 'success').map((row) => row.action));
    expect([...actions].sort()).toEqual(['broadcast.create', 'broadcast.delete', 'broadcast.deleteImage', 'broadcast.end', 'broadcast.update', 'broadcast.uploadImage']);
    expect(log.body.result.list.some((row) => row.action === 'broadcast.create' && row.result === 'failure')).toBe(true);
  });
});
