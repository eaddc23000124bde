import type { DeviceConfig, PadBroadcast, PadMeeting, PadSchedule } from '@atrium/contract';
import { DEFAULT_SCREEN_SETTING } from '@atrium/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { renderConsole, stubApi } from '../../../test/render';
import { PAD_TOKEN_KEY } from '../api/pad.api';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  setLang('en-US');
});

const NOW = Date.now();
const MEETING: PadMeeting = {
  id: 41,
  title: 'Design review',
  hostName: 'Ada Lovelace',
  participants: null,
  startAt: NOW + 5 * 60_000,
  endAt: NOW + 65 * 60_000,
  status: 'confirmed',
  checkedInAt: null,
  checkInOpen: true,
  canCheckIn: true,
  canEnd: false,
  checkInUntil: NOW + 20 * 60_000,
};
const FREE: PadSchedule = {
  serverTime: NOW,
  room: { id: 7, name: 'Boardroom', timeZone: 'Europe/London', signInEnabled: true, checkInByQr: false },
  busy: false,
  current: null,
  next: [MEETING],
  bookChoices: [5, 10, 15, 20, 25, 30],
  freeMinutes: 5,
};
const CONFIG: DeviceConfig = {
  device: { id: 3, name: 'Boardroom door' },
  room: { id: 7, name: 'Boardroom', path: [], timeZone: 'Europe/London' },
  settings: { ...DEFAULT_SCREEN_SETTING, hasExitPassword: true },
  lightCycles: [],
};

function stubDisplay(schedule: PadSchedule = FREE, broadcasts: PadBroadcast[] = []) {
  let current = schedule;
  return stubApi({
    'GET /device/pad/broadcasts': { result: { serverTime: NOW, list: broadcasts } },
    'POST /device/activate': ({ body }) =>
      (body as { code: string }).code === '12345' ? { result: { deviceToken: 'tok-1', deviceId: 3, roomId: 7 } } : { status: 404, returncode: 1002, message: 'The activation code is wrong' },
    'GET /device/pad/schedule': () => ({ result: current }),
    'GET /device/config': { result: CONFIG },
    'GET /device/theme': { status: 404, returncode: 1002, message: 'none' },
    'POST /device/pad/book': ({ body }) => {
      const minutes = (body as { minutes: number }).minutes;
      current = { ...FREE, busy: true, current: { ...MEETING, id: 50, title: 'Booked at the door', startAt: NOW, endAt: NOW + minutes * 60_000, canCheckIn: false, canEnd: true }, next: [] };
      return { result: current, message: 'The meeting has been booked' };
    },
    'POST /device/pad/check-in': () => {
      current = { ...current, next: [{ ...MEETING, canCheckIn: false, checkedInAt: NOW }] };
      return { result: current, message: 'Checked in' };
    },
    'POST /device/verifyExitPassword': ({ body }) =>
      (body as { password: string }).password === '246810' ? { result: null } : { status: 400, returncode: 1005, message: 'The exit password is wrong' },
  });
}

describe('door display page', () => {
  it('asks for the 5-digit code, keeps the token, then shows the room free with its next meeting', async () => {
    const seen = stubDisplay();
    renderConsole({ path: '/pad' });
    const code = await screen.findByLabelText('Activation code');
    await userEvent.type(code, '99999');
    await userEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The activation code is wrong');
    await userEvent.clear(code);
    await userEvent.type(code, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('heading', { name: 'Boardroom' })).toBeInTheDocument();
    expect(window.localStorage.getItem(PAD_TOKEN_KEY)).toBe('tok-1');
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByText(/Design review/)).toBeInTheDocument();
    const scheduleCall = seen.find((request) => request.path === '/device/pad/schedule');
    expect(scheduleCall?.headers['device-token']).toBe('tok-1');
  });

  it('checks the next meeting in and books the room now within the free time', async () => {
    window.localStorage.setItem(PAD_TOKEN_KEY, 'tok-1');
    const seen = stubDisplay({ ...FREE, freeMinutes: 15 });
    renderConsole({ path: '/pad' });
    await userEvent.click(await screen.findByRole('button', { name: /Check in/ }));
    expect(await screen.findByText('Checked in')).toBeInTheDocument();
    expect(seen.find((request) => request.path === '/device/pad/check-in')?.body).toEqual({ id: 41 });
    expect(screen.queryByRole('button', { name: /Check in/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Book now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book now' });
    // Only lengths that fit before the next meeting are offered.
    expect(Array.from(dialog.querySelectorAll('button')).map((button) => button.textContent)).toEqual(['5 minutes', '10 minutes', '15 minutes', 'Cancel']);
    await userEvent.click(screen.getByRole('button', { name: '15 minutes' }));
    expect(await screen.findByText('In use')).toBeInTheDocument();
    expect(seen.find((request) => request.path === '/device/pad/book')?.body).toEqual({ minutes: 15 });
    expect(screen.getByRole('button', { name: 'End meeting' })).toBeInTheDocument();
  });

  it("shows the room's QR code while a check-in is due, where the screen group checks in by QR code", async () => {
    window.localStorage.setItem(PAD_TOKEN_KEY, 'tok-1');
    const seen = stubDisplay({ ...FREE, room: { ...FREE.room, checkInByQr: true }, next: [{ ...MEETING, canCheckIn: false }] });
    // The image arrives as a PNG with the device header; the page shows it through an object URL.
    const json = vi.mocked(globalThis.fetch).getMockImplementation()!;
    const qrRequests: Array<Record<string, string>> = [];
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      if (!String(input).includes('/device/pad/qr')) return json(input, init);
      qrRequests.push((init?.headers ?? {}) as Record<string, string>);
      return new Response(new Uint8Array([137, 80, 78, 71]), { status: 200, headers: { 'content-type': 'image/png' } });
    });
    const createObjectURL = vi.fn(() => 'blob:room-qr');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderConsole({ path: '/pad' });
    const image = await screen.findByTestId('pad-qr');
    expect(image.getAttribute('src')).toBe('blob:room-qr');
    expect(screen.getByText('Scan to check in')).toBeInTheDocument();
    expect(qrRequests[0]?.['device-token']).toBe('tok-1');
    // The screen's own button is off for this group.
    expect(screen.queryByRole('button', { name: /Check in/ })).not.toBeInTheDocument();
    expect(seen.some((request) => request.path === '/device/pad/schedule')).toBe(true);
  });

  it('shows the running broadcast notice over the room screen, not one that starts later', async () => {
    window.localStorage.setItem(PAD_TOKEN_KEY, 'tok-1');
    const seen = stubDisplay(FREE, [
      { id: 5, title: 'Fire drill at 3 pm', imageUrl: null, startAt: NOW - 60_000, endAt: NOW + 10 * 60_000 },
      { id: 6, title: 'Later notice', imageUrl: null, startAt: NOW + 3_600_000, endAt: NOW + 7_200_000 },
    ]);
    renderConsole({ path: '/pad' });
    const notice = await screen.findByTestId('pad-broadcast');
    expect(notice).toHaveTextContent('Fire drill at 3 pm');
    expect(screen.queryByText('Later notice')).not.toBeInTheDocument();
    // The room stays named above it; the agenda is under the notice.
    expect(screen.getByRole('heading', { name: 'Boardroom' })).toBeInTheDocument();
    expect(screen.queryByText('Free')).not.toBeVisible();
    expect(seen.find((request) => request.path === '/device/pad/broadcasts')?.headers['device-token']).toBe('tok-1');
  });

  it('leaves kiosk mode only with the exit password, and speaks Chinese', async () => {
    window.localStorage.setItem(PAD_TOKEN_KEY, 'tok-1');
    stubDisplay();
    const { router } = renderConsole({ path: '/pad' });
    await userEvent.click(await screen.findByRole('button', { name: 'Switch language' }));
    expect(await screen.findByText('空闲')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '退出' }));
    const field = await screen.findByLabelText('退出密码（6 位数字）');
    await userEvent.type(field, '111111');
    await userEvent.click(screen.getAllByRole('button', { name: '退出' }).at(-1)!);
    expect(await screen.findByRole('alert')).toHaveTextContent('The exit password is wrong');
    expect(router.state.location.pathname).toBe('/pad');
    await userEvent.clear(field);
    await userEvent.type(field, '246810');
    await userEvent.click(screen.getAllByRole('button', { name: '退出' }).at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/pad'));
  });

  it('forgets a token the server no longer knows and asks for a code again', async () => {
    window.localStorage.setItem(PAD_TOKEN_KEY, 'old');
    stubApi({ 'GET /device/pad/schedule': { status: 401, returncode: 2001, message: 'token invalid' }, 'GET /device/config': { status: 401, returncode: 2001, message: 'x' } });
    renderConsole({ path: '/pad' });
    expect(await screen.findByLabelText('Activation code')).toBeInTheDocument();
    expect(window.localStorage.getItem(PAD_TOKEN_KEY)).toBeNull();
  });
});
