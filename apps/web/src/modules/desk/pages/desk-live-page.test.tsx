import type { DeskFloor, DeskLive } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

/** A stand-in for the browser's EventSource: the test plays the server's events. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  listeners = new Map<string, Set<() => void>>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
  }
  close() {
    this.closed = true;
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  FakeEventSource.opened = [];
});

const floor: DeskFloor = { floorId: 6, floorName: 'Floor 3', buildingId: 5, buildingName: 'Tower A', timeZone: 'Europe/London', deskCount: 3, neighbourhoods: [], map: null };
const place = (x: number) => ({ x, y: 20, width: 80, height: 50, rotation: 0 });
const live: DeskLive = {
  floorId: 6,
  floorName: 'Floor 3',
  buildingName: 'Tower A',
  timeZone: 'Europe/London',
  at: Date.UTC(2026, 10, 23, 10, 5),
  map: { contentType: 'image/png', size: 100, width: 800, height: 400, updatedAt: 5 },
  desks: [
    { id: 101, number: 'L-1', position: place(10), state: 'checkedIn', personName: 'Sam Sitter' },
    { id: 102, number: 'L-2', position: place(120), state: 'booked', personName: null },
    { id: 103, number: 'L-3', position: null, state: 'free', personName: null },
  ],
  rooms: [
    { id: 201, floorId: 6, name: 'Boardroom', seats: 12, position: { x: 300, y: 150, width: 200, height: 120, rotation: 0 }, state: 'busy', until: Date.UTC(2026, 10, 23, 10, 30) },
    { id: 202, floorId: 6, name: 'Phone booth', seats: 1, position: null, state: 'free', until: null },
  ],
};
const menu = [makeEntry('desks', '', [makeEntry('deskeeperLive', '/deskeeper-live')])];

describe('desks now', () => {
  it('shows who sits where on the plan, and lets an editor make a lobby link shown once and revoke it', async () => {
    const user = userEvent.setup();
    let active = false;
    const seen = stubApi({
      'GET /desk/live/floors': { result: [floor] },
      'GET /desk/live': { result: live },
      'GET /desk/live/link': () => ({ result: active ? { active: true, createdAt: Date.UTC(2026, 10, 23, 10, 6), createdByName: 'Ada Admin' } : { active: false, createdAt: null, createdByName: null } }),
      'POST /desk/live/link/create': () => {
        active = true;
        return { result: { path: '/deskeeper-live/screen?token=s3cret', createdAt: Date.UTC(2026, 10, 23, 10, 6) } };
      },
      'POST /desk/live/link/revoke': () => {
        active = false;
        return { result: null };
      },
    });
    renderConsole({ path: '/deskeeper-live', user: makeUser({ permissions: ['liveMeetings:view', 'liveMeetings:edit'] }), menu });
    const map = await screen.findByTestId('desk-live-map');
    expect(within(map).getByTestId('desk-live-plan')).toHaveAttribute('href', '/api/desk/floor-map?floorId=6&v=5');
    expect(within(map).getByTestId('desk-live-101')).toHaveAttribute('data-state', 'checkedIn');
    expect(within(map).getByTestId('desk-live-101')).toHaveTextContent('Sam Sitter');
    expect(screen.getByTestId('desk-live-counts')).toHaveTextContent('Free: 1');
    expect(screen.getByTestId('desk-live-list')).toHaveTextContent('L-3 · Free');
    // A room: busy and until when (London is on UTC in November), never a meeting's title; one not placed is listed.
    expect(within(map).getByTestId('desk-live-room-201')).toHaveAttribute('data-state', 'busy');
    expect(within(map).getByTestId('desk-live-room-201')).toHaveTextContent('Busy until 10:30');
    expect(screen.getByTestId('desk-live-room-list')).toHaveTextContent('Phone booth · Free');
    expect(screen.getByTestId('desk-live-room-counts')).toHaveTextContent('Busy: 1');

    await user.click(await screen.findByTestId('desk-live-link-create'));
    expect(await screen.findByTestId('desk-live-link-url')).toHaveTextContent(`${window.location.origin}/deskeeper-live/screen?token=s3cret`);
    expect(seen.find((request) => request.path === '/desk/live/link/create')?.body).toEqual({ floorId: 6 });
    await user.click(screen.getByTestId('desk-live-link-revoke'));
    await user.click(await screen.findByTestId('desk-live-revoke-confirm'));
    await waitFor(() => expect(screen.getByTestId('desk-live-link-state')).toHaveTextContent('No link yet.'));
    expect(screen.queryByTestId('desk-live-link-url')).toBeNull();
  });

  it("reads the floor again when its stream tells of a booking, and closes the stream on leaving", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let answer = live;
    const seen = stubApi({ 'GET /desk/live/floors': { result: [floor] }, 'GET /desk/live': () => ({ result: answer }) });
    const view = renderConsole({ path: '/deskeeper-live', user: makeUser({ permissions: ['liveMeetings:view'] }), menu });
    const map = await screen.findByTestId('desk-live-map');
    await waitFor(() => expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/api/desk/live/stream?floorId=6']));
    answer = { ...live, desks: live.desks.map((desk) => (desk.id === 102 ? { ...desk, state: 'checkedIn', personName: 'Wes Waiter' } : desk)), rooms: [{ ...live.rooms[0]!, state: 'free', until: null }] };
    const reads = seen.filter((request) => request.path === '/desk/live').length;
    FakeEventSource.opened[0]!.emit('rooms');
    await waitFor(() => expect(within(map).getByTestId('desk-live-102')).toHaveTextContent('Wes Waiter'));
    expect(seen.filter((request) => request.path === '/desk/live').length).toBe(reads + 1);
    expect(within(map).getByTestId('desk-live-room-201')).toHaveAttribute('data-state', 'free');
    view.unmount();
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
  });

  it('shows readers the floor without the link controls', async () => {
    stubApi({ 'GET /desk/live/floors': { result: [floor] }, 'GET /desk/live': { result: { ...live, map: null } } });
    renderConsole({ path: '/deskeeper-live', user: makeUser({ permissions: ['liveMeetings:view'] }), menu });
    const map = await screen.findByTestId('desk-live-map');
    expect(within(map).queryByTestId('desk-live-plan')).toBeNull();
    expect(screen.queryByTestId('desk-live-link')).toBeNull();
  });
});

describe('the lobby screen', () => {
  it('opens a floor by its link without a session, in Chinese when asked, with the plan by the same secret', async () => {
    const seen = stubApi({ 'GET /desk/live/screen': { result: live } });
    renderConsole({ path: '/deskeeper-live/screen?token=s3cret&lang=zh-CN' });
    const map = await screen.findByTestId('desk-live-map');
    expect(seen.find((request) => request.path === '/desk/live/screen')?.query.get('token')).toBe('s3cret');
    expect(within(map).getByTestId('desk-live-plan')).toHaveAttribute('href', '/api/desk/live/screen/plan?token=s3cret&v=5');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Tower A · Floor 3');
    await waitFor(() => expect(screen.getByTestId('desk-live-counts')).toHaveTextContent('已签到: 1'));
    expect(within(map).getByTestId('desk-live-room-201')).toHaveTextContent('使用中至 10:30');
  });

  it("follows its link's stream", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let answer = live;
    const seen = stubApi({ 'GET /desk/live/screen': () => ({ result: answer }) });
    renderConsole({ path: '/deskeeper-live/screen?token=s3cret' });
    const map = await screen.findByTestId('desk-live-map');
    await waitFor(() => expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/api/desk/live/screen/stream?token=s3cret']));
    answer = { ...live, rooms: [{ ...live.rooms[0]!, state: 'free', until: null }] };
    FakeEventSource.opened[0]!.emit('rooms');
    await waitFor(() => expect(within(map).getByTestId('desk-live-room-201')).toHaveAttribute('data-state', 'free'));
    expect(seen.filter((request) => request.path === '/desk/live/screen').length).toBeGreaterThanOrEqual(2);
  });

  it('says so when the link is revoked', async () => {
    stubApi({ 'GET /desk/live/screen': { status: 404, returncode: 1002, message: 'This lobby screen link does not open (unknown or revoked)' } });
    renderConsole({ path: '/deskeeper-live/screen?token=gone' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link does not open');
  });
});
