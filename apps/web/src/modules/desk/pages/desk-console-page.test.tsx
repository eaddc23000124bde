import type { DeskToday } from '@atrium/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';
import { DESK_TODAY_REFRESH_MS } from '../api/desk-monitoring.api';
import { monitoringFloors } from './desk-monitoring.fixtures';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const menu = [makeEntry('desks', '', [makeEntry('deskeeperConsole', '/deskeeper-console')])];
const keeper = makeUser({ permissions: ['quickTools:view'] });
/** Monday 23 November 2026 on New York's clock. */
const ny = (time: string) => Date.parse(`2026-11-23T${time}:00-05:00`);
const booking = (id: number, deskNumber: string, userName: string, start: string, end: string, part: DeskToday['bookings'][number]['part'], state: DeskToday['bookings'][number]['state']) => ({
  id,
  deskId: id + 100,
  deskNumber,
  floorId: 3,
  floorName: 'Level 3',
  buildingName: 'Harbour House',
  timeZone: 'America/New_York',
  userName,
  startAt: ny(start),
  endAt: ny(end),
  part,
  state,
  checkedInAt: state === 'checkedIn' ? ny('08:05') : null,
});

const today: DeskToday = {
  floors: monitoringFloors,
  now: ny('09:00'),
  bookable: 6,
  bookedNow: 2,
  checkedInNow: 1,
  freeNow: 4,
  releasedToday: 1,
  upcomingToday: 3,
  bookings: [booking(1, 'Q-1', 'Bo Booker', '08:00', '18:00', 'day', 'checkedIn'), booking(2, 'Q-2', 'Mo Member', '08:00', '13:00', 'am', 'released'), booking(3, 'O-1', 'Ada Admin', '10:15', '12:00', 'hours', 'booked')],
};

describe('desk console page', () => {
  it("shows today's figures and bookings with their state, narrows to a floor, and reads again every minute", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const seen = stubApi({ 'GET /desk/monitoring/today': { result: today } });
    renderConsole({ path: '/deskeeper-console', user: keeper, menu });
    expect(await screen.findByTestId('desk-console-bookable')).toHaveTextContent('6');
    expect(screen.getByTestId('desk-console-bookedNow')).toHaveTextContent('2');
    expect(screen.getByTestId('desk-console-checkedInNow')).toHaveTextContent('1');
    expect(screen.getByTestId('desk-console-freeNow')).toHaveTextContent('4');
    expect(screen.getByTestId('desk-console-releasedToday')).toHaveTextContent('1');
    expect(screen.getByTestId('desk-console-upcomingToday')).toHaveTextContent('3');
    const row = screen.getByTestId('desk-console-row-3');
    // Times on the floor's clock; the part and the state in words.
    expect(row).toHaveTextContent('10:15–12:00');
    expect(row).toHaveTextContent('Harbour House · Level 3');
    expect(row).toHaveTextContent('Hours');
    expect(screen.getByTestId('desk-console-state-1')).toHaveTextContent('Checked in');
    expect(screen.getByTestId('desk-console-state-2')).toHaveTextContent('Released (no-show)');
    expect(screen.getByTestId('desk-console-state-3')).toHaveTextContent('Booked');
    expect(seen.filter((request) => request.path === '/desk/monitoring/today')[0]!.query.get('floorId')).toBeNull();

    await user.click(within(screen.getByTestId('desk-console-floor')).getByRole('combobox'));
    await user.click(await screen.findByText('Harbour House · Level 4', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(seen.some((request) => request.path === '/desk/monitoring/today' && request.query.get('floorId') === '4')).toBe(true));
    const asked = seen.filter((request) => request.query.get('floorId') === '4').length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DESK_TODAY_REFRESH_MS + 1000);
    });
    await waitFor(() => expect(seen.filter((request) => request.query.get('floorId') === '4').length).toBeGreaterThan(asked));
  });

  it('says so when nobody booked a desk today, in Chinese', async () => {
    setLang('zh-CN');
    stubApi({ 'GET /desk/monitoring/today': { result: { ...today, bookedNow: 0, checkedInNow: 0, freeNow: 6, releasedToday: 0, upcomingToday: 0, bookings: [] } } });
    renderConsole({ path: '/deskeeper-console', user: keeper, menu });
    expect(await screen.findByText('今天没有工位预订')).toBeInTheDocument();
    expect(screen.getByTestId('desk-console-freeNow')).toHaveTextContent('6');
    expect(screen.getByText('当前空闲')).toBeInTheDocument();
  });
});
