import type { SmartAnalysis } from '@atrium/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

// jsdom draws no canvas: the chart shows the option it was given.
vi.mock('../../../shared/charts/echart', () => ({
  EChart: ({ option, label, testId }: { option: { series: Array<{ data: unknown[] }> }; label: string; testId: string }) => (
    <div role="img" aria-label={label} data-testid={testId} data-series={JSON.stringify(option.series.map((series) => series.data))} />
  ),
}));

afterEach(() => {
  vi.restoreAllMocks();
});

const ANALYSIS: SmartAnalysis = {
  from: 0,
  to: 1,
  rooms: [
    {
      roomId: 7,
      name: 'Kew',
      path: 'London / Riverside House',
      capacity: 8,
      hasSensors: true,
      bookedMinutes: 600,
      occupiedMinutes: 300,
      occupiedBookedMinutes: 240,
      ghostMeetings: 2,
      releasedMeetings: 1,
      energyMinutes: { light: 90, air_conditioner: 30 },
      devices: 4,
      devicesOnline: 3,
      alarms: 1,
    },
    { roomId: 8, name: 'Annex', path: 'London / Riverside House', capacity: 4, hasSensors: false, bookedMinutes: 60, occupiedMinutes: 0, occupiedBookedMinutes: 0, ghostMeetings: 0, releasedMeetings: 0, energyMinutes: {}, devices: 1, devicesOnline: 1, alarms: 0 },
  ],
};

describe('smart analysis page', () => {
  it("shows each room's booked and occupied hours, how much booked time was used, ghosts, energy and health", async () => {
    const seen = stubApi({ 'GET /smart/analysis': { result: ANALYSIS } });
    renderConsole({ path: '/smart-analysis', user: makeUser({ permissions: ['overviewStats:view'] }), menu: [makeEntry('smart', '', [makeEntry('smartAnalysis', '/smart-analysis')])] });
    const table = await screen.findByTestId('smart-analysis-table');
    await waitFor(() => expect(table).toHaveTextContent('Kew'));
    const kew = table.querySelector('tr[data-row-key="7"]')!;
    // 600 booked minutes: 10 h; 300 occupied: 5 h; 240 of 600 used: 40 %; lights and AC on for 2 h; 3 of 4 online.
    for (const text of ['10', '5', '40%', '2', '3 of 4']) expect(kew).toHaveTextContent(text);
    // A room without presence sensors cannot tell occupancy.
    expect(table.querySelector('tr[data-row-key="8"]')).toHaveTextContent('—');
    const request = seen.find((entry) => entry.path === '/smart/analysis')!;
    const days = (Number(request.query.get('to')) - Number(request.query.get('from'))) / 86_400_000;
    expect(Math.round(days)).toBe(7);
    expect(screen.getByTestId('smart-analysis-export')).toBeEnabled();
    // Booked and occupied hours per room, in the table's order.
    expect(JSON.parse(screen.getByTestId('smart-analysis-chart').dataset.series!)).toEqual([
      [10, 1],
      [5, 0],
    ]);
  });
});
