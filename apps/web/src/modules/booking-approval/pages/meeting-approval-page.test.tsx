import type { ApprovalItem } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const HOUR = 3_600_000;
// 24 November 2026, 10:00 UTC: 10:00 in London, 18:00 in Shanghai.
const START = Date.UTC(2026, 10, 24, 10, 0);

function item(overrides: Partial<ApprovalItem> = {}): ApprovalItem {
  return {
    id: 7,
    roomId: 3,
    roomName: 'Boardroom',
    timeZone: 'Asia/Shanghai',
    title: 'Board meeting',
    hostUserId: 2,
    hostName: 'Hannah Host',
    startAt: START,
    endAt: START + HOUR,
    status: 'pending',
    privacy: 'public',
    channel: 'console',
    remarks: null,
    participants: [],
    visible: true,
    canEdit: false,
    createdAt: START - 2 * HOUR,
    updatedAt: START - 2 * HOUR,
    seriesId: null,
    occurrenceDate: null,
    isException: false,
    noticeMinutes: null,
    reminderMinutes: null,
    checkedInAt: null,
    checkInChannel: null,
    checkIn: null,
    bookedByName: null,
    endedEarlyAt: null,
    bookedEndAt: null,
    noShowAt: null,
    approvalDeadlineAt: START - HOUR,
    decidedAt: null,
    decidedByName: null,
    decisionReason: null,
    locationPath: 'China / Shanghai / Tower / 8F',
    requesterName: 'Hannah Host',
    canDecide: false,
    canWithdraw: false,
    ...overrides,
  };
}

const page = (list: ApprovalItem[]) => ({ result: { list, total: list.length, page: 1, pageSize: 15 } });
const menu = [makeEntry('tools', '', [makeEntry('meetingApproval', '/meeting-approval')])];

describe('meeting approval page', () => {
  it("shows the host's requests in the room's local time and withdraws one after confirming", async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /meeting/approval/list': page([item({ canWithdraw: true })]),
      'POST /meeting/approval/withdraw': { result: { ids: [7], status: 'cancelled' } },
    });
    renderConsole({ path: '/meeting-approval', user: makeUser({ permissions: ['calendarRoomUse:view'] }), menu });
    const row = await screen.findByTestId('approval-row-7');
    expect(row).toHaveTextContent('Board meeting');
    expect(row).toHaveTextContent('China / Shanghai / Tower / 8F');
    // Shanghai is UTC+8: the meeting and the deadline in the room's zone.
    expect(row).toHaveTextContent('2026-11-24 18:00–19:00');
    expect(row).toHaveTextContent('Asia/Shanghai');
    expect(row).toHaveTextContent('2026-11-24 17:00');
    expect(within(row).getByTestId('approval-status-7')).toHaveTextContent('Under approval');
    // No approver tab, no decision buttons, no deadline setting for a plain booker.
    expect(screen.queryByTestId('tab-approver')).toBeNull();
    expect(screen.queryByTestId('approve-7')).toBeNull();
    expect(screen.queryByTestId('approval-settings')).toBeNull();
    expect(seen.find((request) => request.path === '/meeting/approval/list')!.query.get('tab')).toBe('initiated');

    await user.click(within(row).getByTestId('withdraw-7'));
    await user.click(await screen.findByTestId('withdraw-confirm'));
    await waitFor(() => expect(seen.some((request) => request.path === '/meeting/approval/withdraw')).toBe(true));
    expect(seen.find((request) => request.path === '/meeting/approval/withdraw')!.body).toEqual({ id: 7 });
  });

  it('searches the list by keyword', async () => {
    const user = userEvent.setup();
    const seen = stubApi({ 'GET /meeting/approval/list': page([item()]) });
    renderConsole({ path: '/meeting-approval', user: makeUser({ permissions: ['calendarRoomUse:view'] }), menu });
    await screen.findByTestId('approval-row-7');
    await user.type(screen.getByPlaceholderText('Search room, requester or title'), 'board');
    await waitFor(() => expect(seen.some((request) => request.path === '/meeting/approval/list' && request.query.get('keyword') === 'board')).toBe(true));
  });

  it('lets an approver approve, and reject only with a reason', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /meeting/approval/list': ({ query }) =>
        query.get('tab') === 'toDecide' ? page([item({ canDecide: true }), item({ id: 8, title: 'Sales review', canDecide: true })]) : page([]),
      'POST /meeting/approval/approve': { result: { ids: [7], status: 'confirmed' } },
      'POST /meeting/approval/reject': { result: { ids: [8], status: 'rejected' } },
      'GET /meeting/approval/settings': { result: { deadlineHours: 24 } },
    });
    renderConsole({ path: '/meeting-approval', user: makeUser({ permissions: ['calendarRoomUse:view', 'events:view'] }), menu });
    await user.click(await screen.findByTestId('tab-approver'));
    const row = await screen.findByTestId('approval-row-7');
    expect(row).toHaveTextContent('Hannah Host');
    await user.click(within(row).getByTestId('approve-7'));
    await waitFor(() => expect(seen.find((request) => request.path === '/meeting/approval/approve')?.body).toEqual({ id: 7, scope: 'one' }));

    await user.click(within(screen.getByTestId('approval-row-8')).getByTestId('reject-8'));
    // Rejecting has no undo: the dialog says so before anything is sent.
    expect(await screen.findByTestId('decision-irreversible')).toHaveTextContent('The host is told at once and the room is freed; a rejection cannot be undone.');
    await user.click(await screen.findByTestId('decision-submit'));
    expect(await screen.findByText('Please enter the reason for rejecting')).toBeInTheDocument();
    expect(seen.some((request) => request.path === '/meeting/approval/reject')).toBe(false);
    await user.type(screen.getByTestId('reject-reason'), 'The board needs it');
    await user.click(screen.getByTestId('decision-submit'));
    await waitFor(() => expect(seen.find((request) => request.path === '/meeting/approval/reject')?.body).toEqual({ id: 8, scope: 'one', reason: 'The board needs it' }));
    // Approvers without booking-settings rights do not see the deadline card.
    expect(screen.queryByTestId('approval-settings')).toBeNull();
  });

  it('speaks Chinese and shows administrators the deadline setting, which they change', async () => {
    setLang('zh-CN');
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /meeting/approval/list': page([item({ status: 'rejected', decidedByName: 'Alex Approver', decisionReason: '时间冲突' })]),
      'GET /meeting/approval/settings': { result: { deadlineHours: 24 } },
      'PUT /meeting/approval/settings': { result: { deadlineHours: 168 } },
    });
    renderConsole({ path: '/meeting-approval', user: makeUser({ permissions: ['calendarRoomUse:view', 'events:view', 'reservationScreens:edit'] }), menu });
    const row = await screen.findByTestId('approval-row-7');
    expect(within(row).getByTestId('approval-status-7')).toHaveTextContent('已驳回');
    expect(row).toHaveTextContent('时间冲突');
    expect(screen.getByTestId('tab-initiated')).toHaveTextContent('我发起的');
    expect(screen.getByTestId('tab-approver')).toHaveTextContent('我审批的');
    const settings = screen.getByTestId('approval-settings');
    expect(settings).toHaveTextContent('审批截止时间');
    await waitFor(() => expect(settings).toHaveTextContent('24 小时'));
    await user.click(within(settings).getByRole('combobox'));
    await user.click(await screen.findByTitle('7 天'));
    await waitFor(() => expect(seen.find((request) => request.method === 'PUT')?.body).toEqual({ deadlineHours: 168 }));
  });
});
