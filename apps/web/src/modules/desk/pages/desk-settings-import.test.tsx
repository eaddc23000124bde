import type { Desk, DeskFloor, DeskImportReport } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const floor: DeskFloor = { floorId: 6, floorName: 'Floor 3', buildingId: 5, buildingName: 'Tower A', timeZone: 'Europe/London', deskCount: 1, neighbourhoods: [], map: null };
const desk = (number: string, id: number): Desk => ({
  id,
  floorId: 6,
  number,
  mode: 'bookable',
  equipment: [],
  neighbourhoodId: null,
  assignedUserId: null,
  assignedUserName: null,
  assignedDepartmentId: null,
  assignedDepartmentName: null,
  position: null,
  updatedAt: 1,
});
const menu = [makeEntry('workstations', '', [makeEntry('stationSetting', '/deskeeper-station-setting')])];

const report = (dryRun: boolean): DeskImportReport => ({
  dryRun,
  counts: { created: 1, updated: 0, unchanged: 1, refused: 1 },
  rows: [
    { sheet: 'Station numbers', row: 2, number: '3-A-01', result: 'unchanged', reasons: [] },
    { sheet: 'Station numbers', row: 3, number: '3-A-02', result: 'created', reasons: [] },
    { sheet: 'Station numbers', row: 4, number: 'Z-1', result: 'refused', reasons: ['No floor Floor 9 in building Tower A'] },
  ],
  neighbourhoodsCreated: ['Floor 3 / Window row'],
});

describe('desk settings page: spreadsheet import and export', () => {
  it('checks a file, shows the report with its counts and refused rows first, imports it and refreshes the desks', async () => {
    const user = userEvent.setup();
    let imported = false;
    const seen = stubApi({
      'GET /desk/floors': { result: [floor] },
      'GET /desk/list': () => ({ result: imported ? [desk('3-A-01', 101), desk('3-A-02', 102)] : [desk('3-A-01', 101)] }),
      'POST /desk/import': ({ query }) => {
        imported = query.get('dryRun') === 'false';
        return { result: report(query.get('dryRun') === 'true') };
      },
    });
    renderConsole({ path: '/deskeeper-station-setting', user: makeUser({ permissions: ['roomsLocations:view', 'roomsLocations:edit'] }), menu });
    // The page loads lazily: a busy machine may take a while the first time.
    expect(await screen.findByTestId('desk-export', {}, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByTestId('desk-import'));
    const input = (await screen.findByTestId('desk-import-file')).querySelector('input[type="file"]') ?? document.querySelector('input[type="file"]');
    await user.upload(input as HTMLInputElement, new File(['xlsx'], 'desks.xlsx'));
    await user.click(screen.getByTestId('desk-import-check'));

    const counts = await screen.findByTestId('desk-import-counts');
    expect(counts).toHaveTextContent('Checked: 1 to add, 0 to change, 1 unchanged, 1 refused');
    expect(screen.getByTestId('desk-import-neighbourhoods')).toHaveTextContent('Neighbourhoods to add, free for all: Floor 3 / Window row');
    const rows = within(screen.getByTestId('desk-import-report')).getAllByTestId(/^desk-import-row-/);
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual(['desk-import-row-refused', 'desk-import-row-unchanged', 'desk-import-row-created']);
    expect(rows[0]).toHaveTextContent('Z-1');
    expect(rows[0]).toHaveTextContent('No floor Floor 9 in building Tower A');
    expect(screen.queryByTestId('desk-row-102')).toBeNull();

    await user.click(screen.getByTestId('desk-import-run'));
    await waitFor(() => expect(screen.getByTestId('desk-import-counts')).toHaveTextContent('Imported: 1 added, 0 changed, 1 unchanged, 1 refused'));
    expect(await screen.findByTestId('desk-row-102')).toHaveTextContent('3-A-02');
    expect(seen.filter((request) => request.path === '/desk/import').map((request) => request.query.get('dryRun'))).toEqual(['true', 'false']);
  });

  it('offers readers the export only', async () => {
    stubApi({ 'GET /desk/floors': { result: [floor] }, 'GET /desk/list': { result: [desk('3-A-01', 101)] } });
    renderConsole({ path: '/deskeeper-station-setting', user: makeUser({ permissions: ['roomsLocations:view'] }), menu });
    expect(await screen.findByTestId('desk-export')).toBeInTheDocument();
    expect(screen.queryByTestId('desk-import')).toBeNull();
  });
});
