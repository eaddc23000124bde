import type { Visit } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser, makeVisit } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';
import { BADGE_PRINTER_KEY, BADGE_STOCK_KEY } from '../api/visitor-badge.api';

afterEach(() => {
  localStorage.removeItem(BADGE_STOCK_KEY);
  localStorage.removeItem(BADGE_PRINTER_KEY);
  vi.restoreAllMocks();
});

const NOW = Date.now();
/** A visitor coming within the hour to the London ground floor, who has confirmed. */
const visit = (overrides: Partial<Visit> = {}) => makeVisit({ status: 'responded', location: { id: 21, name: 'Ground floor', timeZone: 'Europe/London' }, visitAt: NOW + 3_600_000, expectedEndAt: NOW + 7_200_000, respondedAt: NOW - 3_600_000, createdAt: NOW - 86_400_000, ...overrides });
const page = (list: Visit[]) => ({ result: { list, total: list.length, page: 1, pageSize: 15 } });
const menu = [makeEntry('visitors', '', [makeEntry('guiderRecord', '/guider-record')])];
const others = { host: { id: 9, name: 'Otto Other' }, inviter: { id: 9, name: 'Otto Other' } };

describe('visit records page', () => {
  it("lets a host check in and out their own visitors only, and filters by status", async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /visitor/list': page([visit(), visit({ id: 8, visitorName: 'Hugo Here', status: 'checkedIn', checkedInAt: NOW }), visit({ id: 9, visitorName: 'Olga Others', ...others })]),
      'POST /visitor/check-in': { result: null },
      'POST /visitor/check-out': { result: null },
    });
    renderConsole({ path: '/guider-record', user: makeUser({ permissions: ['records:view', 'events:view'] }), menu });
    const row = await screen.findByTestId('visit-row-7');
    expect(within(row).getByTestId('visit-status-7')).toHaveTextContent('Responded');
    // Scanning passes and printing badges are reception's.
    expect(screen.queryByTestId('visit-scan')).toBeNull();
    expect(screen.queryByTestId('visit-badge-7')).toBeNull();
    // Another host's visitor: details only.
    expect(within(screen.getByTestId('visit-row-9')).queryByTestId('visit-check-in-9')).toBeNull();
    await user.click(within(row).getByTestId('visit-check-in-7'));
    await waitFor(() => expect(seen.find((request) => request.path === '/visitor/check-in')?.body).toEqual({ id: 7 }));
    await user.click(within(screen.getByTestId('visit-row-8')).getByTestId('visit-check-out-8'));
    await waitFor(() => expect(seen.find((request) => request.path === '/visitor/check-out')?.body).toEqual({ id: 8 }));
    await user.click(within(screen.getByTestId('visit-status-filter')).getByRole('combobox'));
    await user.click(await screen.findByText('No-show', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(seen.some((request) => request.path === '/visitor/list' && request.query.get('status') === 'noShow')).toBe(true));
  });

  it('offers reception with edit every visitor and checks in a scanned pass, in Chinese', async () => {
    setLang('zh-CN');
    const user = userEvent.setup();
    const seen = stubApi({ 'GET /visitor/list': page([visit({ id: 9, visitorName: 'Olga Others', ...others })]), 'POST /visitor/scan': { result: { id: 9, name: 'Olga Others' } } });
    renderConsole({ path: '/guider-record', user: makeUser({ permissions: ['records:view', 'visitorDisplay:edit'] }), menu });
    const row = await screen.findByTestId('visit-row-9');
    expect(within(row).getByTestId('visit-check-in-9')).toHaveTextContent('签到');
    expect(within(row).getByTestId('visit-status-9')).toHaveTextContent('已回复');
    // A scanner types the link and Enter.
    const field = within(screen.getByTestId('visit-scan')).getByRole('searchbox');
    await user.type(field, 'https://atrium.test/visit#1.9.abc.mac{Enter}');
    await waitFor(() => expect(seen.find((request) => request.path === '/visitor/scan')?.body).toEqual({ code: 'https://atrium.test/visit#1.9.abc.mac' }));
    expect(await screen.findByText('Olga Others 已签到')).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveValue(''));
  });

  it("lets reception print a visit's badge in a new tab, on the label this computer used last, not a cancelled visit's", async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    stubApi({ 'GET /visitor/list': page([visit(), visit({ id: 8, visitorName: 'Cora Cancelled', status: 'cancelled', cancelledAt: NOW }), visit({ id: 9, visitorName: 'Olga Others', ...others })]) });
    renderConsole({ path: '/guider-record', user: makeUser({ permissions: ['records:view', 'visitorDisplay:view'] }), menu });
    const row = await screen.findByTestId('visit-row-7');
    expect(within(screen.getByTestId('visit-row-8')).queryByTestId('visit-badge-8')).toBeNull();
    await user.click(within(row).getByTestId('visit-badge-7'));
    // The Brother QL label until another is chosen.
    const stocks = await screen.findByTestId('visit-badge-stock-7');
    expect(within(stocks).getByLabelText('Brother QL 62 × 100 mm')).toBeChecked();
    await user.click(within(stocks).getByLabelText('Dymo 54 × 25 mm'));
    await user.click(screen.getByTestId('visit-badge-open-7'));
    expect(open).toHaveBeenCalledWith('/api/visitor/badge?id=7&stock=dymo54x25', '_blank', 'noopener');
    expect(localStorage.getItem(BADGE_STOCK_KEY)).toBe('dymo54x25');
    // Another visit's badge starts on the label just used.
    await user.click(within(screen.getByTestId('visit-row-9')).getByTestId('visit-badge-9'));
    expect(within(await screen.findByTestId('visit-badge-stock-9')).getByLabelText('Dymo 54 × 25 mm')).toBeChecked();
    await user.click(screen.getByTestId('visit-badge-open-9'));
    expect(open).toHaveBeenLastCalledWith('/api/visitor/badge?id=9&stock=dymo54x25', '_blank', 'noopener');
  });

  it("prints on a badge printer of the reception devices page, with that printer's settings", async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const printer = { id: 31, kind: 'printer', name: 'Lobby QL', serial: null, location: { id: 21, name: 'Ground floor', buildingName: 'Riverside House', timeZone: 'Europe/London' }, status: null, activationCode: null, activatedAt: null, lastSeenAt: null, platform: null, appVersion: null, battery: null, network: null, ip: null, mac: null, printerId: null, stock: 'dymo54x25', offsetXMm: 1, offsetYMm: 0, topic: null };
    stubApi({ 'GET /visitor/list': page([visit()]), 'GET /visitor/printers': { result: [printer] } });
    renderConsole({ path: '/guider-record', user: makeUser({ permissions: ['records:view', 'visitorDisplay:view'] }), menu });
    const row = await screen.findByTestId('visit-row-7');
    await user.click(within(row).getByTestId('visit-badge-7'));
    const choice = await screen.findByLabelText('Lobby QL · Riverside House · Ground floor (Dymo 54 × 25 mm)');
    await user.click(choice);
    await user.click(screen.getByTestId('visit-badge-open-7'));
    expect(open).toHaveBeenCalledWith('/api/visitor/badge?id=7&printerId=31', '_blank', 'noopener');
    expect(localStorage.getItem(BADGE_PRINTER_KEY)).toBe('31');
    // Next time the popover starts on that printer.
    await user.click(within(row).getByTestId('visit-badge-7'));
    expect(await screen.findByLabelText('Lobby QL · Riverside House · Ground floor (Dymo 54 × 25 mm)')).toBeChecked();
  });

  it("offers the badge on a visit's page, in Chinese", async () => {
    setLang('zh-CN');
    localStorage.setItem(BADGE_STOCK_KEY, 'a6');
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    stubApi({ 'GET /visitor/detail': { result: visit() } });
    renderConsole({ path: '/record-detail/7', user: makeUser({ permissions: ['records:view', 'visitorDisplay:view'] }), menu });
    const button = await screen.findByTestId('visit-badge-7');
    expect(button).toHaveTextContent('打印访客证');
    await user.click(button);
    expect(within(await screen.findByTestId('visit-badge-stock-7')).getByLabelText('A6 纸（105 × 148 毫米）')).toBeChecked();
    await user.click(screen.getByTestId('visit-badge-open-7'));
    expect(open).toHaveBeenCalledWith('/api/visitor/badge?id=7&stock=a6', '_blank', 'noopener');
  });
});
