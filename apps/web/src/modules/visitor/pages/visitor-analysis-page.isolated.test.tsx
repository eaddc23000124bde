import type { VisitAnalysis } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

// jsdom draws no canvas: the charts show the option they were given.
vi.mock('../../../shared/charts/echart', () => ({
  EChart: ({ option, label, testId }: { option: { series: Array<{ data: unknown[] }> }; label: string; testId: string }) => (
    <div role="img" aria-label={label} data-testid={testId} data-series={JSON.stringify(option.series.map((series) => series.data))} />
  ),
}));

afterEach(() => {
  vi.restoreAllMocks();
});

const menu = [makeEntry('visitors', '', [makeEntry('guiderAnalysis', '/guider-analysis')])];
const analyst = makeUser({ permissions: ['overviewStats:view'] });
const counts = (visits: number, checkedIn = 0, cancelled = 0) => ({ visits, checkedIn, cancelled });

function analysis(overrides: Partial<VisitAnalysis> = {}): VisitAnalysis {
  return {
    from: '2026-11-24',
    to: '2026-11-25',
    totals: counts(9, 5, 1),
    kept: { visits: 5, stays: 2, averageStayMinutes: 60, due: 3, noShows: 1, noShowRate: 0.3333 },
    perDay: [
      { day: '2026-11-24', ...counts(5, 4) },
      { day: '2026-11-25', ...counts(4, 1, 1) },
    ],
    perReason: [
      { reason: 'Meeting', ...counts(7, 4) },
      { reason: 'Interview', ...counts(2, 1, 1) },
    ],
    perLocation: [
      { locationId: 2, name: 'Pudong Tower', buildingName: null, ...counts(6, 3) },
      { locationId: 3, name: 'Level 8', buildingName: 'Pudong Tower', ...counts(2, 2) },
      { locationId: 9, name: null, buildingName: null, ...counts(1, 0, 1) },
    ],
    peakHours: Array.from({ length: 24 }, (_, hour) => ({ hour, arrivals: hour === 23 ? 2 : hour === 0 ? 1 : 0 })),
    locations: [
      { id: 2, name: 'Pudong Tower', buildingName: null, timeZone: 'Asia/Shanghai' },
      { id: 3, name: 'Level 8', buildingName: 'Pudong Tower', timeZone: 'Asia/Shanghai' },
    ],
    ...overrides,
  };
}

describe('visitor analysis page', () => {
  it('asks for the last 30 days and shows the totals and the charts, then narrows to a location', async () => {
    const user = userEvent.setup();
    const seen = stubApi({ 'GET /visitor/analysis': { result: analysis() } });
    renderConsole({ path: '/guider-analysis', user: analyst, menu });
    expect(await screen.findByTestId('visit-analysis-visits')).toHaveTextContent('9');
    const first = seen.find((request) => request.path === '/visitor/analysis')!;
    expect([first.query.get('from'), first.query.get('to'), first.query.get('locationId')]).toEqual([dayjs().subtract(29, 'day').format('YYYY-MM-DD'), dayjs().format('YYYY-MM-DD'), null]);
    expect(screen.getByTestId('visit-analysis-checked-in')).toHaveTextContent('5');
    expect(screen.getByTestId('visit-analysis-stay')).toHaveTextContent('60min');
    expect(screen.getByTestId('visit-analysis-no-show')).toHaveTextContent('33.3%');
    // Four visits are counted from retention's daily totals only.
    expect(screen.getByTestId('visit-analysis-totals')).toHaveTextContent('4 older visits are counted from the daily totals');
    expect(JSON.parse(screen.getByTestId('visit-analysis-chart-perDay').dataset.series!)).toEqual([[5, 4], [4, 1]]);
    expect(JSON.parse(screen.getByTestId('visit-analysis-chart-peakHours').dataset.series!)[0]).toHaveLength(24);
    // Places most visited at the top of the bar chart: ECharts draws categories from the bottom.
    expect(JSON.parse(screen.getByTestId('visit-analysis-chart-perLocation').dataset.series!)[0]).toEqual([1, 2, 6]);
    expect(screen.queryByTestId('visit-analysis-empty')).toBeNull();

    await user.click(within(screen.getByTestId('visit-analysis-location')).getByRole('combobox'));
    await user.click(await screen.findByText('Pudong Tower / Level 8', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(seen.some((request) => request.path === '/visitor/analysis' && request.query.get('locationId') === '3')).toBe(true));
  });

  it('shows the empty state when there are no visits, in Chinese', async () => {
    setLang('zh-CN');
    stubApi({ 'GET /visitor/analysis': { result: analysis({ totals: counts(0), kept: { visits: 0, stays: 0, averageStayMinutes: null, due: 0, noShows: 0, noShowRate: null }, perReason: [], perLocation: [], peakHours: Array.from({ length: 24 }, (_, hour) => ({ hour, arrivals: 0 })) }) } });
    renderConsole({ path: '/guider-analysis', user: analyst, menu });
    expect(await screen.findByTestId('visit-analysis-empty')).toHaveTextContent('所选日期内没有来访');
    expect(screen.queryByTestId('visit-analysis-totals')).toBeNull();
    expect(screen.queryByTestId('visit-analysis-chart-perDay')).toBeNull();
  });
});
