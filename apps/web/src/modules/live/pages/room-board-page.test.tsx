import type { LiveRoom, LiveRoomList } from '@atrium/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
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

const DAY_START = Date.UTC(2026, 10, 23, 0, 0);
const NOW = Date.UTC(2026, 10, 23, 9, 0);
const room = (id: number, name: string, overrides: Partial<LiveRoom> = {}): LiveRoom => ({
  id,
  name,
  locationPath: ['Testland', 'Test City', 'Tower A', 'Floor 3'],
  capacity: 8,
  timeZone: 'UTC',
  state: 'free',
  signInEnabled: true,
  current: null,
  next: null,
  today: [],
  dayStartAt: DAY_START,
  dayEndAt: DAY_START + 86_400_000,
  ...overrides,
});
const meeting = { id: 5, title: 'Design review', hostName: 'Ada', startAt: NOW - 600_000, endAt: NOW + 3_000_000, status: 'confirmed' as const, privacy: 'public' as const, visible: true, checkedInAt: null };
const LOCATIONS = [
  { id: 1, parentId: null, level: 5, name: 'Tower A' },
  { id: 2, parentId: 1, level: 6, name: 'Floor 3' },
];

function openBoard(permissions = ['liveMeetings:view']) {
  vi.stubGlobal('EventSource', FakeEventSource);
  let answer: LiveRoomList = { now: NOW, locations: LOCATIONS, list: [room(7, 'Kew'), room(8, 'Richmond', { state: 'maintenance' })] };
  const seen = stubApi({ 'GET /live/rooms': () => ({ result: answer }) });
  const menu = [makeEntry('roomBoard', '/roomBoard')];
  const view = renderConsole({ path: '/roomBoard', user: makeUser({ permissions }), menu });
  return { ...view, seen, setAnswer: (next: LiveRoomList) => (answer = next) };
}

describe('room board page', () => {
  it('lists rooms with their state and updates when the stream says a room changed', async () => {
    const { setAnswer, seen } = openBoard();
    const kew = await screen.findByText('Kew', undefined, { timeout: 10_000 });
    const row = kew.closest('tr')!;
    expect(within(row).getByText('Free')).toBeInTheDocument();
    expect(screen.getByText('Maintenance')).toBeInTheDocument();
    expect(screen.getByTestId('live-summary')).toHaveTextContent('Free · 1');
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/api/live/stream']);
    // No link management without the administrators' right.
    expect(screen.queryByRole('button', { name: /Public links/ })).toBeNull();

    setAnswer({ now: NOW, locations: LOCATIONS, list: [room(7, 'Kew', { state: 'busy', current: meeting, today: [meeting] }), room(8, 'Richmond', { state: 'maintenance' })] });
    const reads = seen.filter((request) => request.path === '/live/rooms').length;
    act(() => FakeEventSource.opened[0]!.emit('rooms'));
    await waitFor(() => expect(within(screen.getByText('Kew').closest('tr')!).getByText('Booked')).toBeInTheDocument());
    expect(seen.filter((request) => request.path === '/live/rooms').length).toBeGreaterThan(reads);
    expect(within(screen.getByText('Kew').closest('tr')!).getByText('Design review')).toBeInTheDocument();
    expect(screen.getAllByTestId('timeline-meeting')).toHaveLength(1);
  });

  it('switches to thumbnails and filters by location with its own stream', async () => {
    const user = userEvent.setup();
    const { seen, container } = openBoard();
    await screen.findByText('Kew');
    await user.click(screen.getByText('Thumbnails'));
    await waitFor(() => expect(container.querySelectorAll('.live-card')).toHaveLength(2));
    expect(container.querySelector('.live-card.is-maintenance')).not.toBeNull();

    await user.click(screen.getByLabelText('All locations'));
    await user.click(await screen.findByTitle('Floor 3'));
    await waitFor(() => expect(seen.some((request) => request.path === '/live/rooms' && request.query.get('locationId') === '2')).toBe(true));
    await waitFor(() => expect(FakeEventSource.opened.at(-1)!.url).toBe('/api/live/stream?locationId=2'));
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
  });

  it('shows private meetings without their title, in Chinese too', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const hidden = { ...meeting, title: null, hostName: null, privacy: 'private' as const, visible: false };
    stubApi({ 'GET /live/rooms': { result: { now: NOW, locations: LOCATIONS, list: [room(7, 'Kew', { state: 'inMeeting', current: hidden, today: [hidden] })] } } });
    const { i18n } = await import('../../../shared/i18n/i18n');
    await act(() => i18n.changeLanguage('zh-CN'));
    try {
      renderConsole({ path: '/roomBoard', user: makeUser({ permissions: ['liveMeetings:view'] }), menu: [makeEntry('roomBoard', '/roomBoard')] });
      const row = (await screen.findByText('Kew')).closest('tr')!;
      expect(within(row).getByText('会议中')).toBeInTheDocument();
      expect(within(row).getByText('私密会议')).toBeInTheDocument();
      expect(row).not.toHaveTextContent('Design review');
    } finally {
      await act(() => i18n.changeLanguage('en-US'));
    }
  });
});
