import type { BroadcastImages, BroadcastNotice } from '@atrium/contract';
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
const HOUR = 3_600_000;
function notice(overrides: Partial<BroadcastNotice> = {}): BroadcastNotice {
  return {
    id: 3,
    title: 'Fire drill at 3 pm',
    image: 'default:safety',
    imageUrl: '/api/broadcast/builtin/safety.png',
    devices: [{ id: 8, name: 'Boardroom door', path: 'HQ / Floor 1 / Boardroom' }],
    locations: [{ id: 2, name: 'HQ', path: 'United Kingdom / London' }],
    startAt: NOW - HOUR,
    endAt: NOW + HOUR,
    repeat: 'none',
    repeatUntil: null,
    timeZone: 'Europe/London',
    endedAt: null,
    endedByName: null,
    createdByName: 'Atrium Administrator',
    createdAt: NOW - HOUR,
    status: 'ongoing',
    ...overrides,
  };
}
const page = (list: BroadcastNotice[]) => ({ result: { list, total: list.length, page: 1, pageSize: 15 } });
const menu = [makeEntry('rooms', '', [makeEntry('broadcast', '/broadcast')])];
const IMAGES: BroadcastImages = {
  customMax: 10,
  maxBytes: 1_572_864,
  list: [
    { key: 'default:welcome', kind: 'default', id: null, name: 'welcome', url: '/api/broadcast/builtin/welcome.png', size: null, isDeletable: false, inUse: 0 },
    { key: 'custom:4', kind: 'custom', id: 4, name: 'lobby.png', url: '/api/upload/files/1/a.png', size: 2000, isDeletable: true, inUse: 0 },
  ],
};
const TARGETS = {
  devices: [{ id: 8, name: 'Boardroom door', path: 'HQ / Floor 1 / Boardroom', roomId: 7, isActivated: true }],
  locations: [{ id: 2, parentId: null, name: 'HQ', level: 5 }],
};

describe('broadcast page', () => {
  it('lists notices with their status and targets, and ends one now after confirming', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /broadcast/list': page([notice(), notice({ id: 5, title: 'Last week', startAt: NOW - 48 * HOUR, endAt: NOW - 47 * HOUR, status: 'ended' })]),
      'POST /broadcast/end': { result: null },
    });
    renderConsole({ path: '/broadcast', user: makeUser({ permissions: ['broadcast:view', 'broadcast:edit'] }), menu });
    const row = await screen.findByTestId('broadcast-row-3');
    expect(row).toHaveTextContent('Boardroom door');
    expect(row).toHaveTextContent('HQ');
    expect(within(row).getByTestId('broadcast-status-3')).toHaveTextContent('Ongoing');
    // An ended notice can only be deleted.
    const ended = screen.getByTestId('broadcast-row-5');
    expect(within(ended).getByTestId('broadcast-status-5')).toHaveTextContent('Ended');
    expect(within(ended).queryByTestId('broadcast-end-5')).toBeNull();
    expect(within(ended).getByTestId('broadcast-delete-5')).toBeInTheDocument();
    await user.click(within(row).getByTestId('broadcast-end-3'));
    await user.click(await screen.findByTestId('broadcast-end-confirm'));
    await waitFor(() => expect(seen.find((request) => request.path === '/broadcast/end')?.body).toEqual({ id: 3 }));
  });

  it('publishes a notice: asks for the title and a target, sends the chosen image and display', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /broadcast/list': page([]),
      'GET /broadcast/images': { result: IMAGES },
      'GET /broadcast/targets': { result: TARGETS },
      'POST /broadcast/create': { result: { id: 9 } },
    });
    renderConsole({ path: '/broadcast', user: makeUser({ permissions: ['broadcast:view', 'broadcast:edit'] }), menu });
    await user.click(await screen.findByTestId('broadcast-create'));
    await user.click(await screen.findByTestId('broadcast-save'));
    expect(await screen.findByText('Please enter a title')).toBeInTheDocument();
    expect(screen.getByText('Please choose an image')).toBeInTheDocument();
    expect(screen.getByText('Please choose at least one door display or location')).toBeInTheDocument();
    await user.type(screen.getByTestId('broadcast-title'), 'Fire drill at 3 pm');
    await user.click(await screen.findByTestId('broadcast-image-custom:4'));
    await user.click(within(screen.getByTestId('broadcast-devices')).getByRole('combobox'));
    await user.click(await screen.findByText('Boardroom door · HQ / Floor 1 / Boardroom', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByTestId('broadcast-save'));
    await waitFor(() => expect(seen.find((request) => request.path === '/broadcast/create')).toBeDefined());
    expect(seen.find((request) => request.path === '/broadcast/create')?.body).toMatchObject({ title: 'Fire drill at 3 pm', image: 'custom:4', deviceIds: [8], locationIds: [], repeat: 'none', repeatUntil: null });
  });

  it('shows readers the list without the buttons, in Chinese', async () => {
    setLang('zh-CN');
    stubApi({ 'GET /broadcast/list': page([notice({ status: 'not_started', startAt: NOW + HOUR, endAt: NOW + 2 * HOUR })]) });
    renderConsole({ path: '/broadcast', user: makeUser({ permissions: ['broadcast:view'] }), menu });
    const row = await screen.findByTestId('broadcast-row-3');
    expect(within(row).getByTestId('broadcast-status-3')).toHaveTextContent('未开始');
    expect(screen.queryByTestId('broadcast-create')).toBeNull();
    expect(within(row).queryByTestId('broadcast-end-3')).toBeNull();
  });
});
