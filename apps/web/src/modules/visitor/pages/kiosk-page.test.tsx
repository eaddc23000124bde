import type { KioskConfig } from '@atrium/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeKioskConfig } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';
import { KIOSK_TOKEN_KEY } from '../api/kiosk.api';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const CONFIG = makeKioskConfig({ theme: { welcomeEn: null, welcomeZh: '欢迎光临海港大厦', color: '#0a7e5c' } });
const PASS = 'https://atrium.example.test/visit#abc.def.ghi.jkl';

function stubKiosk(options: { signedOut?: boolean; config?: Partial<KioskConfig> } = {}) {
  return stubApi({
    'POST /device/visitor/activate': ({ body }) =>
      (body as { code: string }).code === '54321' ? { result: { deviceToken: 'kiosk-1', deviceId: 5, locationId: 9 } } : { status: 404, returncode: 1002, message: 'The activation code is wrong' },
    'GET /device/visitor/config': () => (options.signedOut ? { status: 401, returncode: 2001, message: 'Device token invalid' } : { result: { ...CONFIG, ...options.config } }),
    'POST /device/visitor/check-in': ({ body }) =>
      (body as { code: string }).code === PASS
        ? { result: { visitId: 31, visitorName: 'Kim Kiosk', hostName: 'Hana Host', companions: 0, badge: false }, message: 'Kim Kiosk is checked in' }
        : { status: 422, returncode: 1005, message: 'This visit is at Dock Tower; please check in there' },
  });
}

describe('visitor kiosk page', () => {
  it('is activated by its 5-digit code, keeps the token, and welcomes in the company name', async () => {
    const seen = stubKiosk();
    renderConsole({ path: '/visitor-kiosk' });
    const code = await screen.findByLabelText('Activation code');
    await userEvent.type(code, '11111');
    await userEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The activation code is wrong');
    await userEvent.clear(code);
    await userEvent.type(code, '54321');
    await userEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to Harbour Co' })).toBeInTheDocument();
    expect(window.localStorage.getItem(KIOSK_TOKEN_KEY)).toBe('kiosk-1');
    expect(seen.find((request) => request.path === '/device/visitor/config')?.headers['device-token']).toBe('kiosk-1');
  });

  it('checks a visitor in by what the scanner types, then welcomes them and names their host', async () => {
    window.localStorage.setItem(KIOSK_TOKEN_KEY, 'kiosk-1');
    const seen = stubKiosk();
    renderConsole({ path: '/visitor-kiosk' });
    const field = await screen.findByLabelText('Scan or type the code from your invitation');
    // The field has the focus: a scanner's keystrokes land in it without a tap.
    expect(field).toHaveFocus();
    await userEvent.type(field, `${PASS}{Enter}`);
    expect(await screen.findByRole('heading', { name: 'Welcome, Kim Kiosk!' })).toBeInTheDocument();
    expect(screen.getByText('Hana Host has been told you are here.')).toBeInTheDocument();
    expect(screen.getByText('Please collect your badge at reception.')).toBeInTheDocument();
    expect(seen.find((request) => request.path === '/device/visitor/check-in')?.body).toEqual({ code: PASS });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByLabelText('Scan or type the code from your invitation')).toHaveFocus();
  });

  it("shows the server's refusal, and the company's own welcome in Chinese", async () => {
    window.localStorage.setItem(KIOSK_TOKEN_KEY, 'kiosk-1');
    stubKiosk();
    renderConsole({ path: '/visitor-kiosk' });
    await userEvent.type(await screen.findByLabelText('Scan or type the code from your invitation'), 'https://elsewhere.test/visit#x{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('This visit is at Dock Tower; please check in there');
    await userEvent.click(screen.getByRole('button', { name: 'Switch language' }));
    expect(await screen.findByRole('heading', { name: '欢迎光临海港大厦' })).toBeInTheDocument();
    // The refusal was in English: it is no longer shown.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers to register only where the place receives walk-ins, and otherwise sends the visitor to reception', async () => {
    window.localStorage.setItem(KIOSK_TOKEN_KEY, 'kiosk-1');
    stubKiosk({ config: { walkIns: false } });
    renderConsole({ path: '/visitor-kiosk' });
    // The welcome comes with the configuration: the kiosk has read the place's rule by then.
    expect(await screen.findByRole('heading', { name: 'Welcome to Harbour Co' })).toBeInTheDocument();
    expect(screen.getByText('No invitation? Please see reception.')).toBeInTheDocument();
    expect(screen.queryByTestId('kiosk-register')).toBeNull();
  });

  it('asks for a code again when its token no longer works', async () => {
    window.localStorage.setItem(KIOSK_TOKEN_KEY, 'kiosk-gone');
    stubKiosk({ signedOut: true });
    renderConsole({ path: '/visitor-kiosk' });
    expect(await screen.findByLabelText('Activation code')).toBeInTheDocument();
    expect(window.localStorage.getItem(KIOSK_TOKEN_KEY)).toBeNull();
  });
});
