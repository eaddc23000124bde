import type { KioskApplication } from '@atrium/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeKioskConfig } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';
import { KIOSK_TOKEN_KEY } from '../api/kiosk.api';
import { WALK_IN_IDLE_MS } from '../components/kiosk-walk-in';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const CONFIG = makeKioskConfig({ reasons: [{ id: 1, name: 'Meeting' }, { id: 2, name: 'Delivery' }] });
const HOSTS = [
  { id: 7, fullName: 'Hana Host' },
  { id: 8, fullName: 'Shah Khan' },
  { id: 9, fullName: 'Olga Other' },
];
/** The pass link of the visit the application made: the kiosk checks in with it once approved. */
const CODE = 'https://atrium.example.test/visit#walk.in.pass.code';
const PENDING: KioskApplication = { state: 'pending', reason: null, hostName: 'Hana Host', code: null };

/** A kiosk whose application answers `decisions` one read after the other (the last one stays). */
function stubWalkIn(decisions: KioskApplication[]) {
  let reads = 0;
  return stubApi({
    'GET /device/visitor/config': { result: CONFIG },
    'GET /device/visitor/hosts': ({ query }) => ({ result: HOSTS.filter((host) => host.fullName.toLowerCase().includes(query.get('keyword')!.toLowerCase())) }),
    'POST /device/visitor/register': { result: { id: 44 } },
    'GET /device/visitor/application': () => ({ result: decisions[Math.min(reads++, decisions.length - 1)] }),
    'POST /device/visitor/check-in': ({ body }) =>
      (body as { code: string }).code === CODE
        ? { result: { visitId: 44, visitorName: 'Walter Walkin', hostName: 'Hana Host', companions: 0, badge: false }, message: 'Walter Walkin is checked in' }
        : { status: 422, returncode: 1005, message: 'This code opens no visit' },
  });
}

type User = ReturnType<typeof userEvent.setup>;

/** Opens the registration and fills it in: Hana, a delivery, for three hours; with an e-mail unless told otherwise. */
async function fillIn(user: User, { email = 'walter@walk.example' }: { email?: string } = {}) {
  await user.click(await screen.findByRole('button', { name: 'Register as a visitor' }));
  await user.type(await screen.findByLabelText('Your name'), 'Walter Walkin');
  if (email) await user.type(screen.getByLabelText('E-mail address'), email);
  await user.type(screen.getByLabelText('Company (optional)'), 'Walk Ltd');
  await user.type(screen.getByLabelText('Whom are you visiting?'), 'ha');
  await user.click(await screen.findByRole('button', { name: 'Hana Host' }));
  await user.click(screen.getByRole('radio', { name: 'Delivery' }));
  await user.click(within(screen.getByTestId('walk-in-stay')).getByRole('combobox'));
  await user.click(await screen.findByText('3 hours', { selector: '.ant-select-item-option-content' }));
}

const registrations = (seen: ReturnType<typeof stubApi>) => seen.filter((request) => request.path === '/device/visitor/register');

describe('visitor kiosk: a walk-in registers', () => {
  it('finds the host by two letters, sends the registration, waits for the approval and checks the visitor in with its code', async () => {
    window.localStorage.setItem(KIOSK_TOKEN_KEY, 'kiosk-1');
    const user = userEvent.setup();
    const seen = stubWalkIn([PENDING, { state: 'approved', reason: null, hostName: 'Hana Host', code: CODE }]);
    renderConsole({ path: '/visitor-kiosk' });
    await user.click(await screen.findByRole('button', { name: 'Register as a visitor' }));

    // One letter asks nothing; two letters list the names that hold them, and only names.
    const search = await screen.findByLabelText('Whom are you visiting?');
    await user.type(search, 'h');
    await user.type(search, 'a');
    const found = await screen.findByRole('list', { name: 'Matching names' });
    expect(within(found).getAllByRole('button').map((button) => button.textContent)).toEqual(['Hana Host', 'Shah Khan']);
    const searches = seen.filter((request) => request.path === '/device/visitor/hosts');
    expect(searches.map((request) => request.query.get('keyword'))).toEqual(['ha']);
    expect(searches[0]!.headers['device-token']).toBe('kiosk-1');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await fillIn(user);
    expect(screen.getByTestId('walk-in-host-chosen')).toHaveTextContent('Hana Host');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { name: 'Waiting for Hana Host to approve your visit' })).toBeInTheDocument();
    const [registration] = registrations(seen);
    expect(registration!.body).toEqual({
      visitor: { name: 'Walter Walkin', email: 'walter@walk.example', phone: null, company: 'Walk Ltd' },
      hostId: 7,
      reasonId: 2,
      stayHours: 3,
    });
    expect(registration!.headers['device-token']).toBe('kiosk-1');

    // The next read (3 s later) says approved: the kiosk checks in with the code, as its scanner would.
    expect(await screen.findByRole('heading', { name: 'Welcome, Walter Walkin!' })).toBeInTheDocument();
    expect(screen.getByText('Hana Host has been told you are here.')).toBeInTheDocument();
    expect(seen.filter((request) => request.path === '/device/visitor/application').map((request) => request.query.get('id'))).toEqual(['44', '44']);
    expect(seen.filter((request) => request.path === '/device/visitor/check-in').map((request) => request.body)).toEqual([{ code: CODE }]);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByLabelText('Scan or type the code from your invitation')).toHaveFocus();
  });

  it("shows the host's reason when the visit is rejected, and starts over from the welcome", async () => {
    window.localStorage.setItem(KIOSK_TOKEN_KEY, 'kiosk-1');
    const user = userEvent.setup();
    const seen = stubWalkIn([{ state: 'rejected', reason: 'Hana is abroad this week', hostName: 'Hana Host', code: null }]);
    renderConsole({ path: '/visitor-kiosk' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your visit was not approved');
    expect(screen.getByTestId('kiosk-walk-in-reason')).toHaveTextContent('Reason: Hana is abroad this week');
    expect(seen.some((request) => request.path === '/device/visitor/check-in')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(await screen.findByLabelText('Scan or type the code from your invitation')).toHaveFocus();
    expect(screen.queryByText(/Hana is abroad/)).toBeNull();
  });

  it('refuses a registration without an e-mail or a phone, or with a malformed one, before sending it', async () => {
    window.localStorage.setItem(KIOSK_TOKEN_KEY, 'kiosk-1');
    const user = userEvent.setup();
    const seen = stubWalkIn([PENDING]);
    renderConsole({ path: '/visitor-kiosk' });
    await fillIn(user, { email: '' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Give an e-mail address or a phone number')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Not a valid phone number')).toBeInTheDocument();
    expect(registrations(seen)).toEqual([]);

    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '+44 20 7946 0000');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Waiting for Hana Host to approve your visit' })).toBeInTheDocument();
    expect((registrations(seen)[0]!.body as { visitor: unknown }).visitor).toEqual({ name: 'Walter Walkin', email: null, phone: '+44 20 7946 0000', company: 'Walk Ltd' });

    // The visitor gives up waiting: the kiosk is ready for the next one.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByLabelText('Scan or type the code from your invitation')).toHaveFocus();
    expect(screen.queryByTestId('kiosk-walk-in-waiting')).toBeNull();
  });

  it("shows the server's refusal in the visitor's language, and names the host's field in Chinese", async () => {
    window.localStorage.setItem(KIOSK_TOKEN_KEY, 'kiosk-1');
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /device/visitor/config': { result: CONFIG },
      'GET /device/visitor/hosts': { result: HOSTS.slice(0, 1) },
      'POST /device/visitor/register': { status: 422, returncode: 1005, message: 'Hana Host cannot receive visitors here' },
    });
    renderConsole({ path: '/visitor-kiosk' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByTestId('walk-in-refusal')).toHaveTextContent('Hana Host cannot receive visitors here');
    expect(registrations(seen)).toHaveLength(1);

    // The refusal was in English: after the switch it goes; the form speaks Chinese and keeps what was typed.
    await user.click(screen.getByRole('button', { name: 'Switch language' }));
    expect(await screen.findByLabelText('被访人')).toHaveTextContent('Hana Host');
    expect(screen.queryByTestId('walk-in-refusal')).toBeNull();
    expect(screen.getByLabelText('您的姓名')).toHaveValue('Walter Walkin');
  });

  it('goes back to the welcome after two minutes without a touch, and forgets what was typed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.localStorage.setItem(KIOSK_TOKEN_KEY, 'kiosk-1');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    stubWalkIn([PENDING]);
    renderConsole({ path: '/visitor-kiosk' });
    await user.click(await screen.findByRole('button', { name: 'Register as a visitor' }));
    await user.type(await screen.findByLabelText('Your name'), 'Walter Walkin');

    // A touch starts the two minutes again.
    act(() => vi.advanceTimersByTime(WALK_IN_IDLE_MS - 10_000));
    await user.click(screen.getByLabelText('Your name'));
    act(() => vi.advanceTimersByTime(WALK_IN_IDLE_MS - 10_000));
    expect(screen.getByLabelText('Your name')).toHaveValue('Walter Walkin');

    act(() => vi.advanceTimersByTime(10_000));
    expect(await screen.findByLabelText('Scan or type the code from your invitation')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your name')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Register as a visitor' }));
    expect(await screen.findByLabelText('Your name')).toHaveValue('');
  });
});
