import type { CurrentUserInfo, Reservation } from '@atrium/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { i18n } from '../../shared/i18n/i18n';
import type { FlatMenuItem } from '../../shared/menu/menu-model';
import { SessionProvider, type Session } from '../../shared/session/session-context';
import { renderWithProviders, stubApi } from '../../test/render';
import { GlobalSearch } from './global-search';

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en-US'));
});

const PAGES: FlatMenuItem[] = [
  { key: 'reserve', path: '/reserve', icon: 'CalendarOutlined', target: { kind: 'route', path: '/reserve' }, titleKeys: ['menu.tools', 'menu.reserve'] },
  { key: 'personal', path: '/personal', icon: 'IdcardOutlined', target: { kind: 'route', path: '/personal' }, titleKeys: ['menu.userManagement', 'menu.personal'] },
];

const MEETING = {
  id: 9, roomId: 7, roomName: 'Kew', timeZone: 'Asia/Shanghai', title: 'Kew launch plan', startAt: Date.UTC(2026, 11, 1, 2, 0), endAt: Date.UTC(2026, 11, 1, 3, 0), visible: true,
} as Reservation;

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function search(menuPaths: string[]) {
  const session = { user: { id: 2 } as CurrentUserInfo, menu: [], menuNodes: [], menuItems: PAGES, menuPaths } satisfies Session;
  const seen = stubApi({
    'GET /tenant/company/search': {
      result: {
        users: [
          { id: 5, fullName: 'Ada Kewley', email: 'ada@harbour.test', departmentName: 'Research' },
          { id: 6, fullName: 'Bo Kewell', email: 'bo@harbour.test', departmentName: null },
        ],
        departments: [],
        locations: [],
      },
    },
    'GET /meeting/schedule': {
      result: { date: '2026-12-01', places: [], total: 1, page: 1, pageSize: 5, list: [{ id: 7, name: 'Kew', capacity: 6, equipment: [], locationPath: 'UK / London / Floor 3', timeZone: 'Europe/London', isAvailable: true, needsApproval: false, dayStartAt: 0, dayEndAt: 0, disabled: [], reservations: [] }] },
    },
    'GET /meeting/search': { result: { list: [MEETING] } },
    'GET /meeting/calendar/shares': { result: { ownerUserId: 2, canManage: true, shares: [], sharedWithMe: [{ userId: 5, name: 'Ada Kewley', level: 'visitor', createdAt: 0 }] } },
  });
  const onClose = vi.fn();
  renderWithProviders(
    <SessionProvider value={session}>
      <GlobalSearch onClose={onClose} />
      <Where />
    </SessionProvider>,
  );
  return { seen, onClose };
}

const rows = () => screen.getAllByTestId('search-result');
const selected = () => rows().find((row) => row.getAttribute('aria-selected') === 'true');

describe('global search', () => {
  it('finds people, rooms and meetings under their headings, in that order, after the menu entries', async () => {
    const user = userEvent.setup();
    search(['/reserve', '/personal']);
    expect(screen.getAllByTestId('search-group').map((group) => group.textContent)).toEqual(['Pages']);
    await user.type(screen.getByTestId('search-input'), 'kew');
    await waitFor(() => expect(screen.getAllByTestId('search-group').map((group) => group.textContent)).toEqual(['People', 'Rooms', 'Meetings']));
    expect(rows().map((row) => row.dataset.kind)).toEqual(['person', 'person', 'room', 'meeting']);
    const [ada, bo, room, meeting] = rows();
    expect(ada).toHaveTextContent('Ada KewleyResearch · ada@harbour.testCalendar');
    expect(bo).toHaveTextContent('Calendar not shared with you');
    expect(room).toHaveTextContent('KewUK / London / Floor 3 · Europe/London');
    expect(meeting).toHaveTextContent('Kew launch planTue, Dec 1 · 10:00–11:00 (Asia/Shanghai) · Kew');
  });

  it('moves through every section with the arrows and opens what Enter chooses', async () => {
    const user = userEvent.setup();
    const { onClose } = search(['/reserve']);
    await user.type(screen.getByTestId('search-input'), 'kew');
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(selected()).toHaveTextContent('Ada Kewley');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(selected()).toHaveTextContent('UK / London / Floor 3');
    await user.keyboard('{ArrowDown}');
    expect(selected()).toHaveTextContent('Kew launch plan');
    await user.keyboard('{ArrowDown}');
    expect(selected()).toHaveTextContent('Ada Kewley');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/reserve?meeting=9');
    expect(onClose).toHaveBeenCalled();
  });

  it("opens a room's timeline and a shared calendar; a person the caller may not open stays put", async () => {
    const user = userEvent.setup();
    const { onClose } = search(['/reserve']);
    await user.type(screen.getByTestId('search-input'), 'kew');
    await waitFor(() => expect(rows()).toHaveLength(4));
    await user.click(rows()[1]!);
    expect(rows()[1]).toHaveAttribute('aria-disabled', 'true');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    await user.click(rows()[2]!);
    expect(screen.getByTestId('location')).toHaveTextContent('/reserve?room=7');
    await user.click(rows()[0]!);
    expect(screen.getByTestId('location')).toHaveTextContent('/reserve?calendar=5');
  });

  it('opens a person in the directory for a caller who may read it, and asks for no rooms or meetings without the booking right', async () => {
    const user = userEvent.setup();
    const { seen } = search(['/directory']);
    await user.type(screen.getByTestId('search-input'), 'kew');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[1]!).getByText('Directory')).toBeInTheDocument();
    await user.click(rows()[1]!);
    expect(screen.getByTestId('location')).toHaveTextContent('/directory?keyword=bo%40harbour.test');
    expect(seen.some((request) => request.path === '/meeting/search' || request.path === '/meeting/schedule')).toBe(false);
  });

  it('names its sections in Chinese', async () => {
    const user = userEvent.setup();
    search(['/reserve']);
    await act(() => i18n.changeLanguage('zh-CN'));
    await user.type(screen.getByTestId('search-input'), 'kew');
    await waitFor(() => expect(screen.getAllByTestId('search-group').map((group) => group.textContent)).toEqual(['同事', '会议室', '会议']));
    expect(rows()[3]).toHaveTextContent('12月1日周二');
  });
});
