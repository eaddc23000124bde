import type { RepairReport, RepairReportDetail } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const NOW = Date.now();
function report(overrides: Partial<RepairReport> = {}): RepairReport {
  return {
    id: 7,
    target: { kind: 'desk', id: 101, name: 'A-12', place: 'London / Riverside House / Floor 1' },
    title: 'Monitor is broken',
    description: 'No picture at all',
    blocksUse: true,
    status: 'open',
    reportedBy: { id: 3, name: 'Bo Booker' },
    assignee: null,
    createdAt: NOW - 3_600_000,
    updatedAt: NOW - 3_600_000,
    resolvedAt: null,
    photoIds: [],
    ...overrides,
  };
}
const detail = (overrides: Partial<RepairReportDetail> = {}): RepairReportDetail => ({
  ...report(),
  events: [{ at: NOW - 3_600_000, status: 'open', note: 'No picture at all', byName: 'Bo Booker' }],
  moves: [
    { reservationId: 50, startAt: NOW + 86_400_000, endAt: NOW + 90_000_000, personName: 'Bo Booker', fromName: 'A-12', toName: 'A-14', at: NOW - 3_600_000 },
    { reservationId: 51, startAt: NOW + 2 * 86_400_000, endAt: NOW + 2 * 86_400_000 + 3_600_000, personName: 'Fay Finance', fromName: 'A-12', toName: null, at: NOW - 3_600_000 },
  ],
  ...overrides,
});
const page = (list: RepairReport[]) => ({ result: { list, total: list.length, page: 1, pageSize: 15 } });
const menu = [makeEntry('desks', '', [makeEntry('deskeeperRepair', '/deskeeper-repair')])];

describe('repair centre page', () => {
  it('lists reports, opens one with the bookings it moved, and resolves it with a note', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /repair/reports': page([report(), report({ id: 8, title: 'Chair squeaks', blocksUse: false, status: 'resolved' })]),
      'GET /repair/report': { result: detail() },
      'POST /repair/report/status': { result: detail({ status: 'resolved' }) },
    });
    renderConsole({ path: '/deskeeper-repair', user: makeUser({ permissions: ['events:view', 'events:edit'] }), menu });
    const row = await screen.findByTestId('repair-row-7');
    expect(row).toHaveTextContent('Desk A-12');
    expect(row).toHaveTextContent('Out of use');
    expect(within(screen.getByTestId('repair-row-8')).getByTestId('repair-status-8')).toHaveTextContent('Resolved');
    await user.click(within(row).getByTestId('repair-open-7'));
    const moves = await screen.findByTestId('repair-moves');
    expect(moves).toHaveTextContent('Bo Booker');
    expect(moves).toHaveTextContent('A-12 → A-14');
    expect(moves).toHaveTextContent('Fay Finance');
    expect(moves).toHaveTextContent('cancelled');
    await user.type(screen.getByTestId('repair-note'), 'New monitor fitted');
    await user.click(screen.getByTestId('repair-resolve'));
    await waitFor(() => expect(seen.find((request) => request.path === '/repair/report/status')?.body).toEqual({ id: 7, status: 'resolved', note: 'New monitor fitted' }));
  });

  it('files a report about a chosen room, and only an editor may take it out of use; in Chinese', async () => {
    setLang('zh-CN');
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /repair/reports': page([]),
      'GET /repair/targets': { result: [{ kind: 'room', id: 31, name: 'Orangerie', place: 'Paris / Tower A / Floor 3' }] },
      'POST /repair/report': { result: detail({ moves: [] }) },
    });
    renderConsole({ path: '/deskeeper-repair', user: makeUser({ permissions: ['events:view'] }), menu });
    await user.click(await screen.findByTestId('repair-new'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByTestId('repair-report-blocks')).toBeNull();
    await user.click(within(screen.getByTestId('repair-report-target-select')).getByRole('combobox'));
    await user.click(await screen.findByText('会议室 Orangerie · Paris / Tower A / Floor 3', { selector: '.ant-select-item-option-content' }));
    await user.type(screen.getByTestId('repair-report-title'), '投影仪冒烟');
    await user.click(screen.getByTestId('repair-report-submit'));
    await waitFor(() =>
      expect(seen.find((request) => request.path === '/repair/report')?.body).toEqual({ kind: 'room', targetId: 31, title: '投影仪冒烟', description: null, blocksUse: false }),
    );
  });
});
