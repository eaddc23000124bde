import type { Desk, DeskFloor } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
  neighbourhoods: [],
  map: { contentType: 'image/svg+xml', size: 2048, width: 1000, height: 500, updatedAt: 77 },
};
function desk(overrides: Partial<Desk> = {}): Desk {
  return {
    id: 101,
    floorId: 6,
    number: '3-A-01',
    mode: 'bookable',
    equipment: [],
    neighbourhoodId: null,
    assignedUserId: null,
    assignedUserName: null,
    assignedDepartmentId: null,
    assignedDepartmentName: null,
    position: { x: 100, y: 50, width: 60, height: 40, rotation: 0 },
    updatedAt: 1,
    ...overrides,
  };
}
const menu = [makeEntry('desks', '', [makeEntry('deskeeperConfiguration', '/deskeeper-configuration')])];
const editor = makeUser({ permissions: ['roomsLocations:view', 'roomsLocations:edit'] });
const placeBody = (seen: ReturnType<typeof stubApi>) => seen.find((request) => request.path === '/desk/place')?.body;

describe('floor map editor', () => {
  it('draws the plan under the desks; arrow keys move a desk, Delete takes one off the map, a desk not on it is placed; Save sends all at once', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /desk/floors': { result: [floor] },
      'GET /desk/rooms': { result: [] },
      'GET /desk/list': { result: [desk(), desk({ id: 102, number: '3-A-02', position: { x: 300, y: 50, width: 60, height: 40, rotation: 90 } }), desk({ id: 103, number: '3-A-03', position: null })] },
      'POST /desk/place': { result: [] },
    });
    renderConsole({ path: '/deskeeper-configuration', user: editor, menu });
    const first = await screen.findByTestId('desk-editor-101');
    expect(screen.getByTestId('desk-editor-plan')).toHaveAttribute('href', '/api/desk/floor-map?floorId=6&v=77');
    expect(screen.getByTestId('desk-editor-map')).toHaveAttribute('viewBox', '0 0 1000 500');
    expect(screen.getByTestId('desk-map-save')).toBeDisabled();

    first.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}{Shift>}{ArrowLeft}{/Shift}');
    expect(first).toHaveAttribute('data-x', '119');
    expect(first).toHaveAttribute('data-y', '60');

    screen.getByTestId('desk-editor-102').focus();
    fireEvent.pointerDown(screen.getByTestId('desk-editor-102'));
    await user.keyboard('{Delete}');
    expect(screen.queryByTestId('desk-editor-102')).toBeNull();
    expect(within(screen.getByTestId('desk-editor-unplaced')).getByText('3-A-02')).toBeInTheDocument();

    await user.click(screen.getByTestId('desk-editor-place-103'));
    expect(screen.getByTestId('desk-editor-103')).toBeInTheDocument();
    expect(screen.getByTestId('desk-map-changes')).toHaveTextContent('3 places changed, not saved yet');

    await user.click(screen.getByTestId('desk-map-save'));
    await waitFor(() => expect(placeBody(seen)).toBeDefined());
    const { places } = placeBody(seen) as { places: Array<{ id: number; position: unknown }> };
    expect(places.find((p) => p.id === 101)?.position).toEqual({ x: 119, y: 60, width: 60, height: 40, rotation: 0 });
    expect(places.find((p) => p.id === 102)?.position).toBeNull();
    expect(places.find((p) => p.id === 103)?.position).toEqual({ x: expect.any(Number), y: expect.any(Number), width: 50, height: 31.3, rotation: 0 });
    await waitFor(() => expect(screen.getByTestId('desk-map-save')).toBeDisabled());
  });

  it('moves a desk by dragging it, turns it by its handle and the turn button, and keeps it on the plan', async () => {
    const user = userEvent.setup();
    const seen = stubApi({ 'GET /desk/floors': { result: [floor] }, 'GET /desk/rooms': { result: [] }, 'GET /desk/list': { result: [desk()] }, 'POST /desk/place': { result: [] } });
    renderConsole({ path: '/deskeeper-configuration', user: editor, menu });
    const target = await screen.findByTestId('desk-editor-101');
    const map = screen.getByTestId('desk-editor-map');
    // jsdom lays nothing out: the map's box is 0 wide, so a pixel is one of the map's units.
    fireEvent.pointerDown(target, { clientX: 130, clientY: 70, pointerId: 1 });
    fireEvent.pointerMove(map, { clientX: 180, clientY: 95, pointerId: 1 });
    fireEvent.pointerUp(map, { pointerId: 1 });
    expect([target.getAttribute('data-x'), target.getAttribute('data-y')]).toEqual(['150', '75']);
    // Dragged past the plan's edge, it stops at the edge.
    fireEvent.pointerDown(target, { clientX: 180, clientY: 95, pointerId: 1 });
    fireEvent.pointerMove(map, { clientX: 5000, clientY: 95, pointerId: 1 });
    fireEvent.pointerUp(map, { pointerId: 1 });
    expect(target.getAttribute('data-x')).toBe('940');
    // The round handle above the desk: pointing right of the centre is a quarter turn.
    const centre = { x: 940 + 30, y: 75 + 20 };
    fireEvent.pointerDown(screen.getByTestId('desk-editor-rotate'), { clientX: centre.x, clientY: centre.y - 40, pointerId: 1 });
    fireEvent.pointerMove(map, { clientX: centre.x + 80, clientY: centre.y + 2, pointerId: 1 });
    fireEvent.pointerUp(map, { pointerId: 1 });
    expect(target.getAttribute('data-rotation')).toBe('90');
    await user.click(screen.getByTestId('desk-editor-turn'));
    expect(target.getAttribute('data-rotation')).toBe('180');
    await user.click(screen.getByTestId('desk-map-save'));
    await waitFor(() => expect(placeBody(seen)).toEqual({ floorId: 6, places: [{ id: 101, kind: 'desk', position: { x: 940, y: 75, width: 60, height: 40, rotation: 180 } }] }));
  });

  it('lists the rooms not on the map beside the desks, places one larger with its name, moves it like a desk, and saves it as a room', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /desk/floors': { result: [floor] },
      'GET /desk/list': { result: [desk()] },
      'GET /desk/rooms': {
        result: [
          { id: 201, floorId: 6, name: 'Boardroom', seats: 12, position: null },
          { id: 202, floorId: 6, name: 'Huddle', seats: 4, position: { x: 500, y: 300, width: 150, height: 90, rotation: 0 } },
        ],
      },
      'POST /desk/place': { result: [] },
    });
    renderConsole({ path: '/deskeeper-configuration', user: editor, menu });
    const huddle = await screen.findByTestId('desk-editor-202');
    expect(huddle).toHaveAttribute('data-kind', 'room');
    expect(huddle).toHaveClass('is-room');
    expect(huddle).toHaveAccessibleName('Room Huddle');
    expect(huddle).toHaveTextContent('Huddle');
    expect(within(screen.getByTestId('desk-editor-unplaced')).getByText('Every desk of this floor is on the map.')).toBeInTheDocument();
    const rooms = screen.getByTestId('desk-editor-unplaced-rooms');
    expect(within(rooms).getByText('Boardroom')).toBeInTheDocument();

    await user.click(within(rooms).getByRole('button', { name: 'Place room Boardroom on the map' }));
    const boardroom = screen.getByTestId('desk-editor-201');
    // A room's size: an eighth of the plan's width by a twelfth.
    expect(boardroom.querySelector('rect')).toHaveAttribute('width', '125');
    expect(within(screen.getByTestId('desk-editor-unplaced-rooms')).getByText('Every room of this floor is on the map.')).toBeInTheDocument();
    expect(screen.getByTestId('desk-editor-controls')).toHaveTextContent('Room Boardroom');

    const map = screen.getByTestId('desk-editor-map');
    fireEvent.pointerDown(huddle, { clientX: 550, clientY: 320, pointerId: 1 });
    fireEvent.pointerMove(map, { clientX: 560, clientY: 300, pointerId: 1 });
    fireEvent.pointerUp(map, { pointerId: 1 });
    expect([huddle.getAttribute('data-x'), huddle.getAttribute('data-y')]).toEqual(['510', '280']);
    await user.click(screen.getByTestId('desk-editor-turn'));
    expect(huddle.getAttribute('data-rotation')).toBe('90');

    await user.click(screen.getByTestId('desk-map-save'));
    await waitFor(() => expect(placeBody(seen)).toBeDefined());
    const body = placeBody(seen) as { floorId: number; places: Array<{ id: number; kind: string; position: unknown }> };
    expect(body.floorId).toBe(6);
    expect(body.places.map((p) => [p.id, p.kind])).toEqual([
      [201, 'room'],
      [202, 'room'],
    ]);
    expect(body.places[1]!.position).toEqual({ x: 510, y: 280, width: 150, height: 90, rotation: 90 });
  });

  it('asks before a floor with unsaved changes is left, and keeps the changes when told to', async () => {
    const user = userEvent.setup();
    const other: DeskFloor = { ...floor, floorId: 7, floorName: 'Floor 4', map: null };
    stubApi({ 'GET /desk/floors': { result: [floor, other] }, 'GET /desk/rooms': { result: [] }, 'GET /desk/list': { result: [desk()] } });
    renderConsole({ path: '/deskeeper-configuration', user: editor, menu });
    const target = await screen.findByTestId('desk-editor-101');
    target.focus();
    await user.keyboard('{ArrowUp}');
    await user.click(within(screen.getByTestId('desk-map-floor')).getByRole('combobox'));
    await user.click(await screen.findByText(/Floor 4/, { selector: '.ant-select-item-option-content' }));
    await user.click(await screen.findByTestId('unsaved-keep'));
    expect(screen.getByTestId('desk-editor-101')).toHaveAttribute('data-y', '40');
  });

  it('shows readers the map and the desks not on it, without the editing controls, in Chinese', async () => {
    setLang('zh-CN');
    stubApi({ 'GET /desk/floors': { result: [floor] }, 'GET /desk/rooms': { result: [] }, 'GET /desk/list': { result: [desk(), desk({ id: 103, number: '3-A-03', position: null })] } });
    renderConsole({ path: '/deskeeper-configuration', user: makeUser({ permissions: ['roomsLocations:view'] }), menu });
    const target = await screen.findByTestId('desk-editor-101');
    expect(screen.getByText('您可以查看地图；修改需要会议室与位置的编辑权限。')).toBeInTheDocument();
    expect(screen.queryByTestId('desk-map-save')).toBeNull();
    expect(screen.queryByTestId('desk-plan-upload-button')).toBeNull();
    expect(screen.queryByTestId('desk-editor-place-103')).toBeNull();
    target.focus();
    await userEvent.setup().keyboard('{ArrowRight}');
    expect(target).toHaveAttribute('data-x', '100');
  });
});
