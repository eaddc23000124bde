import type { CalendarConnection, CalendarLink } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const menu = [makeEntry('userManagement', '', [makeEntry('account', '/account')])];
const AT = Date.UTC(2026, 10, 30, 9, 0);

const link = (extra: Partial<CalendarLink> = {}): CalendarLink => ({
  roomId: 7,
  roomName: 'Kew',
  collectionUrl: 'http://dav.test/rooms/kew/',
  collectionName: 'Kew calendar',
  health: 'ok',
  healthMessage: null,
  lastError: null,
  lastAttemptAt: AT,
  lastSuccessAt: AT,
  pendingPushes: 0,
  failedPushes: [],
  declines: [],
  ...extra,
});

const connection = (links: CalendarLink[]): CalendarConnection => ({
  id: 3,
  kind: 'caldav',
  name: 'Rooms on Radicale',
  serverUrl: 'http://dav.test/',
  account: 'rooms',
  hasCredential: true,
  isAuthorised: true,
  ownerUserId: 1,
  createdAt: AT,
  updatedAt: AT,
  links,
});

describe('/account: calendar accounts', () => {
  it('connects a CalDAV account, saying the service refusal on the form, and never sends a kind the page does not offer', async () => {
    const user = userEvent.setup();
    let connected = false;
    const seen = stubApi({
      'GET /third-party': () => ({ result: connected ? [connection([])] : [] }),
      'POST /third-party': ({ body }) => {
        const { credential } = body as { credential: string };
        if (credential !== 'right') return { status: 422, returncode: 1005, message: 'Token invalid' };
        connected = true;
        return { result: connection([]) };
      },
    });
    renderConsole({ path: '/account', user: makeUser({ permissions: ['accountGlobal:view', 'accountGlobal:edit'] }), menu });
    expect(await screen.findByTestId('calendar-empty')).toHaveTextContent('No calendar service is connected yet');
    await user.click(screen.getByTestId('calendar-connect'));
    await user.type(await screen.findByTestId('calendar-form-name'), 'Rooms on Radicale');
    await user.type(screen.getByTestId('calendar-form-server'), 'dav.test');
    await user.type(screen.getByTestId('calendar-form-account'), 'rooms');
    await user.type(screen.getByTestId('calendar-form-credential'), 'wrong');
    await user.click(screen.getByTestId('calendar-connect-save'));
    expect(await screen.findByText('Enter an http:// or https:// address')).toBeInTheDocument();
    await user.clear(screen.getByTestId('calendar-form-server'));
    await user.type(screen.getByTestId('calendar-form-server'), 'http://dav.test/');
    await user.click(screen.getByTestId('calendar-connect-save'));
    expect(await screen.findByTestId('calendar-form-problem')).toHaveTextContent('Token invalid');
    await user.clear(screen.getByTestId('calendar-form-credential'));
    await user.type(screen.getByTestId('calendar-form-credential'), 'right');
    await user.click(screen.getByTestId('calendar-connect-save'));
    expect(await screen.findByTestId('calendar-connection-3')).toHaveTextContent('Rooms on Radicale');
    expect(screen.getByTestId('calendar-connection-3')).toHaveTextContent('No room is linked to this account yet');
    const posts = seen.filter((request) => request.method === 'POST' && request.path === '/third-party');
    expect(posts.map((request) => request.body)).toEqual([
      { kind: 'caldav', name: 'Rooms on Radicale', serverUrl: 'http://dav.test/', account: 'rooms', credential: 'wrong' },
      { kind: 'caldav', name: 'Rooms on Radicale', serverUrl: 'http://dav.test/', account: 'rooms', credential: 'right' },
    ]);
  }, 60_000);

  it("shows a failing room's sync message and its failed writes, retries them, and lists the declined outside events", async () => {
    const user = userEvent.setup();
    const failing = link({
      health: 'failing',
      healthMessage: 'Calendar resource invalid or failed to sync',
      lastError: '401 Unauthorized',
      failedPushes: [{ reservationId: 41, attempts: 5, lastError: '401 Unauthorized', updatedAt: AT }],
      declines: [{ uid: 'clash-1', title: 'Budget review', organiserEmail: 'mei@outside.test', startAt: AT, endAt: AT + 3_600_000, reason: 'The room is already booked at that time', declinedAt: AT }],
    });
    const seen = stubApi({
      'GET /third-party': () => ({ result: [connection([failing])] }),
      'POST /third-party/sync': () => ({ result: connection([failing]) }),
    });
    renderConsole({ path: '/account', user: makeUser({ permissions: ['accountGlobal:view', 'accountGlobal:edit'] }), menu });
    const row = await screen.findByTestId('calendar-link-7');
    expect(within(row).getByTestId('calendar-health-7')).toHaveTextContent('Failing');
    expect(within(row).getByTestId('calendar-health-message-7')).toHaveTextContent('Calendar resource invalid or failed to sync: 401 Unauthorized');
    expect(within(row).getByTestId('calendar-failed-7')).toHaveTextContent('1 failed');
    // Said again above the table, where a phone sees it (account-page.css shows it on narrow screens only).
    expect(screen.getByTestId('calendar-failing-7')).toHaveTextContent('Kew: Calendar resource invalid or failed to sync401 Unauthorized');
    expect(screen.getByTestId('calendar-failing-retry-7')).toHaveTextContent('Retry');
    await user.click(within(row).getByTestId('calendar-retry-7'));
    await waitFor(() => expect(seen.filter((request) => request.path === '/third-party/sync').map((request) => request.body)).toEqual([{ id: 3, retryFailed: true }]));
    const declines = screen.getByTestId('calendar-declines');
    expect(declines).toHaveTextContent('Budget review');
    expect(declines).toHaveTextContent('mei@outside.test');
    expect(declines).toHaveTextContent('The room is already booked at that time');
  }, 60_000);

  it('shows a reader the connections without the buttons that change them, in Chinese', async () => {
    setLang('zh-CN');
    stubApi({ 'GET /third-party': () => ({ result: [connection([link()])] }) });
    renderConsole({ path: '/account', user: makeUser({ permissions: ['accountGlobal:view'] }), menu });
    const row = await screen.findByTestId('calendar-link-7');
    expect(within(row).getByTestId('calendar-health-7')).toHaveTextContent('同步正常');
    expect(screen.queryByTestId('calendar-connect')).toBeNull();
    expect(screen.queryByTestId('calendar-sync-now')).toBeNull();
    expect(screen.queryByTestId('calendar-unlink-7')).toBeNull();
  }, 60_000);

  it("links a room to one of the account's calendars; a calendar linked already cannot be chosen", async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /third-party': ({ query }) => ({
        result: [
          query.get('id')
            ? { ...connection([link()]), collections: [{ url: 'http://dav.test/rooms/kew/', name: 'Kew calendar' }, { url: 'http://dav.test/rooms/severn/', name: 'Severn calendar' }] }
            : connection([link()]),
        ],
      }),
      'POST /location/findRoomList': () => ({ result: { list: [{ id: 9, name: 'Severn' }], total: 1, page: 1, pageSize: 50 } }),
      'POST /third-party/update-config': () => ({ result: connection([link()]) }),
    });
    renderConsole({ path: '/account', user: makeUser({ permissions: ['accountGlobal:view', 'accountGlobal:edit', 'roomsLocations:view'] }), menu });
    await user.click(await screen.findByTestId('calendar-link-room'));
    await user.click(await screen.findByRole('combobox', { name: 'Room' }));
    await user.click((await screen.findAllByTitle('Severn')).find((element) => element.closest('.ant-select-item'))!);
    const calendars = await screen.findByRole('combobox', { name: 'Calendar of the account' });
    await waitFor(() => expect(calendars).toBeEnabled());
    await user.click(calendars);
    const option = async (title: string) => (await screen.findAllByTitle(title)).find((element) => element.closest('.ant-select-item'))!.closest('.ant-select-item')!;
    expect(await option('Kew calendar')).toHaveClass('ant-select-item-option-disabled');
    await user.click(await option('Severn calendar'));
    await user.click(screen.getByTestId('calendar-link-save'));
    await waitFor(() =>
      expect(seen.filter((request) => request.path === '/third-party/update-config').map((request) => request.body)).toEqual([{ id: 3, links: [{ roomId: 9, collectionUrl: 'http://dav.test/rooms/severn/' }] }]),
    );
  }, 60_000);

  it('connects a Google account by its OAuth client (no address needed), then sends the browser to the consent page from its card', async () => {
    const user = userEvent.setup();
    const google: CalendarConnection = { ...connection([]), id: 4, kind: 'google', name: 'Google rooms', serverUrl: 'https://www.googleapis.com', account: 'client-1.apps.googleusercontent.com', isAuthorised: false };
    let connected = false;
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const seen = stubApi({
      'GET /third-party': () => ({ result: connected ? [google] : [] }),
      'POST /third-party': () => {
        connected = true;
        return { result: google };
      },
      'GET /third-party/auth-address': () => ({ result: { url: 'https://accounts.google.com/o/oauth2/v2/auth?client_id=client-1' } }),
    });
    renderConsole({ path: '/account', user: makeUser({ permissions: ['accountGlobal:view', 'accountGlobal:edit'] }), menu });
    await user.click(await screen.findByTestId('calendar-connect'));
    await user.click(within(await screen.findByTestId('calendar-form-kind')).getByText('Google Calendar'));
    expect(screen.getByTestId('calendar-form-oauth-help')).toHaveTextContent('/api/third-party/oauth/callback');
    expect(screen.getByLabelText('Client ID')).toBeInTheDocument();
    await user.type(screen.getByTestId('calendar-form-name'), 'Google rooms');
    await user.type(screen.getByTestId('calendar-form-account'), 'client-1.apps.googleusercontent.com');
    await user.type(screen.getByTestId('calendar-form-credential'), 'GOCSPX-secret');
    await user.click(screen.getByTestId('calendar-connect-save'));
    const card = await screen.findByTestId('calendar-connection-4');
    expect(within(card).getByTestId('calendar-unauthorised-4')).toHaveTextContent('Not authorised yet');
    expect(within(card).getByTestId('calendar-link-room')).toBeDisabled();
    expect(seen.filter((request) => request.method === 'POST' && request.path === '/third-party').map((request) => request.body)).toEqual([
      { kind: 'google', name: 'Google rooms', account: 'client-1.apps.googleusercontent.com', credential: 'GOCSPX-secret' },
    ]);
    await user.click(within(card).getByTestId('calendar-authorise'));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/v2/auth?client_id=client-1', '_self'));
    expect(seen.find((request) => request.path === '/third-party/auth-address')!.query.get('id')).toBe('4');
  }, 60_000);

  it('offers Microsoft 365 with the same form, and says on return from the consent whether it worked, in both languages', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /third-party': () => ({ result: [connection([link()])] }) });
    const first = renderConsole({ path: '/account?linked=1&connection=3', user: makeUser({ permissions: ['accountGlobal:view', 'accountGlobal:edit'] }), menu });
    expect(await screen.findByTestId('calendar-consent-success')).toHaveTextContent('The calendar account is authorised');
    await user.click(screen.getByTestId('calendar-connect'));
    await user.click(within(await screen.findByTestId('calendar-form-kind')).getByText('Microsoft 365'));
    expect(screen.getByTestId('calendar-form-server')).toHaveAttribute('placeholder', 'https://graph.microsoft.com');
    expect(screen.getByText(/For one tenant only/)).toBeInTheDocument();
    first.unmount();
    setLang('zh-CN');
    renderConsole({ path: '/account?error=consentRefused', user: makeUser({ permissions: ['accountGlobal:view'] }), menu });
    expect(await screen.findByTestId('calendar-consent-error')).toHaveTextContent('未在服务商页面同意访问');
  }, 60_000);
});
