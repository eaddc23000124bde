import type { Notification, NotificationPage } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../i18n/i18n';
import { makeEntry, makeUser } from '../../test/factories';
import { renderConsole, stubApi } from '../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const START = Date.UTC(2026, 10, 24, 9, 0);
const note = (id: number, patch: Partial<Notification>): Notification => ({
  id,
  event: 'reminder',
  params: { title: 'Budget review', place: 'Orangerie (France / Paris)', startAt: START, endAt: START + 3_600_000, zone: 'Europe/Paris', more: 0, by: 'Hana Host', reason: null, minutes: 15 },
  link: '/reserve',
  createdAt: START - 900_000,
  readAt: null,
  action: null,
  ...patch,
});

const DEFAULT_ITEMS = [
  note(7, {}),
  note(6, { event: 'invitation', params: { ...note(6, {}).params, title: 'Roadmap', more: 3 }, link: '/reserve' }),
  note(5, { event: 'approvalRequest', params: { ...note(5, {}).params, title: null }, link: '/meeting-approval', readAt: START - 1000, action: 'open' }),
];

function openConsole(initial: Notification[] = DEFAULT_ITEMS, timeZone: string | null = null) {
  let items = initial;
  const unread = () => items.filter((item) => item.readAt === null).length;
  const seen = stubApi({
    'GET /notification/unread-count': () => ({ result: { count: unread(), latestId: 7 } }),
    'GET /notification/list': (): { result: NotificationPage } => ({ result: { list: items, total: items.length, page: 1, pageSize: 15, unreadCount: unread() } }),
    'POST /notification/read': ({ body }) => {
      const ids = (body as { ids: number[] }).ids;
      items = items.map((item) => (ids.includes(item.id) ? { ...item, readAt: START } : item));
      return { result: { updated: ids.length, unreadCount: unread() } };
    },
    'POST /notification/read-all': () => {
      const updated = unread();
      items = items.map((item) => ({ ...item, readAt: item.readAt ?? START }));
      return { result: { updated, unreadCount: 0 } };
    },
  });
  const menu = [makeEntry('tools', '', [makeEntry('reserve', '/reserve'), makeEntry('meetingApproval', '/meeting-approval')])];
  const view = renderConsole({ path: '/index', user: makeUser({ permissions: ['calendarRoomUse:view'], timeZone }), menu });
  return { seen, ...view };
}

describe('notification bell', () => {
  it("says when each notification arrived on the viewer's clock", async () => {
    const user = userEvent.setup();
    openConsole([note(7, {})], 'Asia/Shanghai');
    await user.click(await screen.findByTestId('header-notifications'));
    // 08:45 UTC is 16:45 in Shanghai, whatever zone the machine runs in.
    expect((await screen.findByTestId('notification-item')).textContent).toContain('2026-11-24 16:45');
  });

  it('shows the unread count, words each notification, opens one and marks all read', async () => {
    const user = userEvent.setup();
    const { seen, router } = openConsole();
    const bell = await screen.findByTestId('header-notifications');
    await waitFor(() => expect(within(bell).getByTestId('notification-badge')).toHaveTextContent('2'));
    await user.click(bell);
    const panel = await screen.findByTestId('notification-panel');
    const items = await within(panel).findAllByTestId('notification-item');
    expect(items.map((item) => item.querySelector('.atrium-bell-headline')!.textContent)).toEqual([
      '“Budget review” starts in 15 minutes',
      'Hana Host invited you to “Roadmap” (and 3 more occurrences)',
      'Hana Host asks to book a room for “a private meeting”',
    ]);
    // The meeting's time in its room's zone.
    expect(items[0]).toHaveTextContent('2026-11-24 10:00 – 11:00 (Europe/Paris) · Orangerie (France / Paris)');
    expect(items[0]).toHaveClass('is-unread');
    expect(items[2]).not.toHaveClass('is-unread');

    await user.click(items[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/reserve'));
    expect(seen.find((request) => request.path === '/notification/read')?.body).toEqual({ ids: [7] });
    await waitFor(() => expect(within(bell).getByTestId('notification-badge')).toHaveTextContent('1'));

    await user.click(bell);
    await user.click(await screen.findByTestId('notification-read-all'));
    await waitFor(() => expect(seen.some((request) => request.path === '/notification/read-all')).toBe(true));
    await waitFor(() => expect(within(bell).queryByText('1')).not.toBeInTheDocument());
  });

  it('speaks Chinese', async () => {
    setLang('zh-CN');
    const user = userEvent.setup();
    openConsole();
    const bell = await screen.findByTestId('header-notifications');
    await waitFor(() => expect(bell).toHaveAccessibleName('通知：2 条未读'));
    await user.click(bell);
    const items = await within(await screen.findByTestId('notification-panel')).findAllByTestId('notification-item');
    expect(items[0]!.querySelector('.atrium-bell-headline')!.textContent).toBe('“Budget review”将在 15 分钟后开始');
    expect(items[2]!.querySelector('.atrium-bell-headline')!.textContent).toBe('Hana Host为“私密会议”申请预订会议室');
  });

  it('marks a notification whose action is over as done or no longer needed, dimmed, in both languages', async () => {
    const user = userEvent.setup();
    openConsole([
      note(9, { event: 'checkInDue', params: { ...note(9, {}).params, title: 'Stand-up', minutes: 25 }, action: 'done' }),
      note(8, { event: 'checkInDue', params: { ...note(8, {}).params, title: 'Ghost', minutes: 25 }, action: 'closed' }),
      note(7, { event: 'approvalRequest', params: { ...note(7, {}).params, title: 'Offsite' }, action: 'open' }),
      note(6, {}),
    ]);
    const bell = await screen.findByTestId('header-notifications');
    await user.click(bell);
    const panel = await screen.findByTestId('notification-panel');
    const items = await within(panel).findAllByTestId('notification-item');
    expect(within(items[0]!).getByTestId('notification-action-9')).toHaveTextContent('Done');
    expect(within(items[1]!).getByTestId('notification-action-8')).toHaveTextContent('No longer needed');
    expect(within(items[2]!).getByTestId('notification-action-7')).toHaveTextContent('To do');
    expect(within(items[3]!).queryByTestId('notification-action-6')).toBeNull();
    expect(items.map((item) => item.classList.contains('is-over'))).toEqual([true, true, false, false]);
    await user.keyboard('{Escape}');
    setLang('zh-CN');
    await waitFor(() => expect(within(panel).getByTestId('notification-action-9')).toHaveTextContent('已完成'));
    expect(within(panel).getByTestId('notification-action-8')).toHaveTextContent('已失效');
    expect(within(panel).getByTestId('notification-action-7')).toHaveTextContent('待处理');
  });
});
