import type { Desk, DeskFloor } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const floor: DeskFloor = {
  floorId: 6,
  floorName: 'Floor 3',
  buildingId: 5,
  buildingName: 'Tower A',
  timeZone: 'Europe/London',
  deskCount: 2,
  neighbourhoods: [{ id: 40, floorId: 6, name: 'Finance', color: '#13a8a8', departmentId: 9, departmentName: 'Finance team', deskCount: 1 }],
  map: null,
};
function desk(overrides: Partial<Desk> = {}): Desk {
  return {
    id: 101,
    floorId: 6,
    number: '3-A-01',
    mode: 'bookable',
    equipment: ['monitor', 'dockingStation'],
    neighbourhoodId: 40,
    assignedUserId: null,
    assignedUserName: null,
    assignedDepartmentId: null,
    assignedDepartmentName: null,
    position: null,
    updatedAt: 1,
    ...overrides,
  };
}
const menu = [makeEntry('workstations', '', [makeEntry('stationSetting', '/deskeeper-station-setting')])];
const editor = makeUser({ permissions: ['roomsLocations:view', 'roomsLocations:edit'] });

describe('desk settings page', () => {
  it("lists a floor's desks with their use, owner, neighbourhood and equipment, and deletes one after confirming", async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /desk/floors': { result: [floor] },
      'GET /desk/list': { result: [desk(), desk({ id: 102, number: '3-A-02', mode: 'assigned', assignedUserId: 7, assignedUserName: 'Olive Owner', neighbourhoodId: null, equipment: [] })] },
      'POST /desk/delete': { result: { count: 1 } },
    });
    renderConsole({ path: '/deskeeper-station-setting', user: editor, menu });
    const row = await screen.findByTestId('desk-row-101', {}, { timeout: 15_000 });
    expect(row).toHaveTextContent('Bookable');
    expect(row).toHaveTextContent('Finance');
    expect(row).toHaveTextContent('Docking station');
    const assigned = screen.getByTestId('desk-row-102');
    expect(within(assigned).getByTestId('desk-mode-102')).toHaveTextContent('Assigned');
    expect(assigned).toHaveTextContent('Olive Owner');
    expect(screen.getByTestId('desk-neighbourhoods')).toHaveTextContent('Finance · Finance team · 1 desk');
    expect(seen.find((request) => request.path === '/desk/list')?.query.get('floorId')).toBe('6');
    await user.click(within(row).getByTestId('desk-delete-101'));
    await user.click(await screen.findByTestId('desk-delete-confirm'));
    await waitFor(() => expect(seen.find((request) => request.path === '/desk/delete')?.body).toEqual({ ids: [101] }));
  });

  it('adds an assigned desk: the owner is required, then chosen among colleagues', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /desk/floors': { result: [floor] },
      'GET /desk/list': { result: [] },
      'GET /desk/owners': { result: { people: [{ id: 7, fullName: 'Olive Owner', email: null }], departments: [{ id: 9, name: 'Finance team' }] } },
      'POST /desk/save': { result: desk({ id: 103, number: '3-B-01', mode: 'assigned' }) },
    });
    renderConsole({ path: '/deskeeper-station-setting', user: editor, menu });
    await user.click(await screen.findByTestId('desk-add'));
    await user.type(screen.getByTestId('desk-number'), '3-B-01');
    await user.click(within(screen.getByTestId('desk-mode')).getByRole('combobox'));
    await user.click(await screen.findByText('Assigned', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByTestId('desk-save'));
    expect(await screen.findByText('Please choose who the desk belongs to')).toBeInTheDocument();
    await user.click(within(screen.getByTestId('desk-owner')).getByRole('combobox'));
    await user.click(await screen.findByText('Olive Owner', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByText('Standing desk'));
    await user.click(screen.getByTestId('desk-save'));
    await waitFor(() =>
      expect(seen.find((request) => request.path === '/desk/save')?.body).toEqual({
        floorId: 6,
        number: '3-B-01',
        mode: 'assigned',
        equipment: ['standingDesk'],
        neighbourhoodId: null,
        assignedUserId: 7,
        assignedDepartmentId: null,
      }),
    );
  });

  it('shows readers the desks without the buttons, in Chinese', async () => {
    setLang('zh-CN');
    stubApi({ 'GET /desk/floors': { result: [floor] }, 'GET /desk/list': { result: [desk({ mode: 'drop_in' })] } });
    renderConsole({ path: '/deskeeper-station-setting', user: makeUser({ permissions: ['roomsLocations:view'] }), menu });
    const row = await screen.findByTestId('desk-row-101');
    expect(within(row).getByTestId('desk-mode-101')).toHaveTextContent('随到随用');
    expect(row).toHaveTextContent('扩展坞');
    expect(screen.queryByTestId('desk-add')).toBeNull();
    expect(within(row).queryByTestId('desk-delete-101')).toBeNull();

    // Readers print a desk's QR code: the server's PNG, saved under the name it gives.
    const fetchStub = vi.mocked(globalThis.fetch);
    const answerJson = fetchStub.getMockImplementation()!;
    const asked: string[] = [];
    fetchStub.mockImplementation(async (input, init) => {
      if (!String(input).startsWith('/api/desk/qr')) return answerJson(input, init);
      asked.push(String(input));
      return new Response(new Uint8Array([137, 80, 78, 71]), { status: 200, headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="desk-3-A-01-qr.png"' } });
    });
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:qr'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await userEvent.setup().click(within(row).getByRole('button', { name: '工位 3-A-01 的二维码（可打印）' }));
    await waitFor(() => expect(saved).toEqual(['desk-3-A-01-qr.png']));
    expect(asked).toEqual(['/api/desk/qr?deskId=101']);

    // And the whole floor's codes at once, as the server's PDF.
    fetchStub.mockImplementation(async (input, init) => {
      if (!String(input).startsWith('/api/desk/qr-sheet')) return answerJson(input, init);
      asked.push(String(input));
      return new Response(new Uint8Array([37, 80, 68, 70]), { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="desks-6-qr.pdf"' } });
    });
    await userEvent.setup().click(screen.getByTestId('desk-qr-sheet'));
    await waitFor(() => expect(saved).toEqual(['desk-3-A-01-qr.png', 'desks-6-qr.pdf']));
    expect(asked.at(-1)).toBe('/api/desk/qr-sheet?floorId=6');
    expect(screen.getByTestId('desk-qr-sheet')).toHaveTextContent('全部工位二维码 (PDF)');
  });
});
