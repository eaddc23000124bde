import type { OnSiteList } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeOnSiteVisit, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';
import { ON_SITE_REFRESH_MS, onSiteCopyKey, readOnSiteCopy } from '../api/on-site.api';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

/** 10:30 in Shanghai, the viewer's zone below. */
const GENERATED_AT = Date.UTC(2026, 10, 29, 2, 30);
const menu = [makeEntry('visitors', '', [makeEntry('guiderRecord', '/guider-record')])];
const reception = makeUser({ permissions: ['records:view', 'events:view', 'visitorDisplay:view'], timeZone: 'Asia/Shanghai' });
const harbour = { id: 20, name: 'Harbour House', buildingName: null, timeZone: 'Europe/London' };
const lobby = { id: 21, name: 'Lobby', buildingName: 'Harbour House', timeZone: 'Europe/London' };
const onSite: OnSiteList = {
  generatedAt: GENERATED_AT,
  totalPeople: 4,
  visits: [
    makeOnSiteVisit({ id: 1, visitorName: 'Hugo Harbour', location: harbour, isVip: true, checkedInAt: Date.UTC(2026, 10, 29, 1, 5) }),
    makeOnSiteVisit({ id: 2, visitorName: 'Gina Group', location: lobby, visitorCompany: 'Group Ltd', companions: [{ name: 'Carl Companion' }, { name: 'Cleo Companion' }] }),
  ],
};
const noVisits = { result: { list: [], total: 0, page: 1, pageSize: 15 } };

async function openOnSite() {
  const user = userEvent.setup();
  await user.click(await screen.findByTestId('visit-on-site-open'));
  return { user, drawer: await screen.findByTestId('visit-on-site') };
}

describe('visit records page: on site now', () => {
  it('lists everyone on site by location with counts, refreshes every 30 seconds, keeps a copy and narrows to a place', async () => {
    const seen = stubApi({ 'GET /visitor/list': noVisits, 'GET /visitor/on-site': { result: onSite }, 'GET /visitor/locations': { result: [harbour, lobby] } });
    const { queryClient } = renderConsole({ path: '/guider-record', user: reception, menu });
    const { user, drawer } = await openOnSite();
    const harbourGroup = await within(drawer).findByTestId('visit-on-site-group-20');
    expect(within(harbourGroup).getByTestId('visit-on-site-count-20')).toHaveTextContent('1 person');
    // The check-in time in the viewer's zone.
    expect(within(harbourGroup).getByTestId('visit-on-site-person-1')).toHaveTextContent(/Hugo Harbour\s*VIP.*Ada Lovelace\s*2026-11-29 09:05/);
    const lobbyGroup = within(drawer).getByTestId('visit-on-site-group-21');
    expect(lobbyGroup).toHaveTextContent('Harbour House / Lobby');
    expect(within(lobbyGroup).getByTestId('visit-on-site-count-21')).toHaveTextContent('3 people');
    expect(within(lobbyGroup).getByTestId('visit-on-site-person-2')).toHaveTextContent('Group Ltd');
    expect(within(lobbyGroup).getByTestId('visit-on-site-companion-2-1')).toHaveTextContent(/Cleo Companion\s*With Gina Group/);
    expect(within(drawer).getByTestId('visit-on-site-total')).toHaveTextContent('4 people on site');
    expect(screen.queryByTestId('visit-on-site-offline')).toBeNull();
    // The last answer stays on this computer, per company and filter.
    expect(readOnSiteCopy(reception.company.id, undefined)).toEqual(onSite);
    const query = queryClient.getQueryCache().find({ queryKey: ['visitor', 'visits', 'on-site', null] });
    expect(query?.observers[0]?.options.refetchInterval).toBe(ON_SITE_REFRESH_MS);
    // The printed copy: one table with a tick column under the muster list's title.
    const printed = document.querySelector('.atrium-muster-print')!;
    expect(printed.querySelector('h1')).toHaveTextContent('Muster list — Harbourview — 2026-11-29 10:30');
    expect(printed.querySelectorAll('.atrium-muster-tick')).toHaveLength(1 + 4);
    expect(document.body).toHaveClass('atrium-muster-printing');
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await user.click(within(drawer).getByTestId('visit-on-site-print'));
    expect(print).toHaveBeenCalledTimes(1);

    await user.click(within(within(drawer).getByTestId('visit-on-site-location')).getByRole('combobox'));
    await user.click(await screen.findByText('Harbour House / Lobby', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(seen.some((request) => request.path === '/visitor/on-site' && request.query.get('locationId') === '21')).toBe(true));
    expect(localStorage.getItem(onSiteCopyKey(reception.company.id, 21))).not.toBeNull();
    expect(document.querySelector('.atrium-muster-print h1')).toHaveTextContent('Muster list — Harbourview · Harbour House / Lobby — 2026-11-29 10:30');
  });

  it('keeps the last list with an offline banner when a refresh fails, without a toast at every refresh', async () => {
    let isOnline = true;
    stubApi({
      'GET /visitor/list': noVisits,
      'GET /visitor/locations': { result: [harbour, lobby] },
      'GET /visitor/on-site': () => {
        if (!isOnline) throw new TypeError('Failed to fetch');
        return { result: onSite };
      },
    });
    const { queryClient } = renderConsole({ path: '/guider-record', user: reception, menu });
    const { drawer } = await openOnSite();
    await within(drawer).findByTestId('visit-on-site-person-2');
    isOnline = false;
    await queryClient.refetchQueries({ queryKey: ['visitor', 'visits', 'on-site'] });
    expect(await within(drawer).findByTestId('visit-on-site-offline')).toHaveTextContent('Offline: showing the list as of 2026-11-29 10:30');
    expect(within(drawer).getByTestId('visit-on-site-person-2')).toBeInTheDocument();
    // No toast every 30 seconds: the banner says it.
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });

  it('opens on the stored copy, in Chinese, when the network is already down', async () => {
    setLang('zh-CN');
    localStorage.setItem(onSiteCopyKey(reception.company.id, undefined), JSON.stringify(onSite));
    stubApi({
      'GET /visitor/list': noVisits,
      'GET /visitor/locations': { result: [harbour, lobby] },
      'GET /visitor/on-site': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderConsole({ path: '/guider-record', user: reception, menu });
    const { drawer } = await openOnSite();
    expect(await within(drawer).findByTestId('visit-on-site-offline')).toHaveTextContent('网络已断开：显示截至 2026-11-29 10:30 的名单');
    expect(within(drawer).getByTestId('visit-on-site-count-21')).toHaveTextContent('3 人');
    expect(within(drawer).getByTestId('visit-on-site-total')).toHaveTextContent('在场 4 人');
  });

  it('says so when the network is down and this computer has no copy', async () => {
    stubApi({
      'GET /visitor/list': noVisits,
      'GET /visitor/locations': { result: [] },
      'GET /visitor/on-site': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderConsole({ path: '/guider-record', user: reception, menu });
    const { drawer } = await openOnSite();
    expect(await within(drawer).findByTestId('visit-on-site-failed')).toHaveTextContent('this computer has no earlier copy');
    expect(within(drawer).getByTestId('visit-on-site-print')).toBeDisabled();
  });

  it('offers hosts without visitor display view no on-site list', async () => {
    stubApi({ 'GET /visitor/list': noVisits });
    renderConsole({ path: '/guider-record', user: makeUser({ permissions: ['records:view', 'events:view'] }), menu });
    await screen.findByTestId('page-visitor-records');
    expect(screen.queryByTestId('visit-on-site-open')).toBeNull();
  });
});
