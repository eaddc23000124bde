import type { DeskOverview } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';
import { monitoringFloors, noFigures } from './desk-monitoring.fixtures';

// jsdom draws no canvas: the charts show the option they were given.
vi.mock('../../../shared/charts/echart', () => ({
  EChart: ({ option, label, testId }: { option: { series: Array<{ data: unknown[] }> }; label: string; testId: string }) => (
    <div role="img" aria-label={label} data-testid={testId} data-series={JSON.stringify(option.series.map((series) => series.data))} />
  ),
}));

/** The files the page saved: the browser's download link clicked, with its name. */
const saved: string[] = [];
beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:desks'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) saved.push(this.download);
  });
});

afterEach(() => {
  saved.length = 0;
  vi.restoreAllMocks();
});

const menu = [makeEntry('desks', '', [makeEntry('deskeeperOverview', '/deskeeper-overview')])];
const analyst = makeUser({ permissions: ['overviewStats:view'] });
const weekday = (day: number, figures: Partial<typeof noFigures>) => ({ weekday: day, days: 4, ...noFigures, ...figures });

const overview: DeskOverview = {
  from: '2026-11-02',
  to: '2026-11-29',
  floors: monitoringFloors,
  desks: 3,
  workingDays: 20,
  totals: { bookableHours: 600, bookedHours: 128, utilisation: 0.2133, bookings: 32, due: 28, checkedIn: 8, noShows: 4, checkInRate: 0.2857, noShowRate: 0.1429 },
  byNeighbourhood: [
    { neighbourhoodId: 5, name: 'Quiet', color: '#225588', floorName: 'Level 3', desks: 2, ...noFigures, bookableHours: 400, bookedHours: 68, utilisation: 0.17 },
    { neighbourhoodId: null, name: null, color: null, floorName: null, desks: 1, ...noFigures, bookableHours: 200, bookedHours: 60, utilisation: 0.3 },
  ],
  byWeekday: [
    weekday(1, { utilisation: 0.5, bookings: 16, checkedIn: 4, noShows: 4 }),
    weekday(2, { utilisation: 0.5667, bookings: 12, checkedIn: 4 }),
    weekday(3, { utilisation: 0 }),
    weekday(4, { utilisation: 0 }),
    weekday(5, { utilisation: 0 }),
    weekday(6, { bookings: 4 }),
    weekday(7, {}),
  ],
};

describe('desk overview page', () => {
  it('asks for the last four weeks, shows utilisation and the rates with the charts, and exports the figures of the floor chosen', async () => {
    const user = userEvent.setup();
    const seen = stubApi({ 'GET /desk/monitoring/overview': { result: overview } });
    const fetchStub = vi.mocked(globalThis.fetch);
    const answerJson = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (input, init) => {
      if (String(input).startsWith('/api/desk/monitoring/overview/export')) {
        seen.push({ method: init?.method ?? 'GET', path: '/desk/monitoring/overview/export', query: new URLSearchParams(), body: JSON.parse(String(init?.body)), headers: {} });
        return new Response('xlsx', { status: 200, headers: { 'content-disposition': 'attachment; filename="desk-overview-2026-11-02-2026-11-29.xlsx"' } });
      }
      return answerJson(input, init);
    });
    renderConsole({ path: '/deskeeper-overview', user: analyst, menu });
    expect(await screen.findByTestId('desk-overview-utilisation')).toHaveTextContent('21.3%');
    const first = seen.find((request) => request.path === '/desk/monitoring/overview')!;
    expect([first.query.get('from'), first.query.get('to'), first.query.get('floorId')]).toEqual([dayjs().subtract(27, 'day').format('YYYY-MM-DD'), dayjs().format('YYYY-MM-DD'), null]);
    expect(screen.getByTestId('desk-overview-hours')).toHaveTextContent('128 of 600 h');
    expect(screen.getByTestId('desk-overview-bookings')).toHaveTextContent('32');
    expect(screen.getByTestId('desk-overview-check-in-rate')).toHaveTextContent('28.6%');
    expect(screen.getByTestId('desk-overview-no-show-rate')).toHaveTextContent('14.3%');
    expect(screen.getByTestId('desk-overview-totals')).toHaveTextContent('20 working days, 3 desks in use. Utilisation:');
    // Percentages per weekday, Monday first; neighbourhoods from the top (ECharts draws from the bottom).
    expect(JSON.parse(screen.getByTestId('desk-overview-chart-byWeekday').dataset.series!)).toEqual([[50, 56.7, 0, 0, 0, null, null]]);
    expect(JSON.parse(screen.getByTestId('desk-overview-chart-byNeighbourhood').dataset.series!)).toEqual([[30, 17]]);
    expect(JSON.parse(screen.getByTestId('desk-overview-chart-attendance').dataset.series!)).toEqual([
      [16, 12, 0, 0, 0, 4, 0],
      [4, 4, 0, 0, 0, 0, 0],
      [4, 0, 0, 0, 0, 0, 0],
    ]);

    await user.click(within(screen.getByTestId('desk-overview-floor')).getByRole('combobox'));
    await user.click(await screen.findByText('Harbour House · Level 3', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(seen.some((request) => request.path === '/desk/monitoring/overview' && request.query.get('floorId') === '3')).toBe(true));
    await user.click(screen.getByTestId('desk-overview-export'));
    await waitFor(() => expect(saved).toEqual(['desk-overview-2026-11-02-2026-11-29.xlsx']));
    const exported = seen.find((request) => request.path === '/desk/monitoring/overview/export')!;
    expect([exported.method, exported.body]).toEqual(['POST', { from: first.query.get('from'), to: first.query.get('to'), floorId: 3 }]);
  });

  it('says so when the floors have no desk, in Chinese', async () => {
    setLang('zh-CN');
    stubApi({ 'GET /desk/monitoring/overview': { result: { ...overview, desks: 0, byNeighbourhood: [] } } });
    renderConsole({ path: '/deskeeper-overview', user: analyst, menu });
    expect(await screen.findByTestId('desk-overview-empty')).toHaveTextContent('所选楼层没有工位');
    expect(screen.queryByTestId('desk-overview-totals')).toBeNull();
  });
});
