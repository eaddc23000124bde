import type { DeskStation, DeskStations } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';
import { monitoringFloors, noFigures } from './desk-monitoring.fixtures';

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

const menu = [makeEntry('desks', '', [makeEntry('stationMonitoring', '/deskeeper-station-monitoring')])];
const planner = makeUser({ permissions: ['roomsLocations:view'] });

const desk = (deskId: number, number: string, figures: Partial<DeskStation>): DeskStation => ({
  deskId,
  number,
  mode: 'bookable',
  floorId: 3,
  floorName: 'Level 3',
  buildingName: 'Harbour House',
  neighbourhoodName: 'Quiet',
  lastUsedAt: null,
  timeZone: 'America/New_York',
  ...noFigures,
  ...figures,
});

const stations: DeskStations = {
  from: '2026-11-02',
  to: '2026-11-29',
  floors: monitoringFloors,
  desks: [
    desk(11, 'O-1', { neighbourhoodName: null, bookings: 2, bookedHours: 15, bookableHours: 50, utilisation: 0.3, checkedIn: 1, lastUsedAt: Date.parse('2026-11-24T08:00:00-05:00') }),
    desk(12, 'Q-1', { bookings: 3, bookedHours: 15, bookableHours: 50, utilisation: 0.3, checkedIn: 1 }),
    desk(13, 'Q-2', { bookings: 3, bookedHours: 2, bookableHours: 50, utilisation: 0.04, noShows: 1 }),
    desk(14, 'X-9', { mode: 'unavailable' }),
  ],
};

const numbers = () => within(screen.getByTestId('desk-stations-table')).getAllByRole('row').slice(1).map((row) => row.querySelector('td')?.textContent);

describe('desk monitoring page', () => {
  it("lists each desk's figures, most used first, sorts by a column and exports the period", async () => {
    const user = userEvent.setup();
    const seen = stubApi({ 'GET /desk/monitoring/desks': { result: stations } });
    const fetchStub = vi.mocked(globalThis.fetch);
    const answerJson = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (input, init) => {
      if (String(input).startsWith('/api/desk/monitoring/desks/export')) {
        seen.push({ method: init?.method ?? 'GET', path: '/desk/monitoring/desks/export', query: new URLSearchParams(), body: JSON.parse(String(init?.body)), headers: {} });
        return new Response('xlsx', { status: 200, headers: { 'content-disposition': 'attachment; filename="desk-stations-2026-11-02-2026-11-29.xlsx"' } });
      }
      return answerJson(input, init);
    });
    renderConsole({ path: '/deskeeper-station-monitoring', user: planner, menu });
    const o1 = await screen.findByTestId('desk-stations-row-11');
    expect(o1).toHaveTextContent('30.0%');
    expect(o1).toHaveTextContent('2026-11-24 08:00');
    expect(screen.getByTestId('desk-stations-row-13')).toHaveTextContent('4.0%');
    expect(screen.getByTestId('desk-stations-row-12')).toHaveTextContent('Never');
    expect(screen.getByTestId('desk-stations-row-14')).toHaveTextContent('Unavailable');
    // Utilisation, highest first; a desk out of use (no share) last.
    expect(numbers()).toEqual(['O-1', 'Q-1', 'Q-2', 'X-9 Unavailable']);
    await user.click(within(screen.getByTestId('desk-stations-table')).getByText('No-shows', { selector: 'th *' }));
    await waitFor(() => expect(numbers()[3]).toBe('Q-2'));

    await user.click(screen.getByTestId('desk-stations-export'));
    await waitFor(() => expect(saved).toEqual(['desk-stations-2026-11-02-2026-11-29.xlsx']));
    const request = seen.find((entry) => entry.path === '/desk/monitoring/desks')!;
    const exported = seen.find((entry) => entry.path === '/desk/monitoring/desks/export')!;
    expect(exported.body).toEqual({ from: request.query.get('from'), to: request.query.get('to') });
  });

  it('shows the server refusing the export, in Chinese', async () => {
    setLang('zh-CN');
    stubApi({ 'GET /desk/monitoring/desks': { result: stations }, 'POST /desk/monitoring/desks/export': { status: 400, returncode: 400, message: '日期范围不能超过一年' } });
    const user = userEvent.setup();
    renderConsole({ path: '/deskeeper-station-monitoring', user: planner, menu });
    await screen.findByTestId('desk-stations-row-11');
    expect(within(screen.getByTestId('desk-stations-table')).getByText('最近使用', { selector: 'th *' })).toBeInTheDocument();
    await user.click(screen.getByTestId('desk-stations-export'));
    expect(await screen.findByText('日期范围不能超过一年')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
