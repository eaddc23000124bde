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
const menu = [makeEntry('visitors', '', [makeEntry('guiderSet', '/guider-set')])];
const reasons = { result: [{ id: 3, name: 'Interview', createdAt: NOW }, { id: 4, name: 'Delivery', createdAt: NOW }] };

describe('visitor settings page', () => {
  it('adds a visit reason, shows a refusal under the field, renames and deletes after confirming', async () => {
    const user = userEvent.setup();
    let adds = 0;
    const seen = stubApi({
      'GET /visitor/reason/list': reasons,
      // The first add is a name the company has already.
      'POST /visitor/reason/add': () => (adds++ === 0 ? { status: 422, returncode: 1005, message: 'The visit reason "interview" already exists' } : { result: { id: 5 } }),
      'POST /visitor/reason/update': { result: null },
      'POST /visitor/reason/delete': { result: null },
    });
    renderConsole({ path: '/guider-set', user: makeUser({ permissions: ['visitorDisplay:edit'] }), menu });
    await user.click(await screen.findByTestId('visit-reason-add'));
    await user.click(screen.getByTestId('visit-reason-save'));
    expect(await screen.findByText('Please enter a visit reason')).toBeInTheDocument();
    await user.type(screen.getByTestId('visit-reason-name'), 'interview');
    await user.click(screen.getByTestId('visit-reason-save'));
    expect(await screen.findByText('The visit reason "interview" already exists')).toBeInTheDocument();
    await user.clear(screen.getByTestId('visit-reason-name'));
    await user.type(screen.getByTestId('visit-reason-name'), 'Board visit');
    await user.click(screen.getByTestId('visit-reason-save'));
    await waitFor(() => expect(seen.filter((request) => request.path === '/visitor/reason/add').map((request) => request.body)).toEqual([{ name: 'interview' }, { name: 'Board visit' }]));

    await user.click(within(screen.getByTestId('visit-reason-row-4')).getByTestId('visit-reason-rename-4'));
    const name = await screen.findByTestId('visit-reason-name');
    expect(name).toHaveValue('Delivery');
    await user.clear(name);
    await user.type(name, 'Parcel delivery');
    await user.click(screen.getByTestId('visit-reason-save'));
    await waitFor(() => expect(seen.find((request) => request.path === '/visitor/reason/update')?.body).toEqual({ id: 4, name: 'Parcel delivery' }));

    await user.click(within(screen.getByTestId('visit-reason-row-3')).getByTestId('visit-reason-delete-3'));
    await user.click(await screen.findByTestId('visit-reason-delete-confirm'));
    await waitFor(() => expect(seen.find((request) => request.path === '/visitor/reason/delete')?.body).toEqual({ id: 3 }));
  });

  it('shows readers the reasons without the buttons, in Chinese', async () => {
    setLang('zh-CN');
    stubApi({ 'GET /visitor/reason/list': reasons });
    renderConsole({ path: '/guider-set', user: makeUser({ permissions: ['visitorDisplay:view'] }), menu });
    const row = await screen.findByTestId('visit-reason-row-3');
    expect(row).toHaveTextContent('Interview');
    expect(screen.getByText('来访事由', { selector: '.ant-card-head-title' })).toBeInTheDocument();
    expect(screen.queryByTestId('visit-reason-add')).toBeNull();
    expect(within(row).queryByTestId('visit-reason-delete-3')).toBeNull();
  });

  it('keeps the watchlist on the Rule setting tab: adds an entry with aliases and an action, refuses a bad e-mail in the form', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /visitor/reason/list': reasons,
      'GET /visitor/watchlist': { result: [{ id: 2, name: 'Eve Evil', aliases: ['Evelyn'], email: 'eve@evil.test', phone: null, action: 'refuse', note: null, createdAt: NOW, updatedAt: NOW }] },
      'POST /visitor/watchlist/add': { result: { id: 3 } },
      'GET /visitor/rule/list': { result: [] },
    });
    renderConsole({ path: '/guider-set', user: makeUser({ permissions: ['visitorDisplay:edit'] }), menu });
    await user.click(await screen.findByTestId('visitor-settings-rules'));
    const row = await screen.findByTestId('watch-row-2');
    expect(row).toHaveTextContent('Evelyn');
    expect(row).toHaveTextContent('Refuse');
    await user.click(screen.getByTestId('watch-add'));
    await user.type(await screen.findByTestId('watch-name'), 'Mallory Mint');
    await user.type(within(screen.getByTestId('watch-aliases')).getByRole('combobox'), 'M. Mint{Enter}');
    await user.type(screen.getByTestId('watch-email'), 'not an address');
    await user.click(screen.getByTestId('watch-action-approval'));
    await user.click(screen.getByTestId('watch-save'));
    expect(await screen.findByText('Not a valid e-mail address')).toBeInTheDocument();
    await user.clear(screen.getByTestId('watch-email'));
    await user.type(screen.getByTestId('watch-note'), 'Escort to the 8th floor');
    await user.click(screen.getByTestId('watch-save'));
    await waitFor(() =>
      expect(seen.find((request) => request.path === '/visitor/watchlist/add')?.body).toEqual({ name: 'Mallory Mint', aliases: ['M. Mint'], email: '', phone: '', action: 'approval', note: 'Escort to the 8th floor' }),
    );
  });

  it('saves how long visits, photos and signed agreements are kept on the Preferences tab, in Chinese', async () => {
    setLang('zh-CN');
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /visitor/reason/list': reasons,
      'GET /visitor/settings': { result: { retentionDays: 365, photoRetentionDays: 30, ndaRetentionDays: 365 } },
      'POST /visitor/settings': { result: null },
    });
    renderConsole({ path: '/guider-set', user: makeUser({ permissions: ['visitorDisplay:edit'] }), menu });
    await user.click(await screen.findByTestId('visitor-settings-preferences'));
    const days = await screen.findByTestId('visitor-retention-days');
    expect(days).toHaveValue('365');
    expect(screen.getByTestId('visitor-photo-retention-days')).toHaveValue('30');
    expect(screen.getByText('来访结束后照片保留天数')).toBeInTheDocument();
    expect(screen.getByText('来访结束后已签署保密协议保留天数')).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '90');
    // A signed agreement is not kept longer than its visit.
    await user.click(screen.getByTestId('visitor-preferences-save'));
    expect(await screen.findByText('最多 90 天：不能超过来访记录的保留天数')).toBeInTheDocument();
    const agreementDays = screen.getByTestId('visitor-nda-retention-days');
    await user.clear(agreementDays);
    await user.type(agreementDays, '60');
    await user.click(screen.getByTestId('visitor-preferences-save'));
    await waitFor(() =>
      expect(seen.filter((request) => request.path === '/visitor/settings' && request.method === 'POST').map((request) => request.body)).toEqual([
        { retentionDays: 90, photoRetentionDays: 30, ndaRetentionDays: 60 },
      ]),
    );
    expect(await screen.findByText('访客偏好设置已保存')).toBeInTheDocument();
  });
});
