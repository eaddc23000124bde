import type { DeviceConfig, PadBroadcast, PadMeeting, PadSchedule } from '@atrium/contract';
import { DEFAULT_SCREEN_SETTING } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole, stubApi } from '../../../test/render';
import { PAD_TOKEN_KEY } from '../api/pad.api';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
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

function stubDisplay(schedule: PadSchedule = FREE, broadcasts: PadBroadcast[] = [], options: { bookRefusal?: string } = {}) {
  let current = schedule;
  return stubApi({
    'GET /device/pad/broadcasts': { result: { serverTime: NOW, list: broadcasts } },
    'POST /device/activate': ({ body }) =>
      (body as { code: string }).code === '12345' ? { result: { deviceToken: 'tok-1', deviceId: 3, roomId: 7 } } : { status: 404, returncode: 1002, message: 'The activation code is wrong' },
    'GET /device/pad/schedule': () => ({ result: current }),
    'GET /device/config': { result: CONFIG },
    'GET /device/theme': { status: 404, returncode: 1002, message: 'none' },
    'POST /device/pad/book': ({ body }) => {
      if (options.bookRefusal) return { status: 409, returncode: 1003, message: options.bookRefusal };
      const minutes = (body as { minutes: number }).minutes;
      current = { ...FREE, busy: true, current: { ...MEETING, id: 50, title: 'Booked at the door', startAt: NOW, endAt: NOW + minutes * 60_000, canCheckIn: false, canEnd: true }, next: [] };
      return { result: current, message: 'The meeting has been booked' };
    },
    'POST /device/pad/end': () => {
      current = { ...FREE, next: [] };
      return { result: current, message: 'The meeting has ended; the room is free' };
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

  it('shares the screen with a running notice: the status, the meetings and the buttons stay visible and work; a later notice waits', async () => {
    window.localStorage.setItem(PAD_TOKEN_KEY, 'tok-1');
    const seen = stubDisplay({ ...FREE, freeMinutes: 15 }, [
      { id: 5, title: 'Fire drill at 3 pm', imageUrl: null, startAt: NOW - 60_000, endAt: NOW + 10 * 60_000 },
      { id: 6, title: 'Later notice', imageUrl: null, startAt: NOW + 3_600_000, endAt: NOW + 7_200_000 },
    ]);
    renderConsole({ path: '/pad' });
    const notice = await screen.findByTestId('pad-broadcast');
    expect(notice).toHaveTextContent('Fire drill at 3 pm');
    expect(notice).toBeVisible();
    expect(screen.queryByText('Later notice')).not.toBeInTheDocument();
    // The notice is a banner beside the room's screen, never over it.
    expect(screen.getByRole('heading', { name: 'Boardroom' })).toBeVisible();
    expect(screen.getByText('Free')).toBeVisible();
    expect(screen.getByText(/Design review/)).toBeVisible();
    const checkIn = screen.getByRole('button', { name: /Check in/ });
    expect(checkIn).toBeVisible();
    expect(notice.contains(checkIn)).toBe(false);
    await userEvent.click(checkIn);
    expect(await screen.findByText('Checked in')).toBeInTheDocument();
    expect(seen.find((request) => request.path === '/device/pad/check-in')?.body).toEqual({ id: 41 });
    await userEvent.click(screen.getByRole('button', { name: 'Book now' }));
    expect(await screen.findByRole('dialog', { name: 'Book now' })).toBeVisible();
    expect(screen.getByTestId('pad-broadcast')).toHaveTextContent('Fire drill at 3 pm');
    expect(seen.find((request) => request.path === '/device/pad/broadcasts')?.headers['device-token']).toBe('tok-1');
  });

  it('asks before ending the meeting at the door: it cannot be undone', async () => {
    window.localStorage.setItem(PAD_TOKEN_KEY, 'tok-1');
    const running: PadSchedule = { ...FREE, busy: true, current: { ...MEETING, startAt: NOW - 10 * 60_000, canCheckIn: false, checkInOpen: false, checkedInAt: NOW - 5 * 60_000, canEnd: true }, next: [] };
    const seen = stubDisplay(running);
    renderConsole({ path: '/pad' });
    await userEvent.click(await screen.findByRole('button', { name: 'End meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this meeting now?' });
    expect(dialog).toHaveTextContent('The room becomes free for others at once. This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(seen.some((request) => request.path === '/device/pad/end')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'End meeting' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'End this meeting now?' })).getByRole('button', { name: 'End meeting' }));
    await waitFor(() => expect(seen.find((request) => request.path === '/device/pad/end')?.body).toEqual({ id: 41 }));
    expect(await screen.findByText('Free')).toBeInTheDocument();
  });

  it('shows what went wrong as an error: a wrong code, a refused booking', async () => {
    const seen = stubDisplay({ ...FREE, freeMinutes: 15 }, [], { bookRefusal: 'The room is already booked from 10:00 to 10:30' });
    renderConsole({ path: '/pad' });
    const code = await screen.findByLabelText('Activation code');
    await userEvent.type(code, '99999');
    await userEvent.click(screen.getByRole('button', { name: 'Activate' }));
    const wrong = await screen.findByRole('alert');
    expect(wrong).toHaveTextContent('The activation code is wrong');
    expect(wrong).toHaveClass('device-message-error');
    expect(wrong.querySelector('svg')).not.toBeNull();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAttribute('aria-describedby', wrong.id);
    await userEvent.clear(code);
    await userEvent.type(code, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Activate' }));
    await screen.findByRole('heading', { name: 'Boardroom' });
    // A refusal of the server (someone booked the room meanwhile) is an error too, not a plain note.
    await userEvent.click(screen.getByRole('button', { name: 'Book now' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Book now' })).getByRole('button', { name: '5 minutes' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('The room is already booked from 10:00 to 10:30');
    expect(refusal).toHaveClass('device-message-error');
    expect(seen.filter((request) => request.path === '/device/pad/book')).toHaveLength(1);
    expect(screen.getByText('Free')).toBeInTheDocument();
  });

  it('speaks Chinese on the notice banner and the end confirmation', async () => {
    window.localStorage.setItem(PAD_TOKEN_KEY, 'tok-1');
    const running: PadSchedule = { ...FREE, busy: true, current: { ...MEETING, startAt: NOW - 10 * 60_000, canCheckIn: false, checkInOpen: false, canEnd: true }, next: [] };
    stubDisplay(running, [{ id: 5, title: '消防演习', imageUrl: null, startAt: NOW - 60_000, endAt: NOW + 600_000 }]);
    renderConsole({ path: '/pad' });
    await userEvent.click(await screen.findByRole('button', { name: 'Switch language' }));
    expect(await screen.findByText('使用中')).toBeVisible();
    expect(screen.getByTestId('pad-broadcast')).toHaveTextContent('通知');
    expect(screen.getByTestId('pad-broadcast')).toHaveTextContent('消防演习');
    await userEvent.click(screen.getByRole('button', { name: '结束会议' }));
    const dialog = await screen.findByRole('dialog', { name: '立即结束会议？' });
    expect(dialog).toHaveTextContent('会议室将立即释放给他人使用，此操作无法撤销。');
    expect(within(dialog).getByRole('button', { name: '继续使用' })).toBeInTheDocument();
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
